"""A signed-in terminal session: what the cashier or manager at this till may do.

`Desk` is a facade: each of its methods is a use case of a room (pos.core.context.use_case binds
this desk's context and actor), so the window calls the same functions the command line and
the tests do. The rules and the transactions live in the modules named in each group.
"""

from __future__ import annotations

from pos.betting import printing as slip_printing
from pos.betting import use_cases as counter_desk
from pos.core.context import Context, use_case
from pos.draws import use_cases as draw_desk
from pos.line import use_cases as line_desk
from pos.payouts import use_cases as payout_desk
from pos.people import use_cases as people_desk
from pos.people.actor import Actor, Grant
from pos.people.permissions import Permission
from pos.people.use_cases import UserInfo
from pos.people.users import Role, User
from pos.reports import use_cases as report_desk
from pos.settlement import use_cases as results_desk
from pos.till import settings_use_cases
from pos.till import shift_use_cases as shift_desk
from pos.till import use_cases as till


class Desk:
    """The terminal session of one signed-in user; a manager can do all a cashier can."""

    def __init__(self, context: Context, user: User, grant: Grant | None = None) -> None:
        self._context = context
        self.user = user
        self._grant = grant

    @property
    def context(self) -> Context:
        """The terminal this desk works at (pos.core.context)."""
        return self._context

    @property
    def actor(self) -> Actor:
        """Who the use cases of this desk act as: its user, with the grant given to it."""
        return Actor(self.user.login, self.user.role, self._grant)

    @property
    def login(self) -> str:
        return self.user.login

    @property
    def terminal(self) -> str:
        return self._context.terminal

    @property
    def role(self) -> Role:
        return self.user.role

    @property
    def is_manager(self) -> bool:
        return self.user.role is Role.MANAGER

    def authorised_by(self, login: str, pin: str, permission: Permission | str) -> Desk:
        """This user's desk, allowed one action (`permission`) by a manager's PIN (issue #7):
        the desk returned may do that action once, and nothing else that needs a permission.

        Raises:
            PinRequired: no PIN typed; UnknownUser, UserLocked, UserLockedUntilUnlocked,
                WrongPin; NotPermitted: the PIN is not a manager's; InvalidText:
                `permission` names no action.
        """
        grant = people_desk.authorise(self._context, self.actor, login, pin, permission)
        return Desk(self._context, self.user, grant)

    # --- the people at the terminal and the settings (pos.people.use_cases) -----------------------
    lock_screen = use_case(people_desk.lock_screen)
    confirm_pin = use_case(people_desk.confirm_pin)
    sign_out = use_case(people_desk.sign_out)
    manager_logins = use_case(people_desk.manager_logins)
    users = use_case(people_desk.users)
    create_user = use_case(people_desk.create_user)
    unlock_user = use_case(people_desk.unlock_user)
    settings = use_case(settings_use_cases.settings)
    register_serial = use_case(settings_use_cases.register_serial)
    register_number = use_case(settings_use_cases.register_number)
    update_settings = use_case(settings_use_cases.update_settings)

    # --- the counter (pos.betting.use_cases) -----------------------------------------------------
    accept_bet = use_case(counter_desk.accept_bet)
    price_bet = use_case(counter_desk.price_bet)
    price_pick = use_case(counter_desk.price_pick)
    check_identity = use_case(counter_desk.check_identity)
    cancel_in_window = use_case(counter_desk.cancel_in_window)
    check_cancellable = use_case(counter_desk.check_cancellable)
    recent_slips = use_case(counter_desk.recent_slips)
    window_cancellations = use_case(counter_desk.window_cancellations)
    slip = use_case(counter_desk.slip)
    reprint = use_case(counter_desk.reprint)

    # --- the line (pos.line.use_cases) -----------------------------------------------------------
    add_event = use_case(line_desk.add_event)
    set_odds = use_case(line_desk.set_odds)
    line = use_case(line_desk.line)
    events_on_offer = use_case(line_desk.events_on_offer)
    update_event = use_case(line_desk.update_event)
    suspend_event = use_case(line_desk.suspend_event)
    resume_event = use_case(line_desk.resume_event)
    sport_limits = use_case(line_desk.sport_limits)
    set_sport_limit = use_case(line_desk.set_sport_limit)
    import_line = use_case(line_desk.import_line)

    # --- reports (pos.reports.use_cases) ---------------------------------------------------------
    report = use_case(report_desk.report)
    export_report = use_case(report_desk.export_report)

    # --- results and settlement (pos.settlement.use_cases) ---------------------------------------
    record_result = use_case(results_desk.record_result)
    record_results = use_case(results_desk.record_results)
    check_result = use_case(results_desk.check_result)
    import_results = use_case(results_desk.import_results)
    correct_result = use_case(results_desk.correct_result)
    results = use_case(results_desk.results)
    settle = use_case(results_desk.settle)
    settlement = use_case(results_desk.settlement)

    # --- Bet-on-Poker draws (pos.draws.use_cases) ------------------------------------------------
    draw_board = use_case(draw_desk.draw_board)
    deal_cards = use_case(draw_desk.deal_cards)
    import_draw_results = use_case(draw_desk.import_draw_results)
    cancel_draw = use_case(draw_desk.cancel_draw)

    # --- payouts and the journal (pos.payouts.use_cases) -----------------------------------------
    payout_quote = use_case(payout_desk.payout_quote)
    pay_out = use_case(payout_desk.pay_out)
    pending_payout = use_case(payout_desk.pending_payout)
    confirm_pending_payout = use_case(payout_desk.confirm_pending_payout)
    release_pending_payout = use_case(payout_desk.release_pending_payout)
    print_payout_note = use_case(payout_desk.print_payout_note)
    preview_payout = use_case(payout_desk.preview_payout)
    journal = use_case(payout_desk.journal)
    correct_journal_entry = use_case(payout_desk.correct_journal_entry)
    journal_entry_now = use_case(payout_desk.journal_entry_now)
    export_journal_pdf = use_case(payout_desk.export_journal_pdf)

    # --- shifts and cash (pos.till.shift_use_cases) ----------------------------------------------
    open_shift = use_case(shift_desk.open_shift)
    shift = use_case(shift_desk.shift)
    cash_in = use_case(shift_desk.cash_in)
    cash_out = use_case(shift_desk.cash_out)
    close_shift = use_case(shift_desk.close_shift)

    # --- the till: pending slips, receipts, X/Z reports, printers (pos.till.use_cases) -----------
    pending_slip = use_case(slip_printing.pending_slip)
    confirm_pending_slip = use_case(slip_printing.confirm_pending_slip)
    void_pending_slip = use_case(slip_printing.void_pending_slip)
    unprinted_receipts = use_case(till.unprinted_receipts)
    print_receipts = use_case(till.print_receipts)
    receipts_in_doubt = use_case(till.receipts_in_doubt)
    answer_receipt = use_case(till.answer_receipt)
    fiscal_state = use_case(till.fiscal_state)
    x_report = use_case(till.x_report)
    z_report = use_case(till.z_report)
    print_last_z_report = use_case(till.print_last_z_report)
    preview_slip = use_case(slip_printing.preview_slip)
    preview_receipt = use_case(till.preview_receipt)
    preview_x_report = use_case(till.preview_x_report)
    printers = use_case(till.printers)
    update_printers = use_case(till.update_printers)
    print_test_page = use_case(till.print_test_page)

    @property
    def printer_virtual(self) -> bool:
        """True when this terminal's jobs go to files, not paper (the preview shows them)."""
        return till.printer_virtual(self.context, self.actor)


__all__ = ["Desk", "UserInfo"]
