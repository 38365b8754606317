"""Line files refused: every problem of a file reported together, each at its line."""

from __future__ import annotations

import pytest

from pos.core.inputs import shown
from pos.core.money import to_money
from pos.line.errors import LineFileRejected, line_file_problem
from pos.line.events import new_event, parse_odds
from pos.line.files import REPEATED
from pos.line.imports import parse_line_csv
from tests.unit.pos.line_import_helpers import (
    HEADER,
    MINSK,
    _csv,
    _csv_problems,
    _json_problems,
    _sentence,
    _utc,
)

# --- problems, each at its line -------------------------------------------------------------


def test_an_empty_file_is_refused() -> None:
    empty = [(0, line_file_problem("empty"))]
    assert _csv_problems(b"") == empty
    assert _csv_problems(b"\r\n  \r\n") == empty
    assert _csv_problems(HEADER.encode() + b"\n;;;;\n") == empty
    assert _json_problems("") == empty
    assert _json_problems(" [ ] ") == empty


def test_bytes_in_neither_encoding_are_refused() -> None:
    data = HEADER.encode() + b"\n\x98"
    assert _csv_problems(data) == [(0, line_file_problem("encoding"))]


def test_a_file_the_csv_module_cannot_split_is_refused_at_its_line() -> None:
    data = _csv("401;футбол;А;Б;01.12.2026 19:00;2,10;;", "402;" + "x" * 200_000)
    assert [line for line, _ in _csv_problems(data)] == [3]


def test_missing_required_columns_are_named_in_english_and_russian() -> None:
    data = _csv("401;А;Б;2,10", header="код;хозяева;гости;1")
    detail = "sport (спорт), starts_at (начало)"
    assert _csv_problems(data) == [(1, line_file_problem("header", detail))]


def test_a_header_that_is_neither_a_column_nor_a_market_is_refused() -> None:
    data = _csv("401;футбол;А;Б;01.12.2026 19:00;2,10;;;x", header=HEADER + ";П1")
    assert _csv_problems(data) == [(1, line_file_problem("unknown_column", "П1"))]


def test_two_columns_for_one_market_are_refused() -> None:
    data = _csv("401;футбол;А;Б;01.12.2026 19:00;2,10;;;1,9;1,9", header=HEADER + ";O2.5;Б2,5")
    assert _csv_problems(data) == [(1, line_file_problem(REPEATED, "Б2,5"))]


def test_a_value_under_no_header_is_refused() -> None:
    data = _csv("401;футбол;А;Б;01.12.2026 19:00;2,10;;;7,5")
    assert _csv_problems(data) == [(2, line_file_problem("unknown_column", "№9"))]


@pytest.mark.parametrize(
    "code", ["abc", "0", "1000000", "-5", "4.5", "٤٠١", pytest.param("9" * 5000, id="5000-digits")]
)
def test_an_event_code_must_be_a_whole_number_up_to_999999(code: str) -> None:
    data = _csv(f"{code};футбол;А;Б;01.12.2026 19:00;2,10;;")
    assert _csv_problems(data) == [(2, line_file_problem("code", shown(code)))]


@pytest.mark.parametrize(
    "typed", ["завтра", "31.11.2026 19:00", "2026-12-01", "01.12.2026", "2026-12-01T25:00"]
)
def test_a_start_time_must_be_a_date_and_time(typed: str) -> None:
    data = _csv(f"401;футбол;А;Б;{typed};2,10;;")
    assert _csv_problems(data) == [(2, line_file_problem("time", typed))]


def test_an_empty_required_cell_is_named_as_in_the_header() -> None:
    data = _csv(
        "401;футбол;;Б;01.12.2026 19:00;2,10;;", header=HEADER.replace("хозяева", "Хозяева")
    )
    assert _csv_problems(data) == [(2, line_file_problem("missing", "Хозяева"))]


def test_the_same_code_twice_is_refused_at_the_second() -> None:
    data = _csv("401;футбол;А;Б;01.12.2026 19:00;2,10;;", "401;хоккей;В;Г;01.12.2026 19:00;2,10;;")
    assert _csv_problems(data) == [(3, line_file_problem("duplicate_code", 401))]


def test_an_event_without_odds_is_refused() -> None:
    data = _csv("401;футбол;А;Б;01.12.2026 19:00;;;")
    assert _csv_problems(data) == [(2, line_file_problem("no_odds"))]


def test_bad_odds_sport_teams_and_money_use_the_parsers_own_sentences() -> None:
    header = HEADER + ";макс_ставка"
    rows = [
        "401;футбол;А;Б;01.12.2026 19:00;1,00;3,30;2,105;",
        "402;шахматы;А;Б;01.12.2026 19:00;2,10;;;",
        "403;футбол;Динамо;Динамо;01.12.2026 19:00;2,10;;;",
        "404;футбол;А;Б;01.12.2026 19:00;2,10;;;сто",
        "405;футбол;А;Б;01.12.2026 19:00;2,10;;;0",
        "406;футбол;А;Б;01.12.2026 19:00;2,10;;;10,005",
    ]
    assert _csv_problems(_csv(*rows, header=header)) == [
        (2, _sentence(lambda: parse_odds("1,00"))),
        (2, _sentence(lambda: parse_odds("2,105"))),
        (3, _sentence(lambda: new_event(1, "шахматы", "А", "Б", _utc(1, 1)))),
        (4, _sentence(lambda: new_event(1, "football", "Динамо", "Динамо", _utc(1, 1)))),
        (5, _sentence(lambda: to_money("сто"))),
        (6, _sentence(lambda: new_event(1, "football", "А", "Б", _utc(1, 1), max_stake="0"))),
        (7, _sentence(lambda: to_money("10,005"))),
    ]


def test_every_problem_of_the_file_is_reported_together_in_line_order() -> None:
    data = _csv(
        "401;футбол;А;Б;01.12.2026 19:00;2,10;;",
        "x;футбол;А;Б;вчера;1;;",
        "",
        "403;баскетбол;В;;01.12.2026 19:00;;;",
        "401;хоккей;Г;Д;01.12.2026 19:00;2,10;;;;9",
    )
    problems = _csv_problems(data)
    assert problems == [
        (3, line_file_problem("code", "x")),
        (3, line_file_problem("time", "вчера")),
        (3, _sentence(lambda: parse_odds("1"))),
        (5, line_file_problem("missing", "гости")),
        (5, line_file_problem("no_odds")),
        (6, line_file_problem("unknown_column", "№10")),
        (6, line_file_problem("duplicate_code", 401)),
    ]
    with pytest.raises(LineFileRejected, match=r"строка 3: .*строка 6: .*уже встречался"):
        parse_line_csv("line.csv", data, MINSK)


def test_line_numbers_are_physical_when_a_quoted_cell_spans_lines() -> None:
    data = _csv(
        '401;футбол;"Динамо\r\nМинск";"БАТЭ\nБорисов";01.12.2026 19:00;2,10;;0,5',
        '402;футбол;"Гомель";"Минск";01.12.2026 19:00;1;;',
        '403;футбол;А;"Б\r";01.12.2026 19:00;2,10;;1,00',
    )
    assert _csv_problems(data) == [
        (2, _sentence(lambda: parse_odds("0,5"))),
        (5, _sentence(lambda: parse_odds("1"))),
        (6, _sentence(lambda: parse_odds("1,00"))),
    ]
