"""Results files: CSV as Russian Excel saves it or JSON, read whole: the example files and the
happy paths.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from pos.line.events import new_event
from pos.settlement.result_files import (
    parse_results_csv,
    parse_results_file,
    parse_results_json,
    results_file_problem,
)
from pos.settlement.results import ResultEntry, ResultStatus, new_result
from pos.shop.demo import demo_fixtures
from tests.unit.pos.result_files_helpers import (
    _BASKETBALL,
    _CANCELLED,
    _FINISHED,
    _FOOTBALL,
    _HOCKEY,
    _POSTPONED,
    EXAMPLES,
    HEADER,
    MINSK,
    _csv,
    _one,
    _problems,
    _utc,
)

# The example files' results: the demo line as created on 30.11.2026, times in UTC (Minsk − 3).
EXAMPLE_RESULTS = [
    ResultEntry(101, 2, 1, _FINISHED, _utc(1, 16), _utc(1, 16, 23), _utc(1, 17, 52), _FOOTBALL),
    ResultEntry(102, 0, 0, _FINISHED, _utc(1, 13, 30), None, _utc(1, 15, 21), _FOOTBALL),
    ResultEntry(103, None, None, _POSTPONED, source=_FOOTBALL),
    ResultEntry(104, 1, 1, _FINISHED, _utc(2, 14, 5), None, _utc(2, 15, 58), _FOOTBALL),
    ResultEntry(105, None, None, _CANCELLED, source=_FOOTBALL),
    ResultEntry(201, 3, 2, _FINISHED, _utc(1, 15, 30), None, _utc(1, 18, 2), _HOCKEY),
    ResultEntry(202, 4, 1, _FINISHED, _utc(2, 16), None, _utc(2, 18, 24), _HOCKEY, True),
    ResultEntry(203, 2, 3, _FINISHED, _utc(3, 14), None, _utc(3, 16, 41), _HOCKEY),
    ResultEntry(301, 88, 79, _FINISHED, _utc(2, 16, 30), None, _utc(2, 18, 28), _BASKETBALL),
    ResultEntry(302, 91, 95, _FINISHED, None, None, _utc(4, 17, 5), _BASKETBALL),
]


# --- happy paths ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["results.csv", "results.json"])
def test_example_files_read_every_result_with_utc_times(name: str) -> None:
    entries = parse_results_file(name, (EXAMPLES / name).read_bytes(), MINSK)
    assert entries == EXAMPLE_RESULTS
    assert all(type(entry.home) in (int, type(None)) for entry in entries)


def test_example_results_record_on_the_demo_line_created_the_day_they_are_dated_for() -> None:
    entries = parse_results_file("results.csv", (EXAMPLES / "results.csv").read_bytes(), MINSK)
    events = {
        fixture.code: new_event(
            fixture.code, fixture.sport, fixture.home, fixture.away, fixture.starts_at
        )
        for fixture in demo_fixtures(date(2026, 11, 30), MINSK)
    }
    assert sorted(events) == [entry.event_code for entry in entries]
    now = datetime(2026, 12, 5, 12, tzinfo=MINSK)
    results = [
        new_result(events[entry.event_code], entry, now=now, recorded_by="boss")
        for entry in entries
    ]
    assert [result.score for result in results[:3]] == ["2:1", "0:0", "—"]
    assert results[0].first_score_at == _utc(1, 16, 23)
    assert results[2].void_reason is not None and results[4].void_reason is not None
    assert results[6].void_reason is not None  # 202 played at the second team's ground
    assert results[9].actual_start == events[302].starts_at


def test_extension_chooses_the_format_whatever_its_case() -> None:
    data = _csv("101;2;1;;АБФФ")
    assert parse_results_file("ИТОГИ.CSV", data, MINSK)[0].home == 2
    text = '[{"code": 101, "home": 2, "away": 1, "source": "АБФФ"}]'
    assert parse_results_file("итоги.Json", text.encode(), MINSK)[0].away == 1


def test_a_file_of_another_type_is_refused_as_a_whole() -> None:
    problems = _problems(lambda: parse_results_file("results.xlsx", b"PK\x03\x04", MINSK))
    assert problems == [(0, results_file_problem("file_type", ".xlsx"))]


def test_english_headers_in_any_case_and_order_with_commas_between_cells() -> None:
    data = (
        "Source,AWAY,home,Code,Status,Actual_Start,First_Score_At,Ended_At,Venue_Swapped\n"
        '"АБФФ, протокол",1,2,101,Finished,2026-12-01 19:00,2026-12-01 19:23,2026-12-01 20:52,1\n'
    ).encode()
    assert _one(data) == ResultEntry(
        101, 2, 1, _FINISHED, _utc(1, 16), _utc(1, 16, 23), _utc(1, 17, 52), "АБФФ, протокол", True
    )


def test_russian_headers_in_any_case_with_spaces_and_e_for_yo() -> None:
    header = "КОД;Хозяева;Гости;Статус;Начало факт;Счет открыт;Окончание;Источник;Поле гостей"
    data = _csv(
        "101;2;1;;01.12.2026 19:00;01.12.2026 19:23;01.12.2026 20:52;АБФФ;да", header=header
    )
    assert _one(data) == ResultEntry(
        101, 2, 1, _FINISHED, _utc(1, 16), _utc(1, 16, 23), _utc(1, 17, 52), "АБФФ", True
    )


def test_utf8_with_bom_and_windows_1251_read_alike() -> None:
    text = "\n".join([HEADER, "101;2;1;отменено;протокол матча АБФФ"])
    plain = parse_results_csv("results.csv", text.encode(), MINSK)
    assert parse_results_csv("results.csv", "\ufeff".encode() + text.encode(), MINSK) == plain
    assert parse_results_csv("results.csv", text.encode("cp1251"), MINSK) == plain
    assert plain[0].source == "протокол матча АБФФ"
    assert plain[0].status is ResultStatus.CANCELLED


def test_a_windows_1251_json_file_is_read_too() -> None:
    text = '[{"code": 105, "status": "отменено", "source": "протокол АБФФ"}]'
    entry = parse_results_json("r.json", text.encode("cp1251"), MINSK)[0]
    assert (entry.status, entry.source) == (ResultStatus.CANCELLED, "протокол АБФФ")


def test_a_semicolon_file_whose_source_holds_one_comma_per_line_is_not_taken_for_commas() -> None:
    # csv.Sniffer alone calls this a ","-separated file: one comma on every line.
    data = _csv("101;2;1;;АБФФ, протокол", "102;0;0;;АБФФ, протокол")
    assert [entry.source for entry in parse_results_csv("r.csv", data, MINSK)] == [
        "АБФФ, протокол",
        "АБФФ, протокол",
    ]


@pytest.mark.parametrize(
    ("typed", "status"),
    [
        ("", ResultStatus.FINISHED),
        ("  ", ResultStatus.FINISHED),
        ("finished", ResultStatus.FINISHED),
        ("Состоялось", ResultStatus.FINISHED),
        ("POSTPONED", ResultStatus.POSTPONED),
        ("перенесено  более чем на три дня", ResultStatus.POSTPONED),
        ("прервано и не доиграно в тот же день", ResultStatus.INTERRUPTED),
        ("interrupted", ResultStatus.INTERRUPTED),
        ("отменено", ResultStatus.CANCELLED),
        ("shared_first", ResultStatus.SHARED_FIRST),
        ("Первое место поделено", ResultStatus.SHARED_FIRST),
    ],
)
def test_a_status_by_code_or_russian_words_empty_meaning_finished(
    typed: str, status: ResultStatus
) -> None:
    assert _one(_csv(f"101;1;0;{typed};АБФФ")).status is status


def test_a_match_that_did_not_finish_needs_no_score_but_may_give_one() -> None:
    postponed = _one(_csv("103;;;перенесено более чем на три дня;АБФФ"))
    assert (postponed.home, postponed.away) == (None, None)
    interrupted = _one(_csv("104;1;0;прервано и не доиграно в тот же день;АБФФ"))
    assert (interrupted.home, interrupted.away) == (1, 0)


def test_optional_columns_may_be_left_out_of_the_header() -> None:
    entry = _one(_csv("АБФФ;105;отменено", header="источник;код;статус"))
    assert entry == ResultEntry(105, None, None, _CANCELLED, source="АБФФ")
    assert entry.venue_swapped is False
    assert (entry.actual_start, entry.first_score_at, entry.ended_at) == (None, None, None)


@pytest.mark.parametrize(
    ("typed", "utc"),
    [
        ("01.12.2026 19:00", _utc(1, 16)),
        ("1.12.2026 9:05", _utc(1, 6, 5)),
        ("01.12.2026 19:00:30", _utc(1, 16).replace(second=30)),
        ("2026-12-01 19:00", _utc(1, 16)),
        ("2026-12-01T19:00", _utc(1, 16)),
        ("2026-12-01T19:00+01:00", _utc(1, 18)),
        ("2026-12-01T19:00Z", _utc(1, 19)),
    ],
)
def test_times_are_shop_time_unless_an_offset_is_given(typed: str, utc: datetime) -> None:
    header = "код;хозяева;гости;источник;начало_факт;счёт_открыт;окончание"
    entry = _one(_csv(f"101;1;0;АБФФ;{typed};{typed};{typed}", header=header))
    assert entry.actual_start == entry.first_score_at == entry.ended_at == utc
    assert entry.ended_at is not None and entry.ended_at.tzinfo is UTC


@pytest.mark.parametrize(
    ("typed", "swapped"),
    [
        ("", False),
        ("1", True),
        ("0", False),
        ("Да", True),
        ("нет", False),
        ("TRUE", True),
        ("false", False),
        (" да ", True),
    ],
)
def test_venue_swapped_is_yes_or_no_in_several_spellings(typed: str, swapped: bool) -> None:
    entry = _one(_csv(f"101;1;0;;АБФФ;{typed}", header=HEADER + ";поле_гостей"))
    assert entry.venue_swapped is swapped


def test_empty_rows_and_trailing_separators_are_skipped() -> None:
    data = _csv(";;;;", "101;2;1;;АБФФ;;", "", " ; ;")
    assert [entry.event_code for entry in parse_results_csv("r.csv", data, MINSK)] == [101]


def test_the_source_is_kept_as_written_without_surrounding_spaces() -> None:
    assert _one(_csv("101;2;1;;  протокол матча АБФФ  ")).source == "протокол матча АБФФ"
