"""Line files: CSV as Russian Excel saves it or JSON, loaded whole: the example files and the
happy paths.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from pos.line.events import Sport
from pos.line.imports import LineEntry, parse_line_csv, parse_line_file, parse_line_json
from tests.unit.pos.line_import_helpers import EXAMPLES, HEADER, MINSK, _csv, _odds, _problems, _utc

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
