"""What the shop pays if each outcome happens, kept up to date as slips open and close."""

from __future__ import annotations

from sqlalchemy import BigInteger, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import MARKET, OFFICE, Base


class OutcomeExposureRow(Base):
    """The open, unsettled slips with a leg on one outcome, issued in one office: how many,
    their stakes and their possible payouts (kopecks), each slip counted whole under each of
    its legs (issue 38). db.exposure keeps it as slips open and close, so that a bet reads
    its outcomes' payouts in one row each instead of summing a million legs (issue 34).
    """

    __tablename__ = "outcome_exposure"

    event_code: Mapped[int] = mapped_column(Integer, primary_key=True)
    market: Mapped[str] = mapped_column(String(MARKET), primary_key=True)
    office: Mapped[str] = mapped_column(String(OFFICE), primary_key=True)
    slips: Mapped[int] = mapped_column(Integer)
    stakes: Mapped[int] = mapped_column(BigInteger)
    payout: Mapped[int] = mapped_column(BigInteger)
