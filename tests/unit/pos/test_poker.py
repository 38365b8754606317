"""Bet-on-Poker: the order of poker hands, the winners of a deal, exact chances, refusals."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from pos.poker.chances import _KEYS_5 as KEYS_5
from pos.poker.chances import _KEYS_7 as KEYS_7
from pos.poker.chances import (
    PRE_DEAL_CHANCE,
    PRE_DEAL_CHANCE_ERROR,
    RANKS,
    SUITS,
    _rank_multisets,
    win_chances,
    winners,
)
from pos.poker.errors import InvalidDeal

DEAL = ("AsKs", "QhQd", "7c8c", "2d2h", "JsTd", "9h9c")
DECK = [rank + suit for rank in RANKS for suit in SUITS]


def _random_deal(rng: random.Random, board_size: int) -> tuple[list[str], str]:
    cards = rng.sample(DECK, 12 + board_size)
    return [cards[i] + cards[i + 1] for i in range(0, 12, 2)], "".join(cards[12:])


def _ladder(board: str, strongest_first: list[str], weaker: list[str]) -> None:
    """Each hand beats every one after it: take the best away and the next one wins alone."""
    for step in range(len(strongest_first)):
        deal = strongest_first[step:] + weaker[:step]
        assert winners(deal, board) == {0}, (step, deal)


@pytest.mark.parametrize(("size", "keys", "multisets"), [(7, KEYS_7, 49_205), (5, KEYS_5, 6175)])
def test_the_face_keys_give_every_multiset_of_ranks_its_own_sum(
    size: int, keys: np.ndarray, multisets: int
) -> None:
    _, ranks = _rank_multisets(size)
    assert len(ranks) == multisets
    assert len(np.unique(keys[ranks].sum(axis=1))) == multisets


def test_straight_flush_beats_quads_beats_full_house_beats_flush_beats_straight() -> None:
    _ladder(
        "QsJsTs7c7d",
        [
            "AsKs",  # royal flush
            "7h7s",  # four sevens
            "QhQd",  # queens full of sevens
            "3s2s",  # queen-high flush
            "AhKh",  # ace-high straight
            "4c4d",  # sevens and fours
        ],
        ["2h3h", "2c3c", "5h4h", "5c6c", "6h5d"],  # the board's pair of sevens, nothing more
    )


def test_straight_beats_the_wheel_beats_trips_beats_two_pair_beats_pair_beats_high_card() -> None:
    _ladder(
        "Kd9c5h4s2d",
        [
            "6c3h",  # six-high straight
            "Ac3d",  # the wheel, A-2-3-4-5: the ace plays low
            "KhKs",  # three kings
            "Kc9d",  # kings and nines
            "AhAs",  # a pair of aces
            "QhJh",  # king, queen, jack high
        ],
        ["7d6d", "8c6h", "7s3s", "8h7h", "Tc8s"],  # king, ten (or nine) high
    )


def test_the_kicker_decides_between_equal_pairs_and_equal_two_pairs() -> None:
    assert winners(["AcKd", "AdQc", "3c3d", "5c5d", "7c7d", "9c9s"], "Ah8s6c4h2s") == {0}
    assert winners(["Ac3c", "Qc3d", "Jc4d", "Tc5d", "9c6d", "8c4h"], "KdKs7c7d2h") == {0}


def test_the_higher_flush_card_wins() -> None:
    assert winners(["Ah2c", "Kh3c", "4c5c", "6c8c", "9c9d", "TcTd"], "Qh9h7h4h2h") == {0}


def test_equal_hands_all_win() -> None:
    assert winners(["AcKd", "AhKc", "3c3d", "5c5d", "7c7d", "9c9s"], "As8s6c4h2s") == {0, 1}


def test_a_board_that_plays_wins_for_every_hand() -> None:
    hands = ["2c3d", "4c5d", "6c7d", "8c9d", "Tc2d", "3c4d"]
    assert winners(hands, "AhKhQhJhTh") == set(range(6))
    assert win_chances(hands, "AhKhQhJhTh") == (Fraction(1),) * 6
    assert winners(hands, "AsAdAcKsKd") == set(range(6))  # aces full of kings


def test_a_complete_deal_gives_one_or_nothing() -> None:
    # Three deuces beat the aces and kings of AsKs.
    assert win_chances(DEAL, "Ac7h3sKd2c") == tuple(Fraction(int(seat == 3)) for seat in range(6))


def test_after_the_deal_the_chances_match_the_research() -> None:
    counts = (157_080, 153_655, 112_452, 81_638, 60_249, 95_019)  # notes/performance.md §3
    assert win_chances(DEAL) == tuple(Fraction(count, 658_008) for count in counts)


def test_after_the_flop_and_the_turn_the_chances_match_the_research() -> None:
    flop = (330, 52, 138, 66, 24, 56)
    assert win_chances(DEAL, "Ac7h3s") == tuple(Fraction(count, 666) for count in flop)
    turn = (28, 0, 2, 2, 2, 2)
    assert win_chances(DEAL, "Ac7h3sKd") == tuple(Fraction(count, 36) for count in turn)


def test_a_hand_already_won_on_the_turn_has_chance_one_and_the_others_zero() -> None:
    hands = ("AsAc", "KdKs", "QcJc", "3c4c", "8h9h", "TdTh")
    assert win_chances(hands, "AhAd2c7d") == (Fraction(1),) + (Fraction(0),) * 5


def test_a_hand_already_lost_on_the_turn_has_chance_zero() -> None:
    chances = win_chances(DEAL, "Ac7h3sKd")
    assert chances[1] == 0  # QhQd: no card of the 36 saves it
    assert all(0 < chance < 1 for seat, chance in enumerate(chances) if seat != 1)


@pytest.mark.parametrize("board_size", [0, 3, 4, 5])
def test_chances_lie_in_zero_to_one_and_add_up_to_one_or_more(board_size: int) -> None:
    rng = random.Random(board_size)
    for _ in range(1 if board_size == 0 else 20):
        chances = win_chances(*_random_deal(rng, board_size))
        assert all(0 <= chance <= 1 for chance in chances)
        assert sum(chances) >= 1


def test_ties_make_the_chances_add_up_to_more_than_one() -> None:
    assert sum(win_chances(("AsKd", "AcKh", "QsJs", "QcJc", "7d2h", "7h2d"), "Td5c3h")) > 1


def test_before_the_deal_every_hand_has_the_same_documented_chance() -> None:
    # About 1.0885 winners a deal on average: more than one, because ties all win.
    assert 1 < 6 * PRE_DEAL_CHANCE < 1.09
    assert Fraction(1, 10_000) > PRE_DEAL_CHANCE_ERROR


@pytest.mark.parametrize(
    ("hands", "board", "why", "message"),
    [
        (
            DEAL,
            "AsQc2d",
            "twice",
            "Карта As сдана дважды: проверьте руки и стол.",
        ),
        (
            ("AsKs", "QhQd", "7c8c", "2d2h", "JsTd", "AsTc"),
            "",
            "twice",
            "Карта As сдана дважды: проверьте руки и стол.",
        ),
        (
            ("AxKs", "QhQd", "7c8c", "2d2h", "JsTd", "9h9c"),
            "",
            "card",
            "Неверная карта «Ax»: нужны достоинство (2–9, T, J, Q, K, A) и масть (c, d, h, s), "
            "например «Ah».",
        ),
        (DEAL, "Kh7h1c", "card", None),
        (DEAL, "kh7h2c", "card", None),
        (DEAL, "Kh7h2", "card", None),
        (
            DEAL[:5],
            "",
            "hands",
            "Нужно шесть рук по две карты, например «AsKs»; получено: «AsKs», «QhQd», «7c8c», "
            "«2d2h», «JsTd».",
        ),
        ((*DEAL[:5], "9h9c8d"), "", "hands", None),
        (("AsKs",) * 6, "", "twice", None),
        ("AsKsQhQd7c8c2d2hJsTd9h9c", "", "hands", None),
        (DEAL, "Kh", "board", "На столе должно быть 0, 3, 4 или 5 карт, а их 1."),
        (DEAL, "Kh7h", "board", "На столе должно быть 0, 3, 4 или 5 карт, а их 2."),
        (DEAL, "Kh7h2c3c4c5c", "board", "На столе должно быть 0, 3, 4 или 5 карт, а их 6."),
    ],
)
def test_cards_that_cannot_be_a_deal_are_refused_with_the_reason(
    hands: tuple[str, ...], board: str, why: str, message: str | None
) -> None:
    with pytest.raises(InvalidDeal) as caught:
        win_chances(hands, board)
    assert caught.value.why == why
    if message is not None:
        assert str(caught.value) == message


def test_the_bad_card_is_named() -> None:
    with pytest.raises(InvalidDeal, match="«1c»"):
        win_chances(DEAL, "Kh7h1c")


def test_the_result_needs_the_whole_board() -> None:
    with pytest.raises(InvalidDeal) as caught:
        winners(DEAL, "Ac7h3s")
    assert str(caught.value) == "Для результата нужны все 5 карт стола, а их 3."
