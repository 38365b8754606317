"""The bets of the table and what each returns on a number (seed 001 p.9.1, p.10.1; seed 003's
announced bets), by their canonical codes: what a slip's leg stores."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from pos.roulette.layout import BLACK, INSIDE, NUMBERS, RED, column, neighbours

# Seed 001 p.10.1: the net payout to one unit staked, by how many numbers a chip covers.
PAYS = {1: 35, 2: 17, 3: 11, 4: 8, 6: 5, 12: 2, 18: 1}
# The suffix of an even chance sold under the rule «на зеро проигрывает целиком» (seed 003):
# the leg keeps the rule in force when it was accepted (p.10), whatever the setting is later.
LOSES_ALL = "!"


class ZeroRule(enum.StrEnum):
    """What zero does to the even chances (`roulette_zero_rule`)."""

    HALF = "half"  # seed 001 p.9.1: half the stake comes back
    ALL = "all"  # seed 003: lost whole


class Kind(enum.StrEnum):
    """What a bet covers, as the slip names it."""

    STRAIGHT = "straight"
    SPLIT = "split"
    STREET = "street"
    CORNER = "corner"
    SIX_LINE = "six line"
    DOZEN = "dozen"
    COLUMN = "column"
    EVEN_CHANCE = "even chance"
    ANNOUNCED = "announced"


INSIDE_KINDS = {
    1: Kind.STRAIGHT,
    2: Kind.SPLIT,
    3: Kind.STREET,
    4: Kind.CORNER,
    6: Kind.SIX_LINE,
}


@dataclass(frozen=True)
class Chip:
    """One chip on the layout: the numbers it covers and whether it is an even chance."""

    numbers: frozenset[int]
    even_chance: bool = False

    def returns(self, number: int, zero_loses_all: bool) -> Fraction:
        """What one unit on this chip brings back when `number` comes up: the stake and its
        win, half the stake for an even chance on zero under the law's rule, or nothing."""
        if number in self.numbers:
            return Fraction(PAYS[len(self.numbers)] + 1)
        if number == 0 and self.even_chance and not zero_loses_all:
            return Fraction(1, 2)
        return Fraction(0)


@dataclass(frozen=True)
class Bet:
    """A bet of the table: one chip, or several as one announced bet (the stake split evenly)."""

    code: str  # canonical: "17", "17/20", "D1", "C1", "RED", "RED!", "VOISINS", "N17"
    kind: Kind
    chips: tuple[Chip, ...]

    @property
    def zero_loses_all(self) -> bool:
        return self.code.endswith(LOSES_ALL)

    def returns(self, number: int) -> Fraction:
        """What one unit of the whole stake brings back when `number` comes up."""
        total = sum((chip.returns(number, self.zero_loses_all) for chip in self.chips), Fraction(0))
        return total / len(self.chips)

    @property
    def best(self) -> Fraction:
        """The most one unit can bring back (the odds the slip and the limits count with)."""
        return max(self.returns(number) for number in NUMBERS)


def _inside(numbers: Iterable[int]) -> Bet:
    chosen = frozenset(numbers)
    code = "/".join(str(number) for number in sorted(chosen))
    return Bet(code, INSIDE_KINDS[len(chosen)], (Chip(chosen),))


def _outside(code: str, kind: Kind, numbers: Iterable[int]) -> Bet:
    return Bet(code, kind, (Chip(frozenset(numbers)),))


def _even(code: str, numbers: Iterable[int]) -> tuple[Bet, Bet]:
    chip = Chip(frozenset(numbers), even_chance=True)
    return Bet(code, Kind.EVEN_CHANCE, (chip,)), Bet(code + LOSES_ALL, Kind.EVEN_CHANCE, (chip,))


def _announced(code: str, *chips: str) -> Bet:
    covers = (_inside(map(int, chip.split("/"))).chips[0] for chip in chips)
    return Bet(code, Kind.ANNOUNCED, tuple(covers))


def chip_stake(bet: Bet, stake: Decimal) -> Decimal | None:
    """The stake of each chip of `bet`, or None when `stake` does not split evenly over its
    chips in whole kopecks (an announced bet is its chips, DESIGN.md)."""
    chip = stake / len(bet.chips)
    return chip if chip == chip.quantize(_KOPECK) else None


def nearest_stakes(bet: Bet, stake: Decimal) -> tuple[Decimal | None, Decimal]:
    """The stakes either side of `stake` that split evenly over the chips of `bet` (None
    below the first chip of one kopeck)."""
    step = _KOPECK * len(bet.chips)
    lower = (stake // step) * step
    return (lower if lower > 0 else None), lower + step


_KOPECK = Decimal("0.01")
# Seed 001's «большая серия»: two chips on the street 0/2/3 and on the corner 25/29.
VOISINS = (
    "0/2/3",
    "0/2/3",
    "4/7",
    "12/15",
    "18/21",
    "19/22",
    "25/26/28/29",
    "25/26/28/29",
    "32/35",
)


def _catalogue() -> tuple[Bet, ...]:
    def ordered(sets: frozenset[frozenset[int]]) -> list[tuple[int, ...]]:
        return sorted(tuple(sorted(numbers)) for numbers in sets)

    bets = [_inside((number,)) for number in NUMBERS]
    for size in (2, 3, 4, 6):
        bets += [_inside(numbers) for numbers in ordered(INSIDE[size])]
    bets += [_outside(f"D{n}", Kind.DOZEN, range(12 * n - 11, 12 * n + 1)) for n in (1, 2, 3)]
    columns = {n: [x for x in range(1, 37) if column(x) == n] for n in (1, 2, 3)}
    bets += [_outside(f"C{n}", Kind.COLUMN, numbers) for n, numbers in columns.items()]
    evens = {
        "RED": RED,
        "BLACK": BLACK,
        "EVEN": range(2, 37, 2),
        "ODD": range(1, 37, 2),
        "LOW": range(1, 19),
        "HIGH": range(19, 37),
    }
    for code, numbers in evens.items():
        bets += _even(code, numbers)
    bets += [
        _announced("VOISINS", *VOISINS),
        _announced("TIERS", "5/8", "10/11", "13/16", "23/24", "27/30", "33/36"),
        _announced("ORPHELINS", "1", "6/9", "14/17", "17/20", "31/34"),
        _announced("ZERO", "0/3", "12/15", "26", "32/35"),
    ]
    bets += [
        Bet(f"N{number}", Kind.ANNOUNCED, tuple(Chip(frozenset({x})) for x in neighbours(number)))
        for number in NUMBERS
    ]
    return tuple(bets)


# Every bet the game sells, in a fixed order: a bet's place here is its line in a slip's
# terms (pos.settlement.terms), stored for ever: append, never reorder.
CATALOGUE = _catalogue()
BY_CODE = {bet.code: bet for bet in CATALOGUE}
LINE = {bet.code: line for line, bet in enumerate(CATALOGUE)}
