"""Repositories over one SQLAlchemy session: rows in, the frozen pos dataclasses out.

They implement the repository protocols of `pos.ports`; `tests/fakes.py` holds the in-memory
twin whose behaviour these follow.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    CursorResult,
    Executable,
    Insert,
    Row,
    Select,
    Table,
    and_,
    bindparam,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.orm import Session

from db.tables import (
    AuditRow,
    Base,
    CashMovementRow,
    CounterRow,
    EventRow,
    FiscalDayRow,
    FiscalReceiptRow,
    FiscalRegisterRow,
    IdCheckRow,
    OddsQuoteRow,
    SettingRow,
    SettlementRow,
    ShiftRow,
    SlipLegRow,
    SlipRow,
    SlipTermsRow,
    SportLimitRow,
    TerminalRow,
    UserRow,
)
from db.types import Kopecks
from pos.audit import (
    EMPTY_HEAD,
    GENESIS,
    AuditAction,
    AuditRecord,
    ChainedRecord,
    ChainHead,
    chain_hash,
)
from pos.bets import parse_kind
from pos.errors import UnknownEvent
from pos.fiscal import (
    DayReport,
    FiscalReceipt,
    FiscalTotals,
    GrandTotals,
    ReceiptKind,
    Register,
)
from pos.line import Event, OddsQuote, Sport
from pos.settlement_batch import encode_terms
from pos.slips import Cancellation, CashMovement, IdCheck, Leg, Slip, SlipStatus
from pos.users import Role, User


class SqlUserRepository:
    """Users by login."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def get(self, login: str, *, for_update: bool = False) -> User | None:
        """The user with this login; `for_update` locks the row until the transaction ends.

        On PostgreSQL that is `SELECT … FOR UPDATE`, so that two terminals counting wrong PINs
        of the same user queue instead of losing a count. SQLite drops FOR UPDATE; there every
        transaction already begins with BEGIN IMMEDIATE, which serialises the writers.
        """
        row = self._row(login, for_update=for_update)
        return None if row is None else _user(row)

    def add(self, user: User) -> None:
        """Store a new user (the login must be free)."""
        self._session.add(UserRow(login=user.login, **_user_fields(user)))

    def update(self, user: User) -> None:
        """Save the role, PIN hash and lock state of an existing user.

        Raises:
            LookupError: no user has this login (a programming error: users are never deleted).
        """
        row = self._row(user.login)
        if row is None:
            raise LookupError(f"no user {user.login!r}")
        for name, value in _user_fields(user).items():
            setattr(row, name, value)

    def list(self) -> list[User]:
        """Every user, by login."""
        rows = self._session.scalars(select(UserRow)).all()
        return sorted((_user(row) for row in rows), key=lambda user: user.login)

    def _row(self, login: str, *, for_update: bool = False) -> UserRow | None:
        query = select(UserRow).where(UserRow.login == login)
        if for_update:
            # The row may already sit in the session from an earlier read: reload it.
            query = query.with_for_update().execution_options(populate_existing=True)
        return self._session.scalars(query).one_or_none()


class SqlSettingsRepository:
    """Shop settings as text by name, and each terminal's cash register serial."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def load(self) -> dict[str, str]:
        """Every stored setting."""
        return {row.name: row.value for row in run(self._session, _SETTINGS)}

    def save(self, values: dict[str, str]) -> None:
        """Store these settings; settings not named keep their value."""
        stored = {row.name: row for row in self._session.scalars(select(SettingRow))}
        for name, value in values.items():
            row = stored.get(name)
            if row is None:
                self._session.add(SettingRow(name=name, value=value))
            elif row.value != value:
                row.value = value

    def register_serial(self, terminal: str) -> str | None:
        """The factory serial of the cash register at `terminal`, if set."""
        row = run(self._session, _TERMINAL_REGISTER, {"name": terminal}).first()
        return None if row is None else row.register_serial

    def register_number(self, terminal: str) -> str:
        """The registration number of the cash register at `terminal` ("" if not set)."""
        row = run(self._session, _TERMINAL_REGISTER, {"name": terminal}).first()
        return "" if row is None else row.register_number or ""

    def set_register_number(self, terminal: str, number: str) -> None:
        """Record the registration number of the cash register at `terminal`."""
        row = self._session.get(TerminalRow, terminal)
        if row is None:
            self._session.add(TerminalRow(name=terminal, register_number=number))
        else:
            row.register_number = number

    def set_register_serial(self, terminal: str, serial: str) -> None:
        """Record the cash register serial of `terminal`."""
        row = self._session.get(TerminalRow, terminal)
        if row is None:
            self._session.add(TerminalRow(name=terminal, register_serial=serial))
        else:
            row.register_serial = serial

    def printer_texts(self, terminal: str) -> tuple[str | None, str | None]:
        """The stored slip and fiscal printer settings of `terminal` (None: not set)."""
        row = self._session.get(TerminalRow, terminal)
        return (None, None) if row is None else (row.printer, row.fiscal_printer)

    def set_printer_texts(self, terminal: str, slip: str, fiscal: str | None) -> None:
        """Store the printer settings of `terminal`; `fiscal` None: receipts on the slip printer."""
        row = self._session.get(TerminalRow, terminal)
        if row is None:
            self._session.add(TerminalRow(name=terminal, printer=slip, fiscal_printer=fiscal))
        else:
            row.printer, row.fiscal_printer = slip, fiscal


class SqlAuditLog:
    """The append-only audit trail, a hash chain (pos.audit).

    Records appended in a transaction are kept until it commits (`write_pending`): then
    they take their numbers from the counters row "audit" and are chained to the record
    before them. Taking that row's lock last, just before the commit, keeps the chain free
    of gaps and forks with several terminals, and never makes a transaction wait for it
    while it holds another lock that the holder might want.
    """

    def __init__(self, session: Session) -> None:
        self._session = session
        self._pending: list[AuditRecord] = []

    def append(self, record: AuditRecord) -> None:
        """Add one line (numbered and chained when the transaction commits)."""
        self._pending.append(record)

    def write_pending(self) -> None:
        """Number, chain and write the lines appended in this transaction."""
        if not self._pending:
            return
        count = len(self._pending)
        last = run(self._session, _TAKE_AUDIT_NUMBERS, {"count": count}).scalar()
        if last is None:
            # Migration 0006 creates the row; a database made from db/tables.py gets it here.
            self._session.execute(
                text(
                    "INSERT INTO counters (name, value) VALUES ('audit', 0) ON CONFLICT DO NOTHING"
                )
            )
            last = run(self._session, _TAKE_AUDIT_NUMBERS, {"count": count}).scalar()
        assert last is not None  # the row exists now
        first = int(last) - count + 1
        previous = GENESIS
        if first > 1:
            previous = run(self._session, _AUDIT_HASH, {"seq": first - 1}).scalar() or GENESIS
        rows = []
        for seq, record in enumerate(self._pending, start=first):
            previous = chain_hash(previous, seq, record)
            rows.append(
                {
                    "at": record.at,
                    "terminal": record.terminal,
                    "actor": record.actor,
                    "action": record.action.value,
                    "detail": record.detail,
                    "seq": seq,
                    "hash": previous,
                }
            )
        run(self._session, _INSERT_AUDIT, rows)
        self._pending.clear()

    def recent(self, limit: int) -> list[AuditRecord]:
        """The last `limit` lines, newest first."""
        rows = self._session.scalars(select(AuditRow).order_by(AuditRow.seq.desc()).limit(limit))
        return [_audit_record(row) for row in rows]

    def head(self) -> ChainHead:
        """The last record's number and hash (EMPTY_HEAD before the first)."""
        row = self._session.execute(
            select(AuditRow.seq, AuditRow.hash).order_by(AuditRow.seq.desc()).limit(1)
        ).one_or_none()
        return EMPTY_HEAD if row is None else ChainHead(int(row[0]), row[1])

    def numbers_taken(self) -> int:
        """The counters row "audit": how many records have been numbered."""
        return int(self._session.scalar(_COUNTER, {"name": "audit"}) or 0)

    def chain(self) -> Iterator[ChainedRecord]:
        """Every record in chain order, read a thousand at a time."""
        rows = self._session.scalars(
            select(AuditRow).order_by(AuditRow.seq).execution_options(yield_per=1000)
        )
        try:
            for row in rows:
                yield ChainedRecord(row.seq, _audit_record(row), row.hash)
        finally:
            rows.close()  # a reader that stops early (at a break) frees the server cursor


def _audit_record(row: AuditRow) -> AuditRecord:
    return AuditRecord(row.at, row.terminal, row.actor, AuditAction(row.action), row.detail)


class SqlLineRepository:
    """Events and the versions of their odds."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def add_event(self, event: Event) -> None:
        """Put an event into the line (the code must be free)."""
        self._session.add(
            EventRow(
                code=event.code,
                sport=event.sport.value,
                home=event.home,
                away=event.away,
                starts_at=event.starts_at,
                tournament=event.tournament,
                max_stake=event.max_stake,
                suspended=event.suspended,
            )
        )

    def get_event(self, code: int) -> Event | None:
        """The event with this code, if any."""
        row = self._session.scalars(select(EventRow).where(EventRow.code == code)).one_or_none()
        return None if row is None else _event(row)

    def events_by_code(self, codes: list[int]) -> dict[int, Event]:
        """The events with these codes that exist, by code, in one query."""
        rows = self._session.scalars(select(EventRow).where(EventRow.code.in_(set(codes))))
        return {row.code: _event(row) for row in rows}

    def events(self) -> list[Event]:
        """Every event of the line, by code (not the draws of Bet-on-Poker, pos.draw_line)."""
        rows = self._session.scalars(
            select(EventRow).where(EventRow.sport != Sport.POKER.value).order_by("code")
        )
        return [_event(row) for row in rows]

    def add_quote(self, quote: OddsQuote) -> None:
        """Store a new version of a market's odds.

        Raises:
            UnknownEvent: no event has the quote's code.
        """
        event_id = self._session.scalar(
            select(EventRow.id).where(EventRow.code == quote.event_code)
        )
        if event_id is None:
            raise UnknownEvent(quote.event_code)
        self._session.add(
            OddsQuoteRow(
                event_id=event_id,
                market=quote.market,
                odds=quote.odds,
                version=quote.version,
                set_at=quote.set_at,
                set_by=quote.set_by,
            )
        )

    def current_quotes(self, codes: list[int]) -> list[OddsQuote]:
        """The highest version of every market of these events, by event code and market."""
        if not codes:
            return []
        latest = (
            select(
                OddsQuoteRow.event_id,
                OddsQuoteRow.market,
                func.max(OddsQuoteRow.version).label("version"),
            )
            .join(EventRow)
            .where(EventRow.code.in_(sorted(set(codes))))
            .group_by(OddsQuoteRow.event_id, OddsQuoteRow.market)
            .subquery()
        )
        query = (
            select(EventRow.code, OddsQuoteRow)
            .join(EventRow)
            .join(
                latest,
                and_(
                    OddsQuoteRow.event_id == latest.c.event_id,
                    OddsQuoteRow.market == latest.c.market,
                    OddsQuoteRow.version == latest.c.version,
                ),
            )
            .order_by(EventRow.code, OddsQuoteRow.market)
        )
        return [
            OddsQuote(code, row.market, row.odds, row.version, row.set_at, row.set_by)
            for code, row in self._session.execute(query)
        ]

    def update_event(self, event: Event) -> None:
        """Change an event's details (its suspension is changed by set_suspended).

        Raises:
            UnknownEvent: no event has this code.
        """
        row = self._session.scalars(
            select(EventRow).where(EventRow.code == event.code)
        ).one_or_none()
        if row is None:
            raise UnknownEvent(event.code)
        row.sport = event.sport.value
        row.home, row.away, row.starts_at = event.home, event.away, event.starts_at
        row.tournament, row.max_stake = event.tournament, event.max_stake

    def quotes_for(self, picks: list[tuple[int, str]]) -> dict[tuple[int, str], OddsQuote]:
        """The current version of each picked market that has odds (the hot path of a bet)."""
        wanted = set(picks)
        rows = self._session.execute(
            select(
                EventRow.code,
                OddsQuoteRow.market,
                OddsQuoteRow.odds,
                OddsQuoteRow.version,
                OddsQuoteRow.set_at,
                OddsQuoteRow.set_by,
            )
            .join(EventRow)
            .where(
                EventRow.code.in_({code for code, _ in wanted}),
                OddsQuoteRow.market.in_({market for _, market in wanted}),
            )
            .order_by(OddsQuoteRow.version)
        )
        found: dict[tuple[int, str], OddsQuote] = {}
        for code, market, odds, version, set_at, set_by in rows:
            if (code, market) in wanted:
                found[(code, market)] = OddsQuote(code, market, odds, version, set_at, set_by)
        return found

    def set_suspended(self, code: int, suspended: bool) -> None:
        """Stop or resume taking bets on an event.

        Raises:
            UnknownEvent: no event has this code.
        """
        row = self._session.scalars(select(EventRow).where(EventRow.code == code)).one_or_none()
        if row is None:
            raise UnknownEvent(code)
        row.suspended = suspended

    def sport_limits(self) -> dict[Sport, Decimal]:
        """The line header: the maximum stake per event of each sport that has one."""
        rows = self._session.scalars(select(SportLimitRow))
        return {Sport(row.sport): row.max_stake for row in rows}

    def set_sport_limit(self, sport: Sport, limit: Decimal | None) -> None:
        """Set (or with None remove) a sport's maximum stake per event."""
        row = self._session.get(SportLimitRow, sport.value)
        if limit is None:
            if row is not None:
                self._session.delete(row)
        elif row is None:
            self._session.add(SportLimitRow(sport=sport.value, max_stake=limit))
        else:
            row.max_stake = limit


class SqlSlipRepository:
    """Slips with their legs, the stake and refund movements, and identity checks."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._ids: dict[str, int] = {}  # ids of the slips added in this transaction

    def lock_issuing(self) -> None:
        """Take the slip counter's row lock: slips are issued one at a time across terminals.

        On PostgreSQL this makes a repeated request wait for the first to commit, and then
        find its slip; SQLite's BEGIN IMMEDIATE already serialises every writer.
        """
        self._session.execute(
            select(CounterRow.value).where(CounterRow.name == _SLIP_SERIAL).with_for_update()
        )

    def next_serial(self) -> int:
        """The next slip serial, taken in this transaction (gapless while it commits)."""
        counter = update(CounterRow).where(CounterRow.name == _SLIP_SERIAL)
        taken = self._session.scalar(
            counter.values(value=CounterRow.value + 1).returning(CounterRow.value)
        )
        if taken is None:
            self._session.add(CounterRow(name=_SLIP_SERIAL, value=1))
            self._session.flush()
            return 1
        return int(taken)

    def add(self, slip: Slip) -> None:
        """Store a newly issued slip and its legs."""
        row = SlipRow(number=slip.number, **_slip_fields(slip))
        self._session.add(row)
        self._session.flush()
        self._ids[slip.number] = row.id
        events = self._event_ids([leg.event_code for leg in slip.legs])
        position = 0
        for member, legs in enumerate(slip.members):
            for leg in legs:
                self._session.add(
                    SlipLegRow(
                        slip_id=row.id,
                        position=position,
                        member=member,
                        event_id=events[leg.event_code],
                        market=leg.market,
                        odds=leg.odds,
                        odds_version=leg.odds_version,
                    )
                )
                position += 1
        self._session.add(SlipTermsRow(slip_id=row.id, terms=encode_terms(slip)))

    def get(self, number: str, *, for_update: bool = False) -> Slip | None:
        """The slip with this number, if any."""
        query = _SLIP_FOR_UPDATE if for_update else _SLIP
        row = run(self._session, query, {"number": number}).first()
        if row is None:
            return None
        self._ids[row.number] = row.id
        return self._slips([row])[0]

    def by_request(self, key: str) -> Slip | None:
        """The slip issued for this idempotency key, if any."""
        row = self._session.scalars(select(SlipRow).where(SlipRow.request_key == key)).one_or_none()
        return None if row is None else self._slips([row])[0]

    def cancel(self, number: str, cancellation: Cancellation) -> None:
        """Mark an open slip cancelled within its window.

        Raises:
            LookupError: the slip is not open any more (a programming error: checked before).
        """
        done = self._session.execute(
            update(SlipRow)
            .where(SlipRow.number == number, SlipRow.status == SlipStatus.OPEN.value)
            .values(
                status=SlipStatus.CANCELLED.value,
                cancelled_at=cancellation.at,
                cancelled_by=cancellation.by,
                cancel_reason=cancellation.reason,
            )
        )
        if done.rowcount != 1:  # type: ignore[attr-defined]
            raise LookupError(f"slip {number} is not open")

    def count_reprint(self, number: str) -> int:
        """Count one more copy of the slip and return how many have been printed."""
        copies = self._session.scalar(
            update(SlipRow)
            .where(SlipRow.number == number)
            .values(reprints=SlipRow.reprints + 1)
            .returning(SlipRow.reprints)
        )
        if copies is None:
            raise LookupError(f"no slip {number}")
        return int(copies)

    def issued_since(self, terminal: str, since: datetime) -> list[Slip]:
        """This terminal's slips issued at or after `since`, newest first."""
        rows = self._session.scalars(
            select(SlipRow)
            .where(
                SlipRow.terminal == terminal,
                SlipRow.issued_at >= since,
                SlipRow.status.not_in(_NOT_ISSUED),
            )
            .order_by(SlipRow.issued_at.desc(), SlipRow.id.desc())
        )
        return self._slips(list(rows))

    def cancelled(self, limit: int) -> list[Slip]:
        """Slips cancelled in their window, newest cancellation first."""
        rows = self._session.scalars(
            select(SlipRow)
            .where(SlipRow.cancelled_at.is_not(None))
            .order_by(SlipRow.cancelled_at.desc(), SlipRow.id.desc())
            .limit(limit)
        )
        return self._slips(list(rows))

    def add_cash(self, movement: CashMovement) -> None:
        """Record cash into or out of a drawer for a slip."""
        slip_id = self._ids.get(movement.slip_number)
        run(
            self._session,
            _INSERT_CASH if slip_id is not None else _INSERT_CASH_OF_NUMBER,
            {
                "slip_number": movement.slip_number,
                "at": movement.at,
                "terminal": movement.terminal,
                "cashier": movement.cashier,
                "kind": movement.kind.value,
                "amount": movement.amount,
                "slip_id": slip_id,
            },
        )
        # The drawer's running balance moves in the same transaction (issue #15).
        run(
            self._session,
            MOVE_DRAWER,
            {"drawer_terminal": movement.terminal, "moved": movement.amount},
        )

    def add_id_check(self, check: IdCheck) -> None:
        """Record an identity check."""
        run(
            self._session,
            _INSERT_ID_CHECK,
            {
                "at": check.at,
                "terminal": check.terminal,
                "cashier": check.cashier,
                "outcome": check.outcome.value,
                "document_kind": check.document_kind,
                "masked_number": check.masked_number,
                "age": check.age,
            },
        )

    def pending(self, terminal: str) -> Slip | None:
        """The slip of `terminal` sent to the printer and not yet confirmed, if any."""
        row = run(self._session, _PENDING, {"terminal": terminal}).first()
        return None if row is None else self._slips([row])[0]

    def confirm_pending(self, number: str, fiscal_receipt_no: int) -> bool:
        """Turn a pending slip into an issued (open) one; False if it was not pending."""
        done = self._session.execute(
            update(SlipRow)
            .where(SlipRow.number == number, SlipRow.status == SlipStatus.PENDING.value)
            .values(status=SlipStatus.OPEN.value, fiscal_receipt_no=fiscal_receipt_no)
        )
        return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    def mark_paid(self, number: str) -> bool:
        """Mark a settled (won or refund), unpaid slip paid; False when it is not (any more)."""
        done = run(self._session, _MARK_PAID, {"slip_number": number})
        return bool(done.rowcount == 1)

    def void_pending(self, number: str) -> bool:
        """Void a pending slip and free its request key; False if it was not pending."""
        done = self._session.execute(
            update(SlipRow)
            .where(SlipRow.number == number, SlipRow.status == SlipStatus.PENDING.value)
            .values(
                status=SlipStatus.VOID.value, request_key="void:" + number, fiscal_receipt_no=None
            )
        )
        return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    def _event_ids(self, codes: list[int]) -> dict[int, int]:
        rows = self._session.execute(
            select(EventRow.code, EventRow.id).where(EventRow.code.in_(codes))
        )
        return {code: event_id for code, event_id in rows}

    def _slips(self, rows: Sequence[SlipRow | Row[Any]]) -> list[Slip]:
        """The slips of these rows (ORM objects or Core rows of the slips table)."""
        if not rows:
            return []
        ids = {"ids": [row.id for row in rows]}
        members: dict[int, list[list[Leg]]] = {}
        for leg in run(self._session, _LEGS, ids):
            blocks = members.setdefault(leg.slip_id, [])
            while len(blocks) <= leg.member:
                blocks.append([])
            blocks[leg.member].append(
                Leg(
                    leg.code,
                    leg.market,
                    leg.odds,
                    leg.odds_version,
                    leg.home,
                    leg.away,
                    leg.starts_at,
                    sport=Sport(leg.sport),
                    tournament=leg.tournament,
                )
            )
        settled = {
            row.slip_id: (row.status, row.payout) for row in run(self._session, _SETTLED, ids)
        }
        return [_slip(row, members.get(row.id, []), settled.get(row.id)) for row in rows]


class SqlFiscalRepository:
    """Cash registers, their numbered receipts and the days their Z reports closed."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def register(self, serial: str, *, for_update: bool = False) -> Register | None:
        """The register's counters; `for_update` locks its row until the transaction ends."""
        query = _REGISTER_FOR_UPDATE if for_update else _REGISTER
        row = run(self._session, query, {"serial": serial}).first()
        if row is None:
            return None
        grand = GrandTotals(row.grand_income, row.grand_returns, row.grand_expenses)
        return Register(
            row.serial, row.terminal, row.last_receipt_no, row.day_no, row.day_opened_at, grand
        )

    def save_register(self, register: Register, *, was: int | None = None) -> bool:
        """Store the register's counters (created at its first use); with `was`, only if its
        last receipt number is still `was` — False when it is not."""
        values = {
            "terminal": register.terminal,
            "last_receipt_no": register.last_receipt_no,
            "day_no": register.day_no,
            "day_opened_at": register.day_opened_at,
            "grand_income": register.grand.income,
            "grand_returns": register.grand.returns,
            "grand_expenses": register.grand.expenses,
        }
        if was is not None:
            moved = run(
                self._session,
                _ADVANCE_REGISTER,
                {**values, "at_serial": register.serial, "was": was},
            )
            return bool(moved.rowcount == 1)
        saved = run(self._session, _SAVE_REGISTER, {**values, "at_serial": register.serial})
        if saved.rowcount == 0:
            run(self._session, _INSERT_REGISTER, {**values, "serial": register.serial})
        return True

    def add_receipt(self, receipt: FiscalReceipt) -> None:
        """Record a numbered receipt."""
        run(
            self._session,
            _INSERT_RECEIPT,
            {
                "register_serial": receipt.register_serial,
                "number": receipt.number,
                "day_no": receipt.day_no,
                "kind": receipt.kind.value,
                "amount": receipt.amount,
                "at": receipt.at,
                "terminal": receipt.terminal,
                "cashier": receipt.cashier,
                "slip_number": receipt.slip_number,
                "printed": receipt.printed,
                "register_number": receipt.register_number,
                "spoiled": receipt.spoiled,
                "in_doubt": receipt.in_doubt,
            },
        )

    def receipt(self, serial: str, number: int) -> FiscalReceipt | None:
        """One receipt by its register and number."""
        found = self._receipts(
            and_(FiscalReceiptRow.register_serial == serial, FiscalReceiptRow.number == number)
        )
        return found[0] if found else None

    def mark_printed(self, serial: str, number: int) -> None:
        """Record that the printer took the receipt."""
        self._session.execute(
            update(FiscalReceiptRow)
            .where(FiscalReceiptRow.register_serial == serial, FiscalReceiptRow.number == number)
            .values(printed=True, in_doubt=False)
        )

    def mark_in_doubt(self, serial: str, number: int, in_doubt: bool) -> None:
        """Record that the receipt was sent and its job broke (or that this was answered)."""
        self._session.execute(
            update(FiscalReceiptRow)
            .where(FiscalReceiptRow.register_serial == serial, FiscalReceiptRow.number == number)
            .values(in_doubt=in_doubt)
        )

    def mark_spoiled(self, serial: str, number: int, reason: str) -> None:
        """Record the receipt as spoiled: it stands for nothing (it may be on paper)."""
        self._session.execute(
            update(FiscalReceiptRow)
            .where(FiscalReceiptRow.register_serial == serial, FiscalReceiptRow.number == number)
            .values(spoiled=reason, in_doubt=False, printed=False)
        )

    def unprinted(self, serial: str) -> list[FiscalReceipt]:
        """The register's receipts that have not come out yet (nor were spoiled), in order."""
        return self._receipt_rows(_UNPRINTED, {"serial": serial})

    def day_receipts(self, serial: str, day_no: int) -> list[FiscalReceipt]:
        """The receipts of one fiscal day, in number order."""
        return self._receipts(
            and_(FiscalReceiptRow.register_serial == serial, FiscalReceiptRow.day_no == day_no)
        )

    def add_day_report(self, report: DayReport) -> None:
        """Record the Z report that closed a day."""
        totals = report.totals
        self._session.add(
            FiscalDayRow(
                register_serial=report.register_serial,
                day_no=report.day_no,
                terminal=report.terminal,
                opened_at=report.opened_at,
                closed_at=report.at,
                cashier=report.cashier,
                income_count=totals.income_count,
                income=totals.income,
                return_count=totals.return_count,
                returns=totals.returns,
                expense_count=totals.expense_count,
                expenses=totals.expenses,
                first_no=totals.first_no,
                last_no=totals.last_no,
                register_number=report.register_number,
                spoiled_count=totals.spoiled_count,
                spoiled=totals.spoiled,
                grand_income=report.grand.income,
                grand_returns=report.grand.returns,
                grand_expenses=report.grand.expenses,
                chain_seq=None if report.chain_head is None else report.chain_head.seq,
                chain_hash=None if report.chain_head is None else report.chain_head.hash,
            )
        )

    def last_day_report(self, serial: str) -> DayReport | None:
        """The Z report of the register's last closed day, if any."""
        row = self._session.scalars(
            select(FiscalDayRow)
            .where(FiscalDayRow.register_serial == serial)
            .order_by(FiscalDayRow.day_no.desc())
            .limit(1)
        ).first()
        if row is None:
            return None
        totals = FiscalTotals(
            row.income_count,
            row.income,
            row.return_count,
            row.returns,
            row.expense_count,
            row.expenses,
            row.first_no,
            row.last_no,
            row.spoiled_count,
            row.spoiled,
        )
        return DayReport(
            row.register_serial,
            row.terminal,
            row.day_no,
            row.opened_at,
            row.closed_at,
            row.cashier,
            totals,
            closing=True,
            chain_head=(
                None
                if row.chain_seq is None or row.chain_hash is None
                else ChainHead(row.chain_seq, row.chain_hash)
            ),
            grand=GrandTotals(row.grand_income, row.grand_returns, row.grand_expenses),
            register_number=row.register_number,
        )

    def _receipts(self, condition: ColumnElement[bool]) -> list[FiscalReceipt]:
        return self._receipt_rows(_RECEIPTS.where(condition).order_by(FiscalReceiptRow.number), {})

    def _receipt_rows(self, query: Select[Any], params: dict[str, object]) -> list[FiscalReceipt]:
        rows = run(self._session, query, params)
        return [
            FiscalReceipt(
                row.register_serial,
                row.number,
                row.day_no,
                ReceiptKind(row.kind),
                row.amount,
                row.at,
                row.terminal,
                row.cashier,
                row.slip,
                row.printed,
                row.spoiled,
                row.in_doubt,
                row.register_number,
            )
            for row in rows
        ]


def run(
    session: Session,
    statement: Executable,
    params: Mapping[str, object] | Sequence[Mapping[str, object]] | None = None,
) -> CursorResult[Any]:
    """Execute a Core statement on the session's connection, in its transaction.

    `Session.execute` takes every statement through the ORM (an autoflush, and the identity
    map kept in step with an UPDATE or DELETE): measured for issue #15, an UPDATE costs about
    150 µs that way and 30 µs here. For rows the code does not hold as ORM objects across the
    statement; what the session still holds unflushed is flushed first.
    """
    session.flush()
    return session.connection().execute(statement, params)


def inserting(table: type[Base], **computed: object) -> Insert:
    """One INSERT statement for every row of the table, built once: its columns are bound
    by name (or `computed`), so SQLAlchemy finds it in its cache instead of building and
    hashing a new statement per row (tests/bench/payout.py)."""
    target = cast(Table, table.__table__)
    values: dict[str, object] = {
        c.name: bindparam(c.name) for c in target.columns if c.name != "id"
    }
    return insert(target).values({**values, **computed})


# The slip a row belongs to, by the number bound as :slip_number.
SLIP_ID_OF_NUMBER = (
    select(SlipRow.id).where(SlipRow.number == bindparam("slip_number")).scalar_subquery()
)
_INSERT_AUDIT = inserting(AuditRow)
_SETTINGS = select(SettingRow.name, SettingRow.value)
_TERMINAL_REGISTER = select(TerminalRow.register_serial, TerminalRow.register_number).where(
    TerminalRow.name == bindparam("name")
)
_TAKE_AUDIT_NUMBERS = (
    update(CounterRow)
    .where(CounterRow.name == "audit")
    .values(value=CounterRow.value + bindparam("count"))
    .returning(CounterRow.value)
)
_COUNTER = select(CounterRow.value).where(CounterRow.name == bindparam("name"))
_AUDIT_HASH = select(AuditRow.hash).where(AuditRow.seq == bindparam("seq"))
_INSERT_CASH = inserting(CashMovementRow)
_INSERT_CASH_OF_NUMBER = inserting(CashMovementRow, slip_id=SLIP_ID_OF_NUMBER)
_INSERT_ID_CHECK = inserting(IdCheckRow)
_INSERT_RECEIPT = inserting(FiscalReceiptRow, slip_id=SLIP_ID_OF_NUMBER)


def _user(row: UserRow) -> User:
    return User(
        row.login, Role(row.role), row.pin_hash, row.failed_pins, row.locked_until, row.locks
    )


def _user_fields(user: User) -> dict[str, object]:
    return {
        "role": user.role.value,
        "pin_hash": user.pin_hash,
        "failed_pins": user.failed_pins,
        "locked_until": user.locked_until,
        "locks": user.locks,
    }


def _event(row: EventRow) -> Event:
    return Event(
        row.code,
        Sport(row.sport),
        row.home,
        row.away,
        row.starts_at,
        tournament=row.tournament,
        max_stake=row.max_stake,
        suspended=row.suspended,
    )


_NOT_ISSUED = (SlipStatus.PENDING.value, SlipStatus.VOID.value)
# The counter's and the payout's reads and writes, built once (see `inserting`).
# Read as Core rows (db.repositories.run): a slip is read on every sale and payout.
_SLIPS = cast(Table, SlipRow.__table__)
_SLIP = select(_SLIPS).where(_SLIPS.c.number == bindparam("number"))
_SLIP_FOR_UPDATE = _SLIP.with_for_update()
_LEGS = (
    select(
        SlipLegRow.slip_id,
        SlipLegRow.member,
        SlipLegRow.market,
        SlipLegRow.odds,
        SlipLegRow.odds_version,
        EventRow.code,
        EventRow.home,
        EventRow.away,
        EventRow.starts_at,
        # Printed with each leg, so a reprint or a reloaded slip names them (issue 16).
        EventRow.sport,
        EventRow.tournament,
    )
    .join(EventRow, SlipLegRow.event_id == EventRow.id)
    .where(SlipLegRow.slip_id.in_(bindparam("ids", expanding=True)))
    .order_by(SlipLegRow.slip_id, SlipLegRow.position)
)
_SETTLED = select(SettlementRow.slip_id, SettlementRow.status, SettlementRow.payout).where(
    SettlementRow.slip_id.in_(bindparam("ids", expanding=True))
)
_PENDING = select(_SLIPS).where(
    _SLIPS.c.terminal == bindparam("terminal"), _SLIPS.c.status == SlipStatus.PENDING.value
)
_REGISTERS = cast(Table, FiscalRegisterRow.__table__)
_REGISTER = select(_REGISTERS).where(_REGISTERS.c.serial == bindparam("serial"))
_REGISTER_FOR_UPDATE = _REGISTER.with_for_update()
_REGISTER_VALUES: dict[str, object] = {
    name: bindparam(name)
    for name in (
        "terminal",
        "last_receipt_no",
        "day_no",
        "day_opened_at",
        "grand_income",
        "grand_returns",
        "grand_expenses",
    )
}
_SAVE_REGISTER = (
    update(_REGISTERS).where(_REGISTERS.c.serial == bindparam("at_serial")).values(_REGISTER_VALUES)
)
_ADVANCE_REGISTER = _SAVE_REGISTER.where(_REGISTERS.c.last_receipt_no == bindparam("was"))
_INSERT_REGISTER = inserting(FiscalRegisterRow)
_RECEIPTS = select(cast(Table, FiscalReceiptRow.__table__), SlipRow.number.label("slip")).outerjoin(
    SlipRow, FiscalReceiptRow.slip_id == SlipRow.id
)
_UNPRINTED = _RECEIPTS.where(
    FiscalReceiptRow.register_serial == bindparam("serial"),
    FiscalReceiptRow.printed.is_(False),
    FiscalReceiptRow.spoiled.is_(None),
).order_by(FiscalReceiptRow.number)
MOVE_DRAWER = (
    update(ShiftRow)
    .where(ShiftRow.terminal == bindparam("drawer_terminal"), ShiftRow.state == "open")
    .values(drawer=ShiftRow.drawer + bindparam("moved", type_=Kopecks()))
)
# Only a slip settled as won or refund, and not paid yet, is marked paid.
_MARK_PAID = (
    update(SlipRow)
    .where(
        SlipRow.number == bindparam("slip_number"),
        SlipRow.status == SlipStatus.OPEN.value,
        select(SettlementRow.slip_id)
        .where(SettlementRow.slip_id == SlipRow.id, SettlementRow.status != "lost")
        .exists(),
    )
    .values(status=SlipStatus.PAID.value)
)
_SLIP_SERIAL = "slip_serial"


def _slip_fields(slip: Slip) -> dict[str, object]:
    cancellation = slip.cancellation
    return {
        "request_key": slip.request_key,
        "kind": str(slip.kind),
        "stake": slip.stake,
        "total_odds": str(slip.total_odds),
        "possible_payout": slip.possible_payout,
        "terminal": slip.terminal,
        "cashier": slip.cashier,
        "issued_at": slip.issued_at,
        "status": slip.status.value,
        "agreed_in_play": slip.agreed_in_play,
        "fiscal_receipt_no": slip.fiscal_receipt_no,
        "reprints": slip.reprints,
        "payout_cap": slip.payout_cap,
        "cancelled_at": cancellation.at if cancellation else None,
        "cancelled_by": cancellation.by if cancellation else None,
        "cancel_reason": cancellation.reason if cancellation else None,
    }


def _slip(
    row: SlipRow | Row[Any], members: list[list[Leg]], settled: tuple[str, Decimal] | None
) -> Slip:
    """The slip; an issued (open) slip takes its status from its settlement, if it has one."""
    status = SlipStatus(row.status)
    if status is SlipStatus.OPEN and settled is not None:
        status = SlipStatus(settled[0])
    cancellation = None
    if row.cancelled_at is not None:
        cancellation = Cancellation(
            row.cancelled_at, row.cancelled_by or "", row.cancel_reason or ""
        )
    return Slip(
        number=row.number,
        kind=parse_kind(row.kind),
        members=tuple(tuple(member) for member in members),
        stake=row.stake,
        total_odds=Decimal(row.total_odds),
        possible_payout=row.possible_payout,
        terminal=row.terminal,
        cashier=row.cashier,
        issued_at=row.issued_at,
        status=status,
        agreed_in_play=row.agreed_in_play,
        request_key=row.request_key,
        fiscal_receipt_no=row.fiscal_receipt_no,
        reprints=row.reprints,
        cancellation=cancellation,
        settled_payout=None if settled is None else settled[1],
        payout_cap=row.payout_cap,
    )
