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
    CheckConstraint,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from db.types import Odds, UTCDateTime

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


class Base(DeclarativeBase):
    """Every table of the shop."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class UserRow(Base):
    """A cashier or manager; `role` holds a `pos.users.Role` value."""

    __tablename__ = "users"
    __table_args__ = (
        CheckConstraint("role IN ('cashier', 'manager')", name="role"),
        CheckConstraint("failed_pins >= 0", name="failed_pins"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    login: Mapped[str] = mapped_column(String(LOGIN), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    pin_hash: Mapped[str] = mapped_column(String(255))
    failed_pins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(UTCDateTime())


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


class AuditRow(Base):
    """One line of the append-only audit trail; `action` holds a `pos.audit.AuditAction` value."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    actor: Mapped[str] = mapped_column(String(LOGIN))
    action: Mapped[str] = mapped_column(String(32))
    detail: Mapped[str] = mapped_column(Text, default="")


class EventRow(Base):
    """An event of the line; `code` is what the cashier types, `sport` a `pos.line.Sport` value."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[int] = mapped_column(Integer, unique=True)
    sport: Mapped[str] = mapped_column(String(16))
    home: Mapped[str] = mapped_column(String(100))
    away: Mapped[str] = mapped_column(String(100))
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime())


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
