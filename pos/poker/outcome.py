"""A Bet-on-Poker draw's hands as markets: typed, kept in a slip's terms, worded, and judged
from the winning seats its result keeps as bits of `home` (issue 36: no longer the line's)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from pos.line.errors import InvalidMarket
from pos.line.markets import LegOutcome, LegVerdict

if TYPE_CHECKING:
    from pos.games.game import FinalScore

# A hand of a draw: P1 … P6 (позиция, seed 004 p.1.2).
HAND = re.compile(r"P([1-6])")
# A Russian keyboard layout types Р where the cashier meant P.
_LOOK_ALIKE = str.maketrans({"Р": "P", "р": "P"})
# A hand's line in a slip's terms is its seat in quarters, as the line keeps its lines (P3 → 12):
# in every slip sold, so never changed.
_QUARTERS = 4


def parse_hand(typed: str) -> str:
    """The canonical code of a hand as typed, on a Latin or Russian layout: "р3" → "P3".

    Raises:
        InvalidMarket: not a hand P1–P6.
    """
    code = typed.strip().translate(_LOOK_ALIKE).upper().replace(" ", "")
    if HAND.fullmatch(code) is None:
        raise InvalidMarket(typed)
    return code


def hand_line(market: str) -> int:
    """A hand's line in a slip's terms: P3 → 12."""
    return _seat(market) * _QUARTERS


def hand_of_line(line: int) -> str:
    """The hand a slip's terms keep as `line`: 12 → "P3"."""
    return f"P{line // _QUARTERS}"


def hand_words(market: str) -> str:
    """A hand in words, for the screen and the slip: "P3" → "Рука 3"."""
    return f"Рука {_seat(market)}"


def judge_hand(market: str, result: FinalScore) -> LegVerdict:
    """A bet on a hand against its draw's result: won when its seat is among the winners."""
    bits = result.home or 0
    won = _seat(market) in winning_seats(bits)
    return LegVerdict(LegOutcome.WON if won else LegOutcome.LOST, winners_words(bits))


def seat_bits(seats: Iterable[int]) -> int:
    """The winning hands of a draw (1–6) as the bits a result keeps in `home`."""
    return sum(1 << (seat - 1) for seat in set(seats))


def winning_seats(bits: int) -> frozenset[int]:
    """The winning hands of a draw from the bits of its result."""
    return frozenset(seat for seat in range(1, 7) if bits >> (seat - 1) & 1)


def winners_words(seats: int) -> str:
    """The winning hands of a draw, from their bits: «выиграли руки 2 и 5» (p.2.3)."""
    hands = [str(seat) for seat in sorted(winning_seats(seats))]
    if len(hands) == 6:
        return "выиграли все руки (комбинацию составил стол)"
    if len(hands) == 1:
        return f"выиграла рука {hands[0]}"
    return f"выиграли руки {', '.join(hands[:-1])} и {hands[-1]} (ничья)"


def _seat(market: str) -> int:
    match = HAND.fullmatch(market)
    if match is None:
        raise ValueError(f"not a hand: {market!r}")  # a programming error: codes are parsed
    return int(match[1])
