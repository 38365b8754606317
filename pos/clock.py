"""Injectable clocks: the system clock for the shop, a fixed one for tests and demos."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Anything that tells the current time as an aware UTC datetime."""

    def now(self) -> datetime: ...


class SystemClock:
    """The real time of this computer, in UTC."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class FixedClock:
    """A clock that stands still until told to move, so the 5-minute window can be tested."""

    def __init__(self, now: datetime) -> None:
        """Start the clock at `now`, which must be timezone-aware.

        Raises:
            ValueError: `now` is naive.
        """
        if now.tzinfo is None:
            raise ValueError("FixedClock needs a timezone-aware datetime")
        self._now = now.astimezone(UTC)

    def now(self) -> datetime:
        return self._now

    def advance(self, delta: timedelta) -> datetime:
        """Move the clock forward by `delta` and return the new time."""
        self._now += delta
        return self._now

    def set(self, now: datetime) -> None:
        """Jump to `now` (timezone-aware)."""
        if now.tzinfo is None:
            raise ValueError("FixedClock needs a timezone-aware datetime")
        self._now = now.astimezone(UTC)
