"""The register of bank transfers onto and off players' accounts (pos.accounts.transfer_rules;
issue 37, p.7)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import LOGIN, OFFICE, TERMINAL, Base, BigId
from db.types import Kopecks, UTCDateTime


class AccountTransferRow(Base):
    """One payment order, in or out, recorded once: `issuer` is whose order it is (the payer's
    bank account for money in, "" when it was typed without one; "" for the shop's own out),
    so the unique key is the last guard of "the same order twice is refused"."""

    __tablename__ = "account_transfers"
    __table_args__ = (
        CheckConstraint("amount > 0", name="amount"),
        CheckConstraint("direction IN ('in', 'out')", name="direction"),
        UniqueConstraint("direction", "issuer", "order_no", "order_date"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    direction: Mapped[str] = mapped_column(String(3))
    order_no: Mapped[str] = mapped_column(String(20), index=True)
    order_date: Mapped[date] = mapped_column(Date)
    issuer: Mapped[str] = mapped_column(String(28))
    amount: Mapped[Decimal] = mapped_column(Kopecks())
    payer: Mapped[str] = mapped_column(String(200))
    bank_account: Mapped[str] = mapped_column(String(28))
    # None: a remote coupon's stake (p.17), which passes through no account.
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    office: Mapped[str] = mapped_column(String(OFFICE))
    purpose: Mapped[str] = mapped_column(String(210))
    source: Mapped[str] = mapped_column(String(255))
    reference: Mapped[str] = mapped_column(String(80))
