"""The payout formula of the settlement rules (pos.settlement.rules) and of the batch
(pos.settlement.batch), exactly in integers or fractions, rounded down to the kopeck once.

A leg is worth its odds in hundredths when won, 1,00 when void, nothing when lost; a leg whose
game returns part of the stake (issue 36: half back on zero, an announced bet's
winning chips) is worth that exact fraction, never two-decimal odds (8/3 is not 2,66).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal, localcontext
from fractions import Fraction

from pos.betting.bets import elementary_symmetric
from pos.core.money import format_roubles
from pos.core.wording import total_odds_words
from pos.line.markets import LegOutcome, LegVerdict

ODDS_SCALE = 100  # odds are stored and settled as integer hundredths (2.10 → 210)


def payout_kopecks(per_kopecks: int, member_values: Sequence[int], size: int, scale: int) -> int:
    """Σ over winning k-combinations of per × product, rounded down: the one payout formula.

    `member_values` are the members' odds in units of `scale` (0 for a lost member, `scale`
    for a void one); the returns are exact integers until the single division.
    """
    divisor: int = scale**size
    return per_kopecks * elementary_symmetric(member_values, size) // divisor


def member_values(
    members: Sequence[Sequence[tuple[LegOutcome, int]]],
) -> tuple[list[int], int]:
    """Each member's odds as integers over one common scale, and that scale.

    A member is a block of (outcome, odds in hundredths) legs: 0 when one of them lost; void
    legs count 1.00, so a block of void legs is 1.00 (dropped from the express, p.18).
    """
    longest = max(len(member) for member in members)
    scale = ODDS_SCALE**longest
    values = []
    for member in members:
        value = scale
        for outcome, odds in member:
            if outcome is LegOutcome.LOST:
                value = 0
                break
            if outcome is LegOutcome.WON:
                value = value * odds // ODDS_SCALE
        values.append(value)
    return values, scale


def part_returns(members: Sequence[Sequence[tuple[LegVerdict, int]]], size: int) -> Fraction:
    """What one unit on each k-combination returns together, exactly, when a leg returns part
    of its stake (LegOutcome.PART: its verdict's value instead of its odds in hundredths)."""
    values = [math.prod(map(_leg_value, member), start=Fraction(1)) for member in members]
    return Fraction(elementary_symmetric(values, size))


def part_kopecks(per_kopecks: int, returns: Fraction) -> int:
    """`per_kopecks` × `returns`, rounded down to the kopeck (pos.core.money.PAYOUT_ROUNDING)."""
    return math.floor(per_kopecks * returns)


def part_summary(stake: Decimal, payout: Decimal, returns: Fraction) -> str:
    """The settlement's last line for a slip paid at a part return: «Выплата: 9,00 руб. × 8/3
    (выигравшие фишки на рубль ставки) = 24,00 руб.»; «Возврат части ставки: …» below 1."""
    factor = fraction_words(returns)
    paid = f"{format_roubles(stake)} × {factor}"
    if returns < 1:
        return (
            f"Возврат части ставки: {paid} = {format_roubles(payout)}, округлено вниз до копейки."
        )
    return (
        f"Выплата: {paid} (выигравшие фишки на рубль ставки) = {format_roubles(payout)}, "
        "округлено вниз до копейки."
    )


def fraction_words(value: Fraction) -> str:
    """An exact return as the settlement shows it: «3», «7,2», «1/2»… «8/3» (never rounded)."""
    denominator = value.denominator
    while denominator % 2 == 0:
        denominator //= 2
    while denominator % 5 == 0:
        denominator //= 5
    if denominator != 1 or value.denominator == 2:
        return f"{value.numerator}/{value.denominator}"
    with localcontext() as context:
        context.prec = 60
        return total_odds_words(Decimal(value.numerator) / Decimal(value.denominator))


def _leg_value(leg: tuple[LegVerdict, int]) -> Fraction:
    verdict, odds = leg
    if verdict.outcome is LegOutcome.PART and verdict.value is not None:
        return verdict.value
    if verdict.outcome is LegOutcome.WON:
        return Fraction(odds, ODDS_SCALE)
    return Fraction(1 if verdict.outcome is LegOutcome.VOID else 0)
