"""Bet-on-Poker draws (seed 004): results checked against the draw, and settlement."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pos.poker.draws import DrawCards
from pos.poker.errors import (
    BoardMismatch,
    CancelReasonRequired,
    HandsMismatch,
    InvalidDeal,
    NoSuchHand,
)
from pos.poker.results import DrawResult, Outcome, bet_outcome, check_result
from tests.unit.pos.draws_helpers import DEAL, DEALT, FLOPPED, PRE_DEAL, RIVER, TURN, TURNED

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
