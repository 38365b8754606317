"""The register of players' claims (pos.claims, issue 37): each claim, its evidence."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, CheckConstraint, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import LOGIN, OFFICE, SLIP_NUMBER, TERMINAL, Base, BigId
from db.types import UTCDateTime


class ClaimRow(Base):
    """A claim, numbered 1..N per office from its counters row "claims:<office>"; its decision
    is written once, by an UPDATE that finds none there (p.16: final)."""

    __tablename__ = "claims"
    __table_args__ = (
        UniqueConstraint("office", "number"),
        # A decision is whole or absent: the verdict, its reason, who and when.
        CheckConstraint(
            "(upheld IS NULL AND decided_at IS NULL AND decided_by IS NULL AND reason IS NULL)"
            " OR (upheld IS NOT NULL AND decided_at IS NOT NULL AND decided_by IS NOT NULL"
            " AND reason IS NOT NULL)",
            name="decision",
        ),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    office: Mapped[str] = mapped_column(String(OFFICE), ForeignKey("offices.code"))
    number: Mapped[int] = mapped_column(Integer)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    slip_number: Mapped[str] = mapped_column(String(SLIP_NUMBER))
    payout: Mapped[int | None] = mapped_column(Integer)  # the journal entry's number
    text: Mapped[str] = mapped_column(String(1000))
    recorded_by: Mapped[str] = mapped_column(String(LOGIN))
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    upheld: Mapped[bool | None] = mapped_column(Boolean)
    reason: Mapped[str | None] = mapped_column(String(500))
    remedy: Mapped[str | None] = mapped_column(String(300))
    decided_by: Mapped[str | None] = mapped_column(String(LOGIN))
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class ClaimEvidenceRow(Base):
    """One thing the player presented, in the order given; `counts` false: a video (p.14)."""

    __tablename__ = "claim_evidence"
    __table_args__ = (UniqueConstraint("claim_id", "position"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    claim_id: Mapped[int] = mapped_column(ForeignKey("claims.id"))
    position: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
    counts: Mapped[bool] = mapped_column(Boolean)
