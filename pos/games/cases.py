"""Which game's use case a desk call reaches (issue 36, step 9): a game named by its key, or
the game whose event code a draw is, or else the first game listed, as before the seam."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from pos.games.game import Game, UseCase
from pos.games.registry import Games

if TYPE_CHECKING:
    from pos.core.context import Context
    from pos.people.actor import Actor


class Seat(Protocol):
    """A signed-in desk, as far as a game's typed facade of its use cases needs it (as
    `pos.<game>.desk`): its terminal and who acts."""

    @property
    def context(self) -> Context: ...

    @property
    def actor(self) -> Actor: ...


class NoSuchGame(LookupError):
    """A game key no installed game has, or no game at all: a wiring mistake, not the user's."""

    def __init__(self, key: str | None) -> None:
        self.key = key
        super().__init__(f"no game {key!r} is installed" if key else "no game is installed")


def game_named(games: Games, key: str | None) -> Game:
    """The game of `key`, or the first game listed for None (the desk's calls from before
    games were named reach the first game, whose they were).

    Raises:
        NoSuchGame: no game has that key (or none is installed).
    """
    game = next(iter(games), None) if key is None else games.by_key(key)
    if game is None:
        raise NoSuchGame(key)
    return game


def game_of_draw(games: Games, draw: object, key: str | None) -> Game:
    """The game a draw is of: the one named; else the one whose codes hold `draw`; else the
    first game, which reads `draw` as a number of its draws.

    Raises:
        NoSuchGame: no game has the key named (or none is installed).
    """
    if key is None and isinstance(draw, int) and not isinstance(draw, bool):
        found = games.by_code(draw)
        if found is not None:
            return found
    return game_named(games, key)


def case_of(games: Games, name: str) -> UseCase | None:
    """The use case a game declares under `name`, the first game's that does; None if none."""
    for game in games:
        case = game.use_cases.get(name)
        if case is not None:
            return case
    return None


def declared_case(game: Game, name: str) -> UseCase:
    """The use case `game` declares under `name` (the desk's "draw_board", "cancel_draw").

    Raises:
        NoSuchGame: the game declares none of that name.
    """
    case = game.use_cases.get(name)
    if case is None:
        raise NoSuchGame(f"{game.key}: {name}")
    return case
