"""The next day at the till, for the payout desk tests."""

from __future__ import annotations

from datetime import timedelta

from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from tests.shifts import reopen_shift


def _next_day(clock: FixedClock, desk: Desk) -> None:
    clock.advance(timedelta(days=1))
    reopen_shift(desk)
