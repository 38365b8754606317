"""Bet-on-Poker: the winners of a deal of six hands, and each hand's exact chance to win.

The studio's rules (shared/seeds/004): six hands of two open cards, then a board of five;
every hand tied for the best five cards wins, so a board that plays wins for all six. A card
is a string like "As": a rank of 23456789TJQKA and a suit of cdhs.

Our own lookup-table evaluator (shared/notes/performance.md §5), built in numpy on first use
(about 0.1 s). A card is `rank * 4 + suit`; a hand's value is the dense rank of its best five
among the 4824 classes that seven cards can reach, higher is better. Without a flush the ranks
alone decide: the sum of the seven cards' face keys (SKPokerEval's published idea: every
multiset of seven ranks has its own sum) indexes `non_flush`. A flush is looked up by the
13-bit mask of its suit's ranks in `flush`; seven cards with a flush hold no quads or full
house, so the larger of the two values is the hand's.

An exact chance counts every completion of the board. Each board's five ranks form one of
6175 classes (named by five-card face keys); where no hand can make a flush the class alone
decides, so each class is judged once and weighed by how many boards have it, counted with
binomials. Only the boards where some hand can make a flush are judged one by one, from
per-board sums built without an index array (`_subset_sums`).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from pos.poker.errors import InvalidDeal

RANKS = "23456789TJQKA"
SUITS = "cdhs"
HANDS = 6
BOARD_SIZES = (0, 3, 4, 5)

# Round 1 (p.3.2: bets before any card is dealt): every seat has the same chance, one constant.
# NOT exact: an exact count over every deal of 6 x 2 cards and every board is out of reach
# (about 10^19 deal-and-board pairs, still 10^8 cases of one hand and a board up to suit
# symmetry, each needing a count of the ways to deal the other five hands below it). It is a
# Monte-Carlo estimate: 20,000,000 random deals, each judged with the same rule (every tied
# hand wins), gave 0.181420 +- 0.000035, one standard error (shared/notes/performance.md §3,
# "Before the deal"). Checked independently with this module (issue #8): the exact chances of
# 40,000 seeded random deals, averaged over deals and seats, gave 0.181325 +- 0.000058, which
# agrees (1.4 standard errors apart; both together 0.18140 +- 0.00003).
PRE_DEAL_CHANCE = Fraction("0.181420")
PRE_DEAL_CHANCE_ERROR = Fraction("0.000035")

# Face keys: sums of seven (of five) of them, at most four of a rank, are all different.
_KEYS_7 = np.array([0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181])
_KEYS_5 = np.array([0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415])
_RANK_BITS = 13
# Categories of a five-card hand, weakest first; a raw value is category << 20 | ranks.
_PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH_CAT, _FULL_HOUSE, _QUADS, _STRAIGHT_FLUSH = range(1, 9)

_COMB = np.array([[math.comb(n, k) for k in range(5)] for n in range(5)])  # n of k, k <= 4
Array = npt.NDArray[np.int64]
_Int = TypeVar("_Int", np.int16, np.int32)


class _Tables(NamedTuple):
    non_flush: npt.NDArray[np.int16]  # sum of 7 face keys -> value
    flush: npt.NDArray[np.int16]  # 13-bit mask of a suit's ranks -> value, 0 below 5 cards
    class_counts: Array  # each class of five ranks (6175): its rank counts
    class_key7: Array  # ... and the sum of its 7-card face keys
    key5_class: npt.NDArray[np.int16]  # sum of 5 face keys -> class


def _top(masks: Array) -> Array:
    """The highest rank set in each 13-bit mask, -1 for an empty one."""
    return np.where(masks > 0, np.log2(np.maximum(masks, 1)).astype(np.int64), -1)


def _without(masks: Array, ranks: Array) -> Array:
    return np.where(ranks >= 0, masks & ~(1 << np.maximum(ranks, 0)), masks)


def _tops(masks: Array, count: int) -> list[Array]:
    ranks = []
    for _ in range(count):
        ranks.append(_top(masks))
        masks = _without(masks, ranks[-1])
    return ranks


def _raw(category: int, ranks: Sequence[Array]) -> Array:
    value = np.full(ranks[0].shape, category << 20, np.int64)
    for place, rank in enumerate(ranks):
        value |= np.maximum(rank, 0) << (16 - 4 * place)
    return value


def _straight_high(masks: Array) -> Array:
    """The top rank of the best five in a row in each mask (3 for A-2-3-4-5), else -1."""
    wheel = (masks & 0b1_0000_0000_1111) == 0b1_0000_0000_1111
    high = np.full(masks.shape, -1, np.int64)
    for top in range(4, _RANK_BITS):
        run = 0b11111 << (top - 4)
        high = np.where((masks & run) == run, top, high)
    return np.where((high < 0) & wheel, 3, high)


def _rank_values(counts: Array) -> Array:
    """The raw value of the best five of each row of rank counts, flushes aside."""
    bits = 1 << np.arange(_RANK_BITS)
    singles, pairs, trips, quads = ((counts >= n).astype(np.int64) @ bits for n in (1, 2, 3, 4))
    quad, trip, pair = _top(quads), _top(trips), _top(pairs)
    full_pair, second = _top(_without(pairs, trip)), _top(_without(pairs, pair))
    two_pair_kicker = _top(_without(_without(singles, pair), second))
    straight = _straight_high(singles)
    choices = [
        (quad >= 0, _raw(_QUADS, [quad, _top(_without(singles, quad))])),
        ((trip >= 0) & (full_pair >= 0), _raw(_FULL_HOUSE, [trip, full_pair])),
        (straight >= 0, _raw(_STRAIGHT, [straight])),
        (trip >= 0, _raw(_TRIPS, [trip, *_tops(_without(singles, trip), 2)])),
        (second >= 0, _raw(_TWO_PAIR, [pair, second, two_pair_kicker])),
        (pair >= 0, _raw(_PAIR, [pair, *_tops(_without(singles, pair), 3)])),
    ]
    conditions, values = zip(*choices, strict=True)
    return np.select(conditions, values, _raw(0, _tops(singles, 5)))


def _rank_multisets(size: int) -> tuple[Array, Array]:
    """Every multiset of `size` ranks with at most four of a rank: (rank counts, rank lists)."""
    flat = itertools.chain.from_iterable(
        itertools.combinations_with_replacement(range(_RANK_BITS), size)
    )
    ranks = np.fromiter(flat, np.int64).reshape(-1, size)
    counts = (ranks[:, :, None] == np.arange(_RANK_BITS)).sum(axis=1)
    keep = counts.max(axis=1) <= 4
    return counts[keep], ranks[keep]


@functools.cache
def _tables() -> _Tables:
    counts, ranks7 = _rank_multisets(7)
    non_flush_raw = _rank_values(counts)
    masks = np.arange(1 << _RANK_BITS, dtype=np.int64)
    five = np.bitwise_count(masks) >= 5
    straight = _straight_high(masks)
    flush_raw = np.where(
        straight >= 0,
        _raw(_STRAIGHT_FLUSH, [straight]),
        _raw(_FLUSH_CAT, _tops(masks, 5)),
    )
    classes = np.unique(np.concatenate([non_flush_raw, flush_raw[five]]))
    # Seven cards reach 4824 of the 7462 five-card classes (never 7-5-4-3-2, say): a check.
    assert len(classes) == 4824, len(classes)
    non_flush = np.zeros(_KEYS_7[-1] * 4 + _KEYS_7[-2] * 3 + 1, np.int16)
    non_flush[_KEYS_7[ranks7].sum(axis=1)] = np.searchsorted(classes, non_flush_raw) + 1
    flush = np.where(five, np.searchsorted(classes, flush_raw) + 1, 0).astype(np.int16)
    class_counts, ranks5 = _rank_multisets(5)
    key5_class = np.zeros(_KEYS_5[-1] * 4 + _KEYS_5[-2] + 1, np.int16)
    key5_class[_KEYS_5[ranks5].sum(axis=1)] = np.arange(len(ranks5))
    class_key7 = _KEYS_7[ranks5].sum(axis=1)
    return _Tables(non_flush, flush, class_counts, class_key7, key5_class)


def _card(text: str) -> int:
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise InvalidDeal("card", text)
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


def _parse(hands: Sequence[str], board: str) -> tuple[list[tuple[int, int]], list[int]]:
    if isinstance(hands, str) or len(hands) != HANDS or any(len(hand) != 4 for hand in hands):
        shown = [hands] if isinstance(hands, str) else hands
        raise InvalidDeal("hands", ", ".join(f"«{hand}»" for hand in shown) or "ничего")
    pairs = [(_card(hand[:2]), _card(hand[2:])) for hand in hands]
    table = [_card(board[at : at + 2]) for at in range(0, len(board), 2)]
    if len(table) not in BOARD_SIZES:
        raise InvalidDeal("board", str(len(table)))
    seen: set[int] = set()
    for card in [card for pair in pairs for card in pair] + table:
        if card in seen:
            raise InvalidDeal("twice", RANKS[card // 4] + SUITS[card % 4])
        seen.add(card)
    return pairs, table


def winners(hands: Sequence[str], board: str) -> frozenset[int]:
    """The hands (0-based seats) with the best five cards of a complete deal; ties all win.

    Args:
        hands: six hands of two cards, e.g. "AsKs".
        board: the five board cards, e.g. "Kh7h2cQc9d".

    Returns:
        The seats that win: one, several on a tie, all six when the board plays.

    Raises:
        InvalidDeal: a bad card, a card dealt twice, or not six hands and five board cards.
    """
    pairs, table = _parse(hands, board)
    if len(table) != 5:
        raise InvalidDeal("river", str(len(table)))
    wins, _ = _count_wins(pairs, table)
    return frozenset(int(seat) for seat in np.flatnonzero(wins))


def win_chances(hands: Sequence[str], board: str = "") -> tuple[Fraction, ...]:
    """Each hand's exact chance to be among the winners over every completion of the board.

    Args:
        hands: six hands of two cards, e.g. ("AsKs", "QhQd", "7c8c", "2d2h", "JsTd", "9h9c").
        board: 0, 3, 4 or 5 board cards: "", "Ac7h3s", "Ac7h3sKd" or a complete board.

    Returns:
        Six fractions: boards on which the hand is among the best / all completions (658,008
        after the deal, 666 after the flop, 36 after the turn; 0 or 1 with five cards). Ties
        count for every tied hand, so they add up to 1 or more.

    Raises:
        InvalidDeal: a bad card, a card dealt twice, not six hands of two, or 1 or 2 board cards.
    """
    wins, boards = _count_wins(*_parse(hands, board))
    return tuple(Fraction(int(count), boards) for count in wins)


def _subset_sums(values: npt.NDArray[_Int], size: int) -> npt.NDArray[_Int]:
    """The sum of every `size`-subset of `values`, the subsets in lexicographic order.

    The subsets of range(j, n) are the tail of that order, so each size is built from the one
    below with a slice and an add per first element: no index array, no gathers.
    """
    sums = np.zeros(1, values.dtype)
    for k in range(1, size + 1):
        bigger = np.empty(math.comb(len(values), k), values.dtype)
        at = 0
        for first in range(len(values) - k + 1):
            tail = math.comb(len(values) - first - 1, k - 1)
            np.add(sums[len(sums) - tail :], values[first], out=bigger[at : at + tail])
            at += tail
        sums = bigger
    return sums


def _count_wins(pairs: Sequence[tuple[int, int]], board: Sequence[int]) -> tuple[Array, int]:
    """How many completions of the board each hand wins, and how many completions there are."""
    tables = _tables()
    hands = np.array(pairs, np.int64)
    dealt = {card for pair in pairs for card in pair} | set(board)
    rest = np.array([card for card in range(52) if card not in dealt], np.int64)
    known, drawn = np.array(board, np.int64), 5 - len(board)
    # Each board's rank key and suit counts (three bits a suit), all boards in one order.
    key5 = _subset_sums(_KEYS_5[rest // 4].astype(np.int32), drawn)
    key5 += _KEYS_5[known // 4].sum(dtype=np.int32)
    suit_counts = _subset_sums((1 << 3 * (rest % 4)).astype(np.int16), drawn)
    suit_counts += (1 << 3 * (known % 4)).sum(dtype=np.int16)
    flush_suit = _flush_suits(hands).take(suit_counts)
    # Each class of five ranks, for each hand: its value without a flush, and who wins it.
    # (A class that shares ranks with a hand can exceed four of a rank: no board has it, so
    # clipping its key out of range is harmless.)
    hand_keys = _KEYS_7[hands // 4].sum(axis=1)
    values = tables.non_flush.take(tables.class_key7 + hand_keys[:, None], mode="clip")
    boards = _boards_per_class(tables.class_counts, rest, known)
    wins = np.zeros(HANDS, np.int64)
    # The boards where some hand can make a flush: one by one, a suit at a time.
    for suit in range(4):
        where = np.flatnonzero(flush_suit == suit)
        if not len(where):
            continue
        ranks = np.where(rest % 4 == suit, 1 << rest // 4, 0).astype(np.int16)
        masks = _subset_sums(ranks, drawn)[where] | np.bitwise_or.reduce(
            np.where(known % 4 == suit, 1 << known // 4, 0), initial=0
        )
        hand_masks = ((hands % 4 == suit) << hands // 4).sum(axis=1)
        classes = tables.key5_class[key5[where]]
        boards -= np.bincount(classes, minlength=len(boards))
        flushy = np.maximum(
            values.take(classes, axis=1), tables.flush.take(masks | hand_masks[:, None])
        )
        wins += np.count_nonzero(flushy == flushy.max(axis=0), axis=1)
    # The others: the ranks decide, so each class is judged once and weighed by its boards.
    wins += (values == values.max(axis=0)).astype(np.int64) @ boards
    return wins, math.comb(len(rest), drawn)


def _boards_per_class(class_counts: Array, rest: Array, known: Array) -> Array:
    """How many completions of the board have each class of five ranks."""
    left = np.bincount(rest // 4, minlength=_RANK_BITS)
    need = class_counts - np.bincount(known // 4, minlength=_RANK_BITS)
    ways = _COMB[left, np.clip(need, 0, 4)].prod(axis=1)
    return np.where((need >= 0).all(axis=1), ways, 0)


def _flush_suits(hands: Array) -> npt.NDArray[np.int8]:
    """For each code of a board's suit counts: the suit in which some hand makes a flush, or -1.

    A board of five has at most one suit with three or more; a hand adds up to two.
    """
    codes = np.arange(1 << 12)
    most_in_hand = np.array([(hands % 4 == suit).sum(axis=1).max() for suit in range(4)])
    counts = (codes[:, None] >> 3 * np.arange(4)) & 7
    possible = (counts >= 3) & (counts + most_in_hand >= 5)
    return np.where(possible.any(axis=1), possible.argmax(axis=1), -1).astype(np.int8)
