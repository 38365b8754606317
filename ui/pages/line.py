"""The line page: every event with its current odds, read-only."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from PySide6.QtWidgets import (
    QHeaderView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from pos.errors import PosError
from pos.line.use_cases import LineRow
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.models.line_model import CODE, FIRST_ODDS, MATCH, SPORT, START, SUMMARY, LineTableModel
from ui.tasks import TaskRunner
from ui.widgets.tables import StretchFloor, count_header, read_only_rows

_MATCH_FLOOR = 200


class LinePage(QWidget):
    """The events of the line with odds by market, those to come first by start, then the
    started ones (issue 34); F5 reloads."""

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._model = LineTableModel(self)
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def model(self) -> LineTableModel:
        """The table's model (read-only)."""
        return self._model

    def refresh(self) -> None:
        """Reload the line in the background."""
        desk = self._desk
        self._runner.run(
            lambda: (desk.line_board(), desk.settings().zone),
            on_success=self._show_line,
            on_failure=self._show_refusal,
            owner=self,
        )

    def _build(self) -> None:
        top = count_header(self, "event_count", "refresh", self._on_refresh_button_clicked)
        self._count, self._refresh_button, header = top.count, top.refresh, top.layout

        self._message = MessageLabel()
        self._message.setMinimumHeight(0)
        self._table = self._build_table()
        self.setFocusProxy(self._table)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 8)
        layout.setSpacing(10)
        layout.addLayout(header)
        layout.addWidget(self._table, 1)
        layout.addWidget(self._message)

    def _build_table(self) -> QTableView:
        table = QTableView()
        table.setObjectName("line")
        table.setModel(self._model)
        columns = read_only_rows(table, wrap=True)
        # Rows grow when the totals/handicaps column wraps, also after a window resize.
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for column in (CODE, SPORT, START):
            columns.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        columns.setSectionResizeMode(MATCH, QHeaderView.ResizeMode.Stretch)
        StretchFloor(table, MATCH, _MATCH_FLOOR)  # a narrow window scrolls, never «Ди… — Ли…»
        columns.setSectionResizeMode(SUMMARY, QHeaderView.ResizeMode.ResizeToContents)
        for column in range(FIRST_ODDS, SUMMARY):
            columns.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        return table

    def _show_line(self, result: tuple[list[LineRow], ZoneInfo]) -> None:
        rows, zone = result
        self._model.set_line(rows, zone)
        self._count.setText(self.tr("Событий: {count}").format(count=len(rows)))
        self._message.clear_message()

    def _show_refusal(self, exc: PosError) -> None:
        self._message.show_error(exc)

    def _on_refresh_button_clicked(self) -> None:
        self.refresh()

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._refresh_button.setEnabled(not busy)
