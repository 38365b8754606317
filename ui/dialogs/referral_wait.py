"""The cashier's view of a stake sent to a manager (issue 38): «Ждёт решения менеджера» with a
countdown, then the slip issued, the cut stake offered, or the refusal."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from pos.betting.errors import OddsChanged
from pos.betting.slips import Slip
from pos.core.clock import Clock
from pos.errors import PosError
from pos.risk.referral_wording import referral_sentence
from pos.risk.referrals import Referral, ReferralState
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.buttons import dialog_buttons
from ui.widgets.legs_table import LegsTable

POLL_MS = 250  # the cashier sees a decision within a quarter of a second (bench: <= 1 s)
# A decision that needs the cashier's Enter: a cut stake, or new odds to show the player.
_ASKS = (ReferralState.CUT,)


class ReferralWaitDialog(QDialog):
    """Polls `desk.referral(n)` through the runner while it waits; an acceptance as asked is
    issued at once, a cut waits for Enter (Esc gives it up), new odds are asked again with
    Enter; Esc while waiting withdraws it. `issued(Slip)` follows the slip issued, and
    `failed(exc)` a slip issued whose paper or receipt is missing."""

    issued = Signal(object)
    failed = Signal(object)

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, referral: Referral, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.setObjectName("referral_wait")
        self.setWindowTitle(self.tr("Крупная ставка № {n}").format(n=referral.number))
        self.setMinimumWidth(720)
        self._desk, self._runner, self._clock = desk, runner, clock
        self.referral = referral
        self._asking = False  # a poll under way: the next waits for it
        self._issuing = False
        self._new_payout: Decimal | None = None  # the odds moved: the player agreed to this
        self._build(referral)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._show(referral)

    def message_text(self) -> str:
        """The sentence shown once decided (tests)."""
        return self._message.text()

    def countdown_text(self) -> str:
        """The sentence shown while it waits, with its seconds left (tests)."""
        return self._countdown.text()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._on_enter()
            return
        super().keyPressEvent(event)

    def reject(self) -> None:
        """Esc: while waiting the referral is withdrawn; a cut or new odds are given up."""
        if self._issuing:
            return
        self._timer.stop()
        if self.referral.state is ReferralState.REFERRED:
            number = self.referral.number
            self._runner.run(lambda: self._desk.withdraw_referral(number), owner=self._runner)
        super().reject()

    # --- building -----------------------------------------------------------------------

    def _build(self, referral: Referral) -> None:
        heading = QLabel(self.tr("Крупная ставка № {n}").format(n=referral.number))
        heading.setProperty("heading", "2")
        legs = LegsTable()
        legs.setObjectName("referral_legs")
        legs.set_members(referral.members)
        self._countdown = QLabel()
        self._countdown.setObjectName("referral_countdown")
        self._countdown.setProperty("heading", "2")
        self._countdown.setWordWrap(True)
        self._message = MessageLabel()
        self._message.setObjectName("referral_message")
        buttons, self._back, self._issue_button = dialog_buttons(
            ("referral_back", self.tr("Отказаться (Esc)")),
            ("referral_issue", self.tr("Выдать купон (Enter)")),
        )
        self._back.clicked.connect(self.reject)
        self._issue_button.clicked.connect(self._on_enter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.addWidget(heading)
        layout.addWidget(legs, 1)
        layout.addWidget(self._countdown)
        layout.addWidget(self._message)
        layout.addLayout(buttons)

    # --- the referral as it stands --------------------------------------------------------

    def _show(self, referral: Referral) -> None:
        self.referral = referral
        state = referral.state
        waiting = state is ReferralState.REFERRED
        self._countdown.setVisible(waiting)
        self._message.setVisible(not waiting)
        sentence = referral_sentence(referral, self._clock.now())
        if waiting:
            self._countdown.setText(sentence)  # «… ждёт решения менеджера: осталось 45 с.»
        elif self._new_payout is None and state in (ReferralState.CUT, ReferralState.ACCEPTED):
            self._message.show_success(sentence)  # the player's answer is asked now
        elif self._new_payout is None:
            self._message.show_info(sentence)
        self._issue_button.setEnabled(state in (ReferralState.CUT, ReferralState.ISSUED))
        if waiting:
            self._timer.start()
        elif state in (ReferralState.ACCEPTED, ReferralState.ISSUED):
            self._issue()  # as asked: issued at once, as any bet
        else:
            self._timer.stop()

    def _poll(self) -> None:
        if self._asking or self._runner.closed:
            return
        self._asking = True
        number = self.referral.number
        self._runner.run(
            lambda: self._desk.referral(number),
            on_success=self._on_polled,
            on_failure=self._on_poll_failed,
            owner=self,
            quiet=True,
        )

    def _issue(self) -> None:
        if self._issuing:
            return
        self._issuing = True
        self._timer.stop()
        self._issue_button.setEnabled(False)
        self._back.setEnabled(False)
        self._message.show_progress(self.tr("Выдача купона…"))
        number, payout = self.referral.number, self._new_payout
        self._runner.run(
            lambda: self._desk.issue_referral(number, expected_payout=payout),
            on_success=self._on_issued,
            on_failure=self._on_issue_failed,
            owner=self,
        )

    # --- slots --------------------------------------------------------------------------

    def _on_timer_timeout(self) -> None:
        self._poll()

    def _on_polled(self, referral: Referral) -> None:
        self._asking = False
        if self._timer.isActive():  # not once the wait is over (an issue under way, failed)
            self._show(referral)

    def _on_poll_failed(self, exc: PosError) -> None:
        self._asking = False
        self._message.show_error(exc)

    def _on_enter(self) -> None:
        if self.referral.state in (*_ASKS, ReferralState.ACCEPTED, ReferralState.ISSUED):
            self._issue()
        elif self.referral.state is not ReferralState.REFERRED:
            self.accept()  # refused or lapsed: the sentence was read

    def _on_issued(self, slip: Slip) -> None:
        self._issuing = False
        self.issued.emit(slip)
        self.accept()

    def _on_issue_failed(self, exc: PosError) -> None:
        self._issuing = False
        self._back.setEnabled(True)
        if isinstance(exc, OddsChanged):  # the player is asked again at the new odds
            self._new_payout = exc.now
            self._issue_button.setEnabled(True)
            self._message.show_warning(exc)
            return
        self._message.show_error(exc)
        self.failed.emit(exc)
