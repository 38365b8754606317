"""The database rows as SQLAlchemy 2 declarative classes; repositories turn them into pos objects.

Constraint names come from one naming convention, so that Alembic's batch mode on SQLite and
ALTER TABLE on PostgreSQL can find and drop them (notes/libraries.md §4). The first migration
(`migrations/versions/0001_foundation.py`) creates exactly this schema; a test compares them.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from db.types import Kopecks, Odds, UTCDateTime

ZERO = Decimal(0)

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# A 64-bit key on PostgreSQL; on SQLite only INTEGER PRIMARY KEY is the auto-numbered rowid.
BigId = BigInteger().with_variant(Integer(), "sqlite")

LOGIN = 32
TERMINAL = 32
MARKET = 16
SLIP_NUMBER = 13
REGISTER_SERIAL = 40


class Base(DeclarativeBase):
    """Every table of the shop."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class UserRow(Base):
    """A cashier or manager; `role` holds a `pos.users.Role` value."""

    __tablename__ = "users"
    __table_args__ = (
        CheckConstraint("role IN ('cashier', 'manager')", name="role"),
        CheckConstraint("failed_pins >= 0", name="failed_pins"),
        CheckConstraint("locks >= 0", name="locks"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    login: Mapped[str] = mapped_column(String(LOGIN), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    pin_hash: Mapped[str] = mapped_column(String(255))
    failed_pins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # Locks since the last correct PIN or unlock: each one longer, the third has no end (#15).
    locks: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class SettingRow(Base):
    """One shop setting as text (pos.settings parses and checks it)."""

    __tablename__ = "settings"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class TerminalRow(Base):
    """A cashier PC and the factory serial of its cash register."""

    __tablename__ = "terminals"

    name: Mapped[str] = mapped_column(String(TERMINAL), primary_key=True)
    register_serial: Mapped[str | None] = mapped_column(String(40))
    # The register's registration number with the tax authority, printed on its receipts.
    register_number: Mapped[str] = mapped_column(String(40), default="", server_default="")
    # pos.printers.to_text of the slip printer and of a separate fiscal printer (None: same).
    printer: Mapped[str | None] = mapped_column(Text)
    fiscal_printer: Mapped[str | None] = mapped_column(Text)


class AuditRow(Base):
    """One line of the append-only audit trail; `action` holds a `pos.audit.AuditAction` value.

    Records are numbered and chained when their transaction commits (db.repositories
    SqlAuditLog), the number taken from the counters row "audit".
    """

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    actor: Mapped[str] = mapped_column(String(LOGIN))
    action: Mapped[str] = mapped_column(String(32))
    detail: Mapped[str] = mapped_column(Text, default="")
    # The record's place in the hash chain and its hash (pos.audit.chain_hash).
    seq: Mapped[int] = mapped_column(BigInteger, unique=True)
    hash: Mapped[str] = mapped_column(String(64))


class EventRow(Base):
    """An event of the line; `code` is what the cashier types, `sport` a `pos.line.Sport` value."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[int] = mapped_column(Integer, unique=True)
    sport: Mapped[str] = mapped_column(String(16))
    home: Mapped[str] = mapped_column(String(100))
    away: Mapped[str] = mapped_column(String(100))
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime())
    tournament: Mapped[str] = mapped_column(String(100), default="")
    max_stake: Mapped[Decimal | None] = mapped_column(Kopecks())
    suspended: Mapped[bool] = mapped_column(Boolean, default=False)


class OddsQuoteRow(Base):
    """One version of the odds of a market; versions only grow (p.10), rows are never changed."""

    __tablename__ = "odds_quotes"
    __table_args__ = (
        UniqueConstraint("event_id", "market", "version"),
        CheckConstraint("odds > 100", name="odds"),
        CheckConstraint("version >= 1", name="version"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"))
    market: Mapped[str] = mapped_column(String(MARKET))
    odds: Mapped[Decimal] = mapped_column(Odds())
    version: Mapped[int] = mapped_column(Integer)
    set_at: Mapped[datetime] = mapped_column(UTCDateTime())
    set_by: Mapped[str] = mapped_column(String(LOGIN))


class SportLimitRow(Base):
    """The line header (p.18): the maximum stake per event of one sport."""

    __tablename__ = "sport_limits"

    sport: Mapped[str] = mapped_column(String(16), primary_key=True)
    max_stake: Mapped[Decimal] = mapped_column(Kopecks())


class CounterRow(Base):
    """A number handed out in the same transaction that uses it (slip serials)."""

    __tablename__ = "counters"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[int] = mapped_column(BigInteger)


class SlipRow(Base):
    """An issued slip; `status` holds a `pos.slips.SlipStatus` value."""

    __tablename__ = "slips"
    __table_args__ = (
        CheckConstraint("stake > 0", name="stake"),
        # Every bet asks whether its terminal has a slip waiting for its print.
        Index("ix_slips_status_terminal", "status", "terminal"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    number: Mapped[str] = mapped_column(String(SLIP_NUMBER), unique=True)
    request_key: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str] = mapped_column(String(16))
    stake: Mapped[Decimal] = mapped_column(Kopecks())
    total_odds: Mapped[str] = mapped_column(String(40))
    possible_payout: Mapped[Decimal] = mapped_column(Kopecks())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    issued_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    status: Mapped[str] = mapped_column(String(16))
    agreed_in_play: Mapped[bool] = mapped_column(Boolean, default=False)
    fiscal_receipt_no: Mapped[int | None] = mapped_column(Integer)
    reprints: Mapped[int] = mapped_column(Integer, default=0)
    payout_cap: Mapped[Decimal | None] = mapped_column(Kopecks())
    cancelled_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    cancelled_by: Mapped[str | None] = mapped_column(String(LOGIN))
    cancel_reason: Mapped[str | None] = mapped_column(String(200))


class SlipLegRow(Base):
    """One leg of a slip at the odds version it was accepted at (p.10); `member` is its block."""

    __tablename__ = "slip_legs"
    __table_args__ = (UniqueConstraint("slip_id", "position"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    slip_id: Mapped[int] = mapped_column(ForeignKey("slips.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    member: Mapped[int] = mapped_column(Integer)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    market: Mapped[str] = mapped_column(String(MARKET))
    odds: Mapped[Decimal] = mapped_column(Odds())
    odds_version: Mapped[int] = mapped_column(Integer)


class CashMovementRow(Base):
    """Cash into (positive) or out of (negative) a terminal's drawer."""

    __tablename__ = "cash_movements"
    # A shift's cash is its terminal's movements since it opened.
    __table_args__ = (Index("ix_cash_movements_terminal_at", "terminal", "at"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    kind: Mapped[str] = mapped_column(String(16))
    amount: Mapped[Decimal] = mapped_column(Kopecks())
    slip_id: Mapped[int] = mapped_column(ForeignKey("slips.id"), index=True)


class IdCheckRow(Base):
    """An identity check (p.4): the outcome and the minimum of personal data."""

    __tablename__ = "id_checks"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    outcome: Mapped[str] = mapped_column(String(16))
    document_kind: Mapped[str] = mapped_column(String(40), default="")
    masked_number: Mapped[str] = mapped_column(String(40), default="")
    age: Mapped[int | None] = mapped_column(Integer)


class FiscalRegisterRow(Base):
    """A cash register's counters, locked by every transaction that numbers a receipt."""

    __tablename__ = "fiscal_registers"
    __table_args__ = (
        CheckConstraint("last_receipt_no >= 0", name="last_receipt_no"),
        CheckConstraint("day_no >= 0", name="day_no"),
    )

    serial: Mapped[str] = mapped_column(String(REGISTER_SERIAL), primary_key=True)
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    last_receipt_no: Mapped[int] = mapped_column(Integer)
    day_no: Mapped[int] = mapped_column(Integer)
    day_opened_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # The grand totals since the first receipt (нарастающий итог), never reset.
    grand_income: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    grand_returns: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    grand_expenses: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")


class FiscalReceiptRow(Base):
    """A numbered fiscal receipt; (register, number) is unique, so a number is never reused."""

    __tablename__ = "fiscal_receipts"
    __table_args__ = (
        UniqueConstraint("register_serial", "number"),
        CheckConstraint("number >= 1", name="number"),
        CheckConstraint("amount > 0", name="amount"),
        # Every fiscal operation asks for unprinted receipts; X and Z reports read a day.
        Index("ix_fiscal_receipts_printed", "register_serial", "printed"),
        Index("ix_fiscal_receipts_day", "register_serial", "day_no"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    register_serial: Mapped[str] = mapped_column(ForeignKey("fiscal_registers.serial"))
    number: Mapped[int] = mapped_column(Integer)
    day_no: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    amount: Mapped[Decimal] = mapped_column(Kopecks())
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    slip_id: Mapped[int | None] = mapped_column(ForeignKey("slips.id"), index=True)
    printed: Mapped[bool] = mapped_column(Boolean, default=False)
    register_number: Mapped[str] = mapped_column(String(40), default="", server_default="")
    # Why the receipt was spoiled («чек аннулирован»); None: it stands.
    spoiled: Mapped[str | None] = mapped_column(String(200))
    # Sent again by «Допечатать чеки» and the job broke: the cashier says what came out.
    in_doubt: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class PendingPayoutRow(Base):
    """A payout waiting for its receipt's print (pos.payouts.PendingPayout): one per slip."""

    __tablename__ = "pending_payouts"
    __table_args__ = (CheckConstraint("amount > 0", name="amount"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    slip_id: Mapped[int] = mapped_column(ForeignKey("slips.id"), unique=True)
    terminal: Mapped[str] = mapped_column(String(TERMINAL), index=True)
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    amount: Mapped[Decimal] = mapped_column(Kopecks())
    register_serial: Mapped[str] = mapped_column(String(REGISTER_SERIAL))
    receipt_no: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(300))
    document: Mapped[str] = mapped_column(String(300))


class FiscalDayRow(Base):
    """A fiscal day closed by its Z report, with the report's totals."""

    __tablename__ = "fiscal_days"
    __table_args__ = (UniqueConstraint("register_serial", "day_no"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    register_serial: Mapped[str] = mapped_column(ForeignKey("fiscal_registers.serial"))
    day_no: Mapped[int] = mapped_column(Integer)
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    opened_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime] = mapped_column(UTCDateTime())
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    income_count: Mapped[int] = mapped_column(Integer)
    income: Mapped[Decimal] = mapped_column(Kopecks())
    return_count: Mapped[int] = mapped_column(Integer)
    returns: Mapped[Decimal] = mapped_column(Kopecks())
    expense_count: Mapped[int] = mapped_column(Integer)
    expenses: Mapped[Decimal] = mapped_column(Kopecks())
    first_no: Mapped[int | None] = mapped_column(Integer)
    last_no: Mapped[int | None] = mapped_column(Integer)
    # The audit chain's head printed on the Z report (pos.audit.ChainHead).
    chain_seq: Mapped[int | None] = mapped_column(BigInteger)
    chain_hash: Mapped[str | None] = mapped_column(String(64))
    register_number: Mapped[str] = mapped_column(String(40), default="", server_default="")
    spoiled_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    spoiled: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    grand_income: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    grand_returns: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    grand_expenses: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")


class EventResultRow(Base):
    """The result of an event as first recorded (p.21); replaced only by a correction."""

    __tablename__ = "event_results"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    home: Mapped[int | None] = mapped_column(Integer)
    away: Mapped[int | None] = mapped_column(Integer)
    venue_swapped: Mapped[bool] = mapped_column(Boolean, default=False)
    actual_start: Mapped[datetime] = mapped_column(UTCDateTime())
    first_score_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    ended_at: Mapped[datetime] = mapped_column(UTCDateTime())
    source: Mapped[str] = mapped_column(String(200))
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())
    recorded_by: Mapped[str] = mapped_column(String(LOGIN))
    corrections: Mapped[int] = mapped_column(Integer, default=0)


class SlipTermsRow(Base):
    """A slip's terms as settlement reads them (pos.settlement_batch.encode_terms), written
    once with the slip: one short record per slip instead of a row per leg."""

    __tablename__ = "slip_terms"

    slip_id: Mapped[int] = mapped_column(ForeignKey("slips.id"), primary_key=True)
    terms: Mapped[bytes] = mapped_column(LargeBinary)


class SettlementRow(Base):
    """What settlement found for a slip: won, lost or refund, and the payout in kopecks."""

    __tablename__ = "settlements"
    __table_args__ = (
        CheckConstraint(
            # Not IN (…): SQLite evaluates an IN list in a CHECK through an ephemeral table,
            # which made writing a million settlements three times slower (tests/bench).
            "status = 'won' OR status = 'lost' OR status = 'refund'",
            name="status",
        ),
        CheckConstraint("payout >= 0", name="payout"),
    )

    slip_id: Mapped[int] = mapped_column(ForeignKey("slips.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(8))
    payout: Mapped[Decimal] = mapped_column(Kopecks())
    settled_at: Mapped[datetime] = mapped_column(UTCDateTime())


class JournalEntryRow(Base):
    """A line of the cash payout journal (pos.journal): added, never changed or deleted.

    `number` is the journal's continuous number, taken from the counters row "journal" in
    the transaction that adds the line. `paid_slip_id` is set on payout lines only: unique,
    it is the last guard against paying a slip twice; a correction has `corrects` instead.
    """

    __tablename__ = "journal_entries"
    __table_args__ = (CheckConstraint("amount >= 0", name="amount"),)

    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    paid_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    player: Mapped[str] = mapped_column(String(300))
    document: Mapped[str] = mapped_column(String(300))
    amount: Mapped[Decimal] = mapped_column(Kopecks())
    fiscal_receipt_no: Mapped[int] = mapped_column(Integer)
    register_serial: Mapped[str] = mapped_column(String(REGISTER_SERIAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    slip_number: Mapped[str] = mapped_column(String(SLIP_NUMBER), index=True)
    paid_slip_id: Mapped[int | None] = mapped_column(ForeignKey("slips.id"), unique=True)
    corrects: Mapped[int | None] = mapped_column(ForeignKey("journal_entries.number"))
    reason: Mapped[str] = mapped_column(String(200), default="")


class DrawRow(Base):
    """A Bet-on-Poker draw (pos.draws): its event, the cards dealt so far, the round's margin.

    The result and a cancellation are the event's result (event_results): the winning seats
    as bits of `home`, so that settlement treats a draw as any event.
    """

    __tablename__ = "draws"
    __table_args__ = (CheckConstraint("number >= 1", name="number"),)

    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), unique=True)
    hands: Mapped[str | None] = mapped_column(String(32))  # "AsKs QhQd 7c8c 2d2h JsTd 9h9c"
    board: Mapped[str] = mapped_column(String(10), default="")  # "Ac7h3sKd9c"
    margin: Mapped[str] = mapped_column(String(8))  # "0.10"
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    updated_by: Mapped[str] = mapped_column(String(LOGIN))


class ShiftRow(Base):
    """A shift of a terminal (pos.shifts): at most one open per terminal (a partial index)."""

    __tablename__ = "shifts"
    __table_args__ = (
        CheckConstraint("state = 'open' OR state = 'closed'", name="state"),
        CheckConstraint("opening_cash >= 0", name="opening_cash"),
        Index(
            "ix_shifts_one_open",
            "terminal",
            unique=True,
            sqlite_where=text("state = 'open'"),
            postgresql_where=text("state = 'open'"),
        ),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    state: Mapped[str] = mapped_column(String(8))
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    opened_by: Mapped[str] = mapped_column(String(LOGIN))
    opening_cash: Mapped[Decimal] = mapped_column(Kopecks())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    closed_by: Mapped[str | None] = mapped_column(String(LOGIN))
    counted: Mapped[Decimal | None] = mapped_column(Kopecks())
    expected: Mapped[Decimal | None] = mapped_column(Kopecks())
    # What the drawer holds by the system's count, moved by every cash movement and
    # transfer in the same statement (a payout checks it without summing).
    drawer: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")


class CashTransferRow(Base):
    """Cash put into a shift's drawer or taken out by hand, with the reason."""

    __tablename__ = "cash_transfers"
    __table_args__ = (
        CheckConstraint("kind = 'in' OR kind = 'out'", name="kind"),
        CheckConstraint("amount > 0", name="amount"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    shift_id: Mapped[int] = mapped_column(ForeignKey("shifts.id"), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    kind: Mapped[str] = mapped_column(String(4))
    amount: Mapped[Decimal] = mapped_column(Kopecks())
    reason: Mapped[str] = mapped_column(String(200))
