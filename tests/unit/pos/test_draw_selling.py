"""Bet-on-Poker draws (seed 004): selling a bet, refused when its round or price forbids it."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from pos.poker.draws import DrawCards, HandStatus, Round, check_bet, round_prices
from pos.poker.errors import (
    CardsNotEntered,
    HandClosed,
    NoSuchHand,
    RoundClosed,
    RoundNotOpen,
    RoundOvertaken,
)
from tests.unit.pos.draws_helpers import (
    DEAL,
    DEALT,
    DECIDED,
    DECIDED_TURN,
    DRAW,
    FLOPPED,
    MARGIN,
    MINSK,
    PRE_DEAL,
    RIVER,
    SCHEDULE,
    START,
    TICK,
    TURNED,
)

# --- selling --------------------------------------------------------------------------------


def sell(round: Round, cards: DrawCards, now: datetime, seat: int = 1, draw: int = DRAW) -> Decimal:
    return check_bet(SCHEDULE, draw, round, seat, cards, round_prices(cards, MARGIN), now, MINSK)


@pytest.mark.parametrize(
    ("round", "cards", "now", "odds"),
    [
        (Round.BEFORE_DEAL, PRE_DEAL, START - timedelta(minutes=5), "4.96"),
        (Round.BEFORE_DEAL, PRE_DEAL, START - TICK, "4.96"),
        (Round.AFTER_DEAL, DEALT, START, "3.77"),
        (Round.AFTER_FLOP, FLOPPED, START + timedelta(seconds=119), "1.81"),
        (Round.AFTER_TURN, TURNED, START + timedelta(seconds=180) - TICK, "1.15"),
    ],
)
def test_a_bet_in_an_open_round_sells_at_the_rounds_odds(
    round: Round, cards: DrawCards, now: datetime, odds: str
) -> None:
    assert sell(round, cards, now) == Decimal(odds)


@pytest.mark.parametrize(
    ("round", "cards", "now", "message"),
    [
        (
            Round.BEFORE_DEAL,
            PRE_DEAL,
            START,
            "Приём ставок на тираж № 1000, раунд «до раздачи» закрыт в 14:20:00.",
        ),
        (
            Round.AFTER_DEAL,
            DEALT,
            START + timedelta(seconds=60),
            "Приём ставок на тираж № 1000, раунд «после раздачи» закрыт в 14:21:00.",
        ),
        (
            Round.AFTER_TURN,
            TURNED,
            START + timedelta(hours=1),
            "Приём ставок на тираж № 1000, раунд «после тёрна» закрыт в 14:23:00.",
        ),
    ],
)
def test_a_bet_at_or_after_the_cut_off_is_refused_with_the_closing_time(
    round: Round, cards: DrawCards, now: datetime, message: str
) -> None:
    with pytest.raises(RoundClosed) as caught:
        sell(round, cards, now)
    assert (caught.value.draw, caught.value.round) == (DRAW, round)
    assert caught.value.closed_at == SCHEDULE.closes_at(DRAW, round)
    assert str(caught.value) == message


def test_a_bet_before_the_round_opens_is_refused_with_the_opening_time() -> None:
    with pytest.raises(RoundNotOpen) as caught:
        sell(Round.BEFORE_DEAL, PRE_DEAL, START - timedelta(minutes=5) - TICK)
    assert caught.value.opens_at == START - timedelta(minutes=5)
    assert str(caught.value) == (
        "Приём ставок на тираж № 1000, раунд «до раздачи» ещё не открыт: он откроется в 14:15:00."
    )


@pytest.mark.parametrize(
    ("round", "before", "after"),
    [
        (Round.AFTER_DEAL, PRE_DEAL, DEALT),
        (Round.AFTER_FLOP, DEALT, FLOPPED),
        (Round.AFTER_TURN, FLOPPED, TURNED),
    ],
)
def test_a_bet_in_a_round_whose_cards_are_not_in_is_refused(
    round: Round, before: DrawCards, after: DrawCards
) -> None:
    now = SCHEDULE.opens_at(DRAW, round)
    with pytest.raises(CardsNotEntered) as caught:
        sell(round, before, now)
    assert str(caught.value) == (
        f"Карты раунда «{round.words}» тиража № 1000 ещё не введены: ставки на этот раунд "
        "принимаются после ввода карт."
    )
    assert sell(round, after, now) > 1  # once the cards are in, the same bet sells


def test_the_cards_not_entered_refusal_reads_whole() -> None:
    with pytest.raises(CardsNotEntered) as caught:
        sell(Round.AFTER_FLOP, DEALT, START + timedelta(seconds=61))
    assert str(caught.value) == (
        "Карты раунда «после флопа» тиража № 1000 ещё не введены: ставки на этот раунд "
        "принимаются после ввода карт."
    )


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (
            FLOPPED,
            "Приём ставок на тираж № 1000, раунд «после раздачи» закрыт: уже введены карты "
            "раунда «после флопа».",
        ),
        (
            DrawCards(DEAL, RIVER),
            "Приём ставок на тираж № 1000, раунд «после раздачи» закрыт: тираж уже разыгран.",
        ),
    ],
)
def test_a_bet_at_odds_the_cards_have_overtaken_is_refused_before_the_cut_off(
    cards: DrawCards, message: str
) -> None:
    with pytest.raises(RoundOvertaken) as caught:
        sell(Round.AFTER_DEAL, cards, START + timedelta(seconds=30))
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (1, "Рука 1 уже выиграла: ставки на неё не принимаются."),
        (3, "Рука 3 уже проиграла: ставки на неё не принимаются."),
    ],
)
def test_a_bet_on_a_won_or_lost_hand_is_refused(seat: int, message: str) -> None:
    decided = DrawCards(DECIDED, DECIDED_TURN)
    with pytest.raises(HandClosed) as caught:
        sell(Round.AFTER_TURN, decided, START + timedelta(seconds=150), seat)
    assert caught.value.seat == seat
    assert str(caught.value) == message


def test_a_bet_on_a_hand_off_sale_is_refused() -> None:
    prices = round_prices(TURNED, Decimal("0.25"))
    now = START + timedelta(seconds=150)
    with pytest.raises(HandClosed) as caught:
        check_bet(SCHEDULE, DRAW, Round.AFTER_TURN, 1, TURNED, prices, now, MINSK)
    assert caught.value.status is HandStatus.NO_BETS
    assert str(caught.value) == (
        "На руку 1 в этом раунде ставки не принимаются: её коэффициент был бы ниже 1,01."
    )
    assert check_bet(SCHEDULE, DRAW, Round.AFTER_TURN, 3, TURNED, prices, now, MINSK) == Decimal(
        "13.50"
    )


@pytest.mark.parametrize("seat", [0, 7, -1])
def test_a_bet_on_a_seat_that_is_not_a_hand_is_refused(seat: int) -> None:
    with pytest.raises(NoSuchHand) as caught:
        sell(Round.BEFORE_DEAL, PRE_DEAL, START - TICK, seat)
    assert str(caught.value) == f"Руки {seat} нет: руки пронумерованы от 1 до 6."


def test_prices_of_other_cards_are_never_sold() -> None:
    stale = round_prices(DEALT, MARGIN)
    with pytest.raises(ValueError, match="not computed from these cards"):
        check_bet(SCHEDULE, DRAW, Round.AFTER_FLOP, 1, FLOPPED, stale, START, MINSK)
