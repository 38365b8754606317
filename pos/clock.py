"""The API's path to the clocks (DESIGN.md: `pos.clock.FixedClock`); they live in pos.core.clock."""

from pos.core.clock import Clock, FixedClock, SystemClock

__all__ = ["Clock", "FixedClock", "SystemClock"]
