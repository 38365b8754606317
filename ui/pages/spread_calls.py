"""What each key of the «Спрэдбет» page does (issue 19): the dialog it opens over the page or
the call it makes, every one a use case of the desk; the page shows the answer (the account's
keys are ui.pages.account_calls')."""

from __future__ import annotations

from functools import partial
from typing import Protocol

from PySide6.QtWidgets import QWidget

from pos.shop.desk import Desk
from pos.spread.assets import Asset
from pos.spread.bets import Direction, SpreadBet
from pos.spread.use_cases import AssetQuote, Exposure, Position
from ui.dialogs import spread_forms as forms
from ui.dialogs.spread_exposure import ExposureDialog
from ui.pages import spread_actions as actions
from ui.pages.account_calls import AccountCalls, AccountHost
from ui.tasks import TaskRunner


class SpreadHost(AccountHost, Protocol):
    """What the calls need of the page: what is chosen on it, and where answers go."""

    def chosen_asset(self) -> AssetQuote | None: ...

    def chosen_bet(self) -> Position | None: ...

    def listed_asset(self, code: str) -> AssetQuote | None: ...

    def bet_opened(self, bet: SpreadBet) -> None: ...

    def asset_saved(self, asset: Asset) -> None: ...


class SpreadCalls(AccountCalls):
    """`trigger(name)` does the action of a key (`spread_actions.key_rows` names them)."""

    def __init__(self, desk: Desk, runner: TaskRunner, host: SpreadHost, page: QWidget) -> None:
        super().__init__(desk, runner, host, page)
        self._host = host

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
