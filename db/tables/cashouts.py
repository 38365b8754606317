"""Cash-out offers (pos.cashout, issue 38): each offer made for an open slip, and when taken."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import LOGIN, SLIP_NUMBER, TERMINAL, Base, BigId
from db.types import Kopecks, UTCDateTime


class CashoutOfferRow(Base):
    """An offer to buy a slip back; `taken_at` is set when the player took it (the moment its
    payout's first step saved the payout waiting for its receipt)."""

    __tablename__ = "cashout_offers"
    __table_args__ = (
        CheckConstraint("amount >= 0", name="amount"),
        CheckConstraint("valid_until >= made_at", name="holds"),
        Index("ix_cashout_offers_slip_made", "slip_number", "made_at"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    slip_number: Mapped[str] = mapped_column(String(SLIP_NUMBER))
    amount: Mapped[Decimal] = mapped_column(Kopecks())
    made_at: Mapped[datetime] = mapped_column(UTCDateTime())
    valid_until: Mapped[datetime] = mapped_column(UTCDateTime())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    taken_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
