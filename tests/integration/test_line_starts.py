"""A start already past (issue 34) on both databases: the line editor's warning reads the event
kept, so a started event's other fields are corrected without it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pos.core.clock import FixedClock
from pos.shop.services import Shop

pytestmark = pytest.mark.integration


def test_a_new_event_starting_before_now_is_warned_in_the_shops_time(
    db_shop: Shop, clock: FixedClock
) -> None:
    boss = db_shop.login("boss", "9911")
    past = clock.now() - timedelta(hours=3)

    warning = boss.past_start(503, past)

    assert warning is not None
    assert (warning.code, warning.starts_at.strftime("%d.%m.%Y %H:%M")) == (503, "30.11.2026 09:00")
    assert boss.past_start(503, clock.now() + timedelta(minutes=1)) is None


def test_a_started_event_kept_with_its_start_is_corrected_without_a_warning(
    db_shop: Shop, clock: FixedClock
) -> None:
    boss = db_shop.login("boss", "9911")
    started = clock.now() - timedelta(hours=1)
    boss.add_event(504, "football", "Неман", "Гомель", started)

    assert boss.past_start(504, started) is None  # its names corrected after the start
    moved = boss.past_start(504, started - timedelta(hours=1))
    assert moved is not None and moved.starts_at == (started - timedelta(hours=1)).astimezone(
        moved.starts_at.tzinfo
    )
    assert boss.past_start(504, datetime(2026, 12, 1, tzinfo=UTC)) is None
