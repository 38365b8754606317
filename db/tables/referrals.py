"""Big stakes referred to a manager (pos.risk, issue 38): the bet as sent, and its decision."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import DOCUMENT_KEY, LOGIN, OFFICE, SLIP_NUMBER, TERMINAL, Base, BigId
from db.types import Kopecks, UTCDateTime


class ReferralRow(Base):
    """A referral, numbered 1..N per office from its counters row "referrals:<office>".

    Its decision is written once, by an UPDATE that finds `state` still "referred" (two
    managers at once: one wins); its slip once, by an UPDATE that finds none linked. The
    player's document is kept only while the referral may still be issued.
    """

    __tablename__ = "referrals"
    __table_args__ = (UniqueConstraint("office", "number"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    office: Mapped[str] = mapped_column(String(OFFICE), ForeignKey("offices.code"))
    number: Mapped[int] = mapped_column(Integer)
    terminal: Mapped[str] = mapped_column(String(TERMINAL), index=True)
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    sent_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    deadline: Mapped[datetime] = mapped_column(UTCDateTime())
    kind: Mapped[str] = mapped_column(String(16))
    legs: Mapped[str] = mapped_column(Text)  # JSON: the members' legs at the odds when sent
    stake: Mapped[Decimal] = mapped_column(Kopecks())
    total_odds: Mapped[str] = mapped_column(String(40))
    possible_payout: Mapped[Decimal] = mapped_column(Kopecks())
    refusal: Mapped[str] = mapped_column(String(500))
    document: Mapped[str | None] = mapped_column(Text)  # JSON, until issued or ended
    document_key: Mapped[str] = mapped_column(String(DOCUMENT_KEY), index=True)
    state: Mapped[str] = mapped_column(String(12), index=True)
    decided_by: Mapped[str | None] = mapped_column(String(LOGIN))
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    accepted_stake: Mapped[Decimal | None] = mapped_column(Kopecks())
    reason: Mapped[str | None] = mapped_column(String(300))
    slip_number: Mapped[str | None] = mapped_column(String(SLIP_NUMBER), unique=True)
