"""The «Спрэдбет» page (issue 19): the assets and their quotes, the player's account scanned or
typed, its bets, and the counter's and the manager's actions, each by a key."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from pos.accounts.accounts import Account
from pos.accounts.use_cases import AccountView
from pos.core.clock import Clock
from pos.shop.desk import Desk
from pos.spread.assets import Asset
from pos.spread.bets import SpreadBet
from pos.spread.use_cases import AccountSpreads, AssetQuote, Position
from ui.dialogs.margin_calls import Call, MarginCallsDialog
from ui.pages import account_actions
from ui.pages import spread_actions as actions
from ui.pages.account_page import AccountPage
from ui.pages.spread_calls import SpreadCalls
from ui.tasks import TaskRunner
from ui.widgets.spread_account import AccountCard
from ui.widgets.spread_assets import AssetsCard
from ui.widgets.spread_bets import BetsCard
from ui.widgets.spread_keys import PageKeys

REFRESH_MS = 10_000  # the quotes (and the account shown) are read again this often


class SpreadPage(AccountPage):
    """The assets on the left, the account on the right, its bets under both; each card with
    the buttons of its keys (the page's key help).

    Every key calls a use case of the desk (`ui.pages.spread_calls`, in the background) and
    the page shows its answer or its refusal (`str(exc)`); after each the cursor is back in
    the account's field, ready for the next card. The counter's keys are everyone's; the
    quotes, assets, positions and the self-exclusion register are on the page for those
    whose role has them. The bookmaker's closes of the player's bets not shown before (p.36)
    pop up once, when the account is loaded (or read again while it is shown).
    """

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(desk, runner, clock, REFRESH_MS, parent)
        self._spreads: AccountSpreads | None = None
        self._calls: list[Call] = []  # closes to show once the dialog open now is done
        self._actions = SpreadCalls(desk, runner, self, self)
        self._build()

    # --- public -------------------------------------------------------------------------

    @property
    def assets(self) -> AssetsCard:
        """The assets' table; the row chosen is the next bet's asset."""
        return self._assets

    @property
    def bets(self) -> BetsCard:
        """The account's bets; the row chosen is the bet F9 closes and F8 cancels."""
        return self._bets

    @property
    def keys(self) -> PageKeys:
        """The buttons of the page's keys."""
        return self._keys

    @property
    def spreads(self) -> AccountSpreads | None:
        """The account shown with its bets (None: no account)."""
        return self._spreads

    def load_account(self, text: str) -> None:
        """Ask pos for the account typed or scanned, its bets and the closes not yet shown."""
        self._card.message.show_progress(self.tr("Поиск счёта…"))
        self._bets.choose(None)
        self._runner.run(
            partial(self._desk.account_spreads, text),
            on_success=self._show_loaded,
            on_failure=self.refused,
            owner=self,
        )

    def trigger(self, name: str) -> None:
        """Do the action of a key (`ui.pages.spread_actions.key_rows` names them)."""
        if self.dialog is None:
            self._actions.trigger(name)

    # --- what the calls ask of the page (ui.pages.spread_calls.SpreadHost) ---------------

    def shown_account(self) -> AccountView | None:
        """The account shown, or None with the hint to find one first."""
        if self._spreads is None:
            self._card.message.show_info(account_actions.NO_ACCOUNT)
            self._card.focus_number()
            return None
        return self._spreads.account

    def chosen_asset(self) -> AssetQuote | None:
        listed = self._assets.current()
        if listed is None:
            self._card.message.show_info(actions.NO_ASSET)
        return listed

    def chosen_bet(self) -> Position | None:
        position = self._bets.current()
        if position is None and self.shown_account() is not None:
            self._card.message.show_info(actions.NO_BET)
        return position

    def listed_asset(self, code: str) -> AssetQuote | None:
        return self._assets.listed(code)

    def account_opened(self, account: Account) -> None:
        self._card.set_number(account.number)
        self._card.message.show_success(account_actions.opened_account(account))
        self._runner.run(
            partial(self._desk.account_spreads, account.number),
            on_success=self._show_spreads,
            on_failure=self.refused,
            owner=self,
        )

    def bet_opened(self, bet: SpreadBet) -> None:
        self._bets.choose(bet.number)
        self.answered(actions.bet_opened(bet))

    def asset_saved(self, asset: Asset) -> None:
        self._assets.choose(asset.code)
        self.answered(actions.asset_saved(asset))

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        rows = actions.key_rows(self._desk)
        self._keys = PageKeys(self)
        self._keys.triggered.connect(self.trigger)
        office = self._keys.row(rows.office, "office_keys") if rows.office else None
        self._assets = AssetsCard(self.tr("Активы и котировки (↑↓)"), office)
        self._card = AccountCard(
            self.tr(
                "Отсканируйте карту счёта или введите номер и нажмите Enter; "
                "новый счёт — F2. ↑↓ в поле выбирают актив, Tab ведёт к ставкам."
            )
        )
        self._card.load_requested.connect(self.load_account)
        self._card.edited.connect(self._on_card_edited)
        self._card.step_requested.connect(self._assets.step)
        self._card.add_row(self._keys.row(rows.account, "account_keys"))
        bet_keys = self._keys.row(rows.bets, "bet_keys")
        self._bets = BetsCard(self.tr("Ставки счёта (Tab)"), bet_keys)
        top = QHBoxLayout()
        top.setSpacing(12)
        top.addWidget(self._assets, 4)  # the wider: six columns beside a field and its keys
        top.addWidget(self._card, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 8)
        layout.setSpacing(8)
        layout.addLayout(top)  # as high as its cards need at this width: the bets take the rest
        layout.addWidget(self._bets, 1)
        QWidget.setTabOrder(self._card.number_field, self._assets.view)
        QWidget.setTabOrder(self._assets.view, self._bets.view)
        self.setFocusProxy(self._card.number_field)

    # --- showing ------------------------------------------------------------------------

    def _reading_call(self) -> Callable[[], actions.PageRead]:
        """The zone, the assets and the account shown."""
        number = self._spreads.account.number if self._spreads is not None else None
        return partial(actions.read_page, self._desk, number)

    def _show_read(self, read: actions.PageRead) -> None:
        self._zone = read.zone
        self._assets.set_assets(read.assets, read.zone, self._clock.now())
        spreads, shown = read.spreads, self._spreads.account if self._spreads else None
        if spreads is not None and shown is not None and spreads.account.number == shown.number:
            self._show_spreads(spreads)
        elif spreads is not None:  # another card came meanwhile: the closes are still shown
            self._show_calls(list(spreads.calls))
        self._read_over()

    def _show_loaded(self, spreads: AccountSpreads) -> None:
        self._card.message.clear_message()
        self._show_spreads(spreads)
        self._card.set_number(spreads.account.number)
        self._card.focus_number()

    def _show_spreads(self, spreads: AccountSpreads) -> None:
        self._spreads = spreads
        self._card.show_account(spreads.account)
        self._bets.set_positions(spreads.positions)
        self._show_calls(list(spreads.calls))

    def _show_calls(self, calls: list[Call]) -> None:
        """The bookmaker's closes pos returns once: shown now, or after the dialog open now."""
        self._calls += calls
        if self._calls and self.dialog is None:
            calls, self._calls = self._calls, []
            self.open_dialog(MarginCallsDialog(calls, self._zone, self), None)

    def _dialog_closed(self) -> None:
        self._show_calls([])  # any that came while it was open

    # --- slots --------------------------------------------------------------------------

    def _on_card_edited(self) -> None:
        if self._spreads is not None:  # another card is being typed: not this account's
            self._spreads = None
            self._card.show_account(None)
            self._bets.set_positions([])
