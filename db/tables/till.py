"""The till: cash registers, receipts, Z-report days, pending payouts, the payout journal
and shifts with their cash transfers."""

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
    String,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import (
    ACCOUNT_NUMBER,
    LOGIN,
    OFFICE,
    REGISTER_SERIAL,
    SLIP_NUMBER,
    TERMINAL,
    ZERO,
    Base,
    BigId,
)
from db.types import Kopecks, UTCDateTime


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
    # A deposit's or a withdrawal's account (pos.accounts); None for a slip's receipt.
    account_number: Mapped[str | None] = mapped_column(String(ACCOUNT_NUMBER))
    printed: Mapped[bool] = mapped_column(Boolean, default=False)
    register_number: Mapped[str] = mapped_column(String(40), default="", server_default="")
    # Why the receipt was spoiled («чек аннулирован»); None: it stands.
    spoiled: Mapped[str | None] = mapped_column(String(200))
    # Sent again by «Допечатать чеки» and the job broke: the cashier says what came out.
    in_doubt: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class VoidNoticeRow(Base):
    """A spoiled receipt whose void notice came out (issue 34); a spoiled receipt without one
    has its notice waiting (pos.till.void_notices)."""

    __tablename__ = "void_notices"

    receipt_id: Mapped[int] = mapped_column(ForeignKey("fiscal_receipts.id"), primary_key=True)
    printed_at: Mapped[datetime] = mapped_column(UTCDateTime())


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
    # The audit chain's head printed on the Z report (pos.core.audit.ChainHead).
    chain_seq: Mapped[int | None] = mapped_column(BigInteger)
    chain_hash: Mapped[str | None] = mapped_column(String(64))
    register_number: Mapped[str] = mapped_column(String(40), default="", server_default="")
    spoiled_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    spoiled: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    grand_income: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    grand_returns: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    grand_expenses: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")


class PendingPayoutRow(Base):
    """A payout waiting for its receipt's print (pos.payouts.rules.PendingPayout): one per slip,
    or per player's account for a withdrawal."""

    __tablename__ = "pending_payouts"
    __table_args__ = (CheckConstraint("amount > 0", name="amount"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    slip_id: Mapped[int | None] = mapped_column(ForeignKey("slips.id"), unique=True)
    # A withdrawal from a player's account waits instead of a slip's payout (pos.accounts).
    account_number: Mapped[str | None] = mapped_column(String(ACCOUNT_NUMBER), unique=True)
    terminal: Mapped[str] = mapped_column(String(TERMINAL), index=True)
    office: Mapped[str] = mapped_column(String(OFFICE))  # whose journal the entry goes into
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    amount: Mapped[Decimal] = mapped_column(Kopecks())
    register_serial: Mapped[str] = mapped_column(String(REGISTER_SERIAL))
    receipt_no: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(300))
    document: Mapped[str] = mapped_column(String(300))


class JournalEntryRow(Base):
    """A line of the cash payout journal (pos.payouts.journal): added, never changed or deleted.

    Each office keeps its own journal: `number` is continuous within `office`, taken from the
    office's counters row "journal:<office>" in the transaction that adds the line.
    `paid_slip_id` is set on payout lines only: unique, it is the last guard against paying a
    slip twice in the chain; a correction has `corrects` (a number of the same office) instead.
    """

    __tablename__ = "journal_entries"
    __table_args__ = (
        CheckConstraint("amount >= 0", name="amount"),
        UniqueConstraint("office", "number"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    office: Mapped[str] = mapped_column(ForeignKey("offices.code"))
    number: Mapped[int] = mapped_column(Integer)
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
    # A withdrawal from a player's account (pos.accounts): its number; None for a slip's.
    account_number: Mapped[str | None] = mapped_column(String(ACCOUNT_NUMBER))
    corrects: Mapped[int | None] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(200), default="")


class ShiftRow(Base):
    """A shift of a terminal (pos.till.shifts): at most one open per terminal (a partial index)."""

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
    office: Mapped[str] = mapped_column(String(OFFICE))
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
