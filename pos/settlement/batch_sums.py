"""The vectorised payout of plain slips for pos.settlement.batch: `payout_kopecks` of
pos.settlement.formula for many slips at once, exactly."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from pos.settlement.formula import ODDS_SCALE, part_kopecks, payout_kopecks


def exact_payouts(
    value: npt.NDArray[np.int64],
    leg_starts: npt.NDArray[np.int64],
    legs: npt.NDArray[np.int64],
    size: npt.NDArray[np.int64],
    members: npt.NDArray[np.int64],
    stake: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """`payout_kopecks` for plain slips (one leg per member), exactly.

    Where every intermediate sum provably fits in 63 bits, e_k runs as one vectorised
    recurrence over all those slips at once; elsewhere slip by slip in Python integers.
    """
    count = len(leg_starts)
    width = int(legs.max())
    table = np.zeros((count, width), np.int64)  # zeros: padding and lost members add nothing
    column = _ranges(legs)
    table[np.repeat(np.arange(count), legs), column] = value[np.repeat(leg_starts, legs) + column]
    each = stake // _combinations(members, size)
    standing = np.count_nonzero(table, axis=1)
    # A bound on every e_j, j ≤ k (values are ≥ 1.00, so it grows with j), times the stake
    # per express, and 100^k itself: all under 2^62, with a bit to spare for the floats.
    largest = table.max(axis=1)
    bits = (
        np.log2(np.maximum(each, 1))
        + np.log2(_combinations(np.maximum(standing, size), size))
        + size * np.log2(np.maximum(largest, 1))
    )
    safe = (bits < 61) & (size <= 9)
    payout = np.zeros(count, np.int64)
    if safe.any():
        rows, k = table[safe], size[safe]
        sums = np.zeros((len(rows), int(k.max()) + 1), np.int64)
        sums[:, 0] = 1
        for j in range(width):
            for degree in range(sums.shape[1] - 1, 0, -1):
                sums[:, degree] += sums[:, degree - 1] * rows[:, j]
        returns = sums[np.arange(len(rows)), k]
        payout[safe] = each[safe] * returns // np.power(ODDS_SCALE, k)
    for slip in np.flatnonzero(~safe).tolist():
        values = table[slip].tolist()
        payout[slip] = payout_kopecks(int(each[slip]), values, int(size[slip]), ODDS_SCALE)
    return payout


def part_payouts(
    stake: npt.NDArray[np.int64], returns: Sequence[Fraction]
) -> npt.NDArray[np.int64]:
    """`part_kopecks` of singles at a part return (issue 36): each stake × its exact return,
    rounded down, at once where the product fits in 63 bits, else in Python integers."""
    numerator = np.fromiter((r.numerator for r in returns), np.int64, len(returns))
    denominator = np.fromiter((r.denominator for r in returns), np.int64, len(returns))
    safe = stake < (1 << 62) // np.maximum(numerator, 1)
    payout = np.where(safe, stake * np.where(safe, numerator, 0) // denominator, 0)
    for at in np.flatnonzero(~safe).tolist():
        payout[at] = part_kopecks(int(stake[at]), returns[at])
    return payout


def _ranges(lengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """0..n-1 for each n of `lengths`, concatenated."""
    ends = np.cumsum(lengths)
    return np.arange(int(ends[-1])) - np.repeat(ends - lengths, lengths)


def _combinations(n: npt.NDArray[np.int64], k: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return np.array([math.comb(a, b) for a, b in zip(n.tolist(), k.tolist(), strict=True)])
