"""What the account's keys do on a page of accounts (issues 19, 20): the dialog each opens over
the page or the call it makes, every one a use case of the desk; the page shows the answer.
A page's own keys are a subclass's `_do_<name>` methods."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, tzinfo
from functools import partial
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QDialog, QWidget

from pos.accounts.accounts import Account
from pos.accounts.use_cases import AccountView
from pos.core.errors import PosError
from pos.shop.desk import Desk
from ui.dialogs import account_forms as forms
from ui.dialogs import transfer_forms as transfers
from ui.dialogs.account_document import AccountDocumentDialog
from ui.dialogs.account_movements import MovementsDialog
from ui.pages import account_actions as actions
from ui.tasks import TaskRunner

T = TypeVar("T")


class AccountHost(Protocol):
    """What the calls need of the page: the account shown, and where answers go."""

    def shown_account(self) -> AccountView | None:
        """The account shown (None: the page has said to find one first)."""

    def today(self) -> date: ...

    def refresh(self) -> None:
        """Read the page and the account shown again."""

    def open_dialog(self, dialog: QDialog, on_answer: Callable[[Any], None] | None) -> None:
        """Open `dialog` over the page; `on_answer` takes a DeskCallDialog's answer."""

    def answered(self, text: str) -> None:
        """Pos accepted: say `text`, read the page again."""

    def refused(self, exc: PosError) -> None: ...

    def account_opened(self, account: Account) -> None: ...

    def show_filed(self) -> None:
        """Show the papers the last action wrote to files, no printer set up (issue 34)."""


class AccountCalls(QObject):
    """`trigger(name)` does the action of a key (`account_actions.account_keys` names the
    account's; a subclass adds its page's own as `_do_<name>`)."""

    def __init__(self, desk: Desk, runner: TaskRunner, host: AccountHost, page: QWidget) -> None:
        super().__init__(page)
        self._desk = desk
        self._runner = runner
        self._account_host = host
        self._page = page

    def trigger(self, name: str) -> None:
        handler: Callable[[], None] | None = getattr(self, f"_do_{name}", None)
        if handler is not None:
            handler()

    # --- helpers ------------------------------------------------------------------------

    def _run(self, call: Callable[[], T], done: Callable[[T], None]) -> None:
        self._runner.run(call, on_success=done, on_failure=self._account_host.refused, owner=self)

    def _answer(self, words: Callable[[T], str]) -> Callable[[T], None]:
        """Pos's answer said in `words`."""
        return lambda result: self._account_host.answered(words(result))

    def _open(self, dialog: QDialog, on_answer: Callable[[Any], None] | None = None) -> None:
        self._account_host.open_dialog(dialog, on_answer)

    # --- the account --------------------------------------------------------------------

    def _do_refresh(self) -> None:
        self._account_host.refresh()

    def _do_open_account(self) -> None:
        dialog = AccountDocumentDialog(
            self._desk, self._runner, actions.open_account, self._account_host.today(),
            name="open_account_dialog", title=self.tr("Новый счёт игрока"),
            heading=self.tr("Открыть счёт: документ игрока"),
            action=self.tr("Открыть счёт (Enter)"), parent=self._page,
        )  # fmt: skip
        dialog.focus_document()
        self._open(dialog, self._account_opened)

    def _account_opened(self, account: Account) -> None:
        self._account_host.account_opened(account)
        self._account_host.show_filed()  # its card, where no printer prints it (issue 34)

    def _do_deposit(self) -> None:
        view = self._account_host.shown_account()
        if view is not None:
            dialog = forms.deposit_dialog(self._desk, self._runner, view, self._page)
            self._open(dialog, self._answer(actions.deposited))

    def _do_withdraw(self) -> None:
        view = self._account_host.shown_account()
        if view is None:
            return
        dialog = AccountDocumentDialog(
            self._desk, self._runner, partial(actions.withdraw, view.number),
            self._account_host.today(), name="withdraw_dialog",
            title=self.tr("Выплата со счёта"),
            heading=self.tr("Выплатить наличными владельцу счёта"),
            action=self.tr("Выплатить (Enter)"), parent=self._page,
        )  # fmt: skip
        dialog.set_facts(forms.account_line(view))
        dialog.add_field("withdraw_amount", self.tr("Сумма, руб."), placeholder="0,00")
        self._open(dialog, self._answer(actions.withdrawn))

    def _do_statement(self) -> None:
        view = self._account_host.shown_account()
        if view is not None:
            self._run(
                partial(actions.print_statement, self._desk, view.number),
                self._answer(partial(actions.statement_printed, view.number)),
            )

    def _do_card(self) -> None:
        view = self._account_host.shown_account()
        if view is not None:
            self._run(
                partial(actions.print_card, self._desk, view.number),
                self._answer(partial(actions.card_printed, view.number)),
            )

    # --- bank transfers (issue 37, p.7) ------------------------------------------------------

    def _do_movements(self) -> None:
        view = self._account_host.shown_account()
        if view is not None:
            self._run(partial(actions.read_movements, self._desk, view.number), self._movements)

    def _movements(self, read: tuple[AccountView, tzinfo]) -> None:
        dialog = MovementsDialog(*read, self._page)
        dialog.chosen.connect(self._on_movements_chosen)
        self._open(dialog)

    def _on_movements_chosen(self, name: str) -> None:
        # After the dialog has closed (the page takes one dialog at a time).
        QTimer.singleShot(0, partial(self.trigger, name))

    def _do_transfer_in(self) -> None:
        view = self._account_host.shown_account()
        if view is not None:
            today = self._account_host.today()
            dialog = transfers.transfer_in_dialog(self._desk, self._runner, view, today, self._page)
            self._open(dialog, self._answer(transfers.transferred_in))

    def _do_transfer_out(self) -> None:
        view = self._account_host.shown_account()
        if view is not None:
            self._run(partial(self._desk.transfer_senders, view.number), partial(self._out, view))

    def _out(self, view: AccountView, banks: list[str]) -> None:
        dialog = transfers.transfer_out_dialog(self._desk, self._runner, view, banks, self._page)
        self._open(dialog, self._answer(transfers.transferred_out))

    def _do_bank_file(self) -> None:
        path = transfers.choose_bank_file(self._page)
        if path is not None:
            call = partial(transfers.load_bank_file, self._desk, path)
            self._run(call, self._answer(transfers.statement_loaded))

    def _do_block(self) -> None:
        view = self._account_host.shown_account()
        if view is not None:
            dialog = forms.block_dialog(self._desk, self._runner, view, self._page)
            self._open(dialog, self._answer(actions.blocked))
