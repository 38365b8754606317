"""The offices page (managers, issue 18): the chain's offices with their terminals, a new
office, and registering a terminal (a cashier PC) in an office with its cash register."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.errors import PosError
from pos.offices.offices import Office
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.form_card import form_card, named_line
from ui.widgets.tables import read_only_rows

CODE, NAME, ADDRESS, TERMINALS = range(4)
Loaded = tuple[list[Office], dict[str, str | None]]


class OfficesPage(QWidget):
    """The offices with their terminals; «Новый пункт» and «Регистрация терминала» forms,
    each sent by Enter in its last field."""

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def table(self) -> QTableWidget:
        return self._table

    def field(self, name: str) -> QLineEdit:
        """A form's field by its object name (tests type into it as a manager would)."""
        found = self.findChild(QLineEdit, name)
        assert found is not None, name
        return found

    def message_text(self) -> str:
        return self._message.text()

    def refresh(self) -> None:
        """Reload the offices and the terminals in the background."""
        desk = self._desk
        self._runner.run(
            lambda: (desk.offices(), desk.terminals()),
            on_success=self._show,
            on_failure=self._message.show_error,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._table = QTableWidget(0, 4)
        self._table.setObjectName("offices_table")
        self._table.setHorizontalHeaderLabels(
            [self.tr("Код"), self.tr("Пункт"), self.tr("Адрес"), self.tr("Терминалы")]
        )
        header = read_only_rows(self._table)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(ADDRESS, QHeaderView.ResizeMode.Stretch)
        self._table.setWordWrap(True)
        # The forms side by side under the table: the page fits 1024×700 (issue 16).
        forms = QHBoxLayout()
        forms.setSpacing(16)
        forms.addWidget(self._build_office_form(), 0, Qt.AlignmentFlag.AlignTop)
        forms.addWidget(self._build_terminal_form(), 0, Qt.AlignmentFlag.AlignTop)
        forms.addStretch(1)
        self._message = MessageLabel()
        self._message.setObjectName("offices_message")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 8)
        layout.setSpacing(10)
        layout.addWidget(self._message)
        layout.addWidget(self._table, 1)
        layout.addLayout(forms)

    def _build_office_form(self) -> QFrame:
        card, form = _card(self.tr("Новый пункт"))
        self._code = named_line("new_office_code", self.tr("например, M3"))
        self._name = named_line("new_office_name", self.tr("Пункт приёма ставок № 3"))
        self._address = named_line("new_office_address", self.tr("г. Минск, ул. …"))
        self._add_button = _button("add_office", self.tr("Добавить пункт"))
        self._add_button.clicked.connect(self._on_add_button_clicked)
        self._address.returnPressed.connect(self._on_add_button_clicked)
        form.addRow(self.tr("Код"), self._code)
        form.addRow(self.tr("Название"), self._name)
        form.addRow(self.tr("Адрес"), self._address)
        form.addRow(self._add_button)
        return card

    def _build_terminal_form(self) -> QFrame:
        card, form = _card(self.tr("Регистрация терминала"))
        self._terminal = named_line("register_terminal_name", self.tr("например, К5"))
        self._office = QComboBox()
        self._office.setObjectName("register_terminal_office")
        self._office.setMinimumHeight(36)
        self._serial = named_line("register_terminal_serial", self.tr("заводской номер кассы"))
        self._register_button = _button("register_terminal", self.tr("Зарегистрировать"))
        self._register_button.clicked.connect(self._on_register_button_clicked)
        self._serial.returnPressed.connect(self._on_register_button_clicked)
        form.addRow(self.tr("Терминал"), self._terminal)
        form.addRow(self.tr("Пункт"), self._office)
        form.addRow(self.tr("Касса"), self._serial)
        form.addRow(self._register_button)
        return card

    # --- slots --------------------------------------------------------------------------

    def _on_add_button_clicked(self) -> None:
        if self._runner.busy:
            return
        desk = self._desk
        code, name, address = self._code.text(), self._name.text(), self._address.text()
        self._runner.run(
            lambda: desk.add_office(code, name=name, address=address),
            on_success=self._added,
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_register_button_clicked(self) -> None:
        office = self._office.currentData()
        if self._runner.busy or office is None:
            return
        desk, terminal = self._desk, self._terminal.text()
        serial = self._serial.text().strip() or None
        self._runner.run(
            lambda: desk.register_terminal(terminal, office=office, register_serial=serial),
            on_success=lambda _none: self._registered(terminal.strip(), office),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._add_button.setEnabled(not busy)
        self._register_button.setEnabled(not busy)

    # --- results ------------------------------------------------------------------------

    def _show(self, loaded: Loaded) -> None:
        offices, terminals = loaded
        by_office: dict[str, list[str]] = {}
        for terminal, code in terminals.items():
            by_office.setdefault(code or "", []).append(terminal)
        self._table.setRowCount(len(offices))
        for index, office in enumerate(offices):
            cells = (
                office.code,
                office.name,
                office.address,
                ", ".join(by_office.get(office.code, [])),
            )
            for column, text in enumerate(cells):
                self._table.setItem(index, column, QTableWidgetItem(text))
        self._table.resizeRowsToContents()
        chosen = self._office.currentData()
        self._office.clear()
        for office in offices:
            self._office.addItem(f"{office.code} — {office.name}", office.code)
        wanted = chosen if chosen is not None else self._desk.office
        self._office.setCurrentIndex(max(self._office.findData(wanted), 0))

    def _added(self, office: Office) -> None:
        for field in (self._code, self._name, self._address):
            field.clear()
        self._message.show_success(
            self.tr("Пункт {code} добавлен: {name}, {address}.").format(
                code=office.code, name=office.name, address=office.address
            )
        )
        self.refresh()

    def _registered(self, terminal: str, office: str) -> None:
        self._terminal.clear()
        self._serial.clear()
        self._message.show_success(
            self.tr("Терминал {terminal} зарегистрирован в пункте {office}.").format(
                terminal=terminal, office=office
            )
        )
        self.refresh()

    def show_error(self, exc: PosError) -> None:
        self._message.show_error(exc)


def _card(caption: str) -> tuple[QFrame, QFormLayout]:
    card, form = form_card(caption, (16, 10, 16, 12))
    card.setFixedWidth(420)
    return card, form


def _button(name: str, text: str) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setProperty("primary", "true")
    return button
