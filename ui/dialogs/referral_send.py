"""«Отправить менеджеру (F7)» on the betting page (issue 38): a stake a limit refuses is sent
to a manager, and the waiting view opens; after a restart it opens again for the terminal's
referral still waiting or decided."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

from pos.betting.errors import Referable
from pos.betting.slips import Slip
from pos.core.clock import Clock
from pos.errors import PosError
from pos.risk.referral_errors import ReferralOffered
from pos.risk.referrals import Referral
from pos.shop.desk import Desk
from ui.dialogs.bet_issue import ISSUED_UNPRINTED
from ui.dialogs.referral_wait import ReferralWaitDialog
from ui.errors import MessageLabel
from ui.models.slip_model import BetDraft
from ui.tasks import TaskRunner


class ReferralSender(QObject):
    """F7 on `page` sends the bet `draft()` reads with `refer=True` once a limit refused it
    (`offer`); `issued(Slip)` follows the slip issued after the manager's decision, and a
    bet no limit refuses any more is simply issued."""

    issued = Signal(object)

    def __init__(
        self,
        desk: Desk,
        runner: TaskRunner,
        clock: Clock,
        draft: Callable[[], BetDraft | None],
        message: MessageLabel,
        page: QWidget,
    ) -> None:
        super().__init__(page)
        self._desk, self._runner, self._clock = desk, runner, clock
        self._draft, self._message, self._page = draft, message, page
        self._offered = False
        self._given_up: set[tuple[str, int]] = set()  # Esc on a decided one: not shown again
        self.dialog: ReferralWaitDialog | None = None
        QShortcut(QKeySequence(Qt.Key.Key_F7), page, self.send)

    def offer(self, exc: PosError) -> None:
        """A price refused: shown, a limit's refusal with F7 to send it to a manager."""
        self._offered = isinstance(exc, Referable)
        self._message.show_error(ReferralOffered(exc) if self._offered else exc)

    def send(self) -> None:
        """F7: the bet as it is now, sent to a manager (only once a limit refused it)."""
        bet = self._draft()
        if not self._offered or bet is None or self.dialog is not None:
            return
        self._offered = False
        desk = self._desk
        self._message.show_progress(self.tr("Отправка менеджеру…"))
        document, in_play = bet.document, bet.agreed_in_play

        def refer() -> Slip | Referral:
            return desk.accept_bet(
                bet.picks, bet.stake, bet.kind, document=document, agreed_in_play=in_play,
                refer=True,
            )  # fmt: skip

        self._runner.run(
            refer,
            on_success=self._on_sent,
            on_failure=self._message.show_error,
            owner=self,
        )

    def resume(self) -> None:
        """Open the waiting view for this terminal's referral still open (after a restart)."""
        if self.dialog is None:
            self._runner.run(self._desk.open_referral, on_success=self._on_found, owner=self)

    def _wait(self, referral: Referral) -> None:
        dialog = ReferralWaitDialog(self._desk, self._runner, self._clock, referral, self._page)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.issued.connect(self.issued.emit)
        dialog.failed.connect(self._on_dialog_failed)
        dialog.finished.connect(self._on_dialog_finished)
        self.dialog = dialog
        dialog.open()

    def _on_sent(self, outcome: Slip | Referral) -> None:
        self._message.clear_message()
        if isinstance(outcome, Referral):
            self._wait(outcome)
        else:
            self.issued.emit(outcome)  # no limit refuses it now: issued as any bet

    def _on_found(self, referral: Referral | None) -> None:
        if referral is None or (referral.office, referral.number) in self._given_up:
            return
        if self.dialog is None:
            self._wait(referral)

    def _on_dialog_failed(self, exc: PosError) -> None:
        if isinstance(exc, ISSUED_UNPRINTED) and self.dialog is not None:
            self.dialog.accept()  # issued; only its paper or receipt is missing
            self._message.show_warning(exc)

    def _on_dialog_finished(self, _result: int) -> None:
        if self.dialog is not None:
            gone = self.dialog.referral
            self._given_up.add((gone.office, gone.number))
        self.dialog = None
        self._page.activateWindow()
