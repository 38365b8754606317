"""What the roulette board's page shows in words, and which draw its picks go on (issue 36)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from pos.roulette.board import RouletteBoard, SpinView
from pos.roulette.wording import NO_MORE_BETS, countdown_words, import_words, recorded_words

MINSK = ZoneInfo("Europe/Minsk")
START = datetime(2026, 11, 30, 12, 3, tzinfo=MINSK)


def _view(number: int, starts_at: datetime) -> SpinView:
    return SpinView(1_500_000_000 + number, number, starts_at, None, None, "Ставки до 12:03")


def test_a_pick_goes_on_the_current_draw_until_its_start_then_on_the_next() -> None:
    current, coming = _view(1, START), _view(2, START + timedelta(minutes=3))
    board = RouletteBoard(current, coming, ())

    assert board.on_sale(START - timedelta(seconds=1)) is current
    assert board.on_sale(START) is coming
    assert RouletteBoard(current, None, ()).on_sale(START) is None


def test_the_countdown_says_the_time_left_then_no_more_bets() -> None:
    assert countdown_words(START, START - timedelta(seconds=125)) == "Ставки до 12:03, ещё 2:05"
    assert countdown_words(START, START - timedelta(milliseconds=500)) == NO_MORE_BETS
    assert countdown_words(START, START + timedelta(minutes=1)) == "Ставок больше нет"


def test_a_recorded_draw_and_a_studio_s_file_read_as_one_sentence() -> None:
    recorded = recorded_words(512, "Выпало 17 — чёрное, нечет, 1–18")
    assert recorded == "Тираж № 512: выпало 17 — чёрное, нечет, 1–18."
    assert import_words([512, 513], []) == "Записаны тиражи: 512, 513."
    assert (
        import_words([], [(9, "результат уже записан")])
        == "Записаны тиражи: нет. Пропущены: № 9 — результат уже записан."
    )
