"""Settlement by the rules of the house: one test per rule, each naming its paragraph.

Markets (p.19) here; bet kinds (p.18) in test_settlement_kinds.py, void events (second p.24)
and bets after the start (p.22) in test_settlement_void.py. p.21 (the first recorded result
stands) is kept where results are recorded, not here.
"""

from __future__ import annotations

import pytest

from pos.line.markets import LegOutcome
from pos.settlement.rules import judge_leg, market_outcome
from tests.unit.pos.settlement_helpers import BEFORE, LOST, OPEN, VOID, WON, leg, outcome

# --- markets (p.19) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("market", "home_win", "draw", "away_win"),
    [
        ("1", WON, LOST, LOST),
        ("X", LOST, WON, LOST),
        ("2", LOST, LOST, WON),
        ("1X", WON, WON, LOST),
        ("X2", LOST, WON, WON),
        ("12", WON, LOST, WON),
    ],
)
def test_p19_results_and_double_chances_win_on_the_results_they_name(
    market: str, home_win: LegOutcome, draw: LegOutcome, away_win: LegOutcome
) -> None:
    assert (outcome(market, 2, 1), outcome(market, 1, 1), outcome(market, 0, 2)) == (
        home_win,
        draw,
        away_win,
    )
    assert market_outcome(market, 2, 1)[1] == "счёт 2:1"


@pytest.mark.parametrize(
    ("market", "home", "away", "expected"),
    [
        ("O2.5", 2, 1, WON),
        ("O2.5", 1, 1, LOST),
        ("U2.5", 1, 1, WON),
        ("U2.5", 3, 0, LOST),
        ("O165.5", 90, 80, WON),
        ("U0.5", 0, 0, WON),
    ],
)
def test_p19_total_over_or_under_wins_by_the_side_of_the_line(
    market: str, home: int, away: int, expected: LegOutcome
) -> None:
    assert outcome(market, home, away) is expected


@pytest.mark.parametrize(("market", "home", "away"), [("O3", 2, 1), ("U3", 3, 0), ("O0", 0, 0)])
def test_p19_total_exactly_on_an_integer_line_is_void(market: str, home: int, away: int) -> None:
    verdict, reason = market_outcome(market, home, away)
    assert verdict is VOID
    assert reason == f"счёт {home}:{away}, тотал {home + away} — ровно на линии (п.19)"


@pytest.mark.parametrize(
    ("market", "home", "away", "expected"),
    [
        ("H1-1.5", 2, 0, WON),
        ("H1-1.5", 1, 0, LOST),
        ("H2+1.5", 1, 0, WON),
        ("H2+1.5", 3, 1, LOST),
        ("H1+1", 0, 0, WON),
        ("H2-2", 0, 3, WON),
    ],
)
def test_p19_handicap_wins_or_loses_after_adding_it_to_the_team_picked(
    market: str, home: int, away: int, expected: LegOutcome
) -> None:
    assert outcome(market, home, away) is expected


@pytest.mark.parametrize(
    ("market", "home", "away"), [("H1-1", 2, 1), ("H2+1", 2, 1), ("H1+0", 1, 1), ("H2-2", 0, 2)]
)
def test_p19_handicap_level_after_the_handicap_is_void(market: str, home: int, away: int) -> None:
    verdict, reason = market_outcome(market, home, away)
    assert verdict is VOID
    assert reason == f"счёт {home}:{away}, с форой ничья (п.19)"


@pytest.mark.parametrize("market", ["H1-0.25", "H1+0.75", "H2-1.25", "H2+0.5", "H1-2.75"])
def test_p19_quarter_and_half_handicaps_are_never_void(market: str) -> None:
    outcomes = {outcome(market, home, away) for home in range(6) for away in range(6)}
    assert outcomes == {WON, LOST}


def test_p19_a_code_that_is_not_a_market_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="not a market code"):
        market_outcome("П1", 1, 0)


def test_p18_a_leg_without_a_result_is_open() -> None:
    """Open legs keep a slip unsettled until they cannot change it (p.18, DESIGN: settle)."""
    verdict = judge_leg(leg(1), None, accepted_at=BEFORE, agreed_in_play=False)
    assert (verdict.outcome, verdict.reason) == (OPEN, "результата ещё нет")
