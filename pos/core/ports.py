"""The ports pos/ needs from the outside world: storage, printers and PIN hashing."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from datetime import datetime
from decimal import Decimal
from types import TracebackType
from typing import TYPE_CHECKING, Protocol, Self, TypeVar

from pos.core.account_ports import AccountRepository, ExchangeRepository, SpreadRepository
from pos.core.audit import AuditRecord, ChainedRecord, ChainHead
from pos.core.conditions_ports import ConditionsRepository
from pos.core.outbox_ports import OutboxRepository
from pos.core.report_ports import ReportQueries
from pos.core.risk_ports import CashoutRepository, LiabilityRepository, ReferralRepository
from pos.core.shift_ports import ShiftRepository
from pos.core.transfer_ports import TransferRepository

if TYPE_CHECKING:  # the rooms' types the ports carry; core imports no room (README)
    from pos.betting.slips import CashMovement, IdCheck, Slip, Transition
    from pos.betting.teller import Teller
    from pos.claims.ports import ClaimRepository
    from pos.core.coupon_ports import CouponRepository
    from pos.games.stores import StoreKey
    from pos.line.events import Event, OddsQuote, Sport
    from pos.offices.offices import Office
    from pos.payouts.journal import JournalEntry, JournalQuery
    from pos.payouts.rules import PendingPayout
    from pos.people.users import Role, User
    from pos.settlement.batch import SettledBatch
    from pos.settlement.results import Result
    from pos.till.day_reports import DayReport
    from pos.till.fiscal import FiscalReceipt, Register
    from pos.till.void_notices import VoidNotice

T = TypeVar("T")


class UserRepository(Protocol):
    """Users by login."""

    def get(self, login: str, *, for_update: bool = False) -> User | None: ...
    def add(self, user: User) -> None: ...
    def update(self, user: User) -> None: ...
    def list(self) -> list[User]: ...
    def roles(self, login: str) -> dict[str, Role]:
        """The user's role in each office they work in (a head's: none, they work in all)."""
        ...

    def roles_in(self, office: str) -> dict[str, Role]:
        """Who has a role in `office` (the heads aside), with it: one read for a list."""
        ...

    def set_role(self, login: str, office: str, role: Role | None) -> None:
        """Give the user `role` in `office`; None: they no longer work there."""
        ...


class OfficeRepository(Protocol):
    """The chain's offices and the office of each terminal."""

    def list(self) -> list[Office]:
        """Every office, by code."""
        ...

    def get(self, code: str) -> Office | None: ...
    def add(self, office: Office) -> None: ...
    def update(self, office: Office) -> None:
        """Store the office's name, address and own settings."""
        ...

    def count(self) -> int: ...
    def of_terminal(self, terminal: str) -> str | None:
        """The code of the office the terminal is registered in, if it is."""
        ...

    def register_terminal(self, terminal: str, office: str) -> None: ...
    def terminals(self) -> dict[str, str | None]:
        """Every terminal the database knows, with its office (None: not registered)."""
        ...


class SettingsRepository(Protocol):
    """Shop settings as text by name, and the settings that belong to one terminal."""

    def load(self, office: str | None = None) -> dict[str, str]:
        """The organiser's settings; with `office`, that office's own over them, with its
        code, name and address (`office_code`, `office_name`, `address`)."""
        ...

    def save(self, values: dict[str, str]) -> None: ...
    def register_serial(self, terminal: str) -> str | None: ...
    def set_register_serial(self, terminal: str, serial: str) -> None: ...
    def register_number(self, terminal: str) -> str: ...
    def register_of(self, terminal: str) -> tuple[str | None, str]:
        """The serial and registration number of the terminal's register, in one read."""
        ...

    def set_register_number(self, terminal: str, number: str) -> None: ...
    def printer_texts(self, terminal: str) -> tuple[str | None, str | None]: ...
    def set_printer_texts(self, terminal: str, slip: str, fiscal: str | None) -> None: ...


class AuditLog(Protocol):
    """The append-only audit trail: a hash chain per office (pos.core.audit)."""

    def append(self, record: AuditRecord) -> None:
        """Add a record to its office's chain; numbered and chained when the transaction
        commits."""
        ...

    def recent(self, limit: int) -> list[AuditRecord]:
        """The last `limit` records of every office, newest first."""
        ...

    def head(self, office: str) -> ChainHead: ...
    def numbers_taken(self, office: str) -> int:
        """How many numbers the office's chain's counter has handed out."""
        ...

    def chain(self, office: str) -> Iterator[ChainedRecord]:
        """Every record of the office's chain in chain order."""
        ...


class LineRepository(Protocol):
    """Events and the versions of their odds."""

    def add_event(self, event: Event) -> None: ...
    def get_event(self, code: int) -> Event | None: ...
    def events_by_code(self, codes: list[int]) -> dict[int, Event]: ...
    def events(self) -> list[Event]:
        """The events of the line (not the draws of the games, pos.games)."""
        ...

    def latest_events(self, codes: range, limit: int) -> list[Event]:
        """The `limit` events whose codes are in `codes`, the highest code first: a game's
        latest draws (issue 36), whose schedule goes on from the last one opened."""
        ...

    def add_quote(self, quote: OddsQuote) -> None: ...
    def current_quotes(self, codes: list[int]) -> list[OddsQuote]: ...
    def quotes_for(self, picks: list[tuple[int, str]]) -> dict[tuple[int, str], OddsQuote]: ...
    def update_event(self, event: Event) -> None: ...
    def set_suspended(self, code: int, suspended: bool) -> None: ...
    def sport_limits(self) -> dict[Sport, Decimal]: ...
    def set_sport_limit(self, sport: Sport, limit: Decimal | None) -> None: ...


class SlipRepository(Protocol):
    """Issued slips, their numbering, and the records that go with them."""

    def lock_issuing(self, terminal: str) -> None:
        """Issue the terminal's slips one at a time (a repeated request waits, then finds
        its slip); other terminals do not wait."""
        ...

    def next_serial(self) -> int: ...
    def add(self, slip: Slip) -> None: ...
    def get(self, number: str, *, for_update: bool = False) -> Slip | None: ...
    def by_request(self, key: str) -> Slip | None: ...
    def count_reprint(self, number: str) -> int: ...
    def issued_since(self, terminal: str, since: datetime) -> list[Slip]: ...
    def cancelled(self, limit: int) -> list[Slip]: ...
    def add_cash(self, movement: CashMovement) -> None: ...
    def add_id_check(self, check: IdCheck) -> None: ...
    def pending(self, terminal: str) -> Slip | None: ...

    def move(self, transition: Transition) -> bool:
        """Store the slip's new status and what changes with it, only while the slip is still
        in one of the statuses the move starts from; False when it is not (moved meanwhile)."""
        ...

    def move_or_refuse(self, transition: Transition, refusal: Exception) -> None:
        """`move`, raising `refusal` when the slip was not in a status the move starts from:
        at once, or (a server far away) with the transaction's next statement or its commit;
        either way before anything of the transaction is kept."""
        ...


class VoidNoticeRepository(Protocol):
    """The void notices of spoiled receipts and whether each was printed (pos.till.void_notices)."""

    def pending(self, terminal: str) -> list[VoidNotice]:
        """The terminal's register's spoiled receipts without a printed notice, in order."""
        ...

    def mark_printed(self, serial: str, number: int, at: datetime) -> None: ...


class FiscalRepository(Protocol):
    """The cash registers' counters, their receipts and closed days (pos.till.fiscal)."""

    def register(self, serial: str, *, for_update: bool = False) -> Register | None: ...
    def register_at(self, terminal: str) -> Register | None:
        """The register whose serial is set for the terminal, locked for the transaction
        (None: no serial set, or the register not used yet)."""
        ...

    def save_register(self, register: Register, *, was: int | None = None) -> bool:
        """Store the register's counters (created at its first use); with `was`, only if its
        last receipt number is still `was` — False when it is not."""
        ...

    def advance_register(self, register: Register, *, was: int) -> None:
        """`save_register(register, was=was)`, raising ConcurrentChange when the register
        moved on: at once, or with the transaction's next statement or its commit (as
        `SlipRepository.move_or_refuse`)."""
        ...

    def add_receipt(self, receipt: FiscalReceipt) -> None: ...
    def receipt(self, serial: str, number: int) -> FiscalReceipt | None: ...
    def mark_printed(self, serial: str, number: int) -> None: ...
    def mark_in_doubt(self, serial: str, number: int, in_doubt: bool) -> None: ...
    def mark_spoiled(self, serial: str, number: int, reason: str) -> None: ...
    def unprinted(self, serial: str) -> list[FiscalReceipt]:
        """Receipts recorded but not printed (and not spoiled), in number order."""
        ...

    def anything_waiting(self, terminal: str) -> bool:
        """Whether the terminal has a slip or payout waiting for its print, or the register
        set for it an unprinted receipt: one read for the common answer, no."""
        ...

    def day_receipts(self, serial: str, day_no: int) -> list[FiscalReceipt]: ...
    def add_day_report(self, report: DayReport) -> None: ...
    def last_day_report(self, serial: str) -> DayReport | None: ...


class PendingPayoutRepository(Protocol):
    """Payouts waiting for their receipt's print (pos.payouts.rules.PendingPayout)."""

    def add(self, pending: PendingPayout) -> None: ...
    def for_terminal(self, terminal: str) -> PendingPayout | None: ...
    def for_slip(self, slip_number: str, *, for_update: bool = False) -> PendingPayout | None: ...
    def remove(self, slip_number: str) -> bool:
        """Delete the slip's pending payout; False when there was none (any more)."""
        ...


class ResultRepository(Protocol):
    """Event results as first recorded (p.21), by event code."""

    def get(self, code: int, *, for_update: bool = False) -> Result | None: ...
    def for_events(self, codes: Collection[int]) -> dict[int, Result]: ...
    def add(self, result: Result) -> None: ...
    def replace(self, result: Result) -> None: ...
    def all(self) -> dict[int, Result]: ...


class SettlementRepository(Protocol):
    """Unsettled slips as their terms, and what settlement found (pos.settlement.batch)."""

    def lock(self) -> int:
        """Serialise with result corrections; returns how many corrections there have been."""
        ...

    def count_corrections(self) -> None:
        """Count one more correction (taken under `lock`)."""
        ...

    def hold(self) -> None:
        """`lock` for a writer that needs no count (a payout numbering the journal): a no-op
        where the transaction holds the database's write lock already, SQLite (issue 34)."""
        ...

    def unsettled(self, after: int, limit: int) -> tuple[list[int], list[bytes]]:
        """Ids and terms of issued slips without a settlement, ids above `after`, in order."""
        ...

    def count_unsettled(self) -> int: ...

    def record(self, batch: SettledBatch, at: datetime) -> int:
        """Store the settlements of a batch (a slip settled meanwhile keeps its own)."""
        ...

    def paid_on_event(self, code: int) -> int: ...

    def credit_accounts(self, teller: Teller, at: datetime) -> int:
        """Credit settled cashless slips' wins and returns onto their accounts and mark them
        paid (p.7, issue 37; db.slip_credits); returns how many."""
        ...

    def unsettle_event(self, code: int) -> int:
        """Drop the settlements of slips with a leg on the event (a corrected result)."""
        ...


class JournalRepository(Protocol):
    """The cash payout journal: entries are added, never changed or removed."""

    def next_number(self, office: str) -> int:
        """The office's next entry number, from its counter row updated in this transaction."""
        ...

    def numbers_taken(self, office: str) -> int:
        """The office's journal counter: how many numbers it handed out."""
        ...

    def add(self, entry: JournalEntry) -> None: ...
    def get(self, office: str, number: int) -> JournalEntry | None: ...
    def entries(self, query: JournalQuery) -> list[JournalEntry]:
        """The entries the query selects, in number order."""
        ...


class UnitOfWork(Protocol):
    """One transaction: everything done inside `with uow:` is rolled back unless committed."""

    users: UserRepository
    offices: OfficeRepository
    settings: SettingsRepository
    audit: AuditLog
    line: LineRepository
    slips: SlipRepository
    fiscal: FiscalRepository
    void_notices: VoidNoticeRepository
    pending_payouts: PendingPayoutRepository
    results: ResultRepository
    settlement: SettlementRepository
    journal: JournalRepository
    shifts: ShiftRepository
    reports: ReportQueries
    accounts: AccountRepository
    spread: SpreadRepository
    exchange: ExchangeRepository
    skks: OutboxRepository
    conditions: ConditionsRepository  # the published conditions' versions (issue 37, p.6)
    transfers: TransferRepository  # bank transfers onto and off accounts (issue 37, p.7)
    claims: ClaimRepository  # issue 37
    coupons: CouponRepository  # remote coupons (issue 37, p.17)
    liability: LiabilityRepository  # the risk desk (issue 38)
    referrals: ReferralRepository
    cashouts: CashoutRepository

    def __enter__(self) -> Self: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    def store(self, key: StoreKey[T]) -> T:
        """A game's own repository in this transaction (issue 36: `uow.store(DRAWS)`).

        Raises:
            UnknownStore (pos.games.stores): no game registered `key` with the storage.
        """
        ...

    def read_ahead(self, *reads: Callable[[], object]) -> None:
        """A hint: the transaction makes these reads first, in this order. A storage with
        round trips to save may send them together now; each read, when it is then made,
        answers as it would have (its answer is used once)."""
        ...


class Storage(Protocol):
    """An opened, migrated database: a source of units of work."""

    description: str

    def unit_of_work(self) -> UnitOfWork: ...
    def close(self) -> None: ...
