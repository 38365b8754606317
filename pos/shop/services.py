"""The service API (DESIGN.md): use cases the window, the command line and the tests all call."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from decimal import Decimal

from pos.accounts import use_cases as accounts_cases
from pos.audit.verification import Verification, verify
from pos.betting import use_cases as betting_cases
from pos.conditions import use_cases as conditions_cases
from pos.core.audit import SYSTEM_ACTOR, AuditAction
from pos.core.clock import Clock
from pos.core.context import Context, use_case
from pos.core.devices import Adapters
from pos.core.inputs import TERMINAL, clean_text
from pos.core.ports import UnitOfWork
from pos.core.terminal import DEFAULT_TERMINAL
from pos.exchange import use_cases as exchange_cases
from pos.line.events import new_event
from pos.line.use_cases import record_event, record_odds
from pos.offices import use_cases as offices_cases
from pos.offices.terminals import office_of_terminal
from pos.payouts import journal_use_cases as payout_journal_cases
from pos.people import names as user_names
from pos.people import use_cases as people_cases
from pos.people.actor import SYSTEM, Actor
from pos.people.signatures import NameBook, signing
from pos.people.users import Role
from pos.reports import use_cases as reports_cases
from pos.risk import liability_cases
from pos.shop import demo_liability, demo_manager, demo_spread
from pos.shop.demo import DEMO_NAMES, DEMO_USERS, demo_fixtures, play_yesterday, seed_chain
from pos.shop.demo_registration import seed_registration
from pos.shop.desk import Desk
from pos.skks import use_cases as skks_cases
from pos.spread import use_cases as spread_cases
from pos.till import settings_use_cases as shop_settings_cases
from pos.till.shifts import Shift

log = logging.getLogger(__name__)

DEMO_PINS = {login: pin for login, pin, _role in DEMO_USERS}


DEMO_FLOAT = Decimal("1000.00")  # the demo shift's float


class Shop(Context):
    """One terminal's view of the shop, acting for the PC itself (the command line,
    integrations): its use cases run as the system (pos.core.context.SYSTEM). A user signs in
    (`login`) for a `Desk` that acts as them."""

    def __init__(self, adapters: Adapters, *, clock: Clock, terminal: str) -> None:
        """A shop over the adapters `main.py` built (`main.open_shop`, `main.assemble_shop`),
        at the office the terminal works in.

        Raises:
            InvalidText: a terminal name no database can store.
            TerminalNotRegistered: the chain has several offices and no manager registered
                this terminal in one.
        """
        name = terminal_name(terminal)
        with adapters.storage.unit_of_work() as uow:
            office, joined = office_of_terminal(uow, name)
            if joined:  # the only office: as a terminal always joined the shop (no one chose)
                uow.commit()
        # Papers name the cashier as the journal is signed (issue 34).
        self._names = NameBook(adapters.storage)
        super().__init__(signing(adapters, self._names), clock=clock, terminal=name, office=office)
        self.names_changed = self._names.forget
        conditions_cases.publish_at_start(self)  # the first version, or a changed one (p.6)

    def settings_written(
        self, uow: UnitOfWork, by: str, offices: Sequence[str] | None = None
    ) -> None:
        """Keep the version of the conditions the changed settings make (issue 37, p.6)."""
        conditions_cases.keep_versions(self, uow, by, offices)

    @property
    def context(self) -> Context:
        """The terminal the system's use cases run at: this shop."""
        return self

    @property
    def actor(self) -> Actor:
        """Who the shop's own use cases act as: the system (pos.core.context.SYSTEM)."""
        return SYSTEM

    # --- the system's use cases: the same functions a desk binds (pos.core.context) --------------
    register_serial = use_case(shop_settings_cases.register_serial)
    register_number = use_case(shop_settings_cases.register_number)
    update_settings = use_case(shop_settings_cases.update_settings)
    create_user = use_case(people_cases.create_user)
    assign_user = use_case(people_cases.assign_user)
    offices = use_case(offices_cases.offices)
    office_info = use_case(offices_cases.office)
    add_office = use_case(offices_cases.add_office)
    update_office = use_case(offices_cases.update_office)
    register_terminal = use_case(offices_cases.register_terminal)
    terminals = use_case(offices_cases.terminals)
    unlock_user = use_case(people_cases.unlock_user)
    rename_user = use_case(user_names.rename_user)  # the name papers print (issue 34)
    user_logins = use_case(people_cases.user_logins)
    slip = use_case(betting_cases.slip)
    account = use_case(accounts_cases.account)
    spread = use_case(spread_cases.spread)
    settle = use_case(exchange_cases.settle)  # the slips, then the paris
    pari = use_case(exchange_cases.pari)
    lapse_offers = use_case(exchange_cases.lapse_offers)
    journal = use_case(payout_journal_cases.journal)
    export_journal_pdf = use_case(payout_journal_cases.export_journal_pdf)
    report = use_case(reports_cases.report)
    export_report = use_case(reports_cases.export_report)
    liability = use_case(liability_cases.liability)  # the board (issue 38)
    # The demo's «Спрэдбет» quotes moved afresh; nothing on a real shop (issue 34).
    refresh_demo_quotes = use_case(demo_spread.refresh_quotes)
    skks_send = use_case(skks_cases.skks_send)  # the СККС outbox sent now (issue 35)
    skks_status = use_case(skks_cases.skks_status)
    skks_reconciliations = use_case(skks_cases.skks_reconciliations)  # shifts vs controller
    conditions = use_case(conditions_cases.conditions)  # p.6: the text, its version, history
    print_conditions = use_case(conditions_cases.print_conditions)

    def login(self, login: str, pin: str) -> Desk:
        """Sign a user in at this terminal.

        Raises:
            PinRequired: no PIN was typed; not a try, nothing is counted or recorded.
            UnknownUser: no such login.
            UserLocked: five wrong PINs; locked for 15 minutes (an hour the second time in a
                row) or until a manager unlocks.
            UserLockedUntilUnlocked: the third lock in a row; only a manager unlocks.
            WrongPin: the PIN does not match (the failure is counted and recorded).
        """
        user = people_cases.sign_in(self, login, pin)
        self._names.learn(user.login, user.full_name)  # the slips of this sign-in read no name
        return Desk(self, user, chain=people_cases.chain_of_offices(self))

    def seed_demo(
        self, *, played_yesterday: bool = False, chain: bool = False, spread: bool = False
    ) -> int:
        """Add the demo users that are missing and the demo events whose codes are free.

        Args:
            played_yesterday: on a new database, play a demo yesterday first (pos.shop.demo:
                finished matches with results, settled slips, three of them to pay today).
            chain: the demo chain (pos.shop.demo.DEMO_OFFICES): two offices, two terminals
                each, their staff; the demo manager is the chain's head.
            spread: the demo's «Спрэдбет» assets, quoted now (pos.shop.demo_spread); the
                window moves their quotes while it runs (`refresh_demo_quotes`).

        Returns:
            How many events were added to the coming line.
        """
        new = self.is_empty()
        if chain and new:
            self.create_user("boss", DEMO_PINS["boss"], Role.HEAD, name=DEMO_NAMES["boss"])
        if played_yesterday and new:
            numbers = play_yesterday(self)
            won = [number for number in numbers if self.slip(number).payout]
            lost = [number for number in numbers if number not in won]
            log.info("демо: вчерашние выигрышные купоны к выплате: %s", ", ".join(won))
            log.info("демо: вчерашние проигравшие купоны: %s", ", ".join(lost))
        self.seed_demo_users()
        if chain:
            seed_chain(self)
        zone = self.settings().zone
        added = 0
        with self.unit_of_work() as uow:
            for fixture in demo_fixtures(self.clock.now().astimezone(zone).date(), zone):
                if uow.line.get_event(fixture.code) is not None:
                    continue
                event = new_event(
                    fixture.code, fixture.sport, fixture.home, fixture.away, fixture.starts_at,
                    max_stake=fixture.max_stake,  # a referral's limit in the demo (issue 38)
                )  # fmt: skip
                record_event(self, SYSTEM, uow, event)
                for market, odds in fixture.odds.items():
                    record_odds(self, SYSTEM, uow, fixture.code, market, odds)
                added += 1
            if uow.shifts.open_for(self.terminal) is None:
                # A demo database can take bets at once: its terminal's shift is open, with a
                # float that pays the demo's winnings (payouts are capped by the drawer).
                shift = uow.shifts.add(
                    Shift(
                        0,
                        self.terminal,
                        self.clock.now(),
                        SYSTEM_ACTOR,
                        DEMO_FLOAT,
                        office=self.office,
                    )
                )
                SYSTEM.audit(self, uow, AuditAction.SHIFT_OPENED, f"демо-смена {shift.id}")
            SYSTEM.audit(self, uow, AuditAction.DEMO_SEEDED, f"событий: {added}")
            demo_manager.mark_demo(uow)
            uow.commit()
        if chain and new:  # the window's demo: the liability board's worst outcome (issue 38)
            demo_liability.take_todays_bets(self.login(*DEMO_USERS[0][:2]))
        if spread:
            demo_spread.add_assets(self, SYSTEM)
        return added

    def seed_demo_users(self) -> None:
        """Add the demo users that are missing, a demo register serial if none is set, and
        the demo organiser's registration (pos.shop.demo_registration)."""
        for login, pin, role in DEMO_USERS:
            if login not in self.user_logins():
                self.create_user(login, pin, role, name=DEMO_NAMES.get(login, ""))
        if not self.register_serial():
            self.update_settings(register_serial=f"DEMO-{self.terminal}")
        seed_registration(self)  # the demo organiser's licence and УНП (issue 34)

    def verify(self) -> Verification:
        """Check the audit trail's hash chain and the journal's numbering (`main.py verify`)."""
        with self.unit_of_work() as uow:
            return verify(uow)

    def is_empty(self) -> bool:
        """True for a new database with no users yet."""
        return not self.user_logins()


def terminal_name(terminal: str | None) -> str:
    """A terminal's name as every row stores it, from terminal.toml, the command line or the
    API (issue 15); none is the default terminal.

    Raises:
        InvalidText: a name no database can store.
    """
    return clean_text(terminal or "", "terminal", TERMINAL) or DEFAULT_TERMINAL


__all__ = ["DEFAULT_TERMINAL", "Desk", "Shop", "terminal_name"]
