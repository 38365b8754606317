"""The СККС outbox: every operation's message to the controller, written with the operation and
answered once (issue 35)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import OFFICE, TERMINAL, Base
from db.types import UTCDateTime


class SkksMessageRow(Base):
    """A message of a terminal, in the terminal's order; its body never changes once written.

    Unanswered while `answered_at` is None; then registered (`registration`) or refused
    (`error` and `reason`)."""

    __tablename__ = "skks_outbox"
    __table_args__ = (
        Index("ix_skks_outbox_unanswered", "terminal", "answered_at", "sequence"),
        Index("ix_skks_outbox_subject", "subject"),
        Index("ix_skks_outbox_kind", "kind", "written_at"),
    )

    terminal: Mapped[str] = mapped_column(String(TERMINAL), primary_key=True)
    sequence: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    office: Mapped[str] = mapped_column(String(OFFICE))
    kind: Mapped[str] = mapped_column(String(24))
    subject: Mapped[str] = mapped_column(String(40))
    written_at: Mapped[datetime] = mapped_column(UTCDateTime())
    body: Mapped[str] = mapped_column(Text)
    answered_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    registration: Mapped[str | None] = mapped_column(String(64))
    error: Mapped[str | None] = mapped_column(String(64))
    reason: Mapped[str | None] = mapped_column(String(500))
    # The controller's own totals of a shift, as its answer to the shift's totals (issue 35).
    totals: Mapped[str | None] = mapped_column(Text)
