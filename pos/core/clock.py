"""Injectable clocks: the system clock for the shop, a fixed one for tests and demos."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta, tzinfo
from typing import ClassVar, Protocol
from zoneinfo import ZoneInfo


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


class ZonedLogFormatter(logging.Formatter):
    """Log lines stamped in the shop's time zone with its offset («2026-12-02 18:30:01.123+03:00»),
    the clock the screen shows, whatever zone the computer itself is set to.

    `zone` is the shop's default until the composition root knows the shop's own setting.
    """

    zone: ClassVar[tzinfo] = ZoneInfo("Europe/Minsk")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:  # noqa: N802 - logging's name
        moment = datetime.fromtimestamp(record.created, self.zone)
        if datefmt:
            return moment.strftime(datefmt)
        return moment.isoformat(sep=" ", timespec="milliseconds")
