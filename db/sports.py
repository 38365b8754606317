"""The events table's sport column read and written: a sport of the line, or a game's key."""

from __future__ import annotations

from pos.line.events import Event, Sport

# The line's sports by their stored value; any other value is a game's key (issue 36).
_LINE = {sport.value: sport for sport in Sport if sport is not Sport.GAME}


def sport_of(value: str) -> tuple[Sport, str]:
    """The sport of a stored `events.sport` value and the key of its game.

    A game's draws are stored under the game's key (the value they held before games were
    rooms: no migration, issue 36), the line's events under their sport's value.

    Args:
        value: the column's value.

    Returns:
        (the sport, "") for an event of the line; (Sport.GAME, the key) for a game's draw.
    """
    sport = _LINE.get(value)
    return (Sport.GAME, value) if sport is None else (sport, "")


def stored_sport(event: Event) -> str:
    """What `events.sport` holds for `event`: its game's key, or its sport's value."""
    return event.game or event.sport.value
