"""Roulette's schedule as pure rules (issue 36): which draws the board opens and shows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from pos.core.settings import ShopSettings
from pos.roulette.draws import spin_code
from pos.roulette.schedule import interval, lineup, next_start, spin_event, to_open
from pos.roulette.wording import spin_words

NOW = datetime(2026, 11, 30, 9, 0, 40, tzinfo=UTC)
EVERY = timedelta(minutes=3)


def test_the_first_draw_starts_at_the_next_whole_interval() -> None:
    opened = to_open([], set(), NOW, EVERY)
    assert [(spin_code(1), NOW.replace(minute=3, second=0))] == [
        (opened[0].code, opened[0].starts_at)
    ]
    assert [event.code for event in opened] == [spin_code(1), spin_code(2)]
    assert opened[1].starts_at - opened[0].starts_at == EVERY
    assert (opened[0].game, opened[0].tournament) == ("roulette", "Рулетка")


def test_the_next_start_follows_the_last_draw_opened_with_the_interval_now() -> None:
    last = spin_event(41, NOW + timedelta(seconds=20))
    assert next_start(last, NOW, timedelta(minutes=10)) == NOW + timedelta(minutes=10, seconds=20)
    long_past = spin_event(41, NOW - timedelta(hours=5))
    assert next_start(long_past, NOW, EVERY) == NOW.replace(minute=3, second=0)


def test_a_started_draw_stays_in_play_until_its_number_or_the_next_start() -> None:
    spinning = spin_event(7, NOW - timedelta(seconds=10))
    coming = spin_event(8, NOW + timedelta(minutes=3))
    latest = [coming, spinning]
    assert to_open(latest, set(), NOW, EVERY) == []
    assert (lineup(latest, set(), NOW).current, lineup(latest, set(), NOW).next) == (
        spinning,
        coming,
    )
    decided = {spinning.code}
    opened = to_open(latest, decided, NOW, EVERY)
    assert [(event.code, event.starts_at) for event in opened] == [
        (spin_code(9), coming.starts_at + EVERY)
    ]
    shown = lineup([*opened, *latest], decided, NOW)
    assert (shown.current, shown.next, shown.history) == (coming, opened[0], (spinning,))


def test_the_interval_is_the_settings_default_until_set() -> None:
    assert interval(ShopSettings()) == timedelta(minutes=3)


def test_a_spin_is_read_back_before_it_is_recorded() -> None:
    assert spin_words(spin_code(512), 17) == (
        "Записать: тираж № 512, выпало 17 — чёрное, нечет, 1–18?"
    )
    assert spin_words(spin_code(513), 0) == "Записать: тираж № 513, выпало 0 — зеро?"
