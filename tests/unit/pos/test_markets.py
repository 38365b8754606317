"""The Market value object: one reading of a market code, the same back from every notation."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.line.errors import InvalidMarket
from pos.line.events import Sport
from pos.line.markets import RESULT_CODES, LegOutcome, Market, MarketKind

_HALVES = st.integers(min_value=0, max_value=1998).map(lambda n: Decimal(n) / 2)
_QUARTERS = st.integers(min_value=-3996, max_value=3996).map(lambda n: Decimal(n) / 4)
MARKETS = st.one_of(
    st.sampled_from(RESULT_CODES).map(lambda code: Market(MarketKind.RESULT, code)),
    st.builds(
        lambda side, line: Market(MarketKind.TOTAL, side, Market.parse(f"O{line}").line),
        st.sampled_from("OU"),
        _HALVES,
    ),
    st.builds(
        lambda team, line: Market.parse(f"H{team}{line:+f}"),
        st.sampled_from("12"),
        _QUARTERS,
    ),
    st.integers(min_value=1, max_value=6).map(lambda hand: Market.parse(f"P{hand}")),
)


@given(MARKETS)
def test_every_notation_of_a_market_reads_back_as_the_same_market(market: Market) -> None:
    assert Market.parse(market.code) == market
    assert Market.from_code(market.code) == market
    assert Market.parse(market.typed) == market
    assert Market.from_batch(*market.batch_key) == market


@given(MARKETS, st.sampled_from([None, *Sport]))
def test_a_market_has_words_naming_the_code_the_cashier_types(
    market: Market, sport: Sport | None
) -> None:
    words = market.words(sport)
    assert words
    if market.kind is not MarketKind.GAME:
        assert words.endswith(f"({market.typed})")


@given(st.text(max_size=12))
def test_whatever_is_typed_is_a_market_or_one_refusal(text: str) -> None:
    try:
        market = Market.parse(text)
    except InvalidMarket as refusal:
        assert str(refusal)
    else:
        assert Market.parse(market.code) == market


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("х", "X"),
        ("б2,5", "O2.5"),
        ("м 3", "U3"),
        ("ф1-1,5", "H1-1.5"),
        ("H1-0", "H1+0"),
        ("р3", "P3"),
    ],
)
def test_a_russian_layout_and_a_decimal_comma_read_as_the_canonical_code(
    typed: str, code: str
) -> None:
    assert Market.parse(typed).code == code


@pytest.mark.parametrize("code", ["х", "O2.50", "H1-0", "Z", ""])
def test_only_a_canonical_code_is_a_stored_code(code: str) -> None:
    with pytest.raises(ValueError, match="not a market code"):
        Market.from_code(code)


@pytest.mark.parametrize(
    ("code", "home", "away", "outcome"),
    [
        ("O2.5", 2, 1, LegOutcome.WON),
        ("U3", 2, 1, LegOutcome.VOID),
        ("H2+1", 2, 1, LegOutcome.VOID),
        ("H1-0.25", 1, 1, LegOutcome.LOST),
        ("X2", 0, 0, LegOutcome.WON),
        ("P3", 0b000100, 0, LegOutcome.WON),
    ],
)
def test_the_verdict_of_a_market_against_a_score_p19(
    code: str, home: int, away: int, outcome: LegOutcome
) -> None:
    assert Market.from_code(code).verdict(home, away).outcome is outcome


def test_the_line_screen_reads_totals_by_line_then_handicaps_by_size() -> None:
    codes = ["H2+1.5", "U2.5", "H1-1.5", "O3.5", "O2.5", "H1-0.5"]
    ordered = sorted(codes, key=lambda code: Market.from_code(code).reading_key)
    assert ordered == ["O2.5", "U2.5", "O3.5", "H1-0.5", "H1-1.5", "H2+1.5"]


def test_a_market_s_words_and_verdicts_are_kept_per_sport_and_per_score() -> None:
    # Issue 34: a payout words and judges each leg, so each line market's words in a sport
    # and its verdict on a score are made once; what is kept must not cross sports or scores.
    draw = Market.from_code("X")
    assert draw.words(Sport.FOOTBALL) == "Ничья (X)"
    assert draw.words(Sport.HOCKEY) == "Ничья в основное время (X)"
    assert draw.words("hockey") == draw.words(Sport.HOCKEY)
    assert Market.from_code("X").words(Sport.FOOTBALL) == "Ничья (X)"
    over = Market.from_code("O2.5")
    first = over.verdict(2, 1)
    assert (first.outcome, first.reason) == (LegOutcome.WON, "счёт 2:1, тотал 3")
    assert over.verdict(1, 1).outcome is LegOutcome.LOST
    assert Market.from_code("U2.5").verdict(2, 1).outcome is LegOutcome.LOST
    assert over.verdict(2, 1) == first
