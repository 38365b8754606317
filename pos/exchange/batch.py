"""Settling the paris of one event at once (p.48–p.53), vectorised with numpy by the rules of
pos.exchange.settlement, as pos.settlement.batch settles slips.

A pari is concluded with its *terms* (`pari_terms`): a fixed 42-byte record of what its
settlement needs — the coefficient, the stake, the moment it was concluded, both accounts'
numbers and its market as a slip's terms hold one (`Market.batch_key`) — kept beside it until
it is settled. A run reads an event's records as one buffer, not a hundred thousand rows of
seven values. Each distinct market is judged once, in time and late (`market_verdict`);
every pari takes its market's verdict and its amounts from `pari_amounts`, the lines that
settle one pari too, here on arrays. What each account gets back is added up: the risks it
had blocked on the event's paris and their results, so that its statement takes two lines
for the event, not two per pari (each pari keeps its own result).
`tests/unit/pos/test_exchange_batch.py` checks that this path and `settle_pari` agree on
random paris.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import numpy as np
import numpy.typing as npt

from pos.core.money import from_kopecks, to_kopecks
from pos.core.wording import ACCOUNT_NUMBER_LENGTH
from pos.exchange.paris import Pari
from pos.exchange.settlement import hundredths, market_verdict, pari_amounts
from pos.exchange.terms import parse_commission
from pos.line.markets import LegOutcome, Market
from pos.settlement.results import Result

_CODES = {LegOutcome.WON: 0, LegOutcome.LOST: 1, LegOutcome.VOID: 2, LegOutcome.OPEN: 3}
_WON, _LOST, _VOID, _OPEN = range(4)
_INT64 = 2**63
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
# A pari's terms: coefficient (hundredths), stake (kopecks), concluded (µs since the epoch),
# the backer's and the layer's account numbers (11 digits as a number), the market's kind and
# line in quarters (pos.line.markets.Market.batch_key). Stored with every concluded pari:
# never reorder.
_PACKED = struct.Struct("<iqqqqhi")
TERMS = np.dtype(
    [
        ("coefficient", "<i4"),
        ("stake", "<i8"),
        ("concluded", "<i8"),
        ("back", "<i8"),
        ("lay", "<i8"),
        ("kind", "<i2"),
        ("quarters", "<i4"),
    ]
)
assert TERMS.itemsize == _PACKED.size
_QUARTERS = 2**20  # a market's key: kind × this + quarters (lines are within ±1000 goals)


def pari_terms(pari: Pari) -> bytes:
    """The record of what settling the pari needs, written when it is concluded."""
    kind, quarters = Market.from_code(pari.market).batch_key
    return _PACKED.pack(
        hundredths(pari.coefficient),
        to_kopecks(pari.stake),
        (pari.concluded_at - _EPOCH) // _MICROSECOND,
        int(pari.back_account),
        int(pari.lay_account),
        kind,
        quarters,
    )


@dataclass(frozen=True)
class ConcludedParis:
    """The concluded paris of one event as a settlement reads them: their ids, and each one's
    `pari_terms`."""

    ids: Sequence[int]
    terms: Sequence[bytes]


@dataclass(frozen=True)
class AccountShare:
    """What settling the event's paris does to one account: the risks it had blocked on them,
    released, and their results added up (a gain positive, a loss negative)."""

    account: str
    paris: int  # the paris it is a side of
    released: Decimal
    result: Decimal


@dataclass(frozen=True)
class SettledParis:
    """The paris of an event a run settled (those of a market with a verdict), kopecks each:
    `back` and `lay` each side's result, `commission` the bookmaker's (p.53)."""

    ids: npt.NDArray[Any]
    void: npt.NDArray[np.bool_]
    back: npt.NDArray[Any]
    lay: npt.NDArray[Any]
    commission: npt.NDArray[Any]
    accounts: tuple[AccountShare, ...]  # in the order of their numbers

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def commission_total(self) -> Decimal:
        return from_kopecks(int(self.commission.sum()))

    @property
    def voided(self) -> int:
        return int(self.void.sum())


def settle(paris: ConcludedParis, result: Result, commission_percent: object) -> SettledParis:
    """Settle an event's concluded paris by its result: each market's verdict, each pari's
    results and the commission, each account's release and result.

    Raises:
        InvalidCommission: not a percentage from 0 up to 100 of two decimals at most.
    """
    percent = hundredths(parse_commission(commission_percent))
    terms = np.frombuffer(b"".join(paris.terms), TERMS)
    keys, first, market = np.unique(
        terms["kind"].astype(np.int64) * _QUARTERS + terms["quarters"],
        return_index=True,
        return_inverse=True,
    )
    verdicts = np.array(
        [
            [_CODES[market_verdict(code, result, late=late).outcome] for late in (False, True)]
            for code in (
                Market.from_batch(int(terms["kind"][at]), int(terms["quarters"][at])).code
                for at in first.tolist()
            )
        ],
        np.int8,
    ).reshape(len(keys), 2)
    late_from = (result.late_from(agreed_in_play=False) - _EPOCH) // _MICROSECOND
    outcome = verdicts[market.reshape(-1), (terms["concluded"] >= late_from).astype(np.intp)]
    done = outcome != _OPEN
    kind = _kopecks_type(terms)
    stake = terms["stake"][done].astype(kind)
    coefficient = terms["coefficient"][done].astype(kind)
    outcome = outcome[done]
    won = (outcome == _WON).astype(kind)
    lost = (outcome == _LOST).astype(kind)
    lay_risk, gross, net = pari_amounts(stake, coefficient, won, lost, percent)
    back = won * net - lost * gross
    lay = lost * net - won * gross
    numbers, sides = np.unique(
        np.concatenate([terms["back"][done], terms["lay"][done]]), return_inverse=True
    )
    return SettledParis(
        ids=np.array(paris.ids, np.int64)[done],
        void=outcome == _VOID,
        back=back,
        lay=lay,
        commission=gross - net,
        accounts=_shares(numbers, sides.reshape(2, -1), (stake, lay_risk), (back, lay), kind),
    )


def _kopecks_type(terms: npt.NDArray[Any]) -> Any:
    """int64 while S × k × 10 000 fits in it (every real pari), else Python's own integers."""
    if not len(terms):
        return np.int64
    widest = int(terms["stake"].max()) * int(terms["coefficient"].max()) * 10_000
    return np.int64 if widest < _INT64 else object


def _shares(
    numbers: npt.NDArray[np.int64],
    sides: npt.NDArray[np.intp],
    risks: tuple[npt.NDArray[Any], npt.NDArray[Any]],
    results: tuple[npt.NDArray[Any], npt.NDArray[Any]],
    kind: Any,
) -> tuple[AccountShare, ...]:
    """Each account's paris, released risks and results, added up exactly (never a float:
    np.add.at on integers, not np.bincount's weights), in the order of the numbers."""
    size = len(numbers)
    paris = np.zeros(size, np.int64)
    released = np.zeros(size, kind)
    result = np.zeros(size, kind)
    for side in (0, 1):
        np.add.at(paris, sides[side], 1)
        np.add.at(released, sides[side], risks[side])
        np.add.at(result, sides[side], results[side])
    return tuple(
        AccountShare(
            f"{number:0{ACCOUNT_NUMBER_LENGTH}d}",
            int(paris[index]),
            from_kopecks(int(released[index])),
            from_kopecks(int(result[index])),
        )
        for index, number in enumerate(numbers.tolist())
    )
