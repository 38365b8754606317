"""«Спрэдбет» (pos.spread): the assets, every version of their quotes, the bets and their closes."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import ACCOUNT_NUMBER, LOGIN, OFFICE, TERMINAL, ZERO, Base, BigId
from db.types import Kopecks, Millionths, UTCDateTime

ASSET_CODE = 16
SPREAD_NUMBER = 12


class SpreadAssetRow(Base):
    """A financial asset and the terms its new bets are made on."""

    __tablename__ = "spread_assets"
    __table_args__ = (CheckConstraint("min_stake <= max_stake", name="stakes"),)

    code: Mapped[str] = mapped_column(String(ASSET_CODE), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    kind: Mapped[str] = mapped_column(String(8))
    point: Mapped[Decimal] = mapped_column(Millionths())
    margin_points: Mapped[int] = mapped_column(Integer)
    maintenance: Mapped[Decimal] = mapped_column(Millionths())
    min_stake: Mapped[Decimal] = mapped_column(Kopecks())
    max_stake: Mapped[Decimal] = mapped_column(Kopecks())


class SpreadQuoteRow(Base):
    """One version of an asset's quote, never changed: the newest is in force."""

    __tablename__ = "spread_quotes"
    __table_args__ = (
        UniqueConstraint("asset", "version"),
        CheckConstraint("ask > bid", name="spread"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    asset: Mapped[str] = mapped_column(ForeignKey("spread_assets.code"))
    version: Mapped[int] = mapped_column(Integer)
    bid: Mapped[Decimal] = mapped_column(Millionths())
    ask: Mapped[Decimal] = mapped_column(Millionths())
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    author: Mapped[str] = mapped_column(String(LOGIN))


class SpreadBetRow(Base):
    """A spread bet: what of its stake is open, the margin blocked for it, its result so far.

    The index finds a quote's margin calls without reading the asset's other bets: an up
    bet is called above a price, a down bet below one (pos.spread.margins).
    """

    __tablename__ = "spread_bets"
    __table_args__ = (
        CheckConstraint("stake_open >= 0 AND stake_open <= stake", name="stake_open"),
        CheckConstraint("margin_blocked >= 0", name="margin_blocked"),
        Index("ix_spread_bets_calls", "asset", "status", "direction", "call_price"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    number: Mapped[str] = mapped_column(String(SPREAD_NUMBER), unique=True)
    account_number: Mapped[str] = mapped_column(String(ACCOUNT_NUMBER), index=True)
    asset: Mapped[str] = mapped_column(ForeignKey("spread_assets.code"))
    direction: Mapped[str] = mapped_column(String(4))
    open_price: Mapped[Decimal] = mapped_column(Millionths())
    call_price: Mapped[Decimal] = mapped_column(Millionths())  # pos.spread.margins
    point: Mapped[Decimal] = mapped_column(Millionths())
    stake: Mapped[Decimal] = mapped_column(Kopecks())
    stake_open: Mapped[Decimal] = mapped_column(Kopecks())
    margin_blocked: Mapped[Decimal] = mapped_column(Kopecks())
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    office: Mapped[str] = mapped_column(String(OFFICE))
    status: Mapped[str] = mapped_column(String(24))
    result: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class SpreadClosingRow(Base):
    """One whole or partial close of a bet, by the player or by the bookmaker (p.31, p.36);
    `uncovered` is the loss beyond the account, the bookmaker's, and `shown_at` when a
    bookmaker's close was shown to the cashier."""

    __tablename__ = "spread_closings"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    bet_id: Mapped[int] = mapped_column(ForeignKey("spread_bets.id"), index=True)
    stake: Mapped[Decimal] = mapped_column(Kopecks())
    close_price: Mapped[Decimal] = mapped_column(Millionths())
    result: Mapped[Decimal] = mapped_column(Kopecks())
    margin_released: Mapped[Decimal] = mapped_column(Kopecks())
    uncovered: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    by_bookmaker: Mapped[bool] = mapped_column(Boolean, default=False)
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    shown_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
