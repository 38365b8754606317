"""Bet-on-Poker's own storage (issue 36): the draws, a store of the unit of work
(`uow.store(DRAWS)`; db.games.poker implements it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from pos.games.stores import StoreKey

if TYPE_CHECKING:
    from pos.poker.draws import Draw


class DrawRepository(Protocol):
    """Bet-on-Poker draws (pos.poker.draws): the cards dealt so far in each."""

    def get(self, number: int, *, for_update: bool = False) -> Draw | None: ...
    def add(self, draw: Draw, event_code: int) -> None:
        """Store a new draw; its bets are legs of the event `event_code` (already added)."""
        ...

    def update(self, draw: Draw) -> None: ...
    def recent(self, limit: int) -> list[Draw]:
        """The last `limit` draws opened, the latest first."""
        ...


DRAWS = StoreKey["DrawRepository"]("poker.draws")
