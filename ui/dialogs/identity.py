"""The player's identity document (p.4): read from the machine-readable zone or typed by hand."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFontDatabase, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos.desk import Desk
from pos.errors import InvalidMrz, PosError
from pos.identity import ID_CARD, PASSPORT, IdDocument, document_from_mrz
from ui.errors import MessageLabel
from ui.tasks import TaskRunner

TEXT_FIELDS = ("surname", "name", "patronymic", "number", "issued_by")
DATE_FIELDS = ("birth_date", "issued_on", "expires_on")
_DATE_FORMAT = "dd.MM.yyyy"
_STYLE = """
QComboBox#kind { min-height: 40px; }
"""


class IdentityDialog(QDialog):
    """A zone field for a reader (it types like a keyboard) and the document's fields by hand.

    Enter after the zone's last line (or "Прочитать зону") fills the fields with
    `document_from_mrz`; "Проверить" asks pos to check the document (recorded) and, if it is
    accepted, emits `document_checked(document, age)` and closes. "Игрок отказался" records
    the refusal. Every refusal is shown here and emitted as `check_failed(exc)`.
    """

    document_checked = Signal(object, int)
    check_failed = Signal(object)

    def __init__(
        self, desk: Desk, runner: TaskRunner, today: date, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("identity")
        self.setWindowTitle(self.tr("Документ игрока"))
        self.setStyleSheet(_STYLE)
        self._desk = desk
        self._runner = runner
        self._today = today
        self._fields: dict[str, QLineEdit] = {}
        self._build()
        self._mrz.setFocus()

    # --- public -------------------------------------------------------------------------

    def field(self, name: str) -> QLineEdit:
        """The line edit of a document field (`TEXT_FIELDS`, `DATE_FIELDS`)."""
        return self._fields[name]

    def set_kind(self, text: str) -> None:
        """The kind of document, as typed or chosen."""
        self._kind.setEditText(text)

    def message_text(self) -> str:
        """The line under the form (tests)."""
        return self._message.text()

    def read_mrz(self) -> bool:
        """Fill the fields from the zone; False (with the reason shown) when it is not accepted."""
        try:
            document = document_from_mrz(self._mrz.toPlainText(), self._today)
        except PosError as exc:
            self._message.show_error(exc)
            return False
        self._show_read(document)
        return True

    def check(self) -> None:
        """Ask pos to check the document in the fields (in the background)."""
        document = self._document()
        if document is None:
            return
        desk = self._desk
        self._message.show_progress(self.tr("Проверка документа…"))
        self._runner.run(
            lambda: desk.check_identity(document),
            on_success=lambda age: self._accepted(document, age),
            on_failure=self._refused,
            owner=self,
        )

    def player_refused(self) -> None:
        """Record that the player would not show a document (the bet is refused)."""
        desk = self._desk
        self._runner.run(
            lambda: desk.check_identity(None),
            on_success=lambda _age: None,  # never: a refusal is always refused
            on_failure=self._refused,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        heading = QLabel(self.tr("Документ, удостоверяющий личность"))
        heading.setProperty("heading", "2")
        columns = QHBoxLayout()
        columns.setSpacing(24)
        columns.addLayout(self._build_mrz(), 1)
        columns.addLayout(self._build_form(), 1)
        self._message = MessageLabel()
        self._message.setObjectName("identity_message")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addLayout(columns, 1)
        layout.addWidget(self._message)
        layout.addLayout(self._build_buttons())

    def _build_mrz(self) -> QVBoxLayout:
        caption = QLabel(self.tr("Машиночитаемая зона"))
        caption.setProperty("heading", "2")
        self._mrz = QPlainTextEdit()
        self._mrz.setObjectName("mrz")
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSize(self.font().pointSize())
        self._mrz.setFont(mono)
        self._mrz.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self._mrz.setTabChangesFocus(True)
        self._mrz.setPlaceholderText(self.tr("Поднесите документ к считывателю"))
        # 44 characters a line, two or three lines.
        self._mrz.setMinimumWidth(self._mrz.fontMetrics().horizontalAdvance("W" * 46) + 12)
        self._mrz.setFixedHeight(self._mrz.fontMetrics().lineSpacing() * 3 + 18)
        self._mrz.installEventFilter(self)
        read = QPushButton(self.tr("Прочитать зону"))
        read.setObjectName("read_mrz")
        read.setAutoDefault(False)
        read.clicked.connect(self._on_read_clicked)
        hint = QLabel(
            self.tr(
                "Считыватель вводит зону как клавиатура; после последней строки — Enter. "
                "Без считывателя заполните поля справа."
            )
        )
        hint.setProperty("muted", "true")
        hint.setWordWrap(True)
        column = QVBoxLayout()
        column.addWidget(caption)
        column.addWidget(self._mrz)
        column.addWidget(read, 0, Qt.AlignmentFlag.AlignLeft)
        column.addWidget(hint)
        column.addStretch(1)
        return column

    def _build_form(self) -> QGridLayout:
        self._kind = QComboBox()
        self._kind.setObjectName("kind")
        self._kind.setEditable(True)
        self._kind.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self._kind.addItems([PASSPORT, ID_CARD, self.tr("вид на жительство")])
        rows: list[tuple[str, QWidget]] = [
            (self.tr("Фамилия"), self._line("surname")),
            (self.tr("Имя"), self._line("name")),
            (self.tr("Отчество"), self._line("patronymic")),
            (self.tr("Дата рождения"), self._line("birth_date")),
            (self.tr("Вид документа"), self._kind),
            (self.tr("Номер"), self._line("number")),
            (self.tr("Кем выдан"), self._line("issued_by")),
            (self.tr("Дата выдачи"), self._line("issued_on")),
            (self.tr("Действителен до"), self._line("expires_on")),
        ]
        # A grid, not a QFormLayout: its labels sit level with the taller fields.
        grid = QGridLayout()
        grid.setVerticalSpacing(6)
        grid.setHorizontalSpacing(16)
        for row, (text, field) in enumerate(rows):
            label = QLabel(text)
            label.setBuddy(field)
            grid.addWidget(label, row, 0, Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(field, row, 1)
        return grid

    def _line(self, name: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(name)
        if name in DATE_FIELDS:
            edit.setInputMask("00.00.0000;_")
            edit.setToolTip(self.tr("ДД.ММ.ГГГГ"))
            edit.textEdited.connect(self._on_date_text_edited)
        self._fields[name] = edit
        return edit

    def _build_buttons(self) -> QHBoxLayout:
        refused = QPushButton(self.tr("Игрок отказался"))
        refused.setObjectName("player_refused")
        refused.setAutoDefault(False)
        refused.clicked.connect(self._on_refused_clicked)
        close = QPushButton(self.tr("Закрыть (Esc)"))
        close.setObjectName("identity_close")
        close.setAutoDefault(False)
        close.clicked.connect(self._on_close_clicked)
        self._check_button = QPushButton(self.tr("Проверить"))
        self._check_button.setObjectName("check_document")
        self._check_button.setProperty("primary", "true")
        self._check_button.setDefault(True)
        self._check_button.clicked.connect(self._on_check_clicked)
        buttons = QHBoxLayout()
        buttons.addWidget(refused)
        buttons.addStretch(1)
        buttons.addWidget(close)
        buttons.addWidget(self._check_button)
        return buttons

    # --- the fields ---------------------------------------------------------------------

    def _show_read(self, document: IdDocument) -> None:
        self._fill(document)
        self._message.clear_message()
        self._check_button.setFocus()

    def _fill(self, document: IdDocument) -> None:
        texts = {name: getattr(document, name) for name in TEXT_FIELDS}
        texts.update({name: _date_text(getattr(document, name)) for name in DATE_FIELDS})
        for name, text in texts.items():
            self._fields[name].setText(text)
            self._mark(name, invalid=False)
        self._kind.setEditText(document.kind)

    def _document(self) -> IdDocument | None:
        """The document as typed; None (the bad date marked) when a date is not a real one."""
        dates: dict[str, date | None] = {}
        for name in DATE_FIELDS:
            text = self._fields[name].text()
            parsed = QDate.fromString(text, _DATE_FORMAT)
            blank = not any(char.isdigit() for char in text)
            if not blank and not parsed.isValid():
                self._mark(name, invalid=True)
                self._fields[name].setFocus()
                return None
            dates[name] = None if blank else date(parsed.year(), parsed.month(), parsed.day())
        texts = {name: self._fields[name].text() for name in TEXT_FIELDS}
        # A missing birth date goes to pos as None: check_document names it in its sentence.
        return IdDocument(
            **texts,
            kind=self._kind.currentText(),
            birth_date=dates["birth_date"],  # type: ignore[arg-type]
            issued_on=dates["issued_on"],
            expires_on=dates["expires_on"],
        )

    def _mark(self, name: str, *, invalid: bool) -> None:
        edit = self._fields[name]
        edit.setProperty("invalid", "true" if invalid else "false")
        edit.style().unpolish(edit)
        edit.style().polish(edit)

    # --- results ------------------------------------------------------------------------

    def _accepted(self, document: IdDocument, age: int) -> None:
        self._message.clear_message()
        self.accept()
        self.document_checked.emit(document, age)

    def _refused(self, exc: PosError) -> None:
        self._message.show_error(exc)
        self.check_failed.emit(exc)

    # --- keyboard and slots -------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if (
            watched is self._mrz
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            return self._mrz_enter_pressed()
        return super().eventFilter(watched, event)

    def _mrz_enter_pressed(self) -> bool:
        # Enter ends a line of the zone; once the zone has all its lines, it reads the zone.
        try:
            document = document_from_mrz(self._mrz.toPlainText(), self._today)
        except InvalidMrz as exc:
            if exc.reason == "shape":
                return False  # not all lines yet: the editor starts the next line
            self._message.show_error(exc)
            return True
        except PosError as exc:
            self._message.show_error(exc)
            return True
        self._show_read(document)
        return True

    def _on_date_text_edited(self, _text: str) -> None:
        sender = self.sender()
        for name in DATE_FIELDS:
            if self._fields[name] is sender:
                self._mark(name, invalid=False)

    def _on_read_clicked(self) -> None:
        self.read_mrz()

    def _on_check_clicked(self) -> None:
        self.check()

    def _on_refused_clicked(self) -> None:
        self.player_refused()

    def _on_close_clicked(self) -> None:
        self.reject()


def _date_text(value: date | None) -> str:
    return value.strftime("%d.%m.%Y") if value is not None else ""
