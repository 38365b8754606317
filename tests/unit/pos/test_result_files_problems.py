"""Results files refused: every problem of a file reported together, each at its line."""

from __future__ import annotations

import pytest

from pos.core.inputs import shown
from pos.line.files import REPEATED
from pos.settlement.errors import ResultsFileRejected
from pos.settlement.result_files import parse_results_csv, parse_results_file, results_file_problem
from tests.unit.pos.result_files_helpers import HEADER, MINSK, _csv, _csv_problems, _json_problems

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
    assert _csv_problems(_csv(f"{code};2;1;;АБФФ")) == [
        (2, results_file_problem("code", shown(code)))
    ]


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
