"""The register of remote coupons (pos.coupons.rules; issue 37, p.17)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, String
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import DOCUMENT_KEY, LOGIN, OFFICE, SLIP_NUMBER, TERMINAL, Base, BigId
from db.types import Kopecks, UTCDateTime


class CouponRow(Base):
    """A coupon registered once by its number, its slip once; its stake's payment order is
    in account_transfers (reference = the coupon's number), checked once among all."""

    __tablename__ = "coupons"
    __table_args__ = (
        CheckConstraint("amount > 0", name="amount"),
        CheckConstraint("paid_by IN ('transfer', 'postal')", name="paid_by"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    # The slip's number (slips.number), no foreign key: the slip's row may be written in the
    # same flush after this one (the slips repository batches its statements, issue 34).
    slip_number: Mapped[str] = mapped_column(String(SLIP_NUMBER), unique=True)
    paid_by: Mapped[str] = mapped_column(String(8))
    order_no: Mapped[str] = mapped_column(String(20))
    order_date: Mapped[date] = mapped_column(Date)
    bank_account: Mapped[str] = mapped_column(String(28))  # "" for a postal order
    amount: Mapped[Decimal] = mapped_column(Kopecks())
    player: Mapped[str] = mapped_column(String(200))
    document_key: Mapped[str] = mapped_column(String(DOCUMENT_KEY))
    registered_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    office: Mapped[str] = mapped_column(String(OFFICE))
