"""What each key of the «Спрэдбет» page does (issue 19): the dialog it opens over the page or
the call it makes, every one a use case of the desk; the page shows the answer."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import partial
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QWidget

from pos.accounts.accounts import Account
from pos.accounts.use_cases import AccountView
from pos.core.errors import PosError
from pos.shop.desk import Desk
from pos.spread.assets import Asset
from pos.spread.bets import Direction, SpreadBet
from pos.spread.use_cases import AssetQuote, Exposure, Position
from ui.dialogs import spread_forms as forms
from ui.dialogs.account_document import AccountDocumentDialog
from ui.dialogs.spread_exposure import ExposureDialog
from ui.pages import spread_actions as actions
from ui.tasks import TaskRunner

T = TypeVar("T")


class SpreadHost(Protocol):
    """What the calls need of the page: what is chosen on it, and where answers go."""

    def shown_account(self) -> AccountView | None:
        """The account shown (None: the page has said to find one first)."""

    def chosen_asset(self) -> AssetQuote | None: ...

    def chosen_bet(self) -> Position | None: ...

    def listed_asset(self, code: str) -> AssetQuote | None: ...

    def today(self) -> date: ...

    def refresh(self) -> None:
        """Read the assets and the account shown again."""

    def open_dialog(self, dialog: QDialog, on_answer: Callable[[Any], None] | None) -> None:
        """Open `dialog` over the page; `on_answer` takes a DeskCallDialog's answer."""

    def answered(self, text: str) -> None:
        """Pos accepted: say `text`, read the page again."""

    def refused(self, exc: PosError) -> None: ...

    def account_opened(self, account: Account) -> None: ...

    def bet_opened(self, bet: SpreadBet) -> None: ...

    def asset_saved(self, asset: Asset) -> None: ...


class SpreadCalls(QObject):
    """`trigger(name)` does the action of a key (`spread_actions.key_rows` names them)."""

    def __init__(self, desk: Desk, runner: TaskRunner, host: SpreadHost, page: QWidget) -> None:
        super().__init__(page)
        self._desk = desk
        self._runner = runner
        self._host = host
        self._page = page

    def trigger(self, name: str) -> None:
        handler: Callable[[], None] | None = getattr(self, f"_do_{name}", None)
        if handler is not None:
            handler()

    # --- helpers ------------------------------------------------------------------------

    def _run(self, call: Callable[[], T], done: Callable[[T], None]) -> None:
        self._runner.run(call, on_success=done, on_failure=self._host.refused, owner=self)

    def _answer(self, words: Callable[[T], str]) -> Callable[[T], None]:
        """Pos's answer said in `words`."""
        return lambda result: self._host.answered(words(result))

    def _open(self, dialog: QDialog, on_answer: Callable[[Any], None] | None = None) -> None:
        self._host.open_dialog(dialog, on_answer)

    # --- the account --------------------------------------------------------------------

    def _do_refresh(self) -> None:
        self._host.refresh()

    def _do_open_account(self) -> None:
        dialog = AccountDocumentDialog(
            self._desk, self._runner, actions.open_account, self._host.today(),
            name="open_account_dialog", title=self.tr("Новый счёт игрока"),
            heading=self.tr("Открыть счёт: документ игрока"),
            action=self.tr("Открыть счёт (Enter)"), parent=self._page,
        )  # fmt: skip
        dialog.focus_document()
        self._open(dialog, self._host.account_opened)

    def _do_deposit(self) -> None:
        view = self._host.shown_account()
        if view is not None:
            dialog = forms.deposit_dialog(self._desk, self._runner, view, self._page)
            self._open(dialog, self._answer(actions.deposited))

    def _do_withdraw(self) -> None:
        view = self._host.shown_account()
        if view is None:
            return
        dialog = AccountDocumentDialog(
            self._desk, self._runner, partial(actions.withdraw, view.number),
            self._host.today(), name="withdraw_dialog", title=self.tr("Выплата со счёта"),
            heading=self.tr("Выплатить наличными владельцу счёта"),
            action=self.tr("Выплатить (Enter)"), parent=self._page,
        )  # fmt: skip
        dialog.set_facts(forms.account_line(view))
        dialog.add_field("withdraw_amount", self.tr("Сумма, руб."), placeholder="0,00")
        self._open(dialog, self._answer(actions.withdrawn))

    def _do_statement(self) -> None:
        view = self._host.shown_account()
        if view is not None:
            said = actions.statement_printed(view.number)
            self._run(partial(self._desk.print_statement, view.number), self._said(said))

    def _do_card(self) -> None:
        view = self._host.shown_account()
        if view is not None:
            said = actions.card_printed(view.number)
            self._run(partial(self._desk.print_account_card, view.number), self._said(said))

    def _do_block(self) -> None:
        view = self._host.shown_account()
        if view is not None:
            dialog = forms.block_dialog(self._desk, self._runner, view, self._page)
            self._open(dialog, self._answer(actions.blocked))

    def _said(self, text: str) -> Callable[[object], None]:
        return lambda _result: self._host.answered(text)

    # --- the bets -----------------------------------------------------------------------

    def _do_up(self) -> None:
        self._stake(Direction.UP)

    def _do_down(self) -> None:
        self._stake(Direction.DOWN)

    def _stake(self, direction: Direction) -> None:
        view = self._host.shown_account()
        listed = self._host.chosen_asset() if view is not None else None
        if view is not None and listed is not None:
            dialog = forms.stake_dialog(
                self._desk, self._runner, view, listed, direction, self._page
            )
            self._open(dialog, self._host.bet_opened)

    def _do_close(self) -> None:
        position = self._host.chosen_bet()
        if position is not None:
            listed = self._host.listed_asset(position.bet.asset)
            quote = listed.quote if listed is not None else None
            dialog = forms.close_dialog(self._desk, self._runner, position, quote, self._page)
            self._open(dialog, self._answer(partial(actions.closed, position)))

    def _do_cancel(self) -> None:
        position = self._host.chosen_bet()
        if position is not None:
            dialog = forms.cancel_dialog(self._desk, self._runner, position.bet, self._page)
            self._open(dialog, self._answer(actions.cancelled))

    # --- the manager's ------------------------------------------------------------------

    def _do_quote(self) -> None:
        listed = self._host.chosen_asset()
        if listed is not None:
            dialog = forms.quote_dialog(self._desk, self._runner, listed, self._page)
            self._open(dialog, self._answer(actions.quote_set))

    def _do_quotes_file(self) -> None:
        path = actions.choose_file(self._page, actions.QUOTES_FILE)
        if path is not None:
            call = partial(actions.import_quotes, self._desk, path)
            self._run(call, self._answer(actions.quoted))

    def _do_new_asset(self) -> None:
        dialog = forms.asset_dialog(self._desk, self._runner, None, self._page)
        self._open(dialog, self._host.asset_saved)

    def _do_edit_asset(self) -> None:
        listed = self._host.chosen_asset()
        if listed is not None:
            dialog = forms.asset_dialog(self._desk, self._runner, listed.asset, self._page)
            self._open(dialog, self._host.asset_saved)

    def _do_exposure(self) -> None:
        self._run(self._desk.exposure, self._show_exposure)

    def _show_exposure(self, rows: list[Exposure]) -> None:
        self._open(ExposureDialog(rows, self._page))

    def _do_exclusions(self) -> None:
        path = actions.choose_file(self._page, actions.EXCLUSIONS_FILE)
        if path is not None:
            call = partial(actions.load_exclusions, self._desk, path)
            self._run(call, self._answer(actions.exclusions_loaded))
