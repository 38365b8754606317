"""The line: market codes as cashiers type them, odds, and checked events."""

import re
from datetime import UTC, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.line.errors import InvalidEvent, InvalidMarket, InvalidOdds
from pos.line.events import Event, Sport, new_event, parse_market, parse_odds, upcoming_first
from pos.line.wording import market_code
from pos.poker.errors import MarketNotOffered


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("1", "1"),
        ("x", "X"),
        ("Х", "X"),
        ("2", "2"),
        ("1х", "1X"),
        ("х2", "X2"),
        ("12", "12"),
        ("O2.5", "O2.5"),
        ("о2,5", "O2.5"),
        ("Б2,5", "O2.5"),
        ("М2.5", "U2.5"),
        ("u3", "U3"),
        ("O165.5", "O165.5"),
        ("H1-1.5", "H1-1.5"),
        ("ф2+1,5", "H2+1.5"),
        ("H1+0", "H1+0"),
        ("h2 1.5", "H2+1.5"),
        ("H1-1.25", "H1-1.25"),
    ],
)
def test_market_codes_are_understood_on_latin_and_russian_layouts(typed: str, code: str) -> None:
    assert parse_market(typed) == code


@pytest.mark.parametrize("typed", ["3", "XX", "O", "O2.3", "H3+1", "H1", "", "П1"])
def test_unknown_markets_are_refused_with_examples(typed: str) -> None:
    with pytest.raises(InvalidMarket, match="Примеры"):
        parse_market(typed)


def test_the_refusal_s_examples_are_codes_as_the_cashier_types_and_the_screens_show_them() -> None:
    """One notation everywhere (issue 16): every example reads back as the code shown."""
    examples = re.findall(r"«(.*?)»", str(InvalidMarket("Q7")).partition("Примеры:")[2])

    assert examples == ["1", "X", "2", "1X", "X2", "12", "Б2,5", "М2,5", "Ф1-1,5", "Ф2+1,5"]
    assert [market_code(parse_market(example)) for example in examples] == examples


def test_a_market_without_odds_is_named_by_the_code_the_cashier_typed() -> None:
    assert str(MarketNotOffered(101, "H1-1.5")) == (
        "На событие 101 нет коэффициента на исход Ф1-1,5."
    )


def test_odds_are_exact_decimals_above_one() -> None:
    assert parse_odds("2,10") == Decimal("2.10")
    assert parse_odds(Decimal("1.01")) == Decimal("1.01")
    assert parse_odds(3) == Decimal("3.00")


@pytest.mark.parametrize(
    "bad", [2.1, "1", "1,00", "0.5", "2.105", "abc", "NaN", "Infinity", "20000"]
)
def test_odds_that_are_not_fair_decimals_are_refused(bad: object) -> None:
    with pytest.raises(InvalidOdds):
        parse_odds(bad)


def test_events_are_stored_in_utc_whatever_zone_they_are_typed_in() -> None:
    local = datetime(2026, 12, 1, 19, 0, tzinfo=ZoneInfo("Europe/Minsk"))
    event = new_event(101, "football", " Динамо  Минск ", "БАТЭ", local)
    assert event.starts_at == datetime(2026, 12, 1, 16, 0, tzinfo=UTC)
    assert event.starts_at.tzinfo is UTC
    assert event.home == "Динамо Минск"
    assert event.sport is Sport.FOOTBALL


@pytest.mark.parametrize(
    ("code", "sport", "home", "away", "when", "sentence"),
    [
        (0, "football", "A", "B", datetime(2026, 12, 1, tzinfo=UTC), "код события"),
        (True, "football", "A", "B", datetime(2026, 12, 1, tzinfo=UTC), "код события"),
        (1, "chess", "A", "B", datetime(2026, 12, 1, tzinfo=UTC), "вид спорта «chess»"),
        (1, "hockey", "A", "A", datetime(2026, 12, 1, tzinfo=UTC), "две разные команды"),
        (1, "hockey", "A", "B", datetime(2026, 12, 1), "часовым поясом"),  # noqa: DTZ001
    ],
)
def test_bad_events_are_refused(
    code: object, sport: str, home: str, away: str, when: datetime, sentence: str
) -> None:
    with pytest.raises(InvalidEvent, match=sentence):
        new_event(code, sport, home, away, when)


_HALF_LINES = st.integers(min_value=0, max_value=999).map(lambda half: Decimal(half) / 2)


@given(_HALF_LINES, st.sampled_from(["O", "U"]), st.booleans())
def test_any_total_line_reads_the_same_typed_either_way(
    line: Decimal, side: str, comma: bool
) -> None:
    canonical = parse_market(f"{side}{line}")
    russian = {"O": "Б", "U": "М"}[side] + (str(line).replace(".", ",") if comma else str(line))
    assert parse_market(russian) == canonical
    assert parse_market(canonical) == canonical  # canonical codes are fixed points
    assert Decimal(canonical[1:]) == line


@given(st.integers(min_value=-200, max_value=200), st.sampled_from(["1", "2"]))
def test_any_handicap_keeps_its_sign_and_value(half_points: int, team: str) -> None:
    value = Decimal(half_points) / 2
    typed = f"ф{team}{'+' if value >= 0 else ''}{value}".replace(".", ",")
    canonical = parse_market(typed)
    assert canonical.startswith(f"H{team}{'-' if value < 0 else '+'}")
    assert Decimal(canonical[2:]) == value
    assert parse_market(canonical) == canonical


def test_the_board_lists_coming_events_by_start_then_started_ones_latest_first() -> None:
    # Issue 34: the «Линия» page listed yesterday's finished matches first.
    def at(code: int, day: int, hour: int) -> Event:
        return Event(
            code, Sport.FOOTBALL, "Дом", "Гости", datetime(2026, 12, day, hour, tzinfo=UTC)
        )

    events = [at(1, 1, 10), at(2, 2, 10), at(3, 3, 10), at(4, 1, 20), at(5, 2, 12)]
    now = datetime(2026, 12, 2, 11, tzinfo=UTC)

    assert [event.code for event in upcoming_first(events, now)] == [5, 3, 2, 4, 1]
