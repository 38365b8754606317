"""The games the shop sells (issue 36): `main.py` lists them, the composition root installs
them, and the house asks here which game an event code is. A plugin manager, as pluggy's,
but given its plugins explicitly: nothing in `pos` finds a game by itself."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from pos.games.game import Game

if TYPE_CHECKING:
    from pos.betting.slips import Leg


class Games:
    """The registered games, found by key and by event code.

    Raises (at construction):
        ValueError: two games with one key, or whose code ranges overlap.
    """

    def __init__(self, games: Iterable[Game] = ()) -> None:
        self._games = tuple(games)
        keys = [game.key for game in self._games]
        if len(set(keys)) != len(keys):
            raise ValueError(f"two games with one key: {keys}")
        self._by_start = sorted(self._games, key=lambda game: game.codes.start)
        for lower, upper in zip(self._by_start, self._by_start[1:], strict=False):
            if upper.codes.start < lower.codes.stop:
                raise ValueError(f"the codes of {lower.key} and {upper.key} overlap")
        self._starts = [game.codes.start for game in self._by_start]

    def __iter__(self) -> Iterator[Game]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)

    def by_key(self, key: str) -> Game | None:
        return next((game for game in self._games if game.key == key), None)

    def by_code(self, code: int) -> Game | None:
        """The game whose draw an event code is, or None for an event of the line."""
        at = bisect.bisect_right(self._starts, code) - 1
        if at < 0:
            return None
        game = self._by_start[at]
        return game if code in game.codes else None

    def of_leg(self, leg: Leg) -> Game | None:
        return self.by_code(leg.event_code)


_installed = Games()


def installed() -> Games:
    """The games the composition root installed (none until it did): what the house's pure
    rules ask (a slip's claim window, its payout day) where no shop is at hand."""
    return _installed


def install(games: Games) -> Games:
    """Make `games` the installed ones (`main.py` does, once); returns those before."""
    global _installed
    before, _installed = _installed, games
    return before


@contextmanager
def installing(games: Games) -> Iterator[Games]:
    """`games` installed for the `with` block, those before back after it (tests)."""
    before = install(games)
    try:
        yield games
    finally:
        install(before)
