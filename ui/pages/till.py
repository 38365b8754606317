"""The till page ("Касса"): the shift, the register's day, X and Z reports, receipts, and
what waits for the cashier's answer after a broken print (a slip, a payout, receipts)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar
from zoneinfo import ZoneInfo

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from pos.betting.slips import Slip
from pos.errors import PosError
from pos.payouts.rules import PendingPayout
from pos.shop.desk import Desk
from pos.till.fiscal import FiscalReceipt, Register
from pos.till.shift_use_cases import ShiftStatus
from ui.dialogs.close_day import CloseDayDialog
from ui.dialogs.print_preview import PrintPreviewDialog
from ui.errors import MessageGroup, MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button
from ui.widgets.fiscal_reports import FiscalReportsCard
from ui.widgets.print_recovery import PrintRecovery
from ui.widgets.shift_card import ShiftCard
from ui.widgets.till_card import card_form, message_line, show_refusal, value_label

T = TypeVar("T")


@dataclass(frozen=True)
class TillState:
    """What the page shows, read in one background call."""

    serial: str | None
    register: Register | None
    unprinted: list[FiscalReceipt]
    pending: Slip | None
    zone: ZoneInfo
    shift: ShiftStatus | None
    payout: PendingPayout | None
    in_doubt: list[FiscalReceipt]
    number: str  # the register's registration number ("" while not set)


def load_till_state(desk: Desk) -> TillState:
    """Read the register, the receipts left to print, what waits for an answer and the shift
    (worker thread)."""
    return TillState(
        desk.register_serial(),
        desk.fiscal_state(),
        desk.unprinted_receipts(),
        desk.pending_slip(),
        desk.settings().zone,
        desk.shift(),
        desk.pending_payout(),
        desk.receipts_in_doubt(),
        desk.register_number(),
    )


class TillPage(QWidget):
    """The register's state and its buttons; every answer is followed by a fresh state.

    `refresh(reveal=True)` (at sign-in, after a failed bet, after an answer, when «Допечатать
    чеки» found receipts in doubt) emits `pending_found` when a slip, a payout or a receipt
    waits for the cashier's answer, then scrolls to the first question with its first answer
    focused.
    """

    pending_found = Signal()
    # The terminal's shift as each load found it (a ShiftStatus, or None): the window says
    # from an hour before its 24 hours run out that it closes soon (issue 16).
    shift_loaded = Signal(object)

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._state: TillState | None = None
        self._reveal = False
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def state(self) -> TillState | None:
        """The state last loaded (None before the first load)."""
        return self._state

    def refresh(self, *, reveal: bool = False) -> None:
        """Reload the state in the background; with `reveal`, bring a question forward."""
        self._reveal = self._reveal or reveal
        desk = self._desk
        self._runner.run(
            lambda: load_till_state(desk),
            on_success=self._show_state,
            on_failure=self._register_message.show_error,
            owner=self,
        )

    @property
    def z_confirmation(self) -> CloseDayDialog | None:
        """The question before a Z report, open now (tests)."""
        return self._reports.z_confirmation

    @property
    def preview_dialog(self) -> PrintPreviewDialog | None:
        """The X report's preview, open now (tests)."""
        return self._reports.preview_dialog

    def message_text(self) -> str:
        """The line that spoke last, in whichever card it stands (tests)."""
        return self._latest.text()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        content = QWidget()
        content.setObjectName("till_content")
        column = QVBoxLayout(content)
        column.setContentsMargins(16, 14, 16, 8)
        column.setSpacing(14)
        self._recovery = PrintRecovery(self._desk, self._runner)
        self._recovery.answered.connect(self._on_recovery_answered)
        self._recovery.refused.connect(self._on_recovery_refused)
        column.addWidget(self._recovery)
        # What an answer did stays where the question stood, after its block is gone.
        self._recovery_message = message_line("recovery_message")
        self._recovery.answering.connect(self._recovery_message.show_progress)
        column.addWidget(self._recovery_message)
        self.shift_card = ShiftCard(self._desk, self._runner)
        self.shift_card.changed.connect(self._on_shift_card_changed)
        column.addWidget(self.shift_card)
        cards = QHBoxLayout()
        cards.setSpacing(16)
        cards.addWidget(self._build_register_card(), 1)
        self._reports = FiscalReportsCard(self._desk, self._runner)
        self._reports.answered.connect(self._on_reports_answered)
        self._reports_message = self._reports.message
        cards.addWidget(self._reports, 1)
        column.addLayout(cards)
        column.addWidget(self._build_receipts_card())
        column.addStretch(1)
        self._latest = self._recovery_message
        self._messages = MessageGroup(self)
        for line in (
            self._recovery_message,
            self._register_message,
            self._reports_message,
            self._receipts_message,
        ):
            self._messages.add(line)
            line.shown.connect(lambda kind, line=line: self._on_message_shown(line, kind))
        self._scroll = QScrollArea()
        self._scroll.setObjectName("till_scroll")
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setWidget(content)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._scroll)

    def _build_register_card(self) -> QFrame:
        card = QFrame()
        form = card_form(card, "register_card", self.tr("Кассовый аппарат"))
        self._serial = value_label("register_serial")
        self._number = value_label("register_number")
        self._day = value_label("fiscal_day")
        self._last_receipt = value_label("last_receipt")
        form.addRow(self.tr("Заводской номер"), self._serial)
        form.addRow(self.tr("Регистрационный номер"), self._number)
        form.addRow(self.tr("Смена ККМ"), self._day)
        form.addRow(self.tr("Последний чек"), self._last_receipt)
        self._register_message = message_line("register_message")
        form.addRow(self._register_message)
        return card

    def _build_receipts_card(self) -> QFrame:
        card = QFrame()
        form = card_form(card, "receipts_card", self.tr("Чеки"))
        self._unprinted = value_label("unprinted")
        self._unprinted.setWordWrap(True)
        self._print_button = action_button("print_receipts", self.tr("Допечатать чеки"))
        self._print_button.clicked.connect(self._on_print_button_clicked)
        row = QHBoxLayout()
        row.addWidget(self._unprinted, 1)
        row.addWidget(self._print_button)
        form.addRow(row)
        self._receipts_message = message_line("receipts_message")
        form.addRow(self._receipts_message)
        return card

    # --- showing the state --------------------------------------------------------------

    def _show_state(self, state: TillState) -> None:
        self._state = state
        self._show_register(state)
        self._reports.show_register(state.register)
        self._show_unprinted(state.unprinted)
        self._recovery.show_waiting(state.pending, state.payout, state.in_doubt, state.zone)
        self.shift_card.show_status(state.shift, state.zone)
        self.shift_loaded.emit(state.shift)
        self._update_buttons()
        if self._reveal:
            self._reveal = False
            if self._recovery.questions:
                self.pending_found.emit()
                self._scroll.ensureWidgetVisible(self._recovery)
                self._recovery.focus_answer()

    def _show_register(self, state: TillState) -> None:
        register = state.register
        self._serial.setText(state.serial or self.tr("не задан (вкладка «Настройки»)"))
        self._number.setText(state.number or self.tr("не задан (вкладка «Настройки»)"))
        if register is None or register.day_no == 0:
            self._day.setText(self.tr("ещё не открывалась"))
        elif register.day_opened_at is not None:
            since = register.day_opened_at.astimezone(state.zone).strftime("%d.%m.%Y %H:%M")
            self._day.setText(
                self.tr("№ {day}, открыта с {since}").format(day=register.day_no, since=since)
            )
        else:
            self._day.setText(self.tr("закрыта (последняя — № {day})").format(day=register.day_no))
        if register is None or register.last_receipt_no == 0:
            self._last_receipt.setText(self.tr("чеков ещё не было"))
        else:
            self._last_receipt.setText(
                self.tr("№ {number}").format(number=register.last_receipt_no)
            )

    def _show_unprinted(self, receipts: list[FiscalReceipt]) -> None:
        if receipts:
            numbers = ", ".join(str(receipt.number) for receipt in receipts)
            self._unprinted.setText(
                self.tr("Не напечатаны чеки № {numbers}.").format(numbers=numbers)
            )
            self._unprinted.setStyleSheet("color: #b3261e; font-weight: bold;")
        else:
            self._unprinted.setText(self.tr("Все чеки напечатаны."))
            self._unprinted.setStyleSheet("")

    def _update_buttons(self) -> None:
        idle = not self._runner.busy
        state = self._state
        self._reports.set_idle(idle)
        self._print_button.setEnabled(idle and state is not None and bool(state.unprinted))
        self._recovery.set_answerable(idle)
        self.shift_card.set_idle(idle)

    # --- calls --------------------------------------------------------------------------

    def _call(
        self, line: MessageLabel, what: str, fn: Callable[[], T], show: Callable[[T], None]
    ) -> None:
        """Run a till action, then show its answer (in its card's `line`) and the state after
        it."""
        line.show_progress(what)
        self._runner.run(
            fn,
            on_success=lambda result: self._done(show, result),
            on_failure=lambda exc: self._refused(line, exc),
            owner=self,
        )

    def _done(self, show: Callable[[T], None], result: T) -> None:
        show(result)
        self.refresh()

    def _refused(self, line: MessageLabel, exc: PosError) -> None:
        # Receipts waiting for the cashier's answer bring their questions forward.
        self.refresh(reveal=show_refusal(line, exc))

    # --- results ------------------------------------------------------------------------

    def _show_printed(self, receipts: list[FiscalReceipt]) -> None:
        numbers = ", ".join(str(receipt.number) for receipt in receipts)
        if receipts:
            self._receipts_message.show_success(
                self.tr("Напечатаны чеки № {numbers}.").format(numbers=numbers)
            )
        else:
            self._receipts_message.show_info(self.tr("Все чеки уже напечатаны."))

    # --- slots --------------------------------------------------------------------------

    def _on_print_button_clicked(self) -> None:
        self._call(
            self._receipts_message,
            self.tr("Печать чеков…"),
            self._desk.print_receipts,
            self._show_printed,
        )

    def _on_recovery_answered(self, done: str) -> None:
        self._recovery_message.show_success(done)
        self.refresh(reveal=True)  # the next question, if any, gets the cursor

    def _on_recovery_refused(self, exc: PosError) -> None:
        self._refused(self._recovery_message, exc)

    def _on_message_shown(self, line: MessageLabel, kind: str) -> None:
        if kind:
            self._latest = line

    def _on_reports_answered(self, reveal: bool) -> None:
        self.refresh(reveal=reveal)

    def _on_shift_card_changed(self) -> None:
        self.refresh()

    def _on_runner_busy_changed(self, _busy: bool) -> None:
        self._update_buttons()
