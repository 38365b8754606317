"""Bet-on-Poker draws (seed 004): the schedule and the cards dealt."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from pos.poker.chances import PRE_DEAL_CHANCE
from pos.poker.draws import EPOCH, DrawCards, DrawSchedule, Round
from pos.poker.errors import InvalidDeal
from tests.unit.pos.draws_helpers import (
    DEAL,
    DEALT,
    DRAW,
    FLOP,
    FLOPPED,
    MINSK,
    PRE_DEAL,
    RIVER,
    SCHEDULE,
    START,
    TICK,
    TURNED,
)

# --- the schedule ---------------------------------------------------------------------------


def test_draw_n_starts_n_intervals_after_the_epoch() -> None:
    assert SCHEDULE.starts_at(1) == EPOCH + timedelta(minutes=5)
    assert SCHEDULE.starts_at(DRAW) == START


@pytest.mark.parametrize(
    ("now", "number"),
    [
        (EPOCH, 1),  # round 1 of draw 1 opens at the epoch
        (EPOCH + timedelta(minutes=5) - TICK, 1),
        (EPOCH + timedelta(minutes=5), 2),  # draw 1 has started: draw 2 is next
        (EPOCH + timedelta(minutes=7, seconds=30), 2),
        # Midnight UTC: draw 288 starts at it, so draw 289 is next.
        (datetime(2026, 1, 1, 23, 59, 59, 999_999, tzinfo=UTC), 288),
        (datetime(2026, 1, 2, tzinfo=UTC), 289),
        # Midnight in Minsk (21:00 UTC): 67 days and 21 hours of draws, numbering runs on.
        (datetime(2026, 3, 9, 23, 59, 59, tzinfo=MINSK), 67 * 288 + 21 * 12),
        (datetime(2026, 3, 10, tzinfo=MINSK), 67 * 288 + 21 * 12 + 1),
        (datetime(2026, 3, 10, 0, 5, tzinfo=MINSK), 67 * 288 + 21 * 12 + 2),
    ],
)
def test_the_draw_taking_round_one_bets_is_the_next_to_start(now: datetime, number: int) -> None:
    assert SCHEDULE.number_at(now) == number
    assert SCHEDULE.starts_at(number) - SCHEDULE.interval <= now < SCHEDULE.starts_at(number)


def test_round_one_of_the_next_draw_is_always_open() -> None:
    for second in range(0, 300, 7):
        now = START + timedelta(seconds=second)
        assert SCHEDULE.round_open(SCHEDULE.number_at(now), Round.BEFORE_DEAL, now)


@pytest.mark.parametrize(
    ("round", "opens", "closes"),
    [
        (Round.BEFORE_DEAL, START - timedelta(minutes=5), START),
        (Round.AFTER_DEAL, START, START + timedelta(seconds=60)),
        (Round.AFTER_FLOP, START + timedelta(seconds=60), START + timedelta(seconds=120)),
        (Round.AFTER_TURN, START + timedelta(seconds=120), START + timedelta(seconds=180)),
    ],
)
def test_each_round_is_open_from_its_opening_and_closed_at_its_cut_off(
    round: Round, opens: datetime, closes: datetime
) -> None:
    assert SCHEDULE.opens_at(DRAW, round) == opens
    assert SCHEDULE.closes_at(DRAW, round) == closes
    assert not SCHEDULE.round_open(DRAW, round, opens - TICK)
    assert SCHEDULE.round_open(DRAW, round, opens)
    assert SCHEDULE.round_open(DRAW, round, closes - TICK)
    assert not SCHEDULE.round_open(DRAW, round, closes)


def test_a_schedule_takes_its_own_epoch_interval_and_round_length() -> None:
    schedule = DrawSchedule(
        datetime(2027, 6, 1, 9, tzinfo=MINSK), timedelta(minutes=2), timedelta(seconds=30)
    )
    assert schedule.number_at(datetime(2027, 6, 1, 9, 3, tzinfo=MINSK)) == 2
    assert schedule.starts_at(2) == datetime(2027, 6, 1, 9, 4, tzinfo=MINSK)
    assert schedule.closes_at(2, Round.AFTER_TURN) == datetime(2027, 6, 1, 9, 5, 30, tzinfo=MINSK)


@pytest.mark.parametrize(
    "fields",
    [
        {"epoch": datetime(2026, 1, 1)},  # noqa: DTZ001 - the mistake under test
        {"interval": timedelta(0)},
        {"round_length": timedelta(seconds=-1)},
        {"round_length": timedelta(seconds=101)},  # rounds 2–4 would outlast the 5 minutes
    ],
)
def test_a_schedule_the_studio_cannot_keep_is_refused(fields: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        DrawSchedule(**fields)  # type: ignore[arg-type]


def test_times_before_the_epoch_naive_times_and_draw_zero_are_refused() -> None:
    with pytest.raises(ValueError, match="epoch"):
        SCHEDULE.number_at(EPOCH - TICK)
    with pytest.raises(ValueError, match="timezone-aware"):
        SCHEDULE.number_at(datetime(2026, 3, 1))  # noqa: DTZ001 - the mistake under test
    with pytest.raises(ValueError, match="numbered from 1"):
        SCHEDULE.starts_at(0)


def test_rounds_have_russian_names_in_order() -> None:
    assert [(int(r), r.words) for r in Round] == [
        (1, "до раздачи"),
        (2, "после раздачи"),
        (3, "после флопа"),
        (4, "после тёрна"),
    ]


# --- the cards ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "round"),
    [
        (PRE_DEAL, Round.BEFORE_DEAL),
        (DEALT, Round.AFTER_DEAL),
        (FLOPPED, Round.AFTER_FLOP),
        (TURNED, Round.AFTER_TURN),
        (DrawCards(DEAL, RIVER), None),
    ],
)
def test_the_cards_dealt_tell_the_round_in_play(cards: DrawCards, round: Round | None) -> None:
    assert cards.round == round
    assert cards.finished == (round is None)


def test_the_cards_carry_each_hands_chance_from_pos_poker() -> None:
    assert PRE_DEAL.chances == (PRE_DEAL_CHANCE,) * 6
    assert TURNED.chances == tuple(Fraction(n, 36) for n in (28, 0, 2, 2, 2, 2))


def test_hands_given_as_a_list_are_kept_as_a_tuple_and_compare_by_cards() -> None:
    cards = DrawCards(list(DEAL), FLOP)  # type: ignore[arg-type]
    assert cards.hands == DEAL
    assert cards == FLOPPED
    assert hash(cards) == hash(FLOPPED)


@pytest.mark.parametrize(
    ("hands", "board", "why"),
    [
        (None, FLOP, "hands"),  # a board before the deal
        (DEAL, "Ac7h", "board"),
        (DEAL, "AsQc2d", "twice"),
        (DEAL[:5], "", "hands"),
        (("AxKs", *DEAL[1:]), "", "card"),
    ],
)
def test_cards_that_cannot_be_dealt_are_refused_with_the_poker_reason(
    hands: tuple[str, ...] | None, board: str, why: str
) -> None:
    with pytest.raises(InvalidDeal) as caught:
        DrawCards(hands, board)
    assert caught.value.why == why


def test_a_board_before_the_hands_is_worded() -> None:
    with pytest.raises(InvalidDeal) as caught:
        DrawCards(None, FLOP)
    assert str(caught.value) == "Нужно шесть рук по две карты, например «AsKs»; получено: ничего."
