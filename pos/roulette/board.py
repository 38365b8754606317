"""Roulette's draws as the board shows them (issue 36): each with its start, its number or why
it was cancelled, and its state in words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from pos.line.events import Event
from pos.roulette.draws import spin_number
from pos.roulette.wording import draw_state_words
from pos.settlement.results import Result, ResultStatus


@dataclass(frozen=True)
class SpinView:
    """A draw as the board shows it: its start (the shop's zone), the number that came up or
    why it was cancelled (None: neither yet), and its state in words."""

    code: int
    number: int
    starts_at: datetime
    came_up: int | None
    cancelled: str | None
    words: str


@dataclass(frozen=True)
class RouletteBoard:
    """The draw in play (on sale until its start, then awaiting its number), the next one,
    and the spins before them, the latest first."""

    current: SpinView
    next: SpinView | None
    history: tuple[SpinView, ...]

    def on_sale(self, now: datetime) -> SpinView | None:
        """The draw a bet picked at `now` goes on: the current one until its start, then the
        next (None: none is on sale yet; the board's page picks it, issue 36)."""
        return self.current if now < self.current.starts_at else self.next


def result_words(result: Result) -> str:
    """A draw's recorded result as a refusal quotes it: «выпало 17 — чёрное, нечет, 1–18»,
    «отменён: шарик вылетел»."""
    words = draw_state_words(
        result.actual_start,
        started=True,
        came_up=result.home,
        cancelled=result.source if result.status is ResultStatus.CANCELLED else None,
    )
    return words[0].lower() + words[1:]


def spin_view(
    event: Event, decided: Mapping[int, Result], now: datetime, zone: ZoneInfo
) -> SpinView:
    """The draw of `event` on the board at `now`, with its result among `decided`.

    Args:
        event: the draw's event.
        decided: the results of draws, by event code.
        now: the moment of the board.
        zone: the shop's time zone, in which its start is shown.

    Returns:
        The draw as the board shows it.
    """
    result = decided.get(event.code)
    came_up = None if result is None or result.status is ResultStatus.CANCELLED else result.home
    cancelled = result.source if result and result.status is ResultStatus.CANCELLED else None
    starts_at = event.starts_at.astimezone(zone)
    return SpinView(
        code=event.code,
        number=spin_number(event.code),
        starts_at=starts_at,
        came_up=came_up,
        cancelled=cancelled,
        words=draw_state_words(
            starts_at, started=now >= event.starts_at, came_up=came_up, cancelled=cancelled
        ),
    )
