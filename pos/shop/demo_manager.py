"""What the demo leaves a manager to try at once (issue 34): a match played last night that waits
for its result, and the mark that tells a demo database apart (pos.shop.demo_spread moves the
quotes of such a database only)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from pos.line.events import Sport

if TYPE_CHECKING:
    from pos.core.ports import UnitOfWork
    from pos.shop.desk import Desk

# A settings row only `Shop.seed_demo` writes: this database is a demo, whose quotes the demo
# moves (pos.core.settings ignores names it does not know, so no screen shows or sets it).
DEMO_MARKER = "demo_database"

# Kicked off at 19:00 yesterday, after the demo's results were entered at 20:00 it was still
# being played: its result is the one left for the manager to enter.
_WAITING = (113, Sport.FOOTBALL, "Белшина Бобруйск", "Смолевичи", time(19, 0))
_WAITING_ODDS = "1=2.30 X=3.10 2=3.20 O2.5=2.00 U2.5=1.80"


def add_waiting_match(manager: Desk, yesterday: date, zone: ZoneInfo) -> None:
    """Put last night's match, still waiting for its result, into the line (by the demo's
    manager, while the demo's clock stands at yesterday's morning)."""
    code, sport, home, away, kickoff = _WAITING
    starts_at = datetime.combine(yesterday, kickoff, zone).astimezone(UTC)
    manager.add_event(code, sport, home, away, starts_at, tournament="Высшая лига")
    for pair in _WAITING_ODDS.split():
        market, value = pair.split("=")
        manager.set_odds(code, market, Decimal(value))


def mark_demo(uow: UnitOfWork) -> None:
    """Record in `uow` that this database is a demo (written by `Shop.seed_demo` only)."""
    uow.settings.save({DEMO_MARKER: "1"})


def is_demo(uow: UnitOfWork) -> bool:
    """True for a database `Shop.seed_demo` seeded."""
    return DEMO_MARKER in uow.settings.load()
