"""A signed-in terminal session: what the cashier or manager at this till may do.

`Desk` is a facade: each of its methods is a use case of a room (pos.core.context.use_case binds
this desk's context and actor), so the window calls the same functions the command line and
the tests do. The rules and the transactions live in the modules named in each group.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pos.accounts import register_cases as restricted_cases
from pos.accounts import use_cases as accounts_cases
from pos.betting import printing as slip_printing_cases
from pos.betting import use_cases as betting_cases
from pos.core.context import Context, use_case
from pos.exchange import use_cases as exchange_cases
from pos.games.cases import case_of, declared_case, game_named, game_of_draw
from pos.games.game import UseCase
from pos.games.registry import installed
from pos.line import starts as line_starts
from pos.line import use_cases as line_cases
from pos.offices import use_cases as offices_cases
from pos.payouts import journal_use_cases as payout_journal_cases
from pos.payouts import use_cases as payouts_cases
from pos.people import names as user_names
from pos.people import use_cases as people_cases
from pos.people.actor import Actor, Grant
from pos.people.permissions import Permission, allowed
from pos.people.use_cases import UserInfo
from pos.people.users import Role, User
from pos.reports import use_cases as reports_cases
from pos.settlement import use_cases as settlement_cases
from pos.shop.desk_cashout import CashoutDesk
from pos.shop.desk_claims import ClaimsDesk
from pos.shop.desk_conditions import ConditionsDesk
from pos.shop.desk_referrals import ReferralsDesk
from pos.shop.desk_risk import LiabilityDesk
from pos.shop.desk_transfers import TransfersDesk
from pos.skks import use_cases as skks_cases
from pos.spread import use_cases as spread_cases
from pos.till import papers as till_papers
from pos.till import settings_use_cases as shop_settings_cases
from pos.till import shift_use_cases as shifts_cases
from pos.till import use_cases as till_cases
from pos.till import void_notices as void_notice_cases


class Desk(ClaimsDesk, ConditionsDesk, ReferralsDesk, TransfersDesk, LiabilityDesk, CashoutDesk):
    """The terminal session of one signed-in user; a manager can do all a cashier can."""

    def __init__(
        self, context: Context, user: User, grant: Grant | None = None, *, chain: bool = False
    ) -> None:
        self._context = context
        self.user = user  # with their role in this terminal's office
        self._grant = grant
        self._chain = chain  # the database has several offices (pos.people.permissions)

    @property
    def context(self) -> Context:
        """The terminal this desk works at (pos.core.context)."""
        return self._context

    @property
    def actor(self) -> Actor:
        """Who the use cases of this desk act as: its user, with the grant given to it."""
        return Actor(self.user.login, self.user.role, self._grant, self._chain)

    @property
    def login(self) -> str:
        return self.user.login

    @property
    def terminal(self) -> str:
        return self._context.terminal

    @property
    def role(self) -> Role:
        return self.user.role

    def may(self, permission: Permission) -> bool:
        """True when this desk's user may do `permission` without a manager's PIN."""
        return allowed(self.user.role, permission, chain=self._chain)

    @property
    def in_chain(self) -> bool:
        """True when the database has several offices."""
        return self._chain

    @property
    def office(self) -> str:
        """The code of the office this terminal works in."""
        return self._context.office

    @property
    def is_manager(self) -> bool:
        """A manager of this office, or a head of the chain."""
        return self.user.role in (Role.MANAGER, Role.HEAD)

    def authorised_by(self, login: str, pin: str, permission: Permission | str) -> Desk:
        """This user's desk, allowed one action (`permission`) by a manager's PIN (issue #7):
        the desk returned may do that action once, and nothing else that needs a permission.

        Raises:
            PinRequired: no PIN typed; UnknownUser, UserLocked, UserLockedUntilUnlocked,
                WrongPin; NotPermitted: the PIN is not a manager's; InvalidText:
                `permission` names no action.
        """
        grant = people_cases.authorise(self._context, self.actor, login, pin, permission)
        return Desk(self._context, self.user, grant, chain=self._chain)

    # --- the people at the terminal and the settings (pos.people.use_cases) -----------------------
    lock_screen = use_case(people_cases.lock_screen)
    confirm_pin = use_case(people_cases.confirm_pin)
    sign_out = use_case(people_cases.sign_out)
    manager_logins = use_case(people_cases.manager_logins)
    users = use_case(people_cases.users)
    create_user = use_case(people_cases.create_user)
    assign_user = use_case(people_cases.assign_user)

    # --- the chain's offices (pos.offices.use_cases) ---------------------------------------------
    offices = use_case(offices_cases.offices)
    office_info = use_case(offices_cases.office)
    add_office = use_case(offices_cases.add_office)
    update_office = use_case(offices_cases.update_office)
    register_terminal = use_case(offices_cases.register_terminal)
    terminals = use_case(offices_cases.terminals)
    unlock_user = use_case(people_cases.unlock_user)
    rename_user = use_case(user_names.rename_user)  # the name papers print (issue 34)
    settings = use_case(shop_settings_cases.settings)
    register_serial = use_case(shop_settings_cases.register_serial)
    register_number = use_case(shop_settings_cases.register_number)
    update_settings = use_case(shop_settings_cases.update_settings)
    skks_send = use_case(skks_cases.skks_send)  # the СККС outbox sent now (issue 35)
    skks_status = use_case(skks_cases.skks_status)
    skks_reconciliations = use_case(skks_cases.skks_reconciliations)  # shifts vs controller

    # --- the counter (pos.betting.use_cases; accept_bet, cancel_in_window: TransfersDesk, p.7) --
    price_bet = use_case(betting_cases.price_bet)
    price_pick = use_case(betting_cases.price_pick)
    check_identity = use_case(betting_cases.check_identity)
    check_cancellable = use_case(betting_cases.check_cancellable)
    recent_slips = use_case(betting_cases.recent_slips)
    window_cancellations = use_case(betting_cases.window_cancellations)
    slip = use_case(betting_cases.slip)
    reprint = use_case(betting_cases.reprint)

    # --- the line (pos.line.use_cases) -----------------------------------------------------------
    add_event = use_case(line_cases.add_event)
    set_odds = use_case(line_cases.set_odds)
    line = use_case(line_cases.line)
    line_board = use_case(line_cases.line_board)  # upcoming first (issue 34)
    events_on_offer = use_case(line_cases.events_on_offer)
    update_event = use_case(line_cases.update_event)
    past_start = use_case(line_starts.past_start)  # the line editor asks first (issue 34)
    suspend_event = use_case(line_cases.suspend_event)
    resume_event = use_case(line_cases.resume_event)
    sport_limits = use_case(line_cases.sport_limits)
    set_sport_limit = use_case(line_cases.set_sport_limit)
    import_line = use_case(line_cases.import_line)

    # --- reports (pos.reports.use_cases) ---------------------------------------------------------
    report = use_case(reports_cases.report)
    export_report = use_case(reports_cases.export_report)

    # --- results and settlement (pos.settlement.use_cases) ---------------------------------------
    record_result = use_case(settlement_cases.record_result)
    record_results = use_case(settlement_cases.record_results)
    check_result = use_case(settlement_cases.check_result)
    import_results = use_case(settlement_cases.import_results)
    correct_result = use_case(settlement_cases.correct_result)
    results = use_case(settlement_cases.results)
    settle = use_case(exchange_cases.settle)  # the slips, then the paris
    settlement = use_case(settlement_cases.settlement)

    # --- the draw games' draws: each game declares its use cases (pos.games, issue 36) ---------
    def draw_board(self, game: str | None = None) -> Any:
        """The board of the draws of `game` (a key; None: the first game `main.games()` lists).

        Raises:
            NoSuchGame: no game of that key is installed (a wiring mistake).
        """
        return self._bound(declared_case(game_named(installed(), game), "draw_board"))()

    def cancel_draw(self, draw: object, reason: object, *, game: str | None = None) -> Any:
        """Cancel a draw (p.5.1, managers): `draw` is an event code of a game's draws, or a
        number of the draws of `game` (None: the first game's, as before games were named).

        Raises:
            the game's refusals; NoSuchGame: no game of that key is installed.
        """
        case = declared_case(game_of_draw(installed(), draw, game), "cancel_draw")
        return self._bound(case)(draw, reason)

    def _bound(self, case: UseCase) -> Callable[..., Any]:
        return use_case(case).__get__(self, Desk)

    if not TYPE_CHECKING:  # mypy still refuses a name the desk lacks: the window calls a
        # game's cases through the typed facade in the game's room, the rest call them by name.

        def __getattr__(self, name: str) -> Callable[..., Any]:
            """A game's own use case (`desk.deal_cards(...)`), bound as the desk's own are."""
            case = None if name.startswith("_") else case_of(installed(), name)
            if case is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            return self._bound(case)

    # --- payouts and the journal (pos.payouts.use_cases) -----------------------------------------
    # payout_quote, pay_out: TransfersDesk, a coupon's slip refused (p.17)
    pending_payout = use_case(payouts_cases.pending_payout)
    confirm_pending_payout = use_case(payouts_cases.confirm_pending_payout)
    # A withdrawal from a player's account waits as a payout: its money goes back (pos.accounts).
    release_pending_payout = use_case(accounts_cases.release_pending_payout)
    print_payout_note = use_case(payouts_cases.print_payout_note)
    preview_payout = use_case(payouts_cases.preview_payout)
    journal = use_case(payout_journal_cases.journal)
    correct_journal_entry = use_case(payout_journal_cases.correct_journal_entry)
    journal_entry_now = use_case(payout_journal_cases.journal_entry_now)
    export_journal_pdf = use_case(payout_journal_cases.export_journal_pdf)

    # --- shifts and cash (pos.till.shift_use_cases) ----------------------------------------------
    open_shift = use_case(shifts_cases.open_shift)
    shift = use_case(shifts_cases.shift)
    cash_in = use_case(shifts_cases.cash_in)
    # cash_out: CashoutDesk, which tells the drawer's from a slip's cash-out (issue 38)
    close_shift = use_case(shifts_cases.close_shift)

    # --- players' accounts (pos.accounts.use_cases) ---------------------------------------------
    open_account = use_case(accounts_cases.open_account)
    deposit = use_case(accounts_cases.deposit)
    withdraw = use_case(accounts_cases.withdraw)
    account = use_case(accounts_cases.account)
    block_account = use_case(accounts_cases.block_account)
    unblock_account = use_case(accounts_cases.unblock_account)
    load_self_exclusions = use_case(accounts_cases.load_self_exclusions)
    load_restricted = use_case(restricted_cases.load_restricted)  # issue 35
    restricted_register = use_case(restricted_cases.restricted_register)
    print_account_card = use_case(accounts_cases.print_account_card)
    print_statement = use_case(accounts_cases.print_statement)

    # --- «Спрэдбет» (pos.spread.use_cases) -------------------------------------------------------
    add_asset = use_case(spread_cases.add_asset)
    assets = use_case(spread_cases.assets)
    set_quote = use_case(spread_cases.set_quote)
    import_quotes = use_case(spread_cases.import_quotes)
    open_spread = use_case(spread_cases.open_spread)
    close_spread = use_case(spread_cases.close_spread)
    cancel_spread = use_case(spread_cases.cancel_spread)
    spread = use_case(spread_cases.spread)
    account_spreads = use_case(spread_cases.account_spreads)
    exposure = use_case(spread_cases.exposure)

    # --- «Спрэдбетэкс» (pos.exchange.use_cases) --------------------------------------------------
    offer_pari = use_case(exchange_cases.offer_pari)
    accept_pari = use_case(exchange_cases.accept_pari)
    change_offer = use_case(exchange_cases.change_offer)
    withdraw_offer = use_case(exchange_cases.withdraw_offer)
    lapse_offers = use_case(exchange_cases.lapse_offers)
    offer = use_case(exchange_cases.offer)
    pari = use_case(exchange_cases.pari)
    board = use_case(exchange_cases.board)
    account_exchange = use_case(exchange_cases.account_exchange)

    # --- the till: pending slips, receipts, X/Z reports, printers (pos.till.use_cases) -----------
    pending_slip = use_case(slip_printing_cases.pending_slip)
    confirm_pending_slip = use_case(slip_printing_cases.confirm_pending_slip)
    void_pending_slip = use_case(slip_printing_cases.void_pending_slip)
    unprinted_receipts = use_case(till_cases.unprinted_receipts)
    print_receipts = use_case(till_cases.print_receipts)
    print_void_notices = use_case(void_notice_cases.print_void_notices)  # issue 34
    receipts_in_doubt = use_case(till_cases.receipts_in_doubt)
    answer_receipt = use_case(till_cases.answer_receipt)
    fiscal_state = use_case(till_cases.fiscal_state)
    x_report = use_case(till_cases.x_report)
    z_report = use_case(till_cases.z_report)
    print_last_z_report = use_case(till_cases.print_last_z_report)
    preview_slip = use_case(slip_printing_cases.preview_slip)
    preview_receipt = use_case(till_cases.preview_receipt)
    preview_x_report = use_case(till_cases.preview_x_report)
    filed_papers = use_case(till_papers.filed_papers)  # shown without a printer (issue 34)
    printers = use_case(till_cases.printers)
    update_printers = use_case(till_cases.update_printers)
    print_test_page = use_case(till_cases.print_test_page)

    @property
    def printer_virtual(self) -> bool:
        """True when this terminal's jobs go to files, not paper (the preview shows them)."""
        return till_cases.printer_virtual(self.context, self.actor)


__all__ = ["Desk", "UserInfo"]
