"""Results files: CSV as Russian Excel saves it or JSON, read whole or refused with all problems."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from pos.line.events import new_event
from pos.line.files import REPEATED
from pos.settlement.errors import ResultsFileRejected
from pos.settlement.result_files import (
    parse_results_csv,
    parse_results_file,
    parse_results_json,
    results_file_problem,
)
from pos.settlement.results import ResultEntry, ResultStatus, new_result
from pos.shop.demo import demo_fixtures

MINSK = ZoneInfo("Europe/Minsk")
EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"
HEADER = "код;хозяева;гости;статус;источник"


def _csv(*rows: str, header: str = HEADER) -> bytes:
    return "\n".join([header, *rows]).encode()


def _problems(parse: Callable[[], object]) -> list[tuple[int, str]]:
    with pytest.raises(ResultsFileRejected) as refused:
        parse()
    return refused.value.problems


def _csv_problems(data: bytes) -> list[tuple[int, str]]:
    return _problems(lambda: parse_results_csv("results.csv", data, MINSK))


def _json_problems(text: str) -> list[tuple[int, str]]:
    return _problems(lambda: parse_results_json("results.json", text.encode(), MINSK))


def _one(data: bytes) -> ResultEntry:
    [entry] = parse_results_csv("results.csv", data, MINSK)
    return entry


def _utc(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, day, hour, minute, tzinfo=UTC)


_FINISHED, _POSTPONED, _CANCELLED = (
    ResultStatus.FINISHED,
    ResultStatus.POSTPONED,
    ResultStatus.CANCELLED,
)
_FOOTBALL, _HOCKEY, _BASKETBALL = "протокол матча АБФФ", "протокол матча ФХРБ", "протокол матча БФБ"
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


# --- problems, each at its line -------------------------------------------------------------


def test_an_empty_file_is_refused_with_a_sentence_of_its_own() -> None:
    empty = [(0, results_file_problem("empty"))]
    assert _csv_problems(b"") == empty
    assert _csv_problems(b"\r\n  \r\n") == empty
    assert _csv_problems(HEADER.encode() + b"\n;;;;\n") == empty
    assert _json_problems("") == empty
    assert _json_problems(" [ ] ") == empty
    with pytest.raises(ResultsFileRejected, match="нет ни одного результата"):
        parse_results_file("results.csv", b"", MINSK)


def test_bytes_in_neither_encoding_are_refused() -> None:
    data = HEADER.encode() + b"\n\x98"
    assert _csv_problems(data) == [(0, results_file_problem("encoding"))]


def test_a_file_the_csv_module_cannot_split_is_refused_at_its_line() -> None:
    data = _csv("101;2;1;;АБФФ", "102;" + "x" * 200_000)
    problems = _csv_problems(data)
    assert [line for line, _ in problems] == [3]
    assert problems[0][1].startswith("файл не читается")


def test_missing_required_columns_are_named_in_english_and_russian() -> None:
    data = _csv("2;1", header="хозяева;гости")
    detail = "code (код), source (источник)"
    assert _csv_problems(data) == [(1, results_file_problem("header", detail))]


def test_a_market_or_unknown_header_is_refused() -> None:
    data = _csv("101;2;1;;АБФФ;2,10;x", header=HEADER + ";1;счёт")
    assert _csv_problems(data) == [
        (1, results_file_problem("unknown_column", "1")),
        (1, results_file_problem("unknown_column", "счёт")),
    ]


def test_a_column_named_twice_is_refused_whatever_its_spelling() -> None:
    data = _csv("101;2;1;;АБФФ;2", header=HEADER + ";Home")
    assert _csv_problems(data) == [(1, results_file_problem(REPEATED, "Home"))]
    header = "код;источник;статус;счёт_открыт;счет открыт"
    assert _csv_problems(_csv("103;АБФФ;отменено;;", header=header)) == [
        (1, results_file_problem(REPEATED, "счет открыт"))
    ]


def test_a_value_under_no_header_is_refused() -> None:
    data = _csv("101;2;1;;АБФФ;;5")
    assert _csv_problems(data) == [(2, results_file_problem("unknown_column", "№7"))]


@pytest.mark.parametrize(
    "code", ["abc", "0", "1000000", "-5", "4.5", "٤٠١", pytest.param("9" * 5000, id="5000-digits")]
)
def test_an_event_code_must_be_a_whole_number_up_to_999999(code: str) -> None:
    assert _csv_problems(_csv(f"{code};2;1;;АБФФ")) == [(2, results_file_problem("code", code))]


def test_the_same_event_twice_is_refused_at_the_second() -> None:
    data = _csv("101;2;1;;АБФФ", "102;0;0;;АБФФ", "101;2;2;;АБФФ")
    assert _csv_problems(data) == [(4, results_file_problem("duplicate_code", 101))]


def test_an_empty_code_or_source_is_named_as_in_the_header() -> None:
    data = _csv(";2;1;;АБФФ", "102;2;1;;  ", header=HEADER.replace("источник", "Источник"))
    assert _csv_problems(data) == [
        (2, results_file_problem("missing", "код")),
        (3, results_file_problem("missing", "Источник")),
    ]


@pytest.mark.parametrize("score", ["-1", "1000", "1,5", "1.0", "два", "٢", "2:1"])
def test_a_score_must_be_a_whole_number_from_0_to_999(score: str) -> None:
    assert _csv_problems(_csv(f"101;{score};1;;АБФФ", f"102;0;{score};;АБФФ")) == [
        (2, results_file_problem("home", score)),
        (3, results_file_problem("away", score)),
    ]


def test_a_score_of_one_team_only_is_refused() -> None:
    data = _csv("101;2;;;АБФФ", "102;;1;отменено;АБФФ")
    assert _csv_problems(data) == [
        (2, results_file_problem("one_score")),
        (3, results_file_problem("one_score")),
    ]


def test_a_finished_match_needs_its_score() -> None:
    data = _csv("101;;;;АБФФ", "102;;;состоялось;АБФФ")
    assert _csv_problems(data) == [
        (2, results_file_problem("no_score")),
        (3, results_file_problem("no_score")),
    ]


def test_an_unknown_status_is_refused_naming_every_status_and_its_words() -> None:
    # "перенесено" alone is a shorter delay: a later start, not the postponement of p.24.
    data = _csv("101;2;1;сыграно;АБФФ", "102;;;перенесено;АБФФ")
    problems = _csv_problems(data)
    assert problems == [
        (2, results_file_problem("status", "сыграно")),
        (3, results_file_problem("status", "перенесено")),
    ]
    assert "«отменено» (cancelled)" in problems[0][1]
    assert "«перенесено более чем на три дня» (postponed)" in problems[0][1]


@pytest.mark.parametrize(
    "typed", ["завтра", "31.11.2026 19:00", "2026-12-01", "01.12.2026", "2026-12-01T25:00"]
)
def test_every_time_must_be_a_date_and_time_and_is_named(typed: str) -> None:
    header = "код;хозяева;гости;источник;начало_факт;счёт_открыт;окончание"
    rows = [f"101;1;0;АБФФ;{typed};;", f"102;1;0;АБФФ;;{typed};", f"103;1;0;АБФФ;;;{typed}"]
    assert _csv_problems(_csv(*rows, header=header)) == [
        (2, results_file_problem("actual_start", typed)),
        (3, results_file_problem("first_score_at", typed)),
        (4, results_file_problem("ended_at", typed)),
    ]


@pytest.mark.parametrize("typed", ["2", "может быть", "yes", "1.0"])
def test_venue_swapped_must_be_yes_or_no(typed: str) -> None:
    data = _csv(f"101;1;0;;АБФФ;{typed}", header=HEADER + ";поле_гостей")
    assert _csv_problems(data) == [(2, results_file_problem("venue_swapped", typed))]


def test_every_problem_of_the_file_is_reported_together_in_line_order() -> None:
    header = HEADER + ";окончание"
    data = _csv(
        "101;2;1;;АБФФ;01.12.2026 20:52",
        "x;2;;сыграно;;вчера",
        "",
        "103;;;;АБФФ;;7",
        "101;1;1;;АБФФ;",
        header=header,
    )
    problems = _csv_problems(data)
    assert problems == [
        (3, results_file_problem("missing", "источник")),
        (3, results_file_problem("code", "x")),
        (3, results_file_problem("status", "сыграно")),
        (3, results_file_problem("one_score")),
        (3, results_file_problem("ended_at", "вчера")),
        (5, results_file_problem("unknown_column", "№7")),
        (5, results_file_problem("no_score")),
        (6, results_file_problem("duplicate_code", 101)),
    ]
    with pytest.raises(ResultsFileRejected) as refused:
        parse_results_csv("results.csv", data, MINSK)
    message = str(refused.value)
    assert message.startswith("Файл результатов «results.csv» не загружен: строка 3: ")
    assert "; строка 6: код события 101 уже встречался в этом файле. Ни один результат" in message


def test_line_numbers_are_physical_when_a_quoted_cell_spans_lines() -> None:
    data = _csv('101;2;1;;"протокол\r\nАБФФ"', '102;2;;;"АБФФ"', '103;2;1;;"А\nБ"', "104;;;;x")
    assert _csv_problems(data) == [
        (4, results_file_problem("one_score")),
        (7, results_file_problem("no_score")),
    ]


def test_the_refusal_shows_twenty_problems_and_counts_the_rest() -> None:
    data = _csv(*(f"{code};;;;АБФФ" for code in range(101, 126)))
    with pytest.raises(ResultsFileRejected) as refused:
        parse_results_csv("results.csv", data, MINSK)
    message = str(refused.value)
    assert message.count("строка ") == 20
    assert "строка 21:" in message and "строка 22:" not in message
    assert "; и ещё ошибок: 5. Ни один результат не записан" in message


def test_a_problem_given_as_a_sentence_is_listed_without_its_full_stop() -> None:
    refused = ResultsFileRejected("r.csv", [(0, "Результат события 101 уже записан (2:1).")])
    assert str(refused) == (
        "Файл результатов «r.csv» не загружен: Результат события 101 уже записан (2:1). "
        "Ни один результат не записан — исправьте файл и загрузите его снова."
    )


# --- JSON -----------------------------------------------------------------------------------


def test_json_scores_may_be_numbers_or_digit_strings_and_null_means_absent() -> None:
    text = """[
      {"code": 101, "home": 2, "away": "1", "status": null, "source": "АБФФ",
       "actual_start": null, "venue_swapped": false},
      {"code": "102", "home": null, "away": null, "status": "cancelled", "source": "АБФФ",
       "venue_swapped": 1}
    ]"""
    first, second = parse_results_json("r.json", text.encode(), MINSK)
    assert first == ResultEntry(101, 2, 1, _FINISHED, source="АБФФ")
    assert second == ResultEntry(102, None, None, _CANCELLED, source="АБФФ", venue_swapped=True)


def test_json_scores_that_are_not_whole_numbers_are_refused() -> None:
    text = '[{"code": 101, "home": true, "away": 2.0, "source": "АБФФ"}]'
    assert _json_problems(text) == [
        (1, results_file_problem("home", True)),
        (1, results_file_problem("away", "2.0")),
    ]


def test_json_problems_are_reported_at_the_line_where_the_object_starts() -> None:
    text = "\n".join(
        [
            "[",  # 1
            '  {"code": 101, "home": 2, "away": 1, "source": "АБФФ"},',  # 2
            '  {"code": 101, "home": 1, "away": 1, "source": "{ АБФФ }"},',  # 3: braces in text
            "  {",  # 4
            '    "code": 0,',
            '    "status": "finished",',
            '    "source": "АБФФ", "odds": {"1": 2.1}',
            "  },",
            '  {"code": 104, "home": 1, "away": 1, "venue_swapped": "нет", "source": ""}',  # 9
            "]",
        ]
    )
    assert _json_problems(text) == [
        (3, results_file_problem("duplicate_code", 101)),
        (4, results_file_problem("unknown_column", "odds")),
        (4, results_file_problem("code", 0)),
        (4, results_file_problem("no_score")),
        (9, results_file_problem("missing", "source")),
    ]


def test_json_unknown_and_repeated_keys_are_refused() -> None:
    text = '[\n{"code": 101, "home": 2, "home": 3, "away": 1, "source": "АБФФ", "sorce": "x"}\n]'
    assert _json_problems(text) == [
        (2, results_file_problem(REPEATED, "home")),
        (2, results_file_problem("unknown_column", "sorce")),
    ]


def test_json_syntax_errors_are_reported_at_their_line() -> None:
    text = '[\n{"code": 101, "source": "АБФФ", "home": 1, "away": 0}\n{"code": 102}\n]'
    assert _json_problems(text) == [(3, results_file_problem("json", "Expecting ',' delimiter"))]


@pytest.mark.parametrize(
    ("text", "line"),
    [('{"code": 101, "source": "АБФФ"}', 0), ('{"results": []}', 0), ("[\n101\n]", 2)],
)
def test_json_of_the_wrong_shape_is_refused(text: str, line: int) -> None:
    assert _json_problems(text) == [(line, results_file_problem("json_shape"))]
    assert "список результатов" in results_file_problem("json_shape")


def test_json_with_an_absurdly_long_number_is_refused_not_crashed() -> None:
    text = '[{"code": 101, "home": ' + "9" * 5000 + ', "away": 0, "source": "АБФФ"}]'
    assert [line for line, _ in _json_problems(text)] == [0]


def test_json_russian_keys_are_understood_too() -> None:
    text = '[{"код": 101, "хозяева": 2, "гости": 1, "источник": "АБФФ", "поле_гостей": "да"}]'
    entry = parse_results_json("r.json", text.encode(), MINSK)[0]
    assert entry == ResultEntry(101, 2, 1, _FINISHED, source="АБФФ", venue_swapped=True)
