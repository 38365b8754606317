"""The ports pos/ needs from the outside world: storage, printers and PIN hashing."""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from types import TracebackType
from typing import TYPE_CHECKING, BinaryIO, Protocol, Self
from zoneinfo import ZoneInfo

from pos.core.audit import AuditRecord, ChainedRecord, ChainHead
from pos.core.errors import PrinterUnavailable

if TYPE_CHECKING:  # the rooms' types the ports carry; core imports no room (README)
    from pos.betting.slips import Cancellation, CashMovement, IdCheck, Slip
    from pos.core.printers import PrinterConfig
    from pos.core.settings import ShopSettings
    from pos.line.events import Event, OddsQuote, Sport
    from pos.payouts.journal import JournalEntry, JournalQuery
    from pos.payouts.rules import PayoutNote, PendingPayout
    from pos.people.users import User
    from pos.poker.draws import Draw
    from pos.reports.builders import (
        CancelledSlip,
        EventLiability,
        Report,
        SalesHour,
        ShiftFacts,
        Tally,
        UnpaidWin,
    )
    from pos.settlement.batch import SettledBatch
    from pos.settlement.results import Result
    from pos.till.fiscal import DayReport, FiscalReceipt, Register
    from pos.till.shifts import CashKind, CashTransfer, Shift, TransferKind


class UserRepository(Protocol):
    """Users by login."""

    def get(self, login: str, *, for_update: bool = False) -> User | None: ...
    def add(self, user: User) -> None: ...
    def update(self, user: User) -> None: ...
    def list(self) -> list[User]: ...


class SettingsRepository(Protocol):
    """Shop settings as text by name, and the settings that belong to one terminal."""

    def load(self) -> dict[str, str]: ...
    def save(self, values: dict[str, str]) -> None: ...
    def register_serial(self, terminal: str) -> str | None: ...
    def set_register_serial(self, terminal: str, serial: str) -> None: ...
    def register_number(self, terminal: str) -> str: ...
    def set_register_number(self, terminal: str, number: str) -> None: ...
    def printer_texts(self, terminal: str) -> tuple[str | None, str | None]: ...
    def set_printer_texts(self, terminal: str, slip: str, fiscal: str | None) -> None: ...


class AuditLog(Protocol):
    """The append-only audit trail, a hash chain (pos.core.audit)."""

    def append(self, record: AuditRecord) -> None:
        """Add a record; it is numbered and chained when the transaction commits."""
        ...

    def recent(self, limit: int) -> list[AuditRecord]: ...
    def head(self) -> ChainHead: ...
    def numbers_taken(self) -> int:
        """How many numbers the chain's counter has handed out."""
        ...

    def chain(self) -> Iterator[ChainedRecord]:
        """Every record in chain order."""
        ...


class LineRepository(Protocol):
    """Events and the versions of their odds."""

    def add_event(self, event: Event) -> None: ...
    def get_event(self, code: int) -> Event | None: ...
    def events_by_code(self, codes: list[int]) -> dict[int, Event]: ...
    def events(self) -> list[Event]:
        """The events of the line (not the draws of Bet-on-Poker)."""
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

    def lock_issuing(self) -> None: ...
    def next_serial(self) -> int: ...
    def add(self, slip: Slip) -> None: ...
    def get(self, number: str, *, for_update: bool = False) -> Slip | None: ...
    def by_request(self, key: str) -> Slip | None: ...
    def cancel(self, number: str, cancellation: Cancellation) -> None: ...
    def count_reprint(self, number: str) -> int: ...
    def issued_since(self, terminal: str, since: datetime) -> list[Slip]: ...
    def cancelled(self, limit: int) -> list[Slip]: ...
    def add_cash(self, movement: CashMovement) -> None: ...
    def add_id_check(self, check: IdCheck) -> None: ...
    def pending(self, terminal: str) -> Slip | None: ...
    def confirm_pending(self, number: str, fiscal_receipt_no: int) -> bool: ...
    def void_pending(self, number: str) -> bool: ...

    def mark_paid(self, number: str) -> bool:
        """Mark a settled, unpaid slip paid; False when it is not (paid meanwhile)."""
        ...


class FiscalRepository(Protocol):
    """The cash registers' counters, their receipts and closed days (pos.till.fiscal)."""

    def register(self, serial: str, *, for_update: bool = False) -> Register | None: ...
    def save_register(self, register: Register, *, was: int | None = None) -> bool:
        """Store the register's counters (created at its first use); with `was`, only if its
        last receipt number is still `was` — False when it is not."""
        ...

    def add_receipt(self, receipt: FiscalReceipt) -> None: ...
    def receipt(self, serial: str, number: int) -> FiscalReceipt | None: ...
    def mark_printed(self, serial: str, number: int) -> None: ...
    def mark_in_doubt(self, serial: str, number: int, in_doubt: bool) -> None: ...
    def mark_spoiled(self, serial: str, number: int, reason: str) -> None: ...
    def unprinted(self, serial: str) -> list[FiscalReceipt]:
        """Receipts recorded but not printed (and not spoiled), in number order."""
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

    def unsettled(self, after: int, limit: int) -> tuple[list[int], list[bytes]]:
        """Ids and terms of issued slips without a settlement, ids above `after`, in order."""
        ...

    def count_unsettled(self) -> int: ...

    def record(self, batch: SettledBatch, at: datetime) -> int:
        """Store the settlements of a batch (a slip settled meanwhile keeps its own)."""
        ...

    def paid_on_event(self, code: int) -> int: ...

    def unsettle_event(self, code: int) -> int:
        """Drop the settlements of slips with a leg on the event (a corrected result)."""
        ...


class JournalRepository(Protocol):
    """The cash payout journal: entries are added, never changed or removed."""

    def next_number(self) -> int:
        """The next entry number, from a counter row updated in this transaction."""
        ...

    def numbers_taken(self) -> int:
        """The journal counter's value: how many numbers were handed out."""
        ...

    def add(self, entry: JournalEntry) -> None: ...
    def get(self, number: int) -> JournalEntry | None: ...
    def entries(self, query: JournalQuery) -> list[JournalEntry]:
        """The entries the query selects, in number order."""
        ...


class ShiftRepository(Protocol):
    """Shifts of the terminals, their cash transfers, and the cash their slips moved."""

    def open_for(self, terminal: str, *, for_update: bool = False) -> Shift | None: ...
    def add(self, shift: Shift) -> Shift:
        """Store a new open shift; returns it with its id."""
        ...

    def close(self, shift: Shift) -> None: ...
    def add_transfer(self, transfer: CashTransfer) -> None: ...
    def transfers(self, shift_id: int) -> list[tuple[TransferKind, Decimal]]:
        """The shift's cash in and out, summed by kind."""
        ...

    def movements(self, terminal: str, since: datetime) -> list[tuple[CashKind, Decimal]]:
        """The cash the terminal's slips moved since `since`, summed by kind (signed)."""
        ...


class DrawRepository(Protocol):
    """Bet-on-Poker draws (pos.poker.draws): the cards dealt so far in each."""

    def get(self, number: int, *, for_update: bool = False) -> Draw | None: ...
    def add(self, draw: Draw, event_code: int) -> None:
        """Store a new draw; its bets are legs of the event `event_code` (already added)."""
        ...

    def update(self, draw: Draw) -> None: ...
    def recent(self, limit: int) -> list[Draw]:
        """The last `limit` draws opened, the latest first."""
        ...


class ReportQueries(Protocol):
    """The read side of the manager's reports (pos.reports.builders): facts, never changed here."""

    def shifts(self, since: datetime, until: datetime) -> list[ShiftFacts]:
        """Shifts opened in [since, until) with the cash that moved in each, by kind."""
        ...

    def sales(self, since: datetime, until: datetime) -> list[SalesHour]:
        """Slips issued in [since, until) (not those never issued), counted by the hour, the
        sport and whether they were cancelled in the window."""
        ...

    def liabilities(self) -> tuple[list[EventLiability], Tally, Decimal]:
        """Open, unsettled slips by event; and all of them counted once: their number and
        stakes, and their possible payout."""
        ...

    def cancellations(self, since: datetime, until: datetime) -> list[CancelledSlip]:
        """Slips cancelled in the window in [since, until)."""
        ...

    def unpaid_wins(self, ended_since: datetime, ended_until: datetime) -> list[UnpaidWin]:
        """Slips settled won or refund and not paid whose last event ended in the range."""
        ...


class UnitOfWork(Protocol):
    """One transaction: everything done inside `with uow:` is rolled back unless committed."""

    users: UserRepository
    settings: SettingsRepository
    audit: AuditLog
    line: LineRepository
    slips: SlipRepository
    fiscal: FiscalRepository
    pending_payouts: PendingPayoutRepository
    results: ResultRepository
    settlement: SettlementRepository
    journal: JournalRepository
    shifts: ShiftRepository
    reports: ReportQueries
    draws: DrawRepository

    def __enter__(self) -> Self: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...


class Storage(Protocol):
    """An opened, migrated database: a source of units of work."""

    description: str

    def unit_of_work(self) -> UnitOfWork: ...
    def close(self) -> None: ...


class JournalWriter(Protocol):
    """How the printing adapter writes the journal as PDF."""

    def __call__(
        self,
        path_or_file: str | os.PathLike[str] | BinaryIO,
        entries: Sequence[JournalEntry],
        *,
        shop_name: str,
        licence: str,
        address: str,
        date_from: date,
        date_to: date,
        zone: ZoneInfo,
        printed_at: datetime,
        chain_head: ChainHead | None = None,
    ) -> int: ...


class ReportWriter(Protocol):
    """How the printing adapter writes a report as PDF."""

    def __call__(
        self,
        path_or_file: str | os.PathLike[str] | BinaryIO,
        report: Report,
        *,
        shop_name: str,
        licence: str,
        address: str,
    ) -> int:
        """Write the PDF; return its number of pages."""
        ...


class PinHasher(Protocol):
    """Hashes PINs and checks them against a stored hash."""

    def hash(self, pin: str) -> str: ...
    def verify(self, pin_hash: str, pin: str) -> bool: ...


@dataclass(frozen=True)
class PreviewLine:
    """One line of a print preview: text as the printer prints it, or a barcode or QR code."""

    text: str
    bold: bool = False
    center: bool = False
    tall: bool = False
    kind: str = "text"  # "text", "barcode" (CODE128 of `text`) or "qr" (QR of `text`)
    # A code's modules as the printer draws them, "1" dark: one row of bars for a barcode,
    # the rows of the square for a QR code (issue 16: the screen shows the real code).
    modules: tuple[str, ...] = ()


class PrintStation(Protocol):
    """This terminal's slip printer and fiscal printer (the printing adapter).

    Every job is rendered to bytes first and sent to a device in one write. Failures are
    `pos.errors.PrinterUnavailable`.
    """

    @property
    def virtual(self) -> bool:
        """True when no paper comes out: jobs go to files and are shown on screen."""
        ...

    @property
    def separate_fiscal(self) -> bool:
        """True when fiscal receipts go to a printer of their own."""
        ...

    @property
    def fiscal_where(self) -> str:
        """The fiscal printer as a message names it."""
        ...

    def print_slip(
        self,
        slip: Slip,
        settings: ShopSettings,
        *,
        copy: int = 0,
        receipt: FiscalReceipt | None = None,
    ) -> PrinterUnavailable | None:
        """Print a slip and its receipt; returns the receipt's failure when the slip came out
        but the receipt (on a separate fiscal printer) did not.

        Raises PrinterUnavailable when the slip's job failed (its `sent` says whether bytes
        may have gone out).
        """
        ...

    def print_receipts(self, receipts: Sequence[FiscalReceipt], settings: ShopSettings) -> None:
        """Print fiscal receipts on the fiscal printer, in one write."""
        ...

    def print_report(self, report: DayReport, settings: ShopSettings) -> None:
        """Print an X or Z report on the fiscal printer."""
        ...

    def print_payout_note(self, note: PayoutNote, settings: ShopSettings) -> None:
        """Print the player's payout note on the slip printer."""
        ...

    def print_test_page(self, settings: ShopSettings, *, fiscal: bool = False) -> None:
        """Print the code-page, barcode and width test on the slip (or fiscal) printer."""
        ...

    def print_cash_transfer(
        self, transfer: CashTransfer, terminal: str, settings: ShopSettings
    ) -> None:
        """Print the document of cash put in or taken out (on the fiscal printer)."""
        ...

    def preview_slip(
        self,
        slip: Slip,
        settings: ShopSettings,
        *,
        copy: int = 0,
        receipt: FiscalReceipt | None = None,
    ) -> list[PreviewLine]: ...

    def preview_receipt(
        self, receipt: FiscalReceipt, settings: ShopSettings
    ) -> list[PreviewLine]: ...

    def preview_report(self, report: DayReport, settings: ShopSettings) -> list[PreviewLine]: ...

    def preview_payout(
        self, note: PayoutNote, receipt: FiscalReceipt, settings: ShopSettings
    ) -> list[PreviewLine]: ...

    def close(self) -> None: ...


class StationBuilder(Protocol):
    """How the printing adapter builds this terminal's station from its printer settings.

    `main.py` binds what the settings do not say: the escpos printer objects an integration
    or a test hands in (they win over the settings) and the folder for the jobs of a
    terminal without a printer.
    """

    def __call__(self, slip: PrinterConfig, fiscal: PrinterConfig | None) -> PrintStation: ...


@dataclass(frozen=True)
class Adapters:
    """What the composition root (`main.py`) hands the shop: the outside world, built."""

    storage: Storage
    build_station: StationBuilder
    write_journal: JournalWriter
    write_report: ReportWriter
    pins: PinHasher
