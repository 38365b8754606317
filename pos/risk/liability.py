"""The liability board (issue 38, DESIGN.md "Liability"): per event and outcome, what the
open slips staked and what the shop pays if it happens, for an office and the chain.

A slip counts under each of its legs' outcomes at its whole possible payout — what the shop
pays if the outcome happens and the slip's other legs win too (an express whole, a system
with all its expresses: the worst case, one SQL aggregate; the exact share of a system's
expresses would need each combination's product). A slip one of whose legs is already lost
counts nowhere; a leg already won or void leaves it standing. An outcome whose event has a
result is decided and is not on the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos.line.events import Event
from pos.line.markets import LegOutcome
from pos.settlement.results import Result
from pos.settlement.rules import event_verdict, made_late

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Exposure:
    """The open slips on an outcome: how many, their stakes and their possible payouts."""

    slips: int = 0
    stakes: Decimal = ZERO
    payout: Decimal = ZERO

    def __add__(self, other: Exposure) -> Exposure:
        return Exposure(
            self.slips + other.slips, self.stakes + other.stakes, self.payout + other.payout
        )

    def __sub__(self, other: Exposure) -> Exposure:
        return Exposure(
            self.slips - other.slips, self.stakes - other.stakes, self.payout - other.payout
        )


@dataclass(frozen=True)
class OutcomeSums:
    """The sums of one outcome (event code, market) for the chain and for one office."""

    code: int
    market: str
    chain: Exposure
    office: Exposure
    decided: bool = False  # its event has a result: not on the board


@dataclass(frozen=True)
class DecidedLeg:
    """A leg of an open slip whose event has a result: is the slip lost on it?"""

    slip_id: int
    code: int
    market: str
    issued_at: datetime
    agreed_in_play: bool


@dataclass(frozen=True)
class OutcomeLiability:
    """One row of the board: an outcome, its figures, its event's stakes and its cap."""

    event: Event
    market: str
    chain: Exposure
    office: Exposure
    event_stakes: Decimal  # the chain's stakes on the event, every outcome
    office_event_stakes: Decimal
    cap: Decimal  # the event's own, else the setting
    suspended: bool = False

    @property
    def net(self) -> Decimal:
        """What the chain loses if it happens: its payout less the event's stakes."""
        return self.chain.payout - self.event_stakes

    @property
    def office_net(self) -> Decimal:
        """The same for the office's slips."""
        return self.office.payout - self.office_event_stakes


@dataclass(frozen=True)
class LiabilityBoard:
    """The board as read at `made_at`: the office's figures beside the chain's, worst first."""

    office: str
    made_at: datetime
    rows: tuple[OutcomeLiability, ...] = ()
    event: int | None = None  # the one event asked for (None: all)


def lost_slips(legs: Iterable[DecidedLeg], results: Mapping[int, Result]) -> set[int]:
    """The slips one of whose decided legs is lost, by the settlement's own verdicts (p.19,
    p.22: a bet made after the start is judged as made late)."""
    lost: set[int] = set()
    for leg in legs:
        result = results.get(leg.code)
        if leg.slip_id in lost or result is None:
            continue
        verdict = event_verdict(leg.market, result)
        if leg.issued_at >= result.late_from(agreed_in_play=leg.agreed_in_play):
            verdict = made_late(verdict)
        if verdict.outcome is LegOutcome.LOST:
            lost.add(leg.slip_id)
    return lost


def less(sums: Sequence[OutcomeSums], ended: Sequence[OutcomeSums]) -> list[OutcomeSums]:
    """`sums` less the sums of the slips a lost leg ended; outcomes left with no slip go."""
    gone = {(one.code, one.market): one for one in ended}
    left = []
    for one in sums:
        minus = gone.get((one.code, one.market))
        kept = one
        if minus is not None:
            chain, office = one.chain - minus.chain, one.office - minus.office
            kept = OutcomeSums(one.code, one.market, chain, office, one.decided)
        if kept.chain.slips > 0:
            left.append(kept)
    return left


def board_rows(
    sums: Sequence[OutcomeSums],
    events: Mapping[int, Event],
    caps: Mapping[int, Decimal],
    suspended: set[tuple[int, str]],
) -> tuple[OutcomeLiability, ...]:
    """The rows of the board, the worst outcome first: the largest net loss for the chain,
    then the largest payout, then by event code and market."""
    chain_stakes: dict[int, Decimal] = {}
    office_stakes: dict[int, Decimal] = {}
    for one in sums:  # a slip has one leg on an event: its outcomes' stakes add up
        chain_stakes[one.code] = chain_stakes.get(one.code, ZERO) + one.chain.stakes
        office_stakes[one.code] = office_stakes.get(one.code, ZERO) + one.office.stakes
    rows = [
        OutcomeLiability(
            events[one.code],
            one.market,
            one.chain,
            one.office,
            chain_stakes[one.code],
            office_stakes[one.code],
            caps[one.code],
            (one.code, one.market) in suspended,
        )
        for one in sums
        if one.code in events and not one.decided
    ]
    rows.sort(key=lambda row: (-row.net, -row.chain.payout, row.event.code, row.market))
    return tuple(rows)
