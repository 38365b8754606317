"""Bet-on-Poker draws (seed 004): the schedule, each round's odds, sales, results and settlement."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from fractions import Fraction
from zoneinfo import ZoneInfo

import pytest

from pos.poker.chances import PRE_DEAL_CHANCE
from pos.poker.draws import (
    EPOCH,
    DrawCards,
    DrawSchedule,
    HandPrice,
    HandStatus,
    Round,
    check_bet,
    hand_price,
    round_prices,
)
from pos.poker.errors import (
    BoardMismatch,
    CancelReasonRequired,
    CardsNotEntered,
    HandClosed,
    HandsMismatch,
    InvalidDeal,
    InvalidMargin,
    NoSuchHand,
    RoundClosed,
    RoundNotOpen,
    RoundOvertaken,
)
from pos.poker.results import DrawResult, Outcome, bet_outcome, check_result

SCHEDULE = DrawSchedule()
MINSK = ZoneInfo("Europe/Minsk")  # UTC+3 all year
TICK = timedelta(microseconds=1)
MARGIN = Decimal("0.10")

DRAW = 1000
START = datetime(2026, 1, 4, 11, 20, tzinfo=UTC)  # EPOCH + 1000 × 5 min; 14:20 in Minsk

# The research deal of tests/unit/pos/test_poker.py: its chances are known exactly.
DEAL = ("AsKs", "QhQd", "7c8c", "2d2h", "JsTd", "9h9c")
FLOP, TURN, RIVER = "Ac7h3s", "Ac7h3sKd", "Ac7h3sKd2c"  # on the river 2d2h makes three deuces
# On this turn AsAc holds four aces: hand 1 has won and the other five have lost.
DECIDED = ("AsAc", "KdKs", "QcJc", "3c4c", "8h9h", "TdTh")
DECIDED_TURN = "AhAd2c7d"

PRE_DEAL = DrawCards()
DEALT = DrawCards(DEAL)
FLOPPED = DrawCards(DEAL, FLOP)
TURNED = DrawCards(DEAL, TURN)


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


# --- results and settlement -----------------------------------------------------------------


@pytest.mark.parametrize("so_far", [PRE_DEAL, DEALT, FLOPPED, TURNED, DrawCards(DEAL, RIVER)])
def test_a_result_that_agrees_with_the_draw_names_its_winner(so_far: DrawCards) -> None:
    result = check_result(so_far, DEAL, RIVER)
    assert result == DrawResult(frozenset({4}), DEAL, RIVER)
    assert [bet_outcome(result, seat) for seat in range(1, 7)] == [Outcome.LOST] * 3 + [
        Outcome.WON
    ] + [Outcome.LOST] * 2


def test_the_order_of_cards_in_a_hand_and_in_the_flop_does_not_matter() -> None:
    hands = ("KsAs", *DEAL[1:])
    result = check_result(TURNED, hands, "3sAc7hKd2c")
    assert result.winners == {4}


def test_hands_that_differ_from_those_dealt_are_refused() -> None:
    hands = (*DEAL[:2], "7c9c", *DEAL[3:])
    with pytest.raises(HandsMismatch) as caught:
        check_result(FLOPPED, hands, RIVER)
    assert (caught.value.seat, caught.value.dealt, caught.value.entered) == (3, "7c8c", "7c9c")
    assert str(caught.value) == "Руки не совпадают с розданными: рука 3 была 7c8c, введено 7c9c."


@pytest.mark.parametrize(
    ("so_far", "board", "message"),
    [
        (
            FLOPPED,
            "Ac7h4sKd2c",
            "Стол не совпадает с введённым флопом: флоп был Ac 7h 3s, введено Ac 7h 4s.",
        ),
        (TURNED, "Ac7h3sQs2c", "Стол не совпадает с введённым тёрном: тёрн был Kd, введено Qs."),
        (
            DrawCards(DEAL, RIVER),
            "Ac7h3sKd5c",
            "Стол не совпадает с введённым ривером: ривер был 2c, введено 5c.",
        ),
    ],
)
def test_a_board_that_contradicts_the_cards_entered_is_refused(
    so_far: DrawCards, board: str, message: str
) -> None:
    with pytest.raises(BoardMismatch) as caught:
        check_result(so_far, DEAL, board)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("hands", "board", "why", "message"),
    [
        (DEAL, "Ac7h3sKdAs", "twice", "Карта As сдана дважды: проверьте руки и стол."),
        (
            (*DEAL[:5], "AsTc"),
            RIVER,
            "twice",
            "Карта As сдана дважды: проверьте руки и стол.",
        ),
        (DEAL, TURN, "river", "Для результата нужны все 5 карт стола, а их 4."),
        (DEAL, RIVER + "5c", "board", "На столе должно быть 0, 3, 4 или 5 карт, а их 6."),
        (DEAL[:5], RIVER, "hands", None),
        ((*DEAL, "5c6c"), RIVER, "hands", None),
        ((*DEAL[:5], "9h9"), RIVER, "hands", None),
    ],
)
def test_a_result_with_a_card_twice_or_wrong_counts_is_refused(
    hands: tuple[str, ...], board: str, why: str, message: str | None
) -> None:
    with pytest.raises(InvalidDeal) as caught:
        check_result(PRE_DEAL, hands, board)
    assert caught.value.why == why
    if message is not None:
        assert str(caught.value) == message


def test_a_tie_pays_every_tied_hand() -> None:
    hands = ("AcKd", "AhKc", "3c3d", "5c5d", "7c7d", "9c9s")
    result = check_result(PRE_DEAL, hands, "As8s6c4h2s")
    assert result.winners == {1, 2}
    outcomes = [bet_outcome(result, seat) for seat in range(1, 7)]
    assert outcomes == [Outcome.WON, Outcome.WON] + [Outcome.LOST] * 4


def test_a_board_that_plays_pays_all_six_hands() -> None:
    hands = ("2c3d", "4c5d", "6c7d", "8c9d", "Tc2d", "3c4d")
    result = check_result(DrawCards(hands, "AhKhQh"), hands, "AhKhQhJhTh")
    assert result.winners == {1, 2, 3, 4, 5, 6}
    assert {bet_outcome(result, seat) for seat in range(1, 7)} == {Outcome.WON}


def test_a_cancelled_draw_refunds_every_bet_at_odds_one() -> None:
    result = DrawResult.cancelled("  сканер не считал карту (п. 5.1.1)  ")
    assert result.is_cancelled
    assert result.cancel_reason == "сканер не считал карту (п. 5.1.1)"
    outcomes = {bet_outcome(result, seat) for seat in range(1, 7)}
    assert outcomes == {Outcome.REFUND}
    assert Outcome.REFUND.paid_at(Decimal("16.20")) == Decimal("1.00")
    assert Outcome.REFUND.words == "возврат"


def test_a_cancellation_needs_a_reason() -> None:
    with pytest.raises(CancelReasonRequired) as caught:
        DrawResult.cancelled("   ")
    assert str(caught.value) == (
        "Укажите причину отмены тиража (п. 5.1 Правил): она записывается в журнал, "
        "а все ставки возвращаются по коэффициенту 1,00."
    )


def test_a_won_bet_pays_at_its_odds_and_a_lost_one_at_nothing() -> None:
    assert Outcome.WON.paid_at(Decimal("3.77")) == Decimal("3.77")
    assert Outcome.LOST.paid_at(Decimal("3.77")) == 0
    assert not DrawResult(frozenset({1})).is_cancelled


@pytest.mark.parametrize("seat", [0, 7])
def test_settling_a_seat_that_is_not_a_hand_is_refused(seat: int) -> None:
    with pytest.raises(NoSuchHand):
        bet_outcome(DrawResult(frozenset({1})), seat)
