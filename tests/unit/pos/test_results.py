"""Results as a manager records them (p.11, p.21, p.22, second p.24): checked, then worded."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pos.line.events import Event, Sport
from pos.settlement.errors import InvalidResult
from pos.settlement.results import (
    VENUE_SWAPPED_REASON,
    Result,
    ResultEntry,
    ResultStatus,
    new_result,
    parse_status,
    result_words,
)

NOW = datetime(2026, 11, 30, 21, 0, tzinfo=UTC)
KICKOFF = NOW - timedelta(hours=3)
EVENT = Event(101, Sport.FOOTBALL, "Динамо Минск", "БАТЭ", KICKOFF)
NAIVE = datetime(2026, 11, 30, 18, 0)  # noqa: DTZ001 - the mistake under test


def entry(**fields: object) -> ResultEntry:
    """A good result of EVENT, 2:1 from the published start, with `fields` changed."""
    values: dict[str, object] = {
        "event_code": 101,
        "home": 2,
        "away": 1,
        "source": "abff.by",
        "ended_at": KICKOFF + timedelta(hours=2),
    }
    values.update(fields)
    return ResultEntry(**values)  # type: ignore[arg-type]


def record(event: Event = EVENT, **fields: object) -> Result:
    return new_result(event, entry(**fields), now=NOW, recorded_by="boss")


def refused(**fields: object) -> InvalidResult:
    with pytest.raises(InvalidResult) as error:
        record(**fields)
    assert error.value.code == 101
    return error.value


def finished(home: int, away: int, *, first_score_at: datetime | None = None) -> Result:
    end = KICKOFF + timedelta(hours=2)
    status = ResultStatus.FINISHED
    return Result(101, status, home, away, KICKOFF, end, "abff.by", first_score_at=first_score_at)


def test_a_checked_result_keeps_what_was_entered_and_who_recorded_it() -> None:
    opened = KICKOFF + timedelta(minutes=12)
    result = record(home=" 2 ", away="1", first_score_at=opened, source="  abff.by \n протокол ")
    assert (result.event_code, result.status, result.home, result.away) == (
        101,
        ResultStatus.FINISHED,
        2,
        1,
    )
    assert (result.actual_start, result.ended_at, result.first_score_at) == (
        KICKOFF,  # the published start when none is given
        KICKOFF + timedelta(hours=2),
        opened,
    )
    assert (result.source, result.recorded_at, result.recorded_by) == (
        "abff.by протокол",
        NOW,
        "boss",
    )
    assert result.score == "2:1"


def test_a_result_ends_when_it_is_recorded_unless_told() -> None:
    assert record(ended_at=None).ended_at == NOW


@pytest.mark.parametrize(
    ("home", "away"),
    [("a", 1), (-1, 0), (1000, 0), (True, 0), (1.0, 1), ("2.5", 1), (2, ""), (None, 1)],
)
def test_an_impossible_score_is_refused(home: object, away: object) -> None:
    assert refused(home=home, away=away).reason == "bad_score"


def test_p11_a_finished_event_needs_its_score() -> None:
    assert refused(home=None, away=None).reason == "bad_score"
    assert refused(home="", away="").reason == "bad_score"


def test_second_p24_an_event_that_did_not_finish_needs_no_score() -> None:
    cancelled = record(home=None, away=None, status="cancelled")
    assert (cancelled.status, cancelled.home, cancelled.away) == (
        ResultStatus.CANCELLED,
        None,
        None,
    )
    assert cancelled.score == "—"
    interrupted = record(home=1, away=0, status=ResultStatus.INTERRUPTED)
    assert (interrupted.home, interrupted.away) == (1, 0)


@pytest.mark.parametrize(
    ("field", "name"),
    [("actual_start", "start"), ("ended_at", "end"), ("first_score_at", "first_score")],
)
def test_a_time_without_a_zone_is_refused(field: str, name: str) -> None:
    error = refused(**{field: NAIVE})
    assert (error.reason, error.detail) == ("naive_time", name)


def test_a_played_event_cannot_start_in_the_future() -> None:
    assert refused(actual_start=NOW + timedelta(minutes=1)).reason == "start_in_future"
    later = Event(101, Sport.FOOTBALL, "Динамо Минск", "БАТЭ", NOW + timedelta(days=1))
    with pytest.raises(InvalidResult, match="ещё не сыграно"):
        new_result(later, entry(ended_at=None), now=NOW, recorded_by="boss")


def test_second_p24_a_postponed_event_is_recorded_before_its_published_start() -> None:
    later = Event(101, Sport.FOOTBALL, "Динамо Минск", "БАТЭ", NOW + timedelta(days=1))
    status = "перенесено более чем на три дня"
    result = new_result(
        later, ResultEntry(101, status=status, source="abff.by"), now=NOW, recorded_by="boss"
    )
    assert (result.status, result.ended_at) == (ResultStatus.POSTPONED, NOW)


def test_an_event_cannot_end_in_the_future() -> None:
    assert refused(ended_at=NOW + timedelta(seconds=1)).reason == "end_in_future"
    assert record(ended_at=NOW).ended_at == NOW


def test_an_event_cannot_end_before_it_started() -> None:
    assert refused(ended_at=KICKOFF - timedelta(minutes=1)).reason == "end_before_start"


def test_p22_the_score_of_a_0_0_match_was_never_opened() -> None:
    error = refused(home=0, away=0, first_score_at=KICKOFF + timedelta(minutes=5))
    assert error.reason == "first_score_on_nil"


@pytest.mark.parametrize(
    "opened", [KICKOFF - timedelta(seconds=1), KICKOFF + timedelta(hours=2, seconds=1)]
)
def test_p22_the_score_is_opened_during_the_match(opened: datetime) -> None:
    assert refused(first_score_at=opened).reason == "first_score_outside"


def test_p22_the_score_may_open_at_the_first_or_the_last_moment() -> None:
    assert record(first_score_at=KICKOFF).first_score_at == KICKOFF
    end = KICKOFF + timedelta(hours=2)
    assert record(first_score_at=end).first_score_at == end


@pytest.mark.parametrize("source", ["", "   \n "])
def test_p11_a_result_names_its_official_source(source: object) -> None:
    assert refused(source=source).reason == "no_source"


def test_p11_a_caller_that_gives_no_source_records_it_as_not_given() -> None:
    """The service API of DESIGN.md records results without one; typed blank is refused."""
    assert record(source=None).source == "не указан"


def test_p11_a_source_is_at_most_200_characters() -> None:
    assert refused(source="и" * 201).reason == "source_too_long"
    assert record(source="и" * 200).source == "и" * 200


def test_an_unknown_status_is_refused() -> None:
    error = refused(status="сыграно вничью")
    assert (error.reason, error.detail) == ("unknown_status", "сыграно вничью")
    with pytest.raises(InvalidResult) as no_code:
        parse_status("finish")
    assert no_code.value.code == 0


@pytest.mark.parametrize(
    ("typed", "status"),
    [
        ("finished", ResultStatus.FINISHED),
        (None, ResultStatus.FINISHED),
        ("", ResultStatus.FINISHED),
        ("Состоялось", ResultStatus.FINISHED),
        ("postponed", ResultStatus.POSTPONED),
        ("Перенесено  более чем на три дня", ResultStatus.POSTPONED),
        ("прервано и не доиграно в тот же день", ResultStatus.INTERRUPTED),
        (" ОТМЕНЕНО ", ResultStatus.CANCELLED),
        ("первое место поделено", ResultStatus.SHARED_FIRST),
        (ResultStatus.SHARED_FIRST, ResultStatus.SHARED_FIRST),
    ],
)
def test_a_status_is_named_by_its_code_or_its_russian_words(
    typed: object, status: ResultStatus
) -> None:
    assert parse_status(typed) is status


@pytest.mark.parametrize(
    ("status", "reason"),
    [
        (ResultStatus.POSTPONED, "матч перенесён более чем на три дня (п.24)"),
        (ResultStatus.INTERRUPTED, "матч прерван и не доигран в тот же день (п.24)"),
        (ResultStatus.CANCELLED, "матч не состоялся (п.24)"),
        (ResultStatus.SHARED_FIRST, "первое место поделено (п.24)"),
    ],
)
def test_second_p24_every_status_but_finished_voids_the_event(
    status: ResultStatus, reason: str
) -> None:
    assert record(status=status, home=None, away=None).void_reason == reason


def test_second_p24_a_match_on_the_second_teams_ground_voids_the_event() -> None:
    assert record(venue_swapped=True).void_reason == VENUE_SWAPPED_REASON
    assert record().void_reason is None


def test_p22_bets_are_late_from_the_actual_start_when_the_opening_is_not_known() -> None:
    assert finished(2, 1).late_from() == KICKOFF


def test_p22_bets_are_late_from_when_the_score_was_opened() -> None:
    opened = KICKOFF + timedelta(minutes=33)
    assert finished(1, 0, first_score_at=opened).late_from() == opened
    assert finished(1, 0, first_score_at=KICKOFF).late_from() == KICKOFF


def test_p22_no_bet_made_during_a_0_0_match_is_late_but_one_after_its_end_is() -> None:
    """The score was never opened; a bet after the end is on a match that "took place
    before the bet was made" (second p.24)."""
    nil = finished(0, 0)
    assert nil.late_from() == nil.ended_at


def test_p22_a_bet_agreed_in_play_is_late_only_after_the_end() -> None:
    result = finished(2, 1)
    assert result.late_from(agreed_in_play=True) == result.ended_at


def test_result_words_name_the_winner() -> None:
    assert result_words(record(), EVENT) == (
        "Динамо Минск 2 : 1 БАТЭ — победа хозяев (Динамо Минск); источник: abff.by"
    )
    assert result_words(record(home=0, away=3), EVENT) == (
        "Динамо Минск 0 : 3 БАТЭ — победа гостей (БАТЭ); источник: abff.by"
    )
    assert result_words(record(home=1, away=1), EVENT) == (
        "Динамо Минск 1 : 1 БАТЭ — ничья; источник: abff.by"
    )


def test_result_words_say_why_stakes_are_refunded() -> None:
    assert result_words(record(venue_swapped=True), EVENT) == (
        "Динамо Минск 2 : 1 БАТЭ — победа хозяев (Динамо Минск); "
        "матч сыгран на поле команды, указанной второй (п.24): ставки возвращаются; "
        "источник: abff.by"
    )
    cancelled = record(status="отменено", home=None, away=None)
    assert result_words(cancelled, EVENT) == "Динамо Минск — БАТЭ: отменено; источник: abff.by"
