"""Results files in JSON: scores, its problems at their lines, its shape and keys."""

from __future__ import annotations

import pytest

from pos.line.files import REPEATED
from pos.settlement.result_files import parse_results_json, results_file_problem
from pos.settlement.results import ResultEntry
from tests.unit.pos.result_files_helpers import _CANCELLED, _FINISHED, MINSK, _json_problems

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
