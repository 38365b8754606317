"""A start already past (issue 34): the rule, and the warning the line editor asks to confirm."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from pos.line.errors import StartPassed
from pos.line.starts import start_passed

NOON = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # 12:00 in Minsk


def test_a_start_before_now_or_at_now_is_past() -> None:
    assert start_passed(NOON - timedelta(minutes=1), NOON)
    assert start_passed(NOON, NOON)  # at its start an event takes no more bets (p.22)


def test_a_start_still_to_come_is_not_past() -> None:
    assert not start_passed(NOON + timedelta(minutes=1), NOON)


def test_the_warning_names_the_event_and_its_start_and_asks() -> None:
    warning = StartPassed(503, datetime(2026, 11, 30, 9, 5, tzinfo=ZoneInfo("Europe/Minsk")))
    assert str(warning) == (
        "Начало события 503 (30.11.2026 09:05) уже прошло, ставки на него приниматься не "
        "будут: сохранить событие с этим временем?"
    )
