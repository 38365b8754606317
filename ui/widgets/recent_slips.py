"""Recent slips with the countdown of their 5-minute window (p.8), cancelling, and over them
the slip lookup (ui.widgets.slip_lookup)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QHideEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.betting.slips import Slip, SlipStatus
from pos.core.clock import Clock
from pos.core.errors import PosError
from pos.core.money import format_money
from pos.core.settings import ShopSettings
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from pos.till.errors import ReceiptNotPrinted
from ui.dialogs.cancel_reason import CancelReasonDialog
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.dialogs.print_preview import PrintPreviewDialog
from ui.dialogs.slip_details import SlipDetailsDialog
from ui.errors import MessageLabel
from ui.models.slip_model import kind_name
from ui.tasks import TaskRunner
from ui.widgets.slip_lookup import SlipLookup
from ui.widgets.tables import KEPT_ROLE, AmountKeepingDelegate, read_only_rows

SLIP, WINDOW = range(2)
_TICK_MS = 1000
_ROW_SPACING = 10
_ITEM_ROOM = 24  # the style sheet's item padding and the style's text margins, both sides
_OPEN_COLOUR = QColor("#1b7f3b")
_CLOSED_COLOUR = QColor("#6b7280")


class RecentSlipsPanel(QWidget):
    """This terminal's slips of the last half hour, newest first, each with a live countdown.

    F8 (or the button) cancels the selected slip within its window after asking why: pos is
    asked first, so a slip cancelled already or past its 5 minutes is never offered (the
    refusal is shown under the list); F6 goes to "Найти купон", where a typed or scanned
    number and Enter show the slip. `till_changed` is emitted when a cancellation's return
    receipt did not print.
    """

    till_changed = Signal()

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        self._zone = ShopSettings().zone
        self._slips: list[Slip] = []
        self.cancel_dialog: CancelReasonDialog | None = None
        self._build()
        self._timer = QTimer(self)
        self._timer.setInterval(_TICK_MS)
        self._timer.timeout.connect(self._on_timer_timeout)

    # --- public -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Reload the recent slips and the shop's zone in the background."""
        desk = self._desk
        self._runner.run(
            lambda: (desk.recent_slips(), desk.settings().zone),
            on_success=self._show_loaded,
            on_failure=self._message.show_error,
            owner=self,
        )

    def add_slip(self, slip: Slip) -> None:
        """Put a just-issued slip at the top and select it (F8 then cancels it)."""
        self._slips = [slip, *(s for s in self._slips if s.number != slip.number)]
        self._fill()
        self._table.selectRow(0)

    def rows(self) -> list[list[str]]:
        """The texts of every row (tests)."""
        table = self._table
        return [
            [_text(table.item(r, c)) for c in range(table.columnCount())]
            for r in range(table.rowCount())
        ]

    @property
    def messages(self) -> tuple[MessageLabel, MessageLabel]:
        """The line under "Найти купон" and the one under the list, for the page's group of
        messages (issue 16)."""
        return self._lookup.message, self._message

    def message_text(self) -> str:
        """The line under the list (tests)."""
        return self._message.text()

    def lookup_message_text(self) -> str:
        """The line under "Найти купон" (tests)."""
        return self._lookup.message.text()

    @property
    def details_dialog(self) -> SlipDetailsDialog | None:
        """The slip found, open now (tests)."""
        return self._lookup.details_dialog

    @property
    def preview_dialog(self) -> PrintPreviewDialog | None:
        """The preview of the slip found, open now (tests)."""
        return self._lookup.preview_dialog

    @property
    def manager_dialog(self) -> ManagerPinDialog | None:
        """The manager's PIN for a reprint after the window, open now (tests)."""
        return self._lookup.manager_dialog

    def focus_lookup(self) -> None:
        """F6: the cursor into "Найти купон", its text selected for the next number."""
        self._lookup.focus_field()

    def cancel_selected(self) -> None:
        """F8: if pos can cancel the selected slip now, ask why, then cancel it."""
        slip = self._selected()
        if slip is None or self.cancel_dialog is not None:
            return
        desk = self._desk
        self._message.clear_message()
        self._runner.run(
            lambda: desk.check_cancellable(slip.number),
            on_success=self._ask_reason,
            on_failure=self._cancel_refused,
            owner=self,
        )

    def look_up(self, number: str) -> None:
        """Find the slip with this number and show everything about it."""
        self._lookup.look_up(number)

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        heading = QLabel(self.tr("Последние купоны"))
        heading.setProperty("heading", "2")
        self._lookup = SlipLookup(self._desk, self._runner)

        self._table = self._build_table()
        self._fit_width()
        self._cancel_button = QPushButton(self.tr("Отменить купон (F8)"))
        self._cancel_button.setObjectName("cancel_slip")
        self._cancel_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._cancel_button.clicked.connect(self._on_cancel_button_clicked)
        QShortcut(QKeySequence(Qt.Key.Key_F8), self, self.cancel_selected)
        QShortcut(QKeySequence(Qt.Key.Key_F6), self, self.focus_lookup)
        self._message = MessageLabel()
        self._message.setObjectName("recent_message")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addWidget(heading)
        layout.addWidget(self._lookup)
        layout.addWidget(self._table, 1)
        layout.addWidget(self._cancel_button, 0, Qt.AlignmentFlag.AlignRight)
        layout.addWidget(self._message)

    def _build_table(self) -> QTableWidget:
        table = QTableWidget(0, 2)
        table.setObjectName("recent_slips")
        # Two lines: the countdown column is as narrow as its «до 12:05:00».
        table.setHorizontalHeaderLabels([self.tr("Купон"), self.tr("Окно\nпретензий")])
        header = read_only_rows(table)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(SLIP, QHeaderView.ResizeMode.Stretch)
        # A narrow panel shortens the kind, never the stake (issue 16).
        table.setItemDelegateForColumn(SLIP, AmountKeepingDelegate(table))
        table.itemDoubleClicked.connect(self._on_table_item_double_clicked)
        return table

    # --- the list -----------------------------------------------------------------------

    def _fill(self) -> None:
        self._table.setRowCount(len(self._slips))
        for row, slip in enumerate(self._slips):
            blocks = any(len(member) > 1 for member in slip.members)
            kind = kind_name(slip.kind, blocks=blocks)
            what = self.tr("{kind} · {stake} руб.").format(
                kind=kind, stake=format_money(slip.stake)
            )
            item = QTableWidgetItem(f"{display_slip_number(slip.number)}\n{what}")
            item.setData(KEPT_ROLE, what[what.find(kind) + len(kind) :])  # « · 10,00 руб.»
            self._table.setItem(row, SLIP, item)
            window = QTableWidgetItem()
            window.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self._table.setItem(row, WINDOW, window)
        self._tick()
        self._table.resizeRowsToContents()
        for row in range(self._table.rowCount()):
            self._table.setRowHeight(row, self._table.rowHeight(row) + _ROW_SPACING)
        self._fit_width()

    def _fit_width(self) -> None:
        """Never narrower than a slip number, a stake with «…» before it, and the countdown."""
        table, metrics = self._table, self._table.fontMetrics()
        widest = [metrics.horizontalAdvance("00000000-000-00")]
        for row in range(table.rowCount()):
            item = table.item(row, SLIP)
            kept = item.data(KEPT_ROLE) if item is not None else None
            if isinstance(kept, str):
                widest.append(metrics.horizontalAdvance("…" + kept))
        countdown = max(
            table.horizontalHeader().sectionSizeHint(WINDOW), table.sizeHintForColumn(WINDOW)
        )
        scroll_bar = table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        frame = 2 * table.frameWidth()
        table.setMinimumWidth(max(widest) + _ITEM_ROOM + countdown + scroll_bar + frame)

    def _tick(self) -> None:
        now = self._clock.now()
        for row, slip in enumerate(self._slips):
            item = self._table.item(row, WINDOW)
            left, colour = self._countdown(slip, now)
            until = self._local(slip.window_ends_at).strftime("%H:%M:%S")
            text = self.tr("{left}\nдо {until}").format(left=left, until=until)
            if item is not None and item.text() != text:
                item.setText(text)
                item.setForeground(colour)

    def _countdown(self, slip: Slip, now: datetime) -> tuple[str, QColor]:
        if slip.status is SlipStatus.CANCELLED:
            return self.tr("отменён"), _CLOSED_COLOUR
        if not slip.window_open(now):
            return self.tr("окно закрыто"), _CLOSED_COLOUR
        seconds = int((slip.window_ends_at - now).total_seconds())
        return f"{seconds // 60:02d}:{seconds % 60:02d}", _OPEN_COLOUR

    def _selected(self) -> Slip | None:
        rows = self._table.selectionModel().selectedRows()
        return self._slips[rows[0].row()] if rows else None

    def _local(self, moment: datetime) -> datetime:
        return moment.astimezone(self._zone)

    # --- calls and results --------------------------------------------------------------

    def _ask_reason(self, slip: Slip) -> None:
        if self.cancel_dialog is not None:
            return  # a second F8 before the first one's answer
        dialog = CancelReasonDialog(display_slip_number(slip.number), self)
        dialog.reason_given.connect(lambda reason: self._cancel(slip.number, reason))
        dialog.finished.connect(self._on_cancel_dialog_finished)
        self.cancel_dialog = dialog
        dialog.open()

    def _cancel(self, number: str, reason: str) -> None:
        desk = self._desk
        self._runner.run(
            lambda: desk.cancel_in_window(number, reason),
            on_success=self._show_cancelled,
            on_failure=self._cancel_refused,
            owner=self,
        )

    def _cancel_refused(self, exc: PosError) -> None:
        if isinstance(exc, ReceiptNotPrinted):
            # The slip is cancelled; only its return receipt is missing ("Допечатать чеки").
            self._close_cancel_dialog()
            self._message.show_warning(exc)
            self.refresh()
            self.till_changed.emit()
        elif self.cancel_dialog is not None:
            self.cancel_dialog.show_refusal(exc)  # said where the reason is typed
        else:
            self._message.show_error(exc)

    def _close_cancel_dialog(self) -> None:
        if self.cancel_dialog is not None:
            self.cancel_dialog.accept()

    def _show_cancelled(self, slip: Slip) -> None:
        self._close_cancel_dialog()
        self._slips = [slip if s.number == slip.number else s for s in self._slips]
        self._fill()
        self._message.show_success(
            self.tr("Купон {number} отменён. Верните игроку ставку {stake} руб.").format(
                number=display_slip_number(slip.number), stake=format_money(slip.stake)
            )
        )

    def _show_loaded(self, loaded: tuple[list[Slip], ZoneInfo]) -> None:
        self._slips, self._zone = loaded
        self._lookup.zone = self._zone
        self._fill()
        if self._slips and not self._table.selectionModel().hasSelection():
            self._table.selectRow(0)  # the newest: F8 is ready for it

    # --- slots --------------------------------------------------------------------------

    def _on_cancel_button_clicked(self) -> None:
        self.cancel_selected()

    def _on_table_item_double_clicked(self, item: QTableWidgetItem) -> None:
        self.look_up(self._slips[item.row()].number)

    def _on_cancel_dialog_finished(self, _result: int) -> None:
        self.cancel_dialog = None
        self.activateWindow()  # F-keys work again at once, with or without a window manager

    def _on_timer_timeout(self) -> None:
        self._tick()

    # --- Qt overrides -------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self._timer.start()
        self._tick()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt override
        self._timer.stop()
        super().hideEvent(event)


def _text(item: QTableWidgetItem | None) -> str:
    return item.text() if item is not None else ""
