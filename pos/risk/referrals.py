"""A big stake referred to a manager and its rules (issue 38): decided once, a silence or a
started event is a refusal, a cut is below the stake asked and not below the minimum."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal

from pos.betting.bets import BetKind, prices
from pos.betting.errors import StakeTooLow
from pos.betting.pricing import Pick, PricedBet
from pos.betting.slips import Leg
from pos.people.identity import IdDocument
from pos.risk.referral_errors import (
    CutNotBelowStake,
    ReferralDecided,
    ReferralLapsed,
)


class ReferralState(enum.StrEnum):
    """Where a referral stands; `REFERRED` waits for a manager, the others are final."""

    REFERRED = "referred"
    ACCEPTED = "accepted"  # as asked
    CUT = "cut"  # accepted at a smaller stake
    REFUSED = "refused"
    LAPSED = "lapsed"  # no answer in time, or an event of the slip started: a refusal
    WITHDRAWN = "withdrawn"  # the cashier gave up waiting (the player left)
    ISSUED = "issued"  # accepted or cut, and its slip issued at the till that sent it


# The decisions a manager makes; the others are the clock's or the cashier's.
DECIDED_BY_MANAGER = (ReferralState.ACCEPTED, ReferralState.CUT, ReferralState.REFUSED)


@dataclass(frozen=True)
class Decision:
    """What ended the wait: a manager's decision, a lapse, or the cashier's withdrawal."""

    state: ReferralState
    decided_at: datetime
    decided_by: str = ""  # "" for a lapse
    stake: Decimal | None = None  # the stake accepted (as asked or cut); None when refused
    reason: str = ""


@dataclass(frozen=True)
class Referral:
    """A stake a limit refused, sent to a manager instead, with the bet as priced when sent.

    Attributes:
        number: 1..N in the office (its counters row "referrals:<office>").
        deadline: the earlier of the timeout and the first start of its events.
        members: its legs at the odds of the moment it was sent (`limits_waived`).
        refusal: the limit's sentence that referred it.
        document: the player's document, kept while the referral may still be issued.
        document_key: the keyed hash of its number (the player's history of the day).
    """

    office: str
    number: int
    terminal: str
    cashier: str
    sent_at: datetime
    deadline: datetime
    kind: BetKind
    members: tuple[tuple[Leg, ...], ...]
    stake: Decimal
    total_odds: Decimal
    possible_payout: Decimal
    refusal: str
    document: IdDocument | None = None
    document_key: str = ""
    decision: Decision | None = None
    slip_number: str | None = None

    @property
    def state(self) -> ReferralState:
        if self.slip_number is not None:
            return ReferralState.ISSUED
        return ReferralState.REFERRED if self.decision is None else self.decision.state

    @property
    def status(self) -> str:
        """The state as the API names it: "referred" while it waits (DESIGN.md)."""
        return str(self.state)

    @property
    def picks(self) -> list[list[Pick]]:
        """Its legs as accept_bet takes them."""
        return [[(leg.event_code, leg.market) for leg in member] for member in self.members]

    @property
    def accepted_stake(self) -> Decimal | None:
        """The stake the manager accepted; None while waiting or when refused."""
        return None if self.decision is None else self.decision.stake

    def seconds_left(self, now: datetime) -> int:
        """Whole seconds until it lapses (0 when it has)."""
        return max(0, math.ceil((self.deadline - now).total_seconds()))

    def payout_at(self, stake: Decimal) -> Decimal:
        """The possible payout of `stake` at the odds of the moment it was sent."""
        member_odds = [math.prod((leg.odds for leg in m), start=Decimal(1)) for m in self.members]
        return prices(self.kind, stake, member_odds)[1]


def referral_of(
    priced: PricedBet, where: tuple[str, int, str, str], sent_at: datetime, timeout: int
) -> Referral:
    """A new referral of the priced bet (`where`: office, number, terminal, cashier).

    Its deadline is `timeout` seconds away, or the first start of its events if earlier:
    a bet is not taken once its match has begun (p.22).
    """
    office, number, terminal, cashier = where
    starts = min(leg.starts_at for member in priced.members for leg in member)
    return Referral(
        office=office,
        number=number,
        terminal=terminal,
        cashier=cashier,
        sent_at=sent_at,
        deadline=min(sent_at + timedelta(seconds=timeout), starts),
        kind=priced.kind,
        members=priced.members,
        stake=priced.stake,
        total_odds=priced.total_odds,
        possible_payout=priced.possible_payout,
        refusal="",
    )


def lapsed(referral: Referral, now: datetime) -> bool:
    """True when it still waits and its deadline has passed: a refusal (issue 38)."""
    return referral.state is ReferralState.REFERRED and now >= referral.deadline


def decided(referral: Referral, decision: Decision, min_stake: Decimal) -> Referral:
    """The referral with its decision; the stake of an acceptance as asked is filled in.

    Raises:
        ReferralDecided: decided before (its decision names who).
        ReferralLapsed: its time ran out, or an event of it started.
        CutNotBelowStake, StakeTooLow: a cut not below the stake asked, or below the minimum.
    """
    if referral.decision is not None or referral.slip_number is not None:
        raise ReferralDecided(referral.number, referral.state, _by(referral))
    if lapsed(referral, decision.decided_at):
        raise ReferralLapsed(referral.number)
    if decision.state is ReferralState.ACCEPTED:
        decision = replace(decision, stake=referral.stake)
    elif decision.state is ReferralState.CUT:
        decision = replace(decision, stake=_cut(referral, decision.stake, min_stake))
    return replace(referral, decision=decision)


def _cut(referral: Referral, stake: Decimal | None, min_stake: Decimal) -> Decimal:
    assert stake is not None, "a cut names its stake"
    if stake >= referral.stake:
        raise CutNotBelowStake(stake, referral.stake)
    if stake < min_stake:
        raise StakeTooLow(stake, min_stake)
    referral.payout_at(stake)  # a system's stake must split into kopecks (StakeNotSplittable)
    return stake


def _by(referral: Referral) -> str:
    return "" if referral.decision is None else referral.decision.decided_by
