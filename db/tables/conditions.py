"""The published conditions of accepting bets (issue 37, p.6): every version of each office's."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import LOGIN, Base
from db.types import UTCDateTime


class ConditionsVersionRow(Base):
    """A version of an office's conditions as published: added, never changed (p.10: a bet
    is judged by the version in force when it was made)."""

    __tablename__ = "conditions_versions"

    office: Mapped[str] = mapped_column(ForeignKey("offices.code"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    in_force_from: Mapped[datetime] = mapped_column(UTCDateTime())
    made_by: Mapped[str] = mapped_column(String(LOGIN))
    text: Mapped[str] = mapped_column(Text)
