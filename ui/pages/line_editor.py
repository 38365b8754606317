"""The line editor (managers): events, their odds versions, suspension, the header, line files."""

from __future__ import annotations

import itertools
from pathlib import Path
from zoneinfo import ZoneInfo

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QRegularExpression,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QKeySequence, QRegularExpressionValidator, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from pos.line.errors import LineFileRejected, line_file_problem
from pos.line.events import Event, OddsQuote
from pos.line.use_cases import LineImported, LineRow
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.models.line_editor_model import CODE, CODE_ROLE, MATCH, EventsModel
from ui.tasks import TaskRunner
from ui.widgets.event_form import EventForm
from ui.widgets.flow_row import FlowRow, group
from ui.widgets.odds_grid import OddsGrid
from ui.widgets.sport_limits import SportLimitsCard
from ui.widgets.tables import StretchFloor, read_only_rows

_MESSAGE_LINES = 3
_MATCH_FLOOR = 180


def choose_line_file(parent: QWidget) -> str | None:
    """Ask for a line file (.csv or .json); None when the manager cancels. Tests patch this."""
    tr = QCoreApplication.translate
    path, _chosen_filter = QFileDialog.getOpenFileName(
        parent,
        tr("line_editor", "Загрузить линию из файла"),
        "",
        tr("line_editor", "Линия (*.csv *.json);;Все файлы (*)"),
    )
    return path or None


def import_line_file(desk: Desk, path: str) -> LineImported:
    """Read a line file and load it (on the worker: the file may sit on a slow network share).

    Raises:
        LineFileRejected: the file cannot be read, or has bad rows (all of them named).
    """
    name = Path(path).name
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        problem = line_file_problem("unreadable", exc.strerror or exc)
        raise LineFileRejected(name, [(0, problem)]) from exc
    return desk.import_line(name, data)


class LineEditorPage(QWidget):
    """The events and the line header on the left; the selected event's odds or form on the right.

    Keys: Ctrl+F code filter (Enter: its odds), F6 odds, F8 event form, Ctrl+N new event,
    Ctrl+S save the event, F7 suspend/resume, Ctrl+O load a line file, F5 reload.
    """

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._select_after: int | None = None
        self._model = EventsModel(self)
        self._proxy = QSortFilterProxyModel(self)
        self._proxy.setSourceModel(self._model)
        self._proxy.setFilterKeyColumn(CODE)
        self._proxy.setFilterRole(CODE_ROLE)
        self._form = EventForm(desk, runner)
        self._form.event_saved.connect(self._on_form_event_saved)
        self._odds = OddsGrid(desk, runner)
        self._odds.odds_set.connect(self._on_odds_odds_set)
        self._limits = SportLimitsCard(desk, runner)
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def model(self) -> EventsModel:
        """The events of the line (all of them, before the code filter)."""
        return self._model

    def refresh(self) -> None:
        """Reload the line and its header in the background."""
        self._load_line()
        self._limits.refresh()

    def select_event(self, code: int) -> bool:
        """Select event `code` in the list (clearing the filter if it hides it)."""
        row = self._model.row_of(code)
        if row is None:
            return False
        index = self._proxy.mapFromSource(self._model.index(row, CODE))
        if not index.isValid():
            self._filter.clear()
            index = self._proxy.mapFromSource(self._model.index(row, CODE))
        self._table.setCurrentIndex(index)
        return True

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._table = self._build_table()
        self._message_scroll = self._build_message()
        left = QVBoxLayout()
        left.setSpacing(10)
        left.addWidget(self._build_tools())
        # Right under the tools, where the manager looks (issue 16): not at the bottom edge.
        left.addWidget(self._message_scroll)
        left.addWidget(self._table, 1)
        left.addWidget(self._limits)
        self._import_button = self._button(
            "import_line",
            self.tr("Загрузить линию из файла… (Ctrl+O)"),
            QKeySequence.StandardKey.Open,
        )
        self._import_button.clicked.connect(self._on_import_button_clicked)
        right = QVBoxLayout()
        right.setSpacing(10)
        right.addWidget(self._import_button)
        right.addWidget(self._build_tabs(), 1)
        columns = QHBoxLayout()
        columns.setSpacing(12)
        columns.addLayout(left, 2)
        columns.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 8)
        layout.setSpacing(8)
        layout.addLayout(columns, 1)
        self._set_tab_order()
        QShortcut(QKeySequence(Qt.Key.Key_F5), self, self.refresh)

    def _build_tabs(self) -> QTabWidget:
        # The odds are the daily work; the event's own fields are a keystroke away.
        self._tabs = QTabWidget()
        self._tabs.setObjectName("editor_tabs")
        self._tabs.addTab(self._odds, self.tr("Коэффициенты (F6)"))
        self._tabs.addTab(self._form, self.tr("Событие (F8)"))
        QShortcut(QKeySequence(Qt.Key.Key_F6), self, self._show_odds)
        QShortcut(QKeySequence(Qt.Key.Key_F8), self, self._show_form)
        return self._tabs

    def _build_tools(self) -> FlowRow:
        self._filter = QLineEdit()
        self._filter.setObjectName("event_filter")
        self._filter.setPlaceholderText(self.tr("Код (Ctrl+F)"))
        self._filter.setToolTip(self.tr("Код события; Enter — к его коэффициентам"))
        self._filter.setValidator(QRegularExpressionValidator(QRegularExpression("[0-9]{0,6}")))
        self._filter.setFixedWidth(150)
        self._filter.textChanged.connect(self._on_filter_text_changed)
        self._filter.returnPressed.connect(self._on_filter_return_pressed)
        QShortcut(QKeySequence.StandardKey.Find, self, self._on_find_shortcut_activated)
        self._count = QLabel()
        self._count.setProperty("muted", "true")
        self._new_button = self._button(
            "new_event", self.tr("Новое событие (Ctrl+N)"), QKeySequence.StandardKey.New
        )
        self._new_button.clicked.connect(self._on_new_button_clicked)
        self._suspend_button = self._button(
            "suspend", self.tr("Приостановить (F7)"), QKeySequence(Qt.Key.Key_F7)
        )
        self._suspend_button.clicked.connect(self._on_suspend_button_clicked)
        self._suspend_button.setEnabled(False)
        # In a narrow window the buttons go on a second line, at its right end (issue 16).
        return FlowRow(
            group(self._filter, self._count),
            group(self._new_button, self._suspend_button),
            last_right=True,
        )

    def _button(
        self, name: str, text: str, key: QKeySequence | QKeySequence.StandardKey
    ) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        QShortcut(QKeySequence(key), self, button.click)
        return button

    def _build_table(self) -> QTableView:
        table = QTableView()
        table.setObjectName("events")
        table.setModel(self._proxy)
        columns = read_only_rows(table, wrap=True)
        table.setTabKeyNavigation(False)
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        columns.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        columns.setSectionResizeMode(MATCH, QHeaderView.ResizeMode.Stretch)
        StretchFloor(table, MATCH, _MATCH_FLOOR)  # a narrow window scrolls, never «…»
        table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)
        table.activated.connect(self._on_table_activated)
        return table

    def _build_message(self) -> QScrollArea:
        # A refused line file names every bad row: long, so it scrolls instead of growing.
        self._message = MessageLabel()
        self._message.setObjectName("line_editor_message")
        scroll = QScrollArea()
        scroll.setObjectName("line_editor_message_scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setStyleSheet(
            "QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }"
        )
        scroll.setWidget(self._message)
        scroll.setFixedHeight(self._message.fontMetrics().lineSpacing() * _MESSAGE_LINES + 4)
        return scroll

    def _set_tab_order(self) -> None:
        chain: list[QWidget] = [
            self._filter,
            self._table,
            self._odds.table,
            *self._form.tab_chain(),
            *self._limits.tab_chain(),
            self._new_button,
            self._suspend_button,
            self._import_button,
            self._message_scroll,
        ]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)
        self.setFocusProxy(self._filter)

    # --- slots --------------------------------------------------------------------------

    def _on_find_shortcut_activated(self) -> None:
        # Whatever was typed before is selected, so that the next code replaces it.
        self._filter.setFocus()
        self._filter.selectAll()

    def _on_filter_text_changed(self, text: str) -> None:
        self._proxy.setFilterRegularExpression(f"^{QRegularExpression.escape(text)}")

    def _on_filter_return_pressed(self) -> None:
        if self._proxy.rowCount() > 0:
            self._table.setCurrentIndex(self._proxy.index(0, CODE))
            self._show_odds()

    def _on_table_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        row = self._line_row(current)
        self._odds.show_event(row)
        if row is not None:
            self._form.show_event(row.event)
        self._update_suspend_button()

    def _on_table_activated(self, _index: QModelIndex) -> None:
        self._show_odds()  # Enter on an event: on to its odds

    def _on_new_button_clicked(self) -> None:
        self._table.clearSelection()
        self._table.setCurrentIndex(QModelIndex())
        self._form.start_new()
        self._show_form()

    def _on_suspend_button_clicked(self) -> None:
        row = self._line_row(self._table.currentIndex())
        if row is None or self._runner.busy:
            return
        event, desk = row.event, self._desk
        change = desk.resume_event if event.suspended else desk.suspend_event
        self._runner.run(
            lambda: change(event.code),
            on_success=lambda _none: self._suspension_changed(event),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_import_button_clicked(self) -> None:
        if self._runner.busy:
            return
        path = choose_line_file(self)
        if path is None:
            return
        desk = self._desk
        self._message.show_progress(
            self.tr("Загрузка линии из файла {name}…").format(name=Path(path).name)
        )
        self._runner.run(
            lambda: import_line_file(desk, path),
            on_success=self._imported,
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_form_event_saved(self, event: Event) -> None:
        self._select_after = event.code
        self._load_line()

    def _on_odds_odds_set(self, quote: OddsQuote) -> None:
        self._model.note_quote(quote)

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._import_button.setEnabled(not busy)
        self._update_suspend_button()

    # --- results and state --------------------------------------------------------------

    def _load_line(self) -> None:
        desk = self._desk
        self._runner.run(
            lambda: (desk.line(), desk.settings().zone),
            on_success=self._show_line,
            on_failure=self._message.show_error,
            owner=self,
        )

    def _show_line(self, result: tuple[list[LineRow], ZoneInfo]) -> None:
        rows, zone = result
        current = self._line_row(self._table.currentIndex())
        code = self._select_after or (current.event.code if current is not None else None)
        self._select_after = None
        self._form.set_zone(zone)
        self._model.set_line(rows, zone)
        self._count.setText(self.tr("событий: {count}").format(count=len(rows)))
        if code is None or not self.select_event(code):
            self._odds.show_event(None)
            self._update_suspend_button()

    def _suspension_changed(self, event: Event) -> None:
        text = (
            self.tr("Приём ставок на событие {code} возобновлён.")
            if event.suspended
            else self.tr("Приём ставок на событие {code} приостановлен.")
        )
        self._message.show_success(text.format(code=event.code))
        self._load_line()

    def _imported(self, result: LineImported) -> None:
        self._message.show_success(
            self.tr("Добавлено событий: {events}, новых коэффициентов: {odds}.").format(
                events=result.events_added, odds=result.odds_set
            )
        )
        self._load_line()

    def _show_odds(self) -> None:
        self._tabs.setCurrentWidget(self._odds)
        self._odds.table.setFocus()

    def _show_form(self) -> None:
        self._tabs.setCurrentWidget(self._form)
        self._form.first_field().setFocus()

    def _line_row(self, index: QModelIndex) -> LineRow | None:
        if not index.isValid():
            return None
        return self._model.line_row(self._proxy.mapToSource(index).row())

    def _update_suspend_button(self) -> None:
        row = self._line_row(self._table.currentIndex())
        suspended = row is not None and row.event.suspended
        self._suspend_button.setText(
            self.tr("Возобновить (F7)") if suspended else self.tr("Приостановить (F7)")
        )
        self._suspend_button.setEnabled(row is not None and not self._runner.busy)
