"""Bet-on-Poker's table and repository (issue 36): the draws, `uow.store(DRAWS)`
(pos.poker.ports.DrawRepository). The table is the one migration 0008 made, name unchanged."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, ForeignKey, Integer, String, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from db.tables import LOGIN, Base, EventRow
from db.types import UTCDateTime
from pos.poker.draws import Draw
from pos.poker.ports import DRAWS


class DrawRow(Base):
    """A Bet-on-Poker draw (pos.poker.draws): its event, the cards dealt so far, the round's margin.

    The result and a cancellation are the event's result (event_results): the winning seats
    as bits of `home`, so that settlement treats a draw as any event.
    """

    __tablename__ = "draws"
    __table_args__ = (CheckConstraint("number >= 1", name="number"),)

    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), unique=True)
    hands: Mapped[str | None] = mapped_column(String(32))  # "AsKs QhQd 7c8c 2d2h JsTd 9h9c"
    board: Mapped[str] = mapped_column(String(10), default="")  # "Ac7h3sKd9c"
    margin: Mapped[str] = mapped_column(String(8))  # "0.10"
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    updated_by: Mapped[str] = mapped_column(String(LOGIN))


class SqlDrawRepository:
    """The draws and the cards dealt in them."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def get(self, number: int, *, for_update: bool = False) -> Draw | None:
        """The draw, if it has been opened (locked for the transaction with `for_update`)."""
        query = select(DrawRow).where(DrawRow.number == number)
        if for_update:
            query = query.with_for_update().execution_options(populate_existing=True)
        row = self._session.scalars(query).one_or_none()
        return None if row is None else _draw(row)

    def add(self, draw: Draw, event_code: int) -> None:
        """Store a new draw, its bets being legs of the event `event_code`."""
        event_id = self._session.scalars(
            select(EventRow.id).where(EventRow.code == event_code)
        ).one()
        self._session.add(DrawRow(event_id=event_id, **_fields(draw)))
        self._session.flush()

    def update(self, draw: Draw) -> None:
        """Store the cards dealt and the margin of the round they open."""
        fields = _fields(draw)
        del fields["number"]
        self._session.execute(update(DrawRow).where(DrawRow.number == draw.number).values(fields))

    def recent(self, limit: int) -> list[Draw]:
        """The last `limit` draws opened, the latest first."""
        rows = self._session.scalars(select(DrawRow).order_by(DrawRow.number.desc()).limit(limit))
        return [_draw(row) for row in rows]


def _fields(draw: Draw) -> dict[str, object]:
    return {
        "number": draw.number,
        "hands": None if draw.hands is None else " ".join(draw.hands),
        "board": draw.board,
        "margin": str(draw.margin),
        "updated_at": draw.updated_at,
        "updated_by": draw.updated_by,
    }


def _draw(row: DrawRow) -> Draw:
    return Draw(
        number=row.number,
        hands=None if row.hands is None else tuple(row.hands.split()),
        board=row.board,
        margin=Decimal(row.margin),
        updated_at=row.updated_at,
        updated_by=row.updated_by,
    )


# What main.game_stores() hands the storage: each store's key and how a session makes it.
STORES: tuple[tuple[str, Callable[[Session], object]], ...] = ((DRAWS.name, SqlDrawRepository),)
