"""The line: events, the versions of their odds, sport limits and results (a game's own
tables are in db.games)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import LOGIN, MARKET, Base, BigId
from db.types import Kopecks, Odds, UTCDateTime


class EventRow(Base):
    """An event of the line; `code` is what the cashier types, `sport` a `pos.line.events.Sport`
    value."""

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
    # Issue 38: the event's own cap on an outcome's chain payout (None: the setting).
    max_liability: Mapped[Decimal | None] = mapped_column(Kopecks())


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
    # Issue 38: suspended from the liability board; a new version carries it on.
    suspended: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class SportLimitRow(Base):
    """The line header (p.18): the maximum stake per event of one sport."""

    __tablename__ = "sport_limits"

    sport: Mapped[str] = mapped_column(String(16), primary_key=True)
    max_stake: Mapped[Decimal] = mapped_column(Kopecks())


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
