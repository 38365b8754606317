"""Line files in JSON: exact decimals, its problems at their lines, its shape and keys."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from pos.line.errors import line_file_problem
from pos.line.events import Sport, parse_market, parse_odds
from pos.line.files import REPEATED
from pos.line.imports import parse_line_json
from tests.unit.pos.line_import_helpers import MINSK, _json_problems, _odds, _sentence

# --- JSON -----------------------------------------------------------------------------------


_JSON_EVENT = (
    '{"code": %s, "sport": "football", "home": "А", "away": "Б", '
    '"starts_at": "2026-12-01T19:00", "odds": %s}'
)


def _json_event(code: object = 401, odds: str = '{"1": "2.10"}') -> str:
    return _JSON_EVENT % (json.dumps(code), odds)


def test_json_numbers_are_exact_decimals_never_floats() -> None:
    # As a float, 2.1000000000000000001 would be 2.1 and pass; as the decimal written, it fails.
    text = "[" + _json_event(odds='{"1": 2.1000000000000000001}') + "]"
    assert _json_problems(text) == [(1, _sentence(lambda: parse_odds("2.1000000000000000001")))]
    text = '[{"code": 401, "sport": "hockey", "home": "А", "away": "Б", "max_stake": 100.10, '
    text += '"starts_at": "2026-12-01T19:00", "odds": {"1": 1.95, "X": 4, "2": 3.1E0}}]'
    entry = parse_line_json("line.json", text.encode(), MINSK)[0]
    assert entry.odds == _odds("1=1.95 X=4.00 2=3.10")
    assert entry.event.max_stake == Decimal("100.10")
    assert all(type(value) is Decimal for value in entry.odds.values())


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_are_refused_as_odds_not_turned_into_floats(constant: str) -> None:
    text = "[" + _json_event(odds='{"1": ' + constant + "}") + "]"
    assert _json_problems(text) == [(1, _sentence(lambda: parse_odds(constant)))]


def test_json_problems_are_reported_at_the_line_where_the_object_starts() -> None:
    text = "\n".join(
        [
            "[",  # 1
            _json_event(401),  # 2
            ",",  # 3
            "  " + _json_event(401).replace('"А"', '"{ А }\\n"'),  # 4: braces inside a string
            ", {",  # 5
            '  "code": 0, "sport": "football", "home": "А", "away": "Б",',
            '  "starts_at": "2026-12-01T19:00",',
            '  "odds": {"1": "1.00", "Б2,5": "1.90", "П1": "2.00"}',
            "}, " + _json_event(404, "{}"),  # 9
            "]",
        ]
    )
    assert _json_problems(text) == [
        (4, line_file_problem("duplicate_code", 401)),
        (5, _sentence(lambda: parse_market("П1"))),
        (5, line_file_problem("code", 0)),
        (5, _sentence(lambda: parse_odds("1.00"))),
        (9, line_file_problem("no_odds")),
    ]


def test_json_on_one_line_reports_line_one() -> None:
    text = f"[{_json_event(401)}, {_json_event(True)}, {_json_event('402')}, {_json_event(4.5)}]"
    assert _json_problems(text) == [
        (1, line_file_problem("code", True)),
        (1, line_file_problem("code", Decimal("4.5"))),
    ]


def test_json_syntax_errors_are_reported_at_their_line() -> None:
    text = f"[\n{_json_event(401)},\n{_json_event(402)}\n{_json_event(403)}\n]"
    assert _json_problems(text) == [(4, line_file_problem("json", "Expecting ',' delimiter"))]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (_json_event(401), 0),
        ('{"events": []}', 0),
        ("[\n401\n]", 2),
        (f"[\n\n{_json_event(401, odds='[2.10]')}]", 3),
    ],
)
def test_json_of_the_wrong_shape_is_refused(text: str, line: int) -> None:
    assert _json_problems(text) == [(line, line_file_problem("json_shape"))]


def test_json_unknown_and_repeated_keys_are_refused() -> None:
    text = "[\n" + _json_event(401, '{"1": "2.10", "1": "2.20", "O2.5": 2, "Б2,5": 2}')
    text = text.replace('"code"', '"max_stak": 500, "code"') + "\n]"
    assert _json_problems(text) == [
        (2, line_file_problem(REPEATED, "1")),
        (2, line_file_problem("unknown_column", "max_stak")),
        (2, line_file_problem(REPEATED, "Б2,5")),
    ]


def test_json_with_an_absurdly_long_number_is_refused_not_crashed() -> None:
    text = "[" + _json_event(odds='{"1": ' + "9" * 5000 + "}") + "]"
    assert [line for line, _ in _json_problems(text)] == [0]


def test_json_russian_sport_names_and_null_odds_are_understood() -> None:
    text = "[" + _json_event(odds='{"1": "2,10", "X": null, "2": ""}') + "]"
    text = text.replace('"football"', '"Футбол"')
    entry = parse_line_json("line.json", text.encode(), MINSK)[0]
    assert entry.event.sport is Sport.FOOTBALL
    assert entry.odds == {"1": Decimal("2.10")}
