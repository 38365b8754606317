"""«Спрэдбетэкс» (pos.exchange): players' offers and the paris concluded on them."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, ForeignKey, Index, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import ACCOUNT_NUMBER, LOGIN, MARKET, OFFICE, TERMINAL, ZERO, Base, BigId
from db.types import Kopecks, Odds, UTCDateTime

EXCHANGE_NUMBER = 12


class ExchangeOfferRow(Base):
    """An offer of a pari and what of it is open; its `blocked` is the offerer's risk of the
    open part, held on the account while it stands. The board reads it by outcome and
    coefficient; the lapse at the start (p.46) by its event's start."""

    __tablename__ = "exchange_offers"
    __table_args__ = (
        CheckConstraint("stake_open >= 0 AND stake_open <= stake", name="stake_open"),
        CheckConstraint("blocked >= 0", name="blocked"),
        Index("ix_exchange_offers_board", "status", "event_code", "market", "side", "coefficient"),
        Index("ix_exchange_offers_start", "status", "event_starts_at"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    number: Mapped[str] = mapped_column(String(EXCHANGE_NUMBER), unique=True)
    account_number: Mapped[str] = mapped_column(String(ACCOUNT_NUMBER), index=True)
    event_code: Mapped[int] = mapped_column(Integer)
    market: Mapped[str] = mapped_column(String(MARKET))
    side: Mapped[str] = mapped_column(String(4))
    coefficient: Mapped[Decimal] = mapped_column(Odds())
    stake: Mapped[Decimal] = mapped_column(Kopecks())
    stake_open: Mapped[Decimal] = mapped_column(Kopecks())
    accepted: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    blocked: Mapped[Decimal] = mapped_column(Kopecks())
    made_at: Mapped[datetime] = mapped_column(UTCDateTime())
    event_starts_at: Mapped[datetime] = mapped_column(UTCDateTime())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    office: Mapped[str] = mapped_column(String(OFFICE))
    status: Mapped[str] = mapped_column(String(12))


class ExchangePariRow(Base):
    """A pari concluded between a backer and a layer, the bookmaker each one's counterparty
    (p.52): its terms, never changed. Until it is settled it is in `exchange_concluded`; then
    its settlement (`exchange_settlements`) holds each side's result (migration 0016)."""

    __tablename__ = "exchange_paris"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    number: Mapped[str] = mapped_column(String(EXCHANGE_NUMBER), unique=True)
    offer_id: Mapped[int] = mapped_column(ForeignKey("exchange_offers.id"), index=True)
    event_code: Mapped[int] = mapped_column(Integer)
    market: Mapped[str] = mapped_column(String(MARKET))
    coefficient: Mapped[Decimal] = mapped_column(Odds())
    stake: Mapped[Decimal] = mapped_column(Kopecks())
    back_account: Mapped[str] = mapped_column(String(ACCOUNT_NUMBER), index=True)
    lay_account: Mapped[str] = mapped_column(String(ACCOUNT_NUMBER), index=True)
    concluded_at: Mapped[datetime] = mapped_column(UTCDateTime())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    office: Mapped[str] = mapped_column(String(OFFICE))


class ExchangeConcludedRow(Base):
    """A pari concluded and not settled yet, by its event: written with the pari, deleted by
    its settlement. What a settlement reads, and what the blocked money of paris stands for
    (`verify`); a settled pari costs it nothing (tests/bench/exchange.py)."""

    __tablename__ = "exchange_concluded"

    pari_id: Mapped[int] = mapped_column(ForeignKey("exchange_paris.id"), primary_key=True)
    event_code: Mapped[int] = mapped_column(Integer, index=True)
    terms: Mapped[bytes] = mapped_column(LargeBinary)  # pos.exchange.batch.pari_terms


class ExchangeSettlementRow(Base):
    """A pari's settlement (p.48–p.53): settled or void, each side's result (a gain positive,
    a loss negative) and the bookmaker's commission, written once, as a slip's settlement."""

    __tablename__ = "exchange_settlements"

    pari_id: Mapped[int] = mapped_column(ForeignKey("exchange_paris.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(12))
    back_result: Mapped[Decimal] = mapped_column(Kopecks())
    lay_result: Mapped[Decimal] = mapped_column(Kopecks())
    commission: Mapped[Decimal] = mapped_column(Kopecks())
    settled_at: Mapped[datetime] = mapped_column(UTCDateTime())
