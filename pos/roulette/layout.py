"""The single-zero table and wheel (DESIGN.md, Roulette): which sets of numbers are a bet."""

from __future__ import annotations

from collections.abc import Iterator

NUMBERS = range(37)
# The European wheel, clockwise from zero (DESIGN.md; the neighbours of «номер и соседи»).
WHEEL = (
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10,
    5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
)  # fmt: skip
RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
BLACK = frozenset(NUMBERS) - RED - {0}


def column(number: int) -> int:
    """The column 1…3 of a number 1…36 on the layout (1, 4, … 34 is the first)."""
    return (number - 1) % 3 + 1


def _streets() -> Iterator[frozenset[int]]:
    for first in range(1, 37, 3):
        yield frozenset({first, first + 1, first + 2})
    yield frozenset({0, 1, 2})
    yield frozenset({0, 2, 3})


def _splits() -> Iterator[frozenset[int]]:
    for number in range(1, 37):
        if column(number) < 3:
            yield frozenset({number, number + 1})
        if number <= 33:
            yield frozenset({number, number + 3})
    for number in (1, 2, 3):
        yield frozenset({0, number})


def _corners() -> Iterator[frozenset[int]]:
    for number in range(1, 33):
        if column(number) < 3:
            yield frozenset({number, number + 1, number + 3, number + 4})
    yield frozenset({0, 1, 2, 3})


def _six_lines() -> Iterator[frozenset[int]]:
    for first in range(1, 32, 3):
        yield frozenset(range(first, first + 6))


# The inside bets of seed 001 p.10.1 by how many numbers they cover: every set a chip placed
# on a line or a crossing of the layout can cover.
SPLITS = frozenset(_splits())
STREETS = frozenset(_streets())
CORNERS = frozenset(_corners())
SIX_LINES = frozenset(_six_lines())
INSIDE = {2: SPLITS, 3: STREETS, 4: CORNERS, 6: SIX_LINES}


def neighbours(number: int, each_side: int = 2) -> tuple[int, ...]:
    """The number and `each_side` numbers either side of it on the wheel, in the wheel's
    order (17 → 2, 25, 17, 34, 6)."""
    at = WHEEL.index(number)
    return tuple(WHEEL[(at + step) % len(WHEEL)] for step in range(-each_side, each_side + 1))
