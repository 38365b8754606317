"""Bet-on-Poker draws (seed 004): the odds of a round, repriced as the cards come in."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from pos.poker.chances import PRE_DEAL_CHANCE
from pos.poker.draws import DrawCards, HandPrice, HandStatus, hand_price, round_prices
from pos.poker.errors import InvalidMargin
from tests.unit.pos.draws_helpers import (
    DEAL,
    DEALT,
    DECIDED,
    DECIDED_TURN,
    FLOPPED,
    MARGIN,
    PRE_DEAL,
    RIVER,
    TURNED,
)

# --- the odds of a round --------------------------------------------------------------------


def test_odds_are_the_margin_taken_from_the_fair_odds_rounded_down() -> None:
    assert hand_price(2, Fraction(1, 3), MARGIN) == HandPrice(
        2, HandStatus.OPEN, Decimal("2.70"), Fraction(1, 3)
    )


@pytest.mark.parametrize(
    ("chance", "margin", "odds"),
    [
        (Fraction(1, 3), Decimal("0.10"), "2.70"),
        (Fraction(1, 3), Decimal("0"), "3.00"),
        (Fraction(24, 666), Decimal("0.10"), "24.97"),  # exactly 24.975: down, never half-up
        (Fraction(7, 9), Decimal("0.10"), "1.15"),  # 1.1571…
        (Fraction(9, 10), Decimal("0.09"), "1.01"),  # 1.0111…
        (Fraction(100, 101), Decimal("0"), "1.01"),  # exactly 1.01: the lowest odds on sale
        (PRE_DEAL_CHANCE, Decimal("0.10"), "4.96"),  # 4.9608…
        (PRE_DEAL_CHANCE, Decimal("0"), "5.51"),  # 5.5120…
        (Fraction(1, 658_008), Decimal("0.499"), "329662.00"),  # 329,662.008
    ],
)
def test_odds_are_exact_and_rounded_down_to_the_hundredth(
    chance: Fraction, margin: Decimal, odds: str
) -> None:
    price = hand_price(1, chance, margin)
    assert price.status is HandStatus.OPEN
    assert price.odds == Decimal(odds)
    assert str(price.odds) == odds  # two places, as the odds of the line


@pytest.mark.parametrize(
    ("chance", "margin"),
    [
        (Fraction(9, 10), Decimal("0.10")),  # exactly 1.00
        (Fraction(1000, 1009), Decimal("0")),  # 1.009: would round down to 1.00
        (Fraction(35, 36), Decimal("0.25")),  # 0.77: the player would get back less than staked
    ],
)
def test_a_hand_whose_odds_fall_below_1_01_takes_no_bets(chance: Fraction, margin: Decimal) -> None:
    assert hand_price(4, chance, margin) == HandPrice(4, HandStatus.NO_BETS, None, chance)


def test_round_one_prices_every_hand_at_the_documented_constant() -> None:
    prices = round_prices(PRE_DEAL, MARGIN)
    assert [p.seat for p in prices] == [1, 2, 3, 4, 5, 6]
    assert {(p.status, p.odds, p.chance) for p in prices} == {
        (HandStatus.OPEN, Decimal("4.96"), PRE_DEAL_CHANCE)
    }


@pytest.mark.parametrize(
    ("cards", "odds"),
    [
        (DEALT, ["3.77", "3.85", "5.26", "7.25", "9.82", "6.23"]),
        (FLOPPED, ["1.81", "11.52", "4.34", "9.08", "24.97", "10.70"]),
        (TURNED, ["1.15", None, "16.20", "16.20", "16.20", "16.20"]),
    ],
)
def test_each_round_reprices_the_hands_from_their_exact_chances(
    cards: DrawCards, odds: list[str | None]
) -> None:
    prices = round_prices(cards, MARGIN)
    assert [p.chance for p in prices] == list(cards.chances)
    assert [None if p.odds is None else str(p.odds) for p in prices] == odds


def test_on_the_turn_a_hand_that_cannot_be_caught_is_won_and_the_others_lost() -> None:
    prices = round_prices(DrawCards(DECIDED, DECIDED_TURN), MARGIN)
    assert [(p.status, p.odds) for p in prices] == [(HandStatus.WON, None)] + [
        (HandStatus.LOST, None)
    ] * 5
    assert [p.status.words for p in prices[:2]] == ["выигрыш", "проигрыш"]


def test_on_the_turn_a_hand_with_no_outs_is_lost_while_the_others_sell() -> None:
    statuses = [p.status for p in round_prices(TURNED, MARGIN)]
    assert statuses == [HandStatus.OPEN, HandStatus.LOST] + [HandStatus.OPEN] * 4


def test_a_big_margin_takes_the_favourite_off_sale() -> None:
    first = round_prices(TURNED, Decimal("0.25"))[0]  # 0.75 / (7/9) = 0.96
    assert (first.status, first.odds, first.status.words) == (
        HandStatus.NO_BETS,
        None,
        "нет ставок",
    )


def test_after_the_river_every_hand_is_won_or_lost() -> None:
    statuses = [p.status for p in round_prices(DrawCards(DEAL, RIVER), MARGIN)]
    assert statuses == [HandStatus.LOST] * 3 + [HandStatus.WON] + [HandStatus.LOST] * 2


@pytest.mark.parametrize(
    "margin", [Decimal("0.5"), Decimal("0.75"), Decimal("-0.01"), Decimal("NaN"), 0.1, "0.1"]
)
def test_a_margin_outside_zero_to_one_half_is_refused(margin: object) -> None:
    with pytest.raises(InvalidMargin) as caught:
        round_prices(PRE_DEAL, margin)  # type: ignore[arg-type]
    assert caught.value.margin is margin
    assert str(caught.value).endswith(
        "не подходит: нужна доля от 0 до 0,5 (не включая 0,5), например 0,10."
    )


def test_the_margin_refusal_names_the_margin() -> None:
    with pytest.raises(InvalidMargin) as caught:
        hand_price(1, Fraction(1, 2), Decimal("0.5"))
    assert str(caught.value) == (
        "Маржа «0,5» не подходит: нужна доля от 0 до 0,5 (не включая 0,5), например 0,10."
    )


def test_a_price_has_odds_exactly_when_it_is_open() -> None:
    with pytest.raises(ValueError):
        HandPrice(1, HandStatus.OPEN, None, Fraction(1, 2))
    with pytest.raises(ValueError):
        HandPrice(1, HandStatus.LOST, Decimal("2.00"), Fraction(0))
