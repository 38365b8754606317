"""Roulette's schedule (issue 36, DESIGN.md «Draw games as rooms; roulette»): a draw every
`roulette_interval` minutes, bets on it until its start («Ставок больше нет» after).

No table keeps the schedule: a draw is an event of the line's repository, and the next one
starts one interval after the last one opened, so a changed interval applies from the next
draw. When none is open, or the last one's next start has passed (the shop was closed), the
next draw starts at the next whole interval from now; the numbers go on from the last one.
The board keeps the draw in play and the next one open.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from pos.core.settings import ShopSettings
from pos.line.events import Event, Sport
from pos.roulette.draws import KEY, TITLE, spin_code, spin_number
from pos.roulette.settings import INTERVAL

HISTORY = 10  # spins on the board besides the draw in play and the next
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)  # whole intervals are counted from it


def interval(settings: ShopSettings) -> timedelta:
    """The time between two draws' starts, as the shop's settings say now."""
    return timedelta(minutes=settings.value(INTERVAL))


def spin_event(number: int, starts_at: datetime) -> Event:
    """The event of draw `number`: of a game's sport, stored under the game's key, the
    table's name the tournament and the match."""
    return Event(
        spin_code(number),
        Sport.GAME,
        TITLE,
        f"тираж № {number}",
        starts_at,
        tournament=TITLE,
        game=KEY,
    )


def next_start(last: Event | None, now: datetime, every: timedelta) -> datetime:
    """The start of the draw after `last` (the last one opened): one interval after it, or the
    next whole interval from now when there is none or that moment has passed."""
    if last is not None and last.starts_at + every > now:
        return last.starts_at + every
    return _EPOCH + ((now - _EPOCH) // every + 1) * every


@dataclass(frozen=True)
class Lineup:
    """The draws the board shows: the one in play (on sale until its start, then awaiting its
    number), the next one, and the spins before them, the latest first."""

    current: Event
    next: Event | None
    history: tuple[Event, ...]


def awaited(latest: Sequence[Event], decided: Collection[int], now: datetime) -> Event | None:
    """The draw that has started last, while its number is awaited and the draw after it has
    not started (it is still the one in play); None otherwise.

    Args:
        latest: the latest draws opened, the highest number first.
        decided: the codes of the draws with a result (a number or a cancellation).
        now: the moment of the board.
    """
    started = [event for event in latest if event.starts_at <= now]
    if not started or started[0].code in decided:
        return None
    last = started[0]
    return last if last is latest[0] or _after(latest, last).starts_at > now else None


def to_open(
    latest: Sequence[Event], decided: Collection[int], now: datetime, every: timedelta
) -> list[Event]:
    """The draws to open now so that the draw in play and the next one are open, in order.

    Args:
        latest: the latest draws opened, the highest number first.
        decided: the codes of the draws with a result.
        now: the moment of the board.
        every: the interval in force.
    """
    wanted = 1 if awaited(latest, decided, now) is not None else 2
    on_sale = sum(1 for event in latest if event.starts_at > now)
    last = latest[0] if latest else None
    opened: list[Event] = []
    while on_sale + len(opened) < wanted:
        number = 1 if last is None else spin_number(last.code) + 1
        last = spin_event(number, next_start(last, now, every))
        opened.append(last)
    return opened


def lineup(latest: Sequence[Event], decided: Collection[int], now: datetime) -> Lineup:
    """The board's draws among the latest opened (the highest number first), once `to_open`'s
    are opened too."""
    in_play = awaited(latest, decided, now)
    on_sale = sorted((e for e in latest if e.starts_at > now), key=lambda e: e.code)
    if in_play is not None:
        current, coming = in_play, on_sale[:1]
    else:
        current, coming = on_sale[0], on_sale[1:2]
    history = tuple(e for e in latest if e.starts_at <= now and e is not current)
    return Lineup(current, coming[0] if coming else None, history[:HISTORY])


def _after(latest: Sequence[Event], draw: Event) -> Event:
    return latest[latest.index(draw) - 1]
