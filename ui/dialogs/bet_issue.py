"""Issuing a priced bet: the player confirms it (ConfirmBetDialog), pos issues the slip, and a
cashier's bet in play waits for a manager's PIN (ManagerPinDialog, p.22)."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QWidget

from pos.betting.errors import Referable
from pos.betting.pricing import PricedBet
from pos.core.errors import NotPermitted, PosError
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from pos.till.errors import PrintFailed, ReceiptNotPrinted
from ui.dialogs.confirm_bet import ConfirmBetDialog
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.models.slip_model import BetDraft
from ui.tasks import TaskRunner

# The slip is issued, only its paper is missing: the cash receipt not printed, or a slip paid
# from an account that did not come out (p.7, issue 37); the confirmation closes on it.
ISSUED_UNPRINTED = (ReceiptNotPrinted, PrintFailed)


class BetIssue(QObject):
    """The confirmation of one bet at a time, and pos's answer to it, for the betting page.

    `issued(Slip)` follows a slip pos issued; `refused(exc, shown)` every refusal, `shown`
    when the confirmation says it itself (ISSUED_UNPRINTED never is: the slip is issued);
    `closed` follows the confirmation closing. A cashier's bet in play that pos refuses opens
    the manager's PIN; once granted, the same request goes again on the manager's grant,
    which stays for this slip until `drop_grant` (the tick taken off).
    """

    issued = Signal(object)
    refused = Signal(object, bool)
    closed = Signal()

    def __init__(self, desk: Desk, runner: TaskRunner, page: QWidget) -> None:
        super().__init__(page)
        self._desk = desk
        self._runner = runner
        self._page = page
        self.confirm_dialog: ConfirmBetDialog | None = None
        self.manager_dialog: ManagerPinDialog | None = None
        # A cashier's desk a manager allowed one bet in play with their PIN at its issue
        # (p.22), while «В игре (согласовано)» stays ticked; the bet issued uses the grant up.
        self._agreed: Desk | None = None

    def open(self, bet: BetDraft, priced: PricedBet, document_age: int | None) -> None:
        """Show the priced bet to the player; their Enter asks pos to issue it."""
        dialog = ConfirmBetDialog(
            priced, agreed_in_play=bet.agreed_in_play, document_age=document_age, parent=self._page
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.confirmed.connect(lambda key: self._issue(bet, key, priced.possible_payout))
        dialog.finished.connect(self._on_confirm_dialog_finished)
        self.confirm_dialog = dialog
        dialog.open()

    def close_confirmation(self) -> None:
        """The slip is issued: the confirmation goes."""
        if self.confirm_dialog is not None:
            self.confirm_dialog.accept()

    def drop_grant(self) -> None:
        """Forget the manager's grant (the bet is no longer agreed in play)."""
        self._agreed = None

    def _issue(self, bet: BetDraft, request_key: str, shown_payout: Decimal) -> None:
        # The manager's grant, once given at the issue of a bet in play; else the page's desk.
        desk = self._agreed if bet.agreed_in_play and self._agreed is not None else self._desk
        # p.7: the stake paid from the account typed at the confirmation, if any (issue 37).
        dialog = self.confirm_dialog
        account = dialog.account_number() if dialog is not None else None
        self._runner.run(
            lambda: desk.accept_bet(
                bet.picks,
                bet.stake,
                bet.kind,
                document=bet.document,
                agreed_in_play=bet.agreed_in_play,
                request_key=request_key,
                expected_payout=shown_payout,
                account=account,
            ),
            on_success=self.issued.emit,
            on_failure=lambda exc: self._refused(bet, exc),
            owner=self,
        )

    def _refused(self, bet: BetDraft, exc: PosError) -> None:
        dialog = self.confirm_dialog
        if isinstance(exc, Referable) and dialog is not None:
            # A limit refused it at its issue (the odds or the liability moved since it was
            # priced): the confirmation goes and the page offers F7 (issue 38).
            dialog.done(QDialog.DialogCode.Rejected.value)
            dialog = None
        shown = dialog is not None and not isinstance(exc, ISSUED_UNPRINTED)
        if shown and dialog is not None:
            dialog.show_refusal(exc)
            if isinstance(exc, NotPermitted) and bet.agreed_in_play:
                # p.22: the manager agrees the bet in play now, at its issue, with their PIN.
                self._ask_manager_for_in_play(dialog)
        self.refused.emit(exc, shown)

    def _ask_manager_for_in_play(self, parent: QWidget) -> None:
        dialog = ManagerPinDialog(self._desk, self._runner, Permission.AGREE_IN_PLAY, parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.granted.connect(self._on_manager_dialog_granted)
        dialog.finished.connect(self._on_manager_dialog_finished)
        self.manager_dialog = dialog
        dialog.open()

    def _on_manager_dialog_granted(self, granted: Desk) -> None:
        self._agreed = granted
        if self.confirm_dialog is not None:
            self.confirm_dialog.confirm()  # the same request again, now on the granted desk

    def _on_manager_dialog_finished(self, _result: int) -> None:
        # Without the manager the confirmation keeps the refusal: Enter asks again, Esc goes
        # back to the slip, still ticked in play.
        self.manager_dialog = None
        if self.confirm_dialog is not None:
            self.confirm_dialog.activateWindow()

    def _on_confirm_dialog_finished(self, _result: int) -> None:
        self.confirm_dialog = None
        self.closed.emit()
