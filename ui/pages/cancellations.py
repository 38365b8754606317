"""The cancellations page: every slip cancelled within its 5-minute window, newest first (p.8)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.betting.slips import Slip
from pos.core.money import format_money
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.tables import count_header, read_only_rows

WHEN, NUMBER, STAKE, CASHIER, REASON = range(5)


class CancellationsPage(QWidget):
    """When, which slip, its stake, who cancelled it and why; F5 reloads."""

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    def refresh(self) -> None:
        """Reload the cancellations in the background."""
        desk = self._desk
        self._runner.run(
            lambda: (desk.window_cancellations(), desk.settings().zone),
            on_success=self._show_cancellations,
            on_failure=self._message.show_error,
            owner=self,
        )

    def rows(self) -> list[list[str]]:
        """The texts of every row (tests)."""
        table = self._table
        return [
            [_text(table.item(r, c)) for c in range(table.columnCount())]
            for r in range(table.rowCount())
        ]

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        top = count_header(
            self, "cancellation_count", "refresh_cancellations", self._on_refresh_button_clicked
        )
        self._count, self._refresh_button, header = top.count, top.refresh, top.layout

        self._table = QTableWidget(0, 5)
        self._table.setObjectName("cancellations")
        self._table.setHorizontalHeaderLabels(
            [
                self.tr("Когда"),
                self.tr("Купон"),
                self.tr("Ставка, руб."),
                self.tr("Кассир"),
                self.tr("Причина"),
            ]
        )
        stake_header = self._table.horizontalHeaderItem(STAKE)
        if stake_header is not None:
            stake_header.setTextAlignment(
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            )
        columns = read_only_rows(self._table, wrap=True)
        columns.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        columns.setSectionResizeMode(REASON, QHeaderView.ResizeMode.Stretch)
        self.setFocusProxy(self._table)

        self._message = MessageLabel()
        self._message.setObjectName("cancellations_message")
        self._message.setMinimumHeight(0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 8)
        layout.setSpacing(10)
        layout.addLayout(header)
        layout.addWidget(self._table, 1)
        layout.addWidget(self._message)

    # --- results and slots --------------------------------------------------------------

    def _show_cancellations(self, loaded: tuple[list[Slip], ZoneInfo]) -> None:
        slips, zone = loaded
        self._count.setText(self.tr("Отмен в окне 5 минут: {count}").format(count=len(slips)))
        self._table.setRowCount(len(slips))
        for row, slip in enumerate(slips):
            cancellation = slip.cancellation
            if cancellation is None:  # pos lists only cancelled slips
                continue
            texts = [
                cancellation.at.astimezone(zone).strftime("%d.%m.%Y %H:%M:%S"),
                display_slip_number(slip.number),
                format_money(slip.stake),
                cancellation.by,
                cancellation.reason,
            ]
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                if column == STAKE:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self._table.setItem(row, column, item)
        self._table.resizeRowsToContents()
        self._message.clear_message()

    def _on_refresh_button_clicked(self) -> None:
        self.refresh()

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._refresh_button.setEnabled(not busy)


def _text(item: QTableWidgetItem | None) -> str:
    return item.text() if item is not None else ""
