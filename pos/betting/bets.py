"""Bet kinds and their arithmetic (p.18): single, express, system k/n and complex system."""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, localcontext
from fractions import Fraction
from typing import TypeVar

from pos.betting.errors import InvalidBetKind, StakeNotSplittable
from pos.core.input_errors import InvalidNumber
from pos.core.inputs import parse_code, shown
from pos.core.money import KOPECK, round_payout

_Number = TypeVar("_Number", int, Decimal, Fraction)
ODDS_SHOWN = Decimal("0.0001")
_EXACT_DIGITS = 120
# The largest system the counter offers: 10/20 is 184,756 expresses, priced and settled by
# e_k (below) without listing them; a slip of 20 legs still fits on the paper.
MAX_SYSTEM_MEMBERS = 20


class BetType(enum.StrEnum):
    """How the legs of a slip combine."""

    SINGLE = "single"
    EXPRESS = "express"
    SYSTEM = "system"


@dataclass(frozen=True)
class BetKind:
    """A bet type with, for a system, its k of n (`system 2/3`)."""

    type: BetType
    size: int = 0  # k: the legs (members) in each express of a system
    of: int = 0  # n: the members of a system

    def __str__(self) -> str:
        if self.type is BetType.SYSTEM:
            return f"system {self.size}/{self.of}"
        return str(self.type)

    @property
    def combinations(self) -> int:
        """How many expresses the stake is spread over (1 for a single or an express)."""
        return math.comb(self.of, self.size) if self.type is BetType.SYSTEM else 1


def parse_kind(text: object) -> BetKind:
    """The kind named as the API and the slip name it: "single", "express", "system 2/3".

    Raises:
        InvalidBetKind: not a kind, or a system whose k and n are not 2 ≤ k < n ≤ 20.
    """
    raw = " ".join(str(text).lower().split()) if isinstance(text, str) else ""
    if raw in (BetType.SINGLE, BetType.EXPRESS):
        return BetKind(BetType(raw))
    name, _, sizes = raw.partition(" ")
    size, _, of = sizes.partition("/")
    try:
        # ASCII digits only: "system ²/3" passes str.isdigit() and fails int() (issue 15).
        kind = BetKind(BetType.SYSTEM, parse_code(size, "bet_kind"), parse_code(of, "bet_kind"))
    except InvalidNumber:
        raise InvalidBetKind(shown(text)) from None
    # As `kind in system_kinds(kind.of)`, without making them (a payout reads a kind per slip).
    if name != BetType.SYSTEM or not (
        3 <= kind.of <= MAX_SYSTEM_MEMBERS and 2 <= kind.size < kind.of
    ):
        raise InvalidBetKind(shown(text))
    return kind


def system_kinds(members: int) -> list[BetKind]:
    """The systems a slip with `members` members may be: k from 2 to n-1 (k = n is an express)."""
    if not 3 <= members <= MAX_SYSTEM_MEMBERS:
        return []
    return [BetKind(BetType.SYSTEM, size, members) for size in range(2, members)]


def kinds_for(members: int, *, blocks: bool = False) -> list[BetKind]:
    """Every kind a slip of `members` members can be, for the betting page.

    With express blocks among the members only a (complex) system is possible.
    """
    if members == 1 and not blocks:
        return [BetKind(BetType.SINGLE)]
    if members < 1:
        return []
    systems = system_kinds(members)
    return systems if blocks else [BetKind(BetType.EXPRESS), *systems]


def split_stake(kind: BetKind, stake: Decimal, minimum: Decimal = KOPECK) -> Decimal:
    """The stake on each express of a system: the total split evenly, in whole kopecks.

    Raises:
        StakeNotSplittable: the split leaves a fraction of a kopeck; the sentence offers the
            nearest stakes below and above that do split.
    """
    count = kind.combinations
    per = stake / count
    if per == per.quantize(KOPECK):
        return per.quantize(KOPECK)
    lower = (stake / count).quantize(KOPECK, rounding="ROUND_FLOOR") * count
    upper = lower + KOPECK * count
    raise StakeNotSplittable(stake, count, lower if lower >= minimum else None, upper)


def elementary_symmetric(values: Sequence[_Number], k: int) -> _Number:
    """e_k(values): the sum over every k-combination of the product of its values, exactly
    (for Decimal, within the context's precision).

    O(n·k) instead of C(n, k) products: what a system's expresses return together (p.18).
    """
    zero = values[0] * 0 if values else 0
    terms = [value for value in values if value]  # a zero (a lost member) adds nothing
    if len(terms) <= k:  # one product, or none at all: the cheap common cases
        return math.prod(terms, start=zero + 1) if len(terms) == k else zero  # type: ignore[return-value]
    sums = [zero + 1] + [zero] * k
    for count, value in enumerate(terms, start=1):
        for size in range(min(count, k), 0, -1):
            sums[size] += sums[size - 1] * value
    return sums[k]  # type: ignore[return-value]


def possible_payout(kind: BetKind, stake: Decimal, member_odds: list[Decimal]) -> Decimal:
    """What the slip pays if every leg wins: the exact sum over its expresses, rounded down once."""
    return prices(kind, stake, member_odds)[1]


def prices(kind: BetKind, stake: Decimal, member_odds: list[Decimal]) -> tuple[Decimal, Decimal]:
    """The slip's total odds as shown and its possible payout, from one sum over its
    expresses (issue 34: a bet was priced twice, once for each).

    Raises:
        StakeNotSplittable: a system's stake does not split into whole kopecks.
    """
    per = split_stake(kind, stake)
    size = kind.size if kind.type is BetType.SYSTEM else len(member_odds)
    with localcontext() as exact:
        exact.prec = _EXACT_DIGITS
        returned = elementary_symmetric(member_odds, size)
        return _shown(returned / kind.combinations), round_payout(per * returned)


def highest_express_odds(kind: BetKind, member_odds: list[Decimal]) -> Decimal:
    """The odds of the slip's dearest express: the product of its k highest member odds."""
    size = kind.size if kind.type is BetType.SYSTEM else len(member_odds)
    with localcontext() as exact:
        exact.prec = _EXACT_DIGITS
        return math.prod(sorted(member_odds, reverse=True)[:size], start=Decimal(1))


def total_odds(kind: BetKind, member_odds: list[Decimal]) -> Decimal:
    """The odds shown on the slip: an express's product; a system's payout ÷ stake if all win."""
    size = kind.size if kind.type is BetType.SYSTEM else len(member_odds)
    with localcontext() as exact:
        exact.prec = _EXACT_DIGITS
        average = elementary_symmetric(member_odds, size) / kind.combinations
    return _shown(average)


def _shown(average: Decimal) -> Decimal:
    # Shown, not used to pay: the payout is computed from the exact odds of each express.
    return average.quantize(ODDS_SHOWN, rounding=ROUND_DOWN)
