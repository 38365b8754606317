"""Settling many slips at once, vectorised with numpy, by the rules of pos.settlement.rules.

A run reads each unsettled slip as its *terms*: a compact binary record written once when
the slip is stored (`encode_terms`): the kind, stake, possible payout, payout cap, the moment
of acceptance and every leg as (event code, block, market, odds in hundredths). Reading one
short record per slip instead of a row per leg is what makes a million slips cheap: the
database hands over a million small values, not three and a half million rows.

The rules are not written twice. Each distinct (event, market) of a run is judged once by
`pos.settlement.rules.event_verdict` (`LegJudge` keeps the verdicts across the chunks of a run); a
leg made after `Result.late_from` (which also knows what an agreement in play changes) takes
`pos.settlement.rules.made_late` of it (p.22). Then per slip:

- more lost members than the kind can spare (any for an express) → lost, payout 0;
- every leg void → refund of the stake;
- every leg won → the possible payout printed on the slip, which pos.betting.bets computed with the
  same formula (the all-won case of `pos.settlement.formula.payout_kopecks`);
- anything else (a void leg in a winning express, a system with some losses, a complex
  system) → `pos.settlement.formula.payout_kopecks` on that slip's member values, exactly;
- a slip with a leg whose game returns part of the stake (LegOutcome.PART, issue 36) → its
  stake × that exact return (`pos.settlement.formula.part_returns`): a single's all at once,
  any other slip by slip;
- a slip with a leg still open and no loss that decides it → not settled yet.

The cap in force at acceptance then limits the payout. `tests/unit/pos/` checks that this
path and `settle_slip` agree on random slips.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from pos.betting.slips import CLAIM_WINDOW, SlipStatus
from pos.games.registry import installed
from pos.line.markets import LegOutcome, LegVerdict, Market
from pos.settlement.batch_sums import exact_payouts, part_payouts
from pos.settlement.formula import (
    ODDS_SCALE,
    member_values,
    part_kopecks,
    part_returns,
    payout_kopecks,
)
from pos.settlement.results import Result
from pos.settlement.rules import event_verdict, made_late
from pos.settlement.terms import (
    _AGREED,
    _EPOCH,
    _HEADER_STRUCT,
    _LEG_STRUCT,
    _NO_CAP,
    HEADER,
    LEG,
    _micros,
    decode,
)

assert (_HEADER_STRUCT.size, _LEG_STRUCT.size) == (HEADER.itemsize, LEG.itemsize)
_NAMES = (LegOutcome.WON, LegOutcome.LOST, LegOutcome.VOID, LegOutcome.OPEN, LegOutcome.PART)
_OUTCOME_CODES = {outcome: code for code, outcome in enumerate(_NAMES)}
_WON, _LOST, _VOID, _OPEN, _PART = range(len(_NAMES))
_NEVER = np.iinfo(np.int64).max


class Verdict(enum.IntEnum):
    """What a run decided for a slip; the codes of `SettledBatch.status`."""

    WON = 0
    LOST = 1
    REFUND = 2


VERDICT_STATUS = {
    Verdict.WON: SlipStatus.WON,
    Verdict.LOST: SlipStatus.LOST,
    Verdict.REFUND: SlipStatus.REFUND,
}


@dataclass(frozen=True)
class SettledBatch:
    """The slips of a batch whose outcome is certain: ids, `Verdict` codes and kopecks."""

    slip_ids: npt.NDArray[np.int64]
    status: npt.NDArray[np.int8]
    payout: npt.NDArray[np.int64]
    # Settled with a leg still open (an express lost before its other events were played):
    # those legs' outcomes stop counting it (db.exposure); None: not known, any may be.
    open_legs: npt.NDArray[np.bool_] | None = None

    def __len__(self) -> int:
        return len(self.slip_ids)

    def counts(self) -> dict[Verdict, int]:
        """How many slips of the batch each verdict has."""
        counts = np.bincount(self.status, minlength=len(Verdict)).tolist()
        return {verdict: int(counts[verdict]) for verdict in Verdict}

    @property
    def total(self) -> int:
        """What the batch's slips pay together, in kopecks."""
        return int(self.payout.sum())


class LegJudge:
    """The verdicts of (event, market) pairs under one set of results, each judged once.

    A settlement run keeps one judge across its chunks: a line of a few thousand events
    has tens of thousands of pairs, against millions of legs.
    """

    def __init__(self, results: Mapping[int, Result]) -> None:
        self._results = results
        self._index: dict[int, int] = {}
        self._in_time: list[int] = []
        self._late: list[int] = []  # what each becomes for a bet made after the start (p.22)
        self._values: dict[int, Fraction] = {}  # a part return's exact value (issue 36)
        self._late_from: list[tuple[int, int]] = []  # (not agreed, agreed in play)
        self._events: dict[int, tuple[int, int]] = {}
        self._arrays: tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]] | None = None
        self._late_arrays: npt.NDArray[np.int64] | None = None

    def outcomes(
        self,
        keys: npt.NDArray[np.int64],
        issued: npt.NDArray[np.int64],
        agreed: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.int8]:
        """Each leg's outcome code: in time, or as made late when its slip came after
        `Result.late_from` (which also knows what an agreement in play changes)."""
        unique, inverse = np.unique(keys, return_inverse=True)
        wanted = unique.tolist()
        for key in wanted:
            if key not in self._index:
                self._judge(key)
        where = np.fromiter(map(self._index.__getitem__, wanted), np.int64, len(wanted))
        in_time, late, late_from = self._tables()
        pair = where[inverse]
        is_late = issued >= late_from[pair, agreed]
        return np.where(is_late, late[pair], in_time[pair]).astype(np.int8)

    def values(self, keys: npt.NDArray[np.int64]) -> list[Fraction]:
        """The exact part returned per unit by each (event, market) key judged PART."""
        return [self._values[key] for key in keys.tolist()]

    def _judge(self, key: int) -> None:
        code, kind, line = key >> 24, (key >> 16) & 0xFF, key & 0xFFFF
        market = Market.from_batch(kind, line - 0x10000 if line & 0x8000 else line)
        result = self._results.get(code)
        verdict = event_verdict(market, result)
        self._index[key] = len(self._in_time)
        self._in_time.append(_OUTCOME_CODES[verdict.outcome])
        self._late.append(_OUTCOME_CODES[made_late(verdict).outcome])
        if verdict.value is not None:
            self._values[key] = verdict.value
        self._late_from.append(self._event_late_from(code, result))
        self._arrays = None

    def _event_late_from(self, code: int, result: Result | None) -> tuple[int, int]:
        times = self._events.get(code)
        if times is None:
            times = (
                (_NEVER, _NEVER)
                if result is None
                else (
                    _micros(result.late_from(agreed_in_play=False)),
                    _micros(result.late_from(agreed_in_play=True)),
                )
            )
            self._events[code] = times
        return times

    def _tables(
        self,
    ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        if self._arrays is None or self._late_arrays is None:
            self._arrays = (np.array(self._in_time, np.int8), np.array(self._late, np.int8))
            self._late_arrays = np.array(self._late_from, np.int64).reshape(-1, 2)
        return (*self._arrays, self._late_arrays)


def settle_terms(
    slip_ids: Sequence[int] | npt.NDArray[np.int64],
    terms: Sequence[bytes],
    judge: LegJudge | Mapping[int, Result],
    *,
    now: datetime | None = None,
) -> SettledBatch:
    """Settle a batch of slips given by their terms; only the certain ones are returned.

    With `now`, a slip still inside its 5-minute claim window (p.8) is left for a later run:
    it may yet be cancelled, and a settled slip no longer can be.
    """
    count = len(terms)
    ids = np.asarray(slip_ids, dtype=np.int64)
    if count == 0:
        return SettledBatch(ids, np.zeros(0, np.int8), np.zeros(0, np.int64))
    if not isinstance(judge, LegJudge):
        judge = LegJudge(judge)
    headers, legs, per_slip = decode(list(terms))
    owner = np.repeat(np.arange(count), per_slip)
    keys = (
        legs["event"].astype(np.int64) << 24
        | legs["market"].astype(np.int64) << 16
        | (legs["line"].astype(np.int64) & 0xFFFF)
    )
    agreed = (headers["flags"] & _AGREED).astype(np.int64)
    outcome = judge.outcomes(keys, headers["issued"][owner], agreed[owner])
    parts = np.flatnonzero(outcome == _PART)
    values = dict(zip(parts.tolist(), judge.values(keys[parts]), strict=True))
    settled = _combine(ids, headers, legs, per_slip, owner, outcome, values)
    open_leg = np.bincount(owner, weights=outcome == _OPEN, minlength=count) > 0
    settled = SettledBatch(
        settled.slip_ids,
        settled.status,
        settled.payout,
        _of(ids, open_leg, settled.slip_ids),
    )
    if now is None:
        return settled
    closed = headers["issued"] + _micros(_EPOCH + CLAIM_WINDOW) < _micros(now)
    # A slip only on games' draws cannot be cancelled once their claims closed, and a draw's
    # result comes after that (pos.games.game.Game.claim_closes).
    on_the_line = ~_on_draws(legs["event"])
    closed |= np.bincount(owner, weights=on_the_line, minlength=count) == 0
    final = np.isin(settled.slip_ids, ids[closed])
    return SettledBatch(
        settled.slip_ids[final],
        settled.status[final],
        settled.payout[final],
        _of(ids, open_leg, settled.slip_ids[final]),
    )


def _of(
    ids: npt.NDArray[np.int64], flags: npt.NDArray[np.bool_], wanted: npt.NDArray[np.int64]
) -> npt.NDArray[np.bool_]:
    """The flags of the `wanted` ids, each one of `ids` (in any order)."""
    order = np.argsort(ids, kind="stable")
    return flags[order[np.searchsorted(ids[order], wanted)]]


def _on_draws(codes: npt.NDArray[np.uint32]) -> npt.NDArray[np.bool_]:
    """True where an event code is a game's draw (pos.games)."""
    found = np.zeros(codes.shape, dtype=np.bool_)
    for game in installed():
        found |= (codes >= game.codes.start) & (codes < game.codes.stop)
    return found


def _combine(
    ids: npt.NDArray[np.int64],
    headers: npt.NDArray[np.void],
    legs: npt.NDArray[np.void],
    per_slip: npt.NDArray[np.int64],
    owner: npt.NDArray[np.int64],
    outcome: npt.NDArray[np.int8],
    values: Mapping[int, Fraction],
) -> SettledBatch:
    count = len(headers)

    def per(flags: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        return np.bincount(owner, weights=flags, minlength=count).astype(np.int64)

    lost, void, still_open = per(outcome == _LOST), per(outcome == _VOID), per(outcome == _OPEN)
    parted = per(outcome == _PART) > 0  # paid at a part return (issue 36)
    members = headers["members"].astype(np.int64)
    size = headers["size"].astype(np.int64)
    stake = headers["stake"]
    blocks = members != per_slip  # a complex system: some member is a block of legs
    spare = members - size  # how many members may lose (0 for an express)
    status = np.full(count, -1, np.int8)
    payout = np.zeros(count, np.int64)
    plain = ~blocks & ~parted
    is_lost = plain & (lost > spare)
    status[is_lost] = Verdict.LOST
    decided = plain & (still_open == 0) & ~is_lost
    refund = decided & (void == per_slip)
    status[refund] = Verdict.REFUND
    payout[refund] = stake[refund]
    all_won = decided & (lost == 0) & (void == 0)
    status[all_won] = Verdict.WON
    payout[all_won] = headers["possible"][all_won]
    leg_starts = np.concatenate(([0], np.cumsum(per_slip)[:-1]))
    exact = np.flatnonzero(decided & ~refund & ~all_won)
    if len(exact):
        # Each member is one leg: its value is its odds, 1.00 when void, 0 when lost.
        value = np.where(outcome == _WON, legs["odds"], np.where(outcome == _VOID, ODDS_SCALE, 0))
        payout[exact] = exact_payouts(
            value, leg_starts[exact], per_slip[exact], size[exact], members[exact], stake[exact]
        )
        status[exact] = np.where(payout[exact] > 0, Verdict.WON, Verdict.LOST)
    alone = np.flatnonzero(parted & (per_slip == 1))
    if len(alone):  # singles at a part return all at once: a draw game sells those (issue 36)
        payout[alone] = part_payouts(
            stake[alone], [values[at] for at in leg_starts[alone].tolist()]
        )
        status[alone] = np.where(payout[alone] > 0, Verdict.WON, Verdict.LOST)
        parted[alone] = False
    for slip in np.flatnonzero(blocks | parted).tolist():
        start, end = int(leg_starts[slip]), int(leg_starts[slip] + per_slip[slip])
        share = [values.get(at) for at in range(start, end)]
        verdict = _complex(headers[slip], legs[start:end], outcome[start:end], share)
        if verdict is not None:
            status[slip], payout[slip] = verdict
    cap = headers["cap"]
    capped = (cap != _NO_CAP) & (payout > cap)
    payout[capped] = cap[capped]
    certain = status >= 0
    return SettledBatch(ids[certain], status[certain], payout[certain])


def _complex(
    header: np.void,
    legs: npt.NDArray[np.void],
    outcome: npt.NDArray[np.int8],
    values: Sequence[Fraction | None],
) -> tuple[Verdict, int] | None:
    """A complex system (blocks of legs as members), or a slip with a part return, by
    pos.settlement.rules's exact formula."""
    verdicts: list[list[tuple[LegVerdict, int]]] = [[] for _ in range(int(header["members"]))]
    for member, odds, code, value in zip(
        legs["member"].tolist(), legs["odds"].tolist(), outcome.tolist(), values, strict=True
    ):
        verdicts[member].append((LegVerdict(_NAMES[code], "", value), odds))
    members = [[(verdict.outcome, odds) for verdict, odds in member] for member in verdicts]
    size = int(header["size"])
    lost = sum(1 for m in members if any(o is LegOutcome.LOST for o, _ in m))
    if lost > len(members) - size:
        return Verdict.LOST, 0
    if any(o is LegOutcome.OPEN for m in members for o, _ in m):
        return None
    if all(o is LegOutcome.VOID for m in members for o, _ in m):
        return Verdict.REFUND, int(header["stake"])
    stake_each = int(header["stake"]) // math.comb(len(members), size)
    if any(o is LegOutcome.PART for m in members for o, _ in m):
        kopecks = part_kopecks(stake_each, part_returns(verdicts, size))
    else:
        worth, scale = member_values(members)
        kopecks = payout_kopecks(stake_each, worth, size, scale)
    return (Verdict.WON if kopecks > 0 else Verdict.LOST), kopecks
