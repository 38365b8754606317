"""Slips, their legs and terms, the cash they moved, identity checks and settlements."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import ACCOUNT_NUMBER, LOGIN, MARKET, OFFICE, SLIP_NUMBER, TERMINAL, Base, BigId
from db.types import Kopecks, Odds, UTCDateTime


class SlipRow(Base):
    """An issued slip; `status` holds a `pos.betting.slips.SlipStatus` value."""

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
    office: Mapped[str] = mapped_column(String(OFFICE))  # the issuing office
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
    # p.7, issue 37: the player account that paid the stake (None: cash at the till); the
    # index lets a settlement run find the few cashless slips to credit (migration 0026).
    account_number: Mapped[str | None] = mapped_column(String(ACCOUNT_NUMBER), index=True)
    # p.17, issue 37: the remote coupon it was registered from (migration 0027); on the slip,
    # so that a cash payout refuses it from the read it makes anyway (issue 34).
    coupon: Mapped[str | None] = mapped_column(String(20))


class SlipLegRow(Base):
    """One leg of a slip at the odds version it was accepted at (p.10); `member` is its block."""

    __tablename__ = "slip_legs"
    __table_args__ = (
        UniqueConstraint("slip_id", "position"),
        # Issue 38: the liability board sums legs by outcome, and every bet reads its own.
        Index("ix_slip_legs_event_market", "event_id", "market", "slip_id"),
    )

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
    slip_id: Mapped[int | None] = mapped_column(ForeignKey("slips.id"), index=True)
    # Cash paid into or out of a player's account (pos.accounts) instead of a slip's.
    account_number: Mapped[str | None] = mapped_column(String(ACCOUNT_NUMBER))


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


class SlipTermsRow(Base):
    """A slip's terms as settlement reads them (pos.settlement.batch.encode_terms), written
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
