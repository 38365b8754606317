"""What a fake database holds, and the fake repositories of its users, settings, audit log,
line and draws.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from decimal import Decimal

from pos.accounts.accounts import Account, StatementLine
from pos.accounts.exclusions import RegisterLoad
from pos.accounts.transfer_rules import Transfer
from pos.betting.slips import CashMovement, IdCheck, Slip, SlipStatus
from pos.claims.claims import Claim
from pos.conditions.versions import ConditionsVersion
from pos.core.audit import EMPTY_HEAD, AuditRecord, ChainedRecord, ChainHead, chain_hash
from pos.coupons.rules import Coupon
from pos.exchange.paris import Offer, Pari
from pos.line.events import Event, OddsQuote, Sport
from pos.offices.offices import FIRST_OFFICE, Office
from pos.payouts.journal import JournalEntry
from pos.payouts.rules import PendingPayout
from pos.people.users import Role, User
from pos.poker.draws import Draw
from pos.risk.referrals import Referral
from pos.settlement.results import Result
from pos.till.day_reports import DayReport
from pos.till.fiscal import FiscalReceipt, Register
from pos.till.shifts import CashTransfer, Shift


class FakeData:
    """Everything a fake database holds."""

    def __init__(self) -> None:
        self.users: dict[str, User] = {}
        self.roles: dict[tuple[str, str], Role] = {}  # by (login, office)
        # A database begins as one office, as the migration makes it (issue 18).
        self.offices: dict[str, Office] = {
            FIRST_OFFICE: Office(FIRST_OFFICE, "Пункт приёма ставок № 1", "г. Минск")
        }
        self.terminal_offices: dict[str, str | None] = {}
        self.settings: dict[str, str] = {}
        self.serials: dict[str, str] = {}
        self.audit: list[AuditRecord] = []
        self.chain: list[ChainedRecord] = []
        self.events: dict[int, Event] = {}
        self.quotes: list[OddsQuote] = []
        self.sport_limits: dict[Sport, Decimal] = {}
        self.slips: dict[str, Slip] = {}
        self.serial = 0
        self.cash: list[CashMovement] = []
        self.id_checks: list[IdCheck] = []
        self.printers: dict[str, tuple[str | None, str | None]] = {}
        self.registers: dict[str, Register] = {}
        self.receipts: dict[tuple[str, int], FiscalReceipt] = {}
        self.noticed: set[tuple[str, int]] = set()  # spoiled receipts whose void notice printed
        self.days: list[DayReport] = []
        self.results: dict[int, Result] = {}
        self.settled: dict[str, tuple[SlipStatus, Decimal]] = {}  # by slip number
        self.corrections = 0
        self.journal: dict[tuple[str, int], JournalEntry] = {}  # by (office, number)
        self.journal_counters: dict[str, int] = {}
        self.shifts: list[Shift] = []
        self.transfers: list[CashTransfer] = []
        self.draws: dict[int, Draw] = {}
        self.pending_payouts: dict[str, PendingPayout] = {}  # by slip number
        self.register_numbers: dict[str, str] = {}
        self.accounts: dict[str, Account] = {}  # by number
        self.account_lines: dict[str, tuple[StatementLine, ...]] = {}  # by number
        self.exclusions: set[str] = set()
        self.register_loads: list[RegisterLoad] = []  # issue 35
        self.account_serial = 0
        self.offers: dict[str, Offer] = {}  # by number, in the order made
        self.paris: dict[str, Pari] = {}
        self.claims: dict[tuple[str, int], Claim] = {}  # by (office, number) (issue 37)
        self.claim_counters: dict[str, int] = {}
        self.referrals: dict[tuple[str, int], Referral] = {}  # the risk desk (issue 38)
        self.conditions: list[ConditionsVersion] = []  # issue 37, p.6
        self.bank_transfers: list[Transfer] = []  # the register of transfers (issue 37, p.7)
        self.coupons: list[Coupon] = []  # remote coupons (issue 37, p.17)


class FakeUsers:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def get(self, login: str, *, for_update: bool = False) -> User | None:
        return self._data.users.get(login)

    def add(self, user: User) -> None:
        self._data.users[user.login] = user

    def update(self, user: User) -> None:
        self._data.users[user.login] = user

    def list(self) -> list[User]:
        return sorted(self._data.users.values(), key=lambda u: u.login)

    def roles(self, login: str) -> dict[str, Role]:
        return {office: role for (who, office), role in self._data.roles.items() if who == login}

    def roles_in(self, office: str) -> dict[str, Role]:
        return {who: role for (who, where), role in self._data.roles.items() if where == office}

    def set_role(self, login: str, office: str, role: Role | None) -> None:
        if role is None:
            self._data.roles.pop((login, office), None)
        else:
            self._data.roles[(login, office)] = role


class FakeOffices:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def list(self) -> list[Office]:
        return [self._data.offices[code] for code in sorted(self._data.offices)]

    def get(self, code: str) -> Office | None:
        return self._data.offices.get(code)

    def add(self, office: Office) -> None:
        assert office.code not in self._data.offices
        self._data.offices[office.code] = office

    def update(self, office: Office) -> None:
        self._data.offices[office.code] = office

    def count(self) -> int:
        return len(self._data.offices)

    def of_terminal(self, terminal: str) -> str | None:
        return self._data.terminal_offices.get(terminal)

    def register_terminal(self, terminal: str, office: str) -> None:
        self._data.terminal_offices[terminal] = office

    def terminals(self) -> dict[str, str | None]:
        known = set(self._data.terminal_offices) | set(self._data.serials)
        return {name: self._data.terminal_offices.get(name) for name in sorted(known)}


class FakeSettings:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def load(self, office: str | None = None) -> dict[str, str]:
        # As db/settings.py: the office's own over the organiser's, with who the office is.
        found = dict(self._data.settings)
        if office is not None and (known := self._data.offices.get(office)) is not None:
            found.update(known.settings)
            found.update(office_code=known.code, office_name=known.name, address=known.address)
        return found

    def save(self, values: dict[str, str]) -> None:
        self._data.settings.update(values)

    def register_serial(self, terminal: str) -> str | None:
        return self._data.serials.get(terminal)

    def set_register_serial(self, terminal: str, serial: str) -> None:
        self._data.serials[terminal] = serial

    def register_number(self, terminal: str) -> str:
        return self._data.register_numbers.get(terminal, "")

    def register_of(self, terminal: str) -> tuple[str | None, str]:
        return self.register_serial(terminal), self.register_number(terminal)

    def set_register_number(self, terminal: str, number: str) -> None:
        self._data.register_numbers[terminal] = number

    def printer_texts(self, terminal: str) -> tuple[str | None, str | None]:
        return self._data.printers.get(terminal, (None, None))

    def set_printer_texts(self, terminal: str, slip: str, fiscal: str | None) -> None:
        self._data.printers[terminal] = (slip, fiscal)


class FakeAudit:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def append(self, record: AuditRecord) -> None:
        # One fake transaction at a time: numbered and chained at once, in the office's chain.
        head = self.head(record.office)
        seq = head.seq + 1
        self._data.audit.append(record)
        self._data.chain.append(ChainedRecord(seq, record, chain_hash(head.hash, seq, record)))

    def recent(self, limit: int) -> list[AuditRecord]:
        return list(reversed(self._data.audit))[:limit]

    def head(self, office: str) -> ChainHead:
        mine = list(self.chain(office))
        return EMPTY_HEAD if not mine else ChainHead(mine[-1].seq, mine[-1].hash)

    def chain(self, office: str) -> Iterator[ChainedRecord]:
        return iter([c for c in self._data.chain if c.record.office == office])

    def numbers_taken(self, office: str) -> int:
        return len(list(self.chain(office)))


class FakeLine:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def add_event(self, event: Event) -> None:
        self._data.events[event.code] = event

    def get_event(self, code: int) -> Event | None:
        return self._data.events.get(code)

    def events(self) -> list[Event]:
        return [e for e in self._data.events.values() if e.sport is not Sport.GAME]

    def events_by_code(self, codes: list[int]) -> dict[int, Event]:
        return {code: self._data.events[code] for code in codes if code in self._data.events}

    def latest_events(self, codes: range, limit: int) -> list[Event]:
        found = sorted((code for code in self._data.events if code in codes), reverse=True)
        return [self._data.events[code] for code in found[:limit]]

    def add_quote(self, quote: OddsQuote) -> None:
        self._data.quotes.append(quote)

    def current_quotes(self, codes: list[int]) -> list[OddsQuote]:
        latest: dict[tuple[int, str], OddsQuote] = {}
        for quote in self._data.quotes:
            if quote.event_code in codes:
                latest[(quote.event_code, quote.market)] = quote
        return list(latest.values())

    def update_event(self, event: Event) -> None:
        old = self._data.events[event.code]
        self._data.events[event.code] = dataclasses.replace(event, suspended=old.suspended)

    def quotes_for(self, picks: list[tuple[int, str]]) -> dict[tuple[int, str], OddsQuote]:
        latest = {(q.event_code, q.market): q for q in self.current_quotes([c for c, _ in picks])}
        return {pick: latest[pick] for pick in picks if pick in latest}

    def set_suspended(self, code: int, suspended: bool) -> None:
        event = self._data.events[code]
        self._data.events[code] = dataclasses.replace(event, suspended=suspended)

    def sport_limits(self) -> dict[Sport, Decimal]:
        return dict(self._data.sport_limits)

    def set_sport_limit(self, sport: Sport, limit: Decimal | None) -> None:
        if limit is None:
            self._data.sport_limits.pop(sport, None)
        else:
            self._data.sport_limits[sport] = limit


class FakeDraws:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def get(self, number: int, *, for_update: bool = False) -> Draw | None:
        return self._data.draws.get(number)

    def add(self, draw: Draw, event_code: int) -> None:
        assert event_code in self._data.events and draw.number not in self._data.draws
        self._data.draws[draw.number] = draw

    def update(self, draw: Draw) -> None:
        self._data.draws[draw.number] = draw

    def recent(self, limit: int) -> list[Draw]:
        return sorted(self._data.draws.values(), key=lambda d: -d.number)[:limit]
