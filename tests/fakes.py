"""In-memory fakes of the pos ports, for unit and GUI tests that need no database."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Collection, Iterator
from datetime import datetime
from decimal import Decimal
from types import TracebackType
from typing import Self

from pos.betting.slips import Cancellation, CashMovement, IdCheck, Slip, SlipStatus
from pos.core.audit import EMPTY_HEAD, AuditRecord, ChainedRecord, ChainHead, chain_hash
from pos.core.ports import (
    AuditLog,
    DrawRepository,
    FiscalRepository,
    JournalRepository,
    LineRepository,
    PendingPayoutRepository,
    ResultRepository,
    SettingsRepository,
    SettlementRepository,
    ShiftRepository,
    SlipRepository,
    UserRepository,
)
from pos.line.events import Event, OddsQuote, Sport
from pos.payouts.journal import JournalEntry, JournalQuery
from pos.payouts.rules import PendingPayout
from pos.people.users import User
from pos.poker.draws import Draw
from pos.settlement.batch import VERDICT_STATUS, SettledBatch, Verdict
from pos.settlement.results import Result
from pos.settlement.terms import encode_terms
from pos.till.day_reports import DayReport
from pos.till.fiscal import FiscalReceipt, Register
from pos.till.shifts import ZERO, CashKind, CashTransfer, Shift, ShiftState, TransferKind


class FakeData:
    """Everything a fake database holds."""

    def __init__(self) -> None:
        self.users: dict[str, User] = {}
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
        self.days: list[DayReport] = []
        self.results: dict[int, Result] = {}
        self.settled: dict[str, tuple[SlipStatus, Decimal]] = {}  # by slip number
        self.corrections = 0
        self.journal: dict[int, JournalEntry] = {}
        self.journal_counter = 0
        self.shifts: list[Shift] = []
        self.transfers: list[CashTransfer] = []
        self.draws: dict[int, Draw] = {}
        self.pending_payouts: dict[str, PendingPayout] = {}  # by slip number
        self.register_numbers: dict[str, str] = {}


class _Users:
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


class _Settings:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def load(self) -> dict[str, str]:
        return dict(self._data.settings)

    def save(self, values: dict[str, str]) -> None:
        self._data.settings.update(values)

    def register_serial(self, terminal: str) -> str | None:
        return self._data.serials.get(terminal)

    def set_register_serial(self, terminal: str, serial: str) -> None:
        self._data.serials[terminal] = serial

    def register_number(self, terminal: str) -> str:
        return self._data.register_numbers.get(terminal, "")

    def set_register_number(self, terminal: str, number: str) -> None:
        self._data.register_numbers[terminal] = number

    def printer_texts(self, terminal: str) -> tuple[str | None, str | None]:
        return self._data.printers.get(terminal, (None, None))

    def set_printer_texts(self, terminal: str, slip: str, fiscal: str | None) -> None:
        self._data.printers[terminal] = (slip, fiscal)


class _Audit:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def append(self, record: AuditRecord) -> None:
        # One fake transaction at a time: numbered and chained at once.
        head = self.head()
        seq = head.seq + 1
        self._data.audit.append(record)
        self._data.chain.append(ChainedRecord(seq, record, chain_hash(head.hash, seq, record)))

    def recent(self, limit: int) -> list[AuditRecord]:
        return list(reversed(self._data.audit))[:limit]

    def head(self) -> ChainHead:
        last = self._data.chain[-1] if self._data.chain else None
        return EMPTY_HEAD if last is None else ChainHead(last.seq, last.hash)

    def chain(self) -> Iterator[ChainedRecord]:
        return iter(list(self._data.chain))

    def numbers_taken(self) -> int:
        return len(self._data.chain)


class _Line:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def add_event(self, event: Event) -> None:
        self._data.events[event.code] = event

    def get_event(self, code: int) -> Event | None:
        return self._data.events.get(code)

    def events(self) -> list[Event]:
        return [e for e in self._data.events.values() if e.sport is not Sport.POKER]

    def events_by_code(self, codes: list[int]) -> dict[int, Event]:
        return {code: self._data.events[code] for code in codes if code in self._data.events}

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


class _Slips:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def lock_issuing(self) -> None:
        pass  # one fake transaction at a time

    def next_serial(self) -> int:
        self._data.serial += 1
        return self._data.serial

    def add(self, slip: Slip) -> None:
        assert slip.number not in self._data.slips
        assert all(s.request_key != slip.request_key for s in self._data.slips.values())
        self._data.slips[slip.number] = slip

    def get(self, number: str, *, for_update: bool = False) -> Slip | None:
        slip = self._data.slips.get(number)
        return None if slip is None else settled(self._data, slip)

    def by_request(self, key: str) -> Slip | None:
        found = next((s for s in self._data.slips.values() if s.request_key == key), None)
        return None if found is None else settled(self._data, found)

    def cancel(self, number: str, cancellation: Cancellation) -> None:
        # As db/slips.py: only an open slip, else LookupError (a settled one is still open).
        slip = self._data.slips.get(number)
        if slip is None or slip.status is not SlipStatus.OPEN:
            raise LookupError(f"slip {number} is not open")
        self._data.slips[number] = dataclasses.replace(
            slip, status=SlipStatus.CANCELLED, cancellation=cancellation
        )

    def count_reprint(self, number: str) -> int:
        slip = self._data.slips[number]
        self._data.slips[number] = dataclasses.replace(slip, reprints=slip.reprints + 1)
        return slip.reprints + 1

    def issued_since(self, terminal: str, since: datetime) -> list[Slip]:
        found = [
            s
            for s in self._data.slips.values()
            if s.terminal == terminal
            and s.issued_at >= since
            and s.status not in (SlipStatus.PENDING, SlipStatus.VOID)
        ]
        return [
            settled(self._data, s) for s in sorted(found, key=lambda s: s.issued_at, reverse=True)
        ]

    def cancelled(self, limit: int) -> list[Slip]:
        found = [s for s in self._data.slips.values() if s.cancellation is not None]
        found.sort(key=lambda s: s.cancellation.at if s.cancellation else s.issued_at, reverse=True)
        return found[:limit]

    def add_cash(self, movement: CashMovement) -> None:
        self._data.cash.append(movement)

    def add_id_check(self, check: IdCheck) -> None:
        self._data.id_checks.append(check)

    def pending(self, terminal: str) -> Slip | None:
        return next(
            (
                s
                for s in self._data.slips.values()
                if s.terminal == terminal and s.status is SlipStatus.PENDING
            ),
            None,
        )

    def confirm_pending(self, number: str, fiscal_receipt_no: int) -> bool:
        slip = self._data.slips.get(number)
        if slip is None or slip.status is not SlipStatus.PENDING:
            return False
        self._data.slips[number] = dataclasses.replace(
            slip, status=SlipStatus.OPEN, fiscal_receipt_no=fiscal_receipt_no
        )
        return True

    def mark_paid(self, number: str) -> bool:
        # As db/slips.py: an open slip settled as won or refund; a lost one is never paid.
        slip = self._data.slips.get(number)
        found = self._data.settled.get(number)
        if slip is None or slip.status is not SlipStatus.OPEN or found is None:
            return False
        if found[0] is SlipStatus.LOST:
            return False
        self._data.slips[number] = dataclasses.replace(slip, status=SlipStatus.PAID)
        return True

    def void_pending(self, number: str) -> bool:
        slip = self._data.slips.get(number)
        if slip is None or slip.status is not SlipStatus.PENDING:
            return False
        self._data.slips[number] = dataclasses.replace(
            slip, status=SlipStatus.VOID, request_key="void:" + number, fiscal_receipt_no=None
        )
        return True


class _Fiscal:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def register(self, serial: str, *, for_update: bool = False) -> Register | None:
        return self._data.registers.get(serial)

    def save_register(self, register: Register, *, was: int | None = None) -> bool:
        stored = self._data.registers.get(register.serial)
        if was is not None and (stored is None or stored.last_receipt_no != was):
            return False
        self._data.registers[register.serial] = register
        return True

    def add_receipt(self, receipt: FiscalReceipt) -> None:
        key = (receipt.register_serial, receipt.number)
        assert key not in self._data.receipts, "a receipt number used twice"
        self._data.receipts[key] = receipt

    def receipt(self, serial: str, number: int) -> FiscalReceipt | None:
        return self._data.receipts.get((serial, number))

    def mark_printed(self, serial: str, number: int) -> None:
        self._change(serial, number, printed=True, in_doubt=False)

    def mark_in_doubt(self, serial: str, number: int, in_doubt: bool) -> None:
        self._change(serial, number, in_doubt=in_doubt)

    def mark_spoiled(self, serial: str, number: int, reason: str) -> None:
        self._change(serial, number, spoiled=reason, in_doubt=False, printed=False)

    def _change(self, serial: str, number: int, **changes: object) -> None:
        receipt = self._data.receipts[(serial, number)]
        self._data.receipts[(serial, number)] = dataclasses.replace(receipt, **changes)  # type: ignore[arg-type]

    def unprinted(self, serial: str) -> list[FiscalReceipt]:
        found = [
            r
            for (s, _), r in self._data.receipts.items()
            if s == serial and not r.printed and r.spoiled is None
        ]
        return sorted(found, key=lambda r: r.number)

    def day_receipts(self, serial: str, day_no: int) -> list[FiscalReceipt]:
        found = [
            r for (s, _), r in self._data.receipts.items() if s == serial and r.day_no == day_no
        ]
        return sorted(found, key=lambda r: r.number)

    def add_day_report(self, report: DayReport) -> None:
        self._data.days.append(report)

    def last_day_report(self, serial: str) -> DayReport | None:
        return next((d for d in reversed(self._data.days) if d.register_serial == serial), None)


def settled(data: FakeData, slip: Slip) -> Slip:
    """The slip as the database shows it: an open slip takes its settlement's status."""
    found = data.settled.get(slip.number)
    if found is None:
        return slip
    status = found[0] if slip.status is SlipStatus.OPEN else slip.status
    return dataclasses.replace(slip, status=status, settled_payout=found[1])


class _Results:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def get(self, code: int, *, for_update: bool = False) -> Result | None:
        return self._data.results.get(code)

    def for_events(self, codes: Collection[int]) -> dict[int, Result]:
        return {code: self._data.results[code] for code in codes if code in self._data.results}

    def add(self, result: Result) -> None:
        assert result.event_code not in self._data.results
        self._data.results[result.event_code] = result

    def replace(self, result: Result) -> None:
        assert result.event_code in self._data.results
        self._data.results[result.event_code] = result

    def all(self) -> dict[int, Result]:
        return dict(self._data.results)


class _Settlement:
    """Slip ids are positions in the order the slips were added, from 1."""

    def __init__(self, data: FakeData) -> None:
        self._data = data

    def lock(self) -> int:
        return self._data.corrections

    def count_corrections(self) -> None:
        self._data.corrections += 1

    def unsettled(self, after: int, limit: int) -> tuple[list[int], list[bytes]]:
        ids, terms = [], []
        for slip_id, slip in enumerate(self._data.slips.values(), start=1):
            waiting = slip.status is SlipStatus.OPEN and slip.number not in self._data.settled
            if slip_id > after and waiting and len(ids) < limit:
                ids.append(slip_id)
                terms.append(encode_terms(slip))
        return ids, terms

    def count_unsettled(self) -> int:
        return len(self.unsettled(0, len(self._data.slips))[0])

    def record(self, batch: SettledBatch, at: datetime) -> int:
        numbers = list(self._data.slips)
        for slip_id, code, kopecks in zip(
            batch.slip_ids.tolist(), batch.status.tolist(), batch.payout.tolist(), strict=True
        ):
            number = numbers[slip_id - 1]
            status = VERDICT_STATUS[Verdict(code)]
            self._data.settled.setdefault(number, (status, Decimal(kopecks).scaleb(-2)))
        return len(batch)

    def paid_on_event(self, code: int) -> int:
        return sum(
            1
            for slip in self._data.slips.values()
            if slip.status is SlipStatus.PAID and any(leg.event_code == code for leg in slip.legs)
        )

    def unsettle_event(self, code: int) -> int:
        undone = [
            number
            for number in self._data.settled
            if any(leg.event_code == code for leg in self._data.slips[number].legs)
        ]
        for number in undone:
            del self._data.settled[number]
        return len(undone)


class _Journal:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def next_number(self) -> int:
        self._data.journal_counter += 1
        return self._data.journal_counter

    def numbers_taken(self) -> int:
        return self._data.journal_counter

    def add(self, entry: JournalEntry) -> None:
        assert entry.number not in self._data.journal
        self._data.journal[entry.number] = entry

    def get(self, number: int) -> JournalEntry | None:
        return self._data.journal.get(number)

    def entries(self, query: JournalQuery) -> list[JournalEntry]:
        def wanted(e: JournalEntry) -> bool:
            return (
                (query.since is None or e.paid_at >= query.since)
                and (query.until is None or e.paid_at < query.until)
                and (query.cashier is None or e.cashier == query.cashier)
                and (query.min_amount is None or e.amount >= query.min_amount)
                and (query.max_amount is None or e.amount <= query.max_amount)
                and (query.slip_number is None or e.slip_number == query.slip_number)
            )

        return [e for _, e in sorted(self._data.journal.items()) if wanted(e)]


class _PendingPayouts:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def add(self, pending: PendingPayout) -> None:
        assert pending.slip_number not in self._data.pending_payouts
        self._data.pending_payouts[pending.slip_number] = pending

    def for_terminal(self, terminal: str) -> PendingPayout | None:
        found = (p for p in self._data.pending_payouts.values() if p.terminal == terminal)
        return next(found, None)

    def for_slip(self, slip_number: str, *, for_update: bool = False) -> PendingPayout | None:
        return self._data.pending_payouts.get(slip_number)

    def remove(self, slip_number: str) -> bool:
        return self._data.pending_payouts.pop(slip_number, None) is not None


class _Shifts:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def open_for(self, terminal: str, *, for_update: bool = False) -> Shift | None:
        shift = next(
            (s for s in self._data.shifts if s.terminal == terminal and s.state is ShiftState.OPEN),
            None,
        )
        if shift is None:
            return None
        # The real table keeps a running balance; here it is summed (both are tested).
        moved = sum((amount for _, amount in self.movements(terminal, shift.opened_at)), ZERO)
        for kind, amount in self.transfers(shift.id):
            moved += amount if kind is TransferKind.CASH_IN else -amount
        return dataclasses.replace(shift, drawer=shift.opening_cash + moved)

    def add(self, shift: Shift) -> Shift:
        assert self.open_for(shift.terminal) is None
        stored = dataclasses.replace(shift, id=len(self._data.shifts) + 1)
        self._data.shifts.append(stored)
        return stored

    def close(self, shift: Shift) -> None:
        self._data.shifts[shift.id - 1] = shift

    def add_transfer(self, transfer: CashTransfer) -> None:
        self._data.transfers.append(transfer)

    def transfers(self, shift_id: int) -> list[tuple[TransferKind, Decimal]]:
        return [(t.kind, t.amount) for t in self._data.transfers if t.shift_id == shift_id]

    def movements(self, terminal: str, since: datetime) -> list[tuple[CashKind, Decimal]]:
        return [
            (m.kind, m.amount) for m in self._data.cash if m.terminal == terminal and m.at >= since
        ]


class _Draws:
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


class FakeUnitOfWork:
    """Works on a copy of the data and publishes it only on commit, like a real transaction."""

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
    draws: DrawRepository

    def __init__(self, storage: FakeStorage) -> None:
        self._storage = storage
        self.committed = False

    def __enter__(self) -> Self:
        self._work = _copy(self._storage.data)
        self.users = _Users(self._work)
        self.settings = _Settings(self._work)
        self.audit = _Audit(self._work)
        self.line = _Line(self._work)
        self.slips = _Slips(self._work)
        self.fiscal = _Fiscal(self._work)
        self.pending_payouts = _PendingPayouts(self._work)
        self.results = _Results(self._work)
        self.settlement = _Settlement(self._work)
        self.journal = _Journal(self._work)
        self.shifts = _Shifts(self._work)
        self.draws = _Draws(self._work)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        # What was not committed is dropped with the copy (no copy is made to be thrown away).
        del self._work

    def commit(self) -> None:
        self._storage.data = self._work
        self._storage.commits += 1
        self._work = _copy(self._work)
        self.committed = True

    def rollback(self) -> None:
        self._work = _copy(self._storage.data)


def _copy(data: FakeData) -> FakeData:
    """The data with each of its containers copied and the values in them shared.

    That isolates a transaction as a deep copy did: every stored value is a frozen dataclass
    (or a str, number, enum or tuple of them), which the fakes replace and never change in
    place. A deep copy walked every slip and leg at each `with` and commit, about half of
    the unit tests' time.
    """
    copied = copy.copy(data)
    for name, value in vars(data).items():
        if isinstance(value, dict | list | set):
            setattr(copied, name, value.copy())
    return copied


class FakeStorage:
    """A database in memory."""

    description = "память (тест)"

    def __init__(self) -> None:
        self.data = FakeData()
        self.commits = 0
        self.closed = False

    def unit_of_work(self) -> FakeUnitOfWork:
        return FakeUnitOfWork(self)

    def close(self) -> None:
        self.closed = True


class PlainPinHasher:
    """A PIN "hash" for tests where argon2's cost is not what is being tested."""

    def hash(self, pin: str) -> str:
        return f"plain${pin}"

    def verify(self, pin_hash: str, pin: str) -> bool:
        return pin_hash == f"plain${pin}"
