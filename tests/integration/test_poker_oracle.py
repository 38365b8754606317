"""`pos.poker.chances` against two independent evaluators, phevaluator and eval7, board by board.

Each oracle enumerates every completion of the board in a plain Python loop, evaluates the
six seven-card hands with its own library and counts, for each hand, the boards on which it
is among the best (every tied hand wins). The counts must equal ours exactly, as fractions.
A full enumeration after the deal (658,008 boards) takes phevaluator 1.5-3 s and eval7 4-6 s
here, so the deals use phevaluator only and the later streets both.
"""

from __future__ import annotations

import itertools
import random
import warnings
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import pytest
from phevaluator import _pheval
from phevaluator.card import Card as PhCard

from pos.poker.chances import RANKS, SUITS, win_chances, winners

with warnings.catch_warnings():
    # eval7 0.1.11 builds its hand-range parser at import with pyparsing's deprecated names.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

pytestmark = pytest.mark.integration

DECK = [rank + suit for rank in RANKS for suit in SUITS]
DEAL = ("AsKs", "QhQd", "7c8c", "2d2h", "JsTd", "9h9c")  # the research deal (notes §2)


def _count(
    hands: Sequence[str],
    board: str,
    card: Callable[[str], Any],
    value: Callable[..., int],
    best: Callable[[list[int]], int],
) -> tuple[Fraction, ...]:
    """Every completion of the board: the share on which each hand's value is the best."""
    pairs = [(card(hand[:2]), card(hand[2:])) for hand in hands]
    known = [board[at : at + 2] for at in range(0, len(board), 2)]
    dealt = {hand[:2] for hand in hands} | {hand[2:] for hand in hands} | set(known)
    rest = [card(name) for name in DECK if name not in dealt]
    table = [card(name) for name in known]
    wins = [0] * len(hands)
    boards = 0
    for drawn in itertools.combinations(rest, 5 - len(known)):
        full = (*table, *drawn)
        values = [value(first, second, *full) for first, second in pairs]
        top = best(values)
        for seat, hand_value in enumerate(values):
            if hand_value == top:
                wins[seat] += 1
        boards += 1
    return tuple(Fraction(count, boards) for count in wins)


def by_phevaluator(hands: Sequence[str], board: str) -> tuple[Fraction, ...]:
    """phevaluator's C evaluator (rank 1 is the best hand, so the least value wins)."""
    return _count(hands, board, lambda name: PhCard(name).id_, _pheval.evaluate_7cards, min)


def _eval7_value(*cards: eval7.Card) -> int:
    return int(eval7.evaluate(list(cards)))


def by_eval7(hands: Sequence[str], board: str) -> tuple[Fraction, ...]:
    """eval7's evaluator (the greater value wins)."""
    return _count(hands, board, eval7.Card, _eval7_value, max)


def _random_deal(rng: random.Random, board_size: int) -> tuple[list[str], str]:
    cards = rng.sample(DECK, 12 + board_size)
    return [cards[i] + cards[i + 1] for i in range(0, 12, 2)], "".join(cards[12:])


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    "hands",
    [
        DEAL,
        # Hearts in four hands: flushes that block and beat each other.
        ("AhKh", "QhJh", "3h2h", "9h8h", "AdKd", "5c5s"),
        # The same hands twice over in other suits: ties on many boards.
        ("AsKd", "AcKh", "QsJs", "QcJc", "7d2h", "7h2d"),
    ],
)
def test_every_board_after_the_deal_agrees_with_phevaluator(hands: tuple[str, ...]) -> None:
    assert win_chances(hands) == by_phevaluator(hands, "")


LATER_STREETS = [
    (DEAL, "Ac7h3s"),
    (DEAL, "Ac7h3sKd"),
    (("AhKh", "QhJh", "3h2h", "9h8h", "AdKd", "5c5s"), "Th7h2c"),  # flush and straight draws
    (("AsKd", "AcKh", "QsJs", "QcJc", "7d2h", "7h2d"), "Td5c3h"),  # ties
    (("AsKd", "AcKh", "QsJs", "QcJc", "7d2h", "7h2d"), "Td5c3h9s"),
    (("2c3d", "4c5d", "6c7d", "8c9d", "Tc2d", "3c4d"), "AhKhQhJh"),  # Th: the board plays
    (("2c3d", "4c5d", "6c7d", "8c9d", "Tc2d", "3c4d"), "AsAdAcKs"),  # Kd, Kh: the board plays
    (("AsAc", "KdKs", "QcJc", "3c4c", "8h9h", "TdTh"), "AhAd2c7d"),  # AsAc has already won
    (("5h4h", "KdKs", "QcJc", "3c4c", "8h9h", "TdTh"), "6h7h2c"),  # open-ended straight flush
    (("5h4h", "KdKs", "QcJc", "3c4c", "8h9h", "TdTh"), "6h7h2cAh"),  # 5h4h: a flush already
]


@pytest.mark.parametrize(("hands", "board"), LATER_STREETS)
def test_every_board_after_the_flop_or_the_turn_agrees_with_both(
    hands: tuple[str, ...], board: str
) -> None:
    ours = win_chances(hands, board)
    assert ours == by_phevaluator(hands, board)
    assert ours == by_eval7(hands, board)


def test_random_flops_and_turns_agree_with_both() -> None:
    rng = random.Random(8)
    for board_size in [3] * 40 + [4] * 60:
        hands, board = _random_deal(rng, board_size)
        ours = win_chances(hands, board)
        assert ours == by_phevaluator(hands, board), (hands, board)
        assert ours == by_eval7(hands, board), (hands, board)


def test_the_winners_of_random_complete_deals_agree_with_both() -> None:
    rng = random.Random(88)
    for _ in range(400):
        hands, board = _random_deal(rng, 5)
        chances = by_eval7(hands, board)
        assert chances == by_phevaluator(hands, board)
        assert winners(hands, board) == {seat for seat, won in enumerate(chances) if won}
        assert win_chances(hands, board) == chances


def test_the_winners_of_complete_deals_with_ties_agree_with_both() -> None:
    for hands, board in [
        (("AsKd", "AcKh", "QsJs", "QcJc", "7d2h", "7h2d"), "Td5c3h9s8d"),  # two straights
        (("2c3d", "4c5d", "6c7d", "8c9d", "Tc2d", "3c4d"), "AhKhQhJhTh"),  # a royal board
        (("2c3d", "4c5d", "6c7d", "8c9d", "Tc2d", "3c4d"), "AsAdAcKsKh"),  # a full board
        (("Ah2c", "Kh3c", "4c5c", "6c8c", "9c9d", "TcTd"), "Qh9h7h4h2h"),  # flush kickers
    ]:
        chances = by_eval7(hands, board)
        assert chances == by_phevaluator(hands, board)
        assert winners(hands, board) == {seat for seat, won in enumerate(chances) if won}
