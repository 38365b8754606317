"""Line files: CSV as Russian Excel saves it or JSON, loaded whole or refused with every problem."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pos.core.errors import PosError
from pos.core.money import format_money, to_money
from pos.line.errors import LineFileRejected, line_file_problem
from pos.line.events import LINE_SPORTS, Sport, new_event, parse_market, parse_odds
from pos.line.files import REPEATED
from pos.line.imports import LineEntry, parse_line_csv, parse_line_file, parse_line_json

MINSK = ZoneInfo("Europe/Minsk")
EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"
HEADER = "код;спорт;хозяева;гости;начало;1;Х;2"


def _csv(*rows: str, header: str = HEADER) -> bytes:
    return "\n".join([header, *rows]).encode()


def _problems(parse: Callable[[], object]) -> list[tuple[int, str]]:
    with pytest.raises(LineFileRejected) as refused:
        parse()
    return refused.value.problems


def _csv_problems(data: bytes) -> list[tuple[int, str]]:
    return _problems(lambda: parse_line_csv("line.csv", data, MINSK))


def _json_problems(text: str) -> list[tuple[int, str]]:
    return _problems(lambda: parse_line_json("line.json", text.encode(), MINSK))


def _sentence(parse: Callable[[], object]) -> str:
    """The sentence an existing parser refuses with, which the line file repeats."""
    with pytest.raises(PosError) as refused:
        parse()
    return str(refused.value)


def _odds(text: str) -> dict[str, Decimal]:
    return {market: Decimal(value) for market, value in (p.split("=") for p in text.split())}


def _utc(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, day, hour, minute, tzinfo=UTC)


# The example files' line: (code, sport, tournament, home, away, start in UTC, max stake, odds).
EXAMPLE_LINE = [
    (
        401,
        Sport.FOOTBALL,
        "Высшая лига",
        "Динамо Минск",
        "Неман Гродно",
        _utc(5, 12),
        Decimal("1000.00"),
        "1=2.05 X=3.30 2=3.60 1X=1.28 X2=1.72 12=1.32 O1.5=1.40 U1.5=2.90 O2.5=2.10 U2.5=1.72 "
        "H1-1=3.30 H2+1=1.32 H1-1.5=4.10 H2+1.5=1.24",
    ),
    (
        402,
        Sport.FOOTBALL,
        "Высшая лига",
        "БАТЭ Борисов",
        "Шахтёр Солигорск",
        _utc(6, 14, 30),
        None,
        "1=2.60 X=3.10 2=2.75 1X=1.42 X2=1.46 12=1.34 O2.5=2.25 U2.5=1.62 H1+1.5=1.22 H2-1.5=4.40",
    ),
    (
        403,
        Sport.HOCKEY,
        "Экстралига",
        "Юность-Минск",
        "Металлург Жлобин",
        _utc(4, 16),
        None,
        "1=1.95 X=4.20 2=3.10 O4.5=1.45 U4.5=2.70 O5.5=1.85 U5.5=1.95 H1-1.5=3.05 H2+1.5=1.38",
    ),
    (
        404,
        Sport.HOCKEY,
        "Экстралига",
        "Гомель",
        "Динамо-Молодечно",
        _utc(5, 15, 30),
        Decimal("500.00"),
        "1=1.70 X=4.50 2=3.90 O5.5=1.80 U5.5=2.00",
    ),
    (
        405,
        Sport.BASKETBALL,
        "Высшая лига",
        "Цмоки-Минск",
        "Борисфен Могилёв",
        _utc(6, 16, 30),
        None,
        "1=1.18 2=4.60 O165.5=1.90 U165.5=1.90 O170.5=2.25 U170.5=1.62 H1-10.5=1.88 "
        "H2+10.5=1.92 H1-12.5=2.15 H2+12.5=1.68",
    ),
    (
        406,
        Sport.BASKETBALL,
        "Высшая лига",
        "Гродно-93",
        "Руна Минск",
        _utc(7, 15),
        None,
        "1=1.95 2=1.85 O158.5=1.87 U158.5=1.93 H1-1.5=1.98 H2+1.5=1.82",
    ),
]


def _check_example_line(entries: list[LineEntry]) -> None:
    assert [entry.event.code for entry in entries] == [401, 402, 403, 404, 405, 406]
    for entry, expected in zip(entries, EXAMPLE_LINE, strict=True):
        code, sport, tournament, home, away, starts_at, max_stake, odds = expected
        event = entry.event
        assert (event.code, event.sport, event.tournament) == (code, sport, tournament)
        assert (event.home, event.away) == (home, away)
        assert event.starts_at == starts_at
        assert event.starts_at.tzinfo is UTC
        assert event.max_stake == max_stake
        assert not event.suspended
        assert entry.odds == _odds(odds)
        assert list(entry.odds) == list(_odds(odds))  # the file's column order
        assert all(str(value) == str(_odds(odds)[m]) for m, value in entry.odds.items())


# --- happy paths ----------------------------------------------------------------------------


def test_example_csv_loads_every_event_with_exact_odds_and_utc_start() -> None:
    data = (EXAMPLES / "line.csv").read_bytes()
    _check_example_line(parse_line_file("line.csv", data, MINSK))


def test_example_json_loads_the_same_line() -> None:
    data = (EXAMPLES / "line.json").read_bytes()
    _check_example_line(parse_line_file("line.json", data, MINSK))


def test_extension_chooses_the_format_whatever_its_case() -> None:
    data = _csv("401;футбол;А;Б;01.12.2026 19:00;2,10;;")
    assert parse_line_file("ЛИНИЯ.CSV", data, MINSK)[0].odds == {"1": Decimal("2.10")}


def test_a_file_of_another_type_is_refused_as_a_whole() -> None:
    problems = _problems(lambda: parse_line_file("line.xlsx", b"PK\x03\x04", MINSK))
    assert [line for line, _ in problems] == [0]


def test_cyrillic_market_headers_become_canonical_codes() -> None:
    header = "код;спорт;хозяева;гости;начало;1Х;х2;Б2,5;м2.5;Ф1-1,5;ф2+1,5;O165.5"
    row = "401;футбол;А;Б;01.12.2026 19:00;1,30;1,70;2,05;1,75;4,10;1,24;1,90"
    entry = parse_line_csv("line.csv", _csv(row, header=header), MINSK)[0]
    assert entry.odds == _odds(
        "1X=1.30 X2=1.70 O2.5=2.05 U2.5=1.75 H1-1.5=4.10 H2+1.5=1.24 O165.5=1.90"
    )


def test_english_headers_in_any_case_with_commas_between_cells() -> None:
    data = (
        "CODE,Sport,Tournament,Home,Away,Starts_At,Max_Stake,1,X,2,O2.5\n"
        '401,Football,Высшая лига,А,Б,2026-12-01 19:00,"1 000,00","2,10",3.30,3.40,\n'
    ).encode()
    entry = parse_line_csv("line.csv", data, MINSK)[0]
    assert entry.event.sport is Sport.FOOTBALL
    assert entry.event.max_stake == Decimal("1000.00")
    assert entry.odds == _odds("1=2.10 X=3.30 2=3.40")


def test_utf8_with_bom_and_windows_1251_read_alike() -> None:
    text = "\n".join([HEADER, "401;хоккей;Юность-Минск;Гомель;01.12.2026 19:00;1,95;4,20;3,10"])
    plain = parse_line_csv("line.csv", text.encode(), MINSK)
    assert parse_line_csv("line.csv", "\ufeff".encode() + text.encode(), MINSK) == plain
    assert parse_line_csv("line.csv", text.encode("cp1251"), MINSK) == plain
    assert plain[0].event.home == "Юность-Минск"


def test_a_windows_1251_json_file_is_read_too() -> None:
    text = '[{"code": 1, "sport": "хоккей", "home": "Гомель", "away": "Неман", '
    text += '"starts_at": "2026-12-01T19:00", "odds": {"1": "1.95"}}]'
    assert parse_line_json("l.json", text.encode("cp1251"), MINSK)[0].event.home == "Гомель"


def test_semicolon_file_with_one_decimal_comma_per_line_is_not_taken_for_commas() -> None:
    # csv.Sniffer alone calls this a ","-separated file: one comma on every line.
    data = _csv(
        "401;футбол;А;Б;01.12.2026 19:00;3,30", header="код;спорт;хозяева;гости;начало;Б2,5"
    )
    assert parse_line_csv("line.csv", data, MINSK)[0].odds == {"O2.5": Decimal("3.30")}


@pytest.mark.parametrize(
    ("typed", "utc"),
    [
        ("01.12.2026 19:00", _utc(1, 16)),
        ("1.12.2026 9:05", _utc(1, 6, 5)),
        ("01.12.2026 19:00:00", _utc(1, 16)),
        ("2026-12-01 19:00", _utc(1, 16)),
        ("2026-12-01T19:00", _utc(1, 16)),
        ("2026-12-01T19:00:00", _utc(1, 16)),
        ("2026-12-01T19:00+01:00", _utc(1, 18)),
        ("2026-12-01T19:00Z", _utc(1, 19)),
    ],
)
def test_start_times_are_shop_time_unless_an_offset_is_given(typed: str, utc: datetime) -> None:
    entry = parse_line_csv("line.csv", _csv(f"401;футбол;А;Б;{typed};2,10;;"), MINSK)[0]
    assert entry.event.starts_at == utc


def test_empty_rows_and_trailing_separators_are_skipped() -> None:
    data = _csv(";;;;;;;", "401;футбол;А;Б;01.12.2026 19:00;2,10;;;;", "", " ; ;")
    assert [entry.event.code for entry in parse_line_csv("line.csv", data, MINSK)] == [401]


def test_optional_columns_and_odds_columns_in_any_order() -> None:
    header = "2;начало;гости;макс_ставка;хозяева;турнир;спорт;код"
    data = _csv('1,85;01.12.2026 19:00;Руна Минск;"1 500";Гродно-93;;баскетбол;406', header=header)
    event = parse_line_csv("line.csv", data, MINSK)[0].event
    assert (event.code, event.home, event.away) == (406, "Гродно-93", "Руна Минск")
    assert event.max_stake == Decimal("1500.00")
    assert event.tournament == ""


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
    assert _csv_problems(data) == [(2, line_file_problem("code", code))]


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


# --- property: what a spreadsheet writes, the parser reads back ----------------------------

_MARKETS = [
    ("1", "1"),
    ("Х", "X"),
    ("2", "2"),
    ("1х", "1X"),
    ("X2", "X2"),
    ("12", "12"),
    ("Б2,5", "O2.5"),
    ("U2.5", "U2.5"),
    ("м165,5", "U165.5"),
    ("Ф1-1,5", "H1-1.5"),
    ("H2+1.5", "H2+1.5"),
    ("ф1+0", "H1+0"),
]
_RUSSIAN_SPORTS = {Sport.FOOTBALL: "Футбол", Sport.HOCKEY: "хоккей", Sport.BASKETBALL: "БАСКЕТБОЛ"}
# Belarusian and Russian letters, and the characters that make a spreadsheet quote a cell.
_LETTERS = "АБВГДЕЁЖЗІЙКЛМНОПРСТУЎФХЦЧШЫЭЮЯабвгдеёжзійклмнопрстуўфхцчшыэюя" + "-.\"';,09"
_WORDS = st.text(alphabet=_LETTERS, min_size=1, max_size=8)
_NAMES = st.lists(_WORDS, min_size=1, max_size=3).map(" ".join)
_START = datetime(2026, 12, 1, tzinfo=MINSK)


@dataclass(frozen=True)
class _Spreadsheet:
    """How one manager's Excel writes the file."""

    delimiter: str
    russian: bool
    decimal_comma: bool
    iso_times: bool
    encoding: str


@st.composite
def _entries(draw: st.DrawFn) -> LineEntry:
    home, away = draw(st.lists(_NAMES, min_size=2, max_size=2, unique=True))
    event = new_event(
        draw(st.integers(1, 999_999)),
        draw(st.sampled_from(LINE_SPORTS)),
        home,
        away,
        _START + timedelta(minutes=draw(st.integers(0, 60 * 24 * 400))),
        tournament=draw(st.sampled_from(["", "Высшая лига", "Экстралига", "Кубок; «Беларуси»"])),
        max_stake=draw(st.none() | st.decimals("0.01", "1000000", places=2)),
    )
    markets = draw(st.lists(st.sampled_from(_MARKETS), min_size=1, unique=True))
    prices = st.decimals("1.01", "1000", places=2)
    return LineEntry(event, {code: draw(prices) for _, code in markets})


def _write(entries: list[LineEntry], sheet: _Spreadsheet) -> bytes:
    names = ["код", "спорт", "турнир", "хозяева", "гости", "начало", "макс_ставка"]
    if not sheet.russian:
        names = ["Code", "SPORT", "tournament", "home", "away", "starts_at", "max_stake"]
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=sheet.delimiter, lineterminator="\r\n")
    writer.writerow([*names, *(typed for typed, _ in _MARKETS)])
    for entry in entries:
        writer.writerow(_cells(entry, sheet))
    return out.getvalue().encode(sheet.encoding)


def _cells(entry: LineEntry, sheet: _Spreadsheet) -> list[str]:
    event = entry.event
    local = event.starts_at.astimezone(MINSK)
    number = (lambda value: str(value).replace(".", ",")) if sheet.decimal_comma else str
    limit = "" if event.max_stake is None else format_money(event.max_stake)
    return [
        str(event.code),
        _RUSSIAN_SPORTS[event.sport] if sheet.russian else event.sport.value,
        event.tournament,
        event.home,
        event.away,
        f"{local:%Y-%m-%dT%H:%M}" if sheet.iso_times else f"{local:%d.%m.%Y %H:%M}",
        limit if sheet.decimal_comma else limit.replace("\u00a0", "").replace(",", "."),
        *(number(entry.odds[code]) if code in entry.odds else "" for _, code in _MARKETS),
    ]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(_entries(), min_size=1, max_size=6, unique_by=lambda entry: entry.event.code),
    st.builds(
        _Spreadsheet,
        st.sampled_from([";", ","]),
        st.booleans(),
        st.booleans(),
        st.booleans(),
        st.sampled_from(["utf-8", "utf-8-sig", "cp1251"]),
    ),
)
def test_any_valid_line_written_as_csv_reads_back_equal(
    entries: list[LineEntry], sheet: _Spreadsheet
) -> None:
    read = parse_line_csv("line.csv", _write(entries, sheet), MINSK)
    assert read == entries
    assert [list(entry.odds) for entry in read] == [
        [code for _, code in _MARKETS if code in entry.odds] for entry in entries
    ]
