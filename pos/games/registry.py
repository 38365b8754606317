"""The games the shop sells (issue 36): `main.py` lists them, the composition root installs
them, and the house asks here which game an event code is. A plugin manager, as pluggy's,
but given its plugins explicitly: nothing in `pos` finds a game by itself."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from pos.core import game_settings
from pos.core.settings import SHOP_SETTINGS
from pos.games.game import FIRST_GAME_KIND, LAST_GAME_KIND, Game
from pos.games.settings import SettingSpec

if TYPE_CHECKING:
    from pos.betting.slips import Leg


class Games:
    """The registered games, found by key, by event code and by their markets' kind.

    Raises (at construction):
        ValueError: two games with one key, or whose code ranges overlap; a market kind that
            is another game's, or the line's (below FIRST_GAME_KIND), or beyond a byte.
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
        self._by_kind = _by_kind(self._games)
        self._settings = _settings(self._games)

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

    def settings(self) -> tuple[SettingSpec[Any], ...]:
        """Every game's settings, game by game in the order given."""
        return self._settings

    def by_kind(self, batch_kind: int) -> Game | None:
        """The game whose markets a slip's terms keep as `batch_kind`, or None (the line's)."""
        return self._by_kind.get(batch_kind)


def _by_kind(games: Iterable[Game]) -> dict[int, Game]:
    # The kind is in the terms of every slip sold: one game's for ever, so never shared.
    found: dict[int, Game] = {}
    for game in games:
        kind = game.batch_kind
        if not FIRST_GAME_KIND <= kind <= LAST_GAME_KIND:
            raise ValueError(f"{game.key}: market kind {kind} is not a game's")
        if kind in found:
            raise ValueError(f"market kind {kind} of both {found[kind].key} and {game.key}")
        found[kind] = game
    return found


def _settings(games: Iterable[Game]) -> tuple[SettingSpec[Any], ...]:
    # A game's settings share the settings table with the shop's own (issue 36, step 4).
    specs = tuple(spec for game in games for spec in game.settings)
    names = [spec.name for spec in specs]
    taken = set(SHOP_SETTINGS).intersection(names)
    if taken or len(set(names)) != len(names):
        raise ValueError(f"game settings named twice or as the shop's: {sorted(names)}")
    return specs


_installed = Games()


def installed() -> Games:
    """The games the composition root installed (none until it did): what the house's pure
    rules ask (a slip's claim window, its payout day) where no shop is at hand."""
    return _installed


def install(games: Games) -> Games:
    """Make `games` the installed ones (`main.py` does, once); returns those before."""
    global _installed
    before, _installed = _installed, games
    game_settings.declare(games.settings())  # the shop's settings keep theirs (issue 36)
    return before


@contextmanager
def installing(games: Games) -> Iterator[Games]:
    """`games` installed for the `with` block, those before back after it (tests)."""
    before = install(games)
    try:
        yield games
    finally:
        install(before)
