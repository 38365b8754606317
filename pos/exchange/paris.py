"""Offers and paris between players (p.41–p.47): an offer blocks its side's risk while it stands,
is accepted wholly or in parts — each part a pari concluded at the acceptance — may be changed
or withdrawn in its unaccepted part, and lapses at the event's start; a pari is never cancelled.

Every step that changes an offer's blocked money says how, as a `BlockChange`: the money of an
accepted part stays blocked and moves to its pari (its risk, pos.exchange.terms.risk), so an
acceptance releases only what rounding leaves over (at most a kopeck of a lay offer).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from pos.core.input_errors import InvalidAmount
from pos.core.inputs import shown
from pos.core.money import to_money
from pos.exchange.blocks import BlockChange
from pos.exchange.errors import (
    AcceptAboveOpen,
    EventStarted,
    NothingToChange,
    OfferClosed,
    OwnOffer,
    PartBelowMinimum,
)
from pos.exchange.terms import ZERO, ExchangeLimits, Side, check_risk, parse_stake, risk

# Side and risk are the terms' (pos.exchange.terms), named here too as the paris' vocabulary.
__all__ = ["BlockChange", "Offer", "OfferStatus", "Pari", "PariStatus", "Side", "risk"]


class OfferStatus(StrEnum):
    """Open while some of its stake is not accepted; then accepted, withdrawn or lapsed."""

    OPEN = "open"
    ACCEPTED = "accepted"  # all of it accepted (p.42, p.43)
    WITHDRAWN = "withdrawn"  # its unaccepted part withdrawn by the offerer (p.44)
    LAPSED = "lapsed"  # its unaccepted part annulled at the event's start (p.46)


class PariStatus(StrEnum):
    """Concluded at the acceptance (p.42) until its event's result settles it or voids it."""

    CONCLUDED = "concluded"
    SETTLED = "settled"
    VOID = "void"  # both stakes returned (second p.24, a total or handicap on the line)


@dataclass(frozen=True, kw_only=True)
class Pari:
    """A pari between a backer and a layer, with the bookmaker the counterparty of each (p.52).

    `back_result` and `lay_result` are each side's gain (positive) or loss (negative) once
    settled, the commission kept (pos.exchange.settlement); None while it is concluded.
    """

    number: str
    offer_number: str
    event: int  # the event's code
    market: str  # the market's canonical code (the outcome backed)
    coefficient: Decimal
    stake: Decimal  # S: what the backer risks
    back_account: str
    lay_account: str
    concluded_at: datetime
    status: PariStatus = PariStatus.CONCLUDED
    back_result: Decimal | None = None
    lay_result: Decimal | None = None

    @property
    def back_risk(self) -> Decimal:
        """What the backer has blocked and may lose: the stake (p.50)."""
        return risk(Side.BACK, self.stake, self.coefficient)

    @property
    def lay_risk(self) -> Decimal:
        """What the layer has blocked and may lose: S × k rounded down (p.51)."""
        return risk(Side.LAY, self.stake, self.coefficient)

    def account_of(self, side: Side) -> str:
        """The account of the player on `side`."""
        return self.back_account if side is Side.BACK else self.lay_account


@dataclass(frozen=True, kw_only=True)
class Offer:
    """A player's offer of a pari, and what of it is still open to acceptance.

    `stake` is what was offered: the parts accepted plus the part offered now (a change,
    p.44, sets the latter); `blocked` is the offerer's risk of the open part.
    """

    number: str
    account: str  # the offerer's
    event: int  # the event's code
    market: str  # the market's canonical code
    side: Side
    coefficient: Decimal
    stake: Decimal
    stake_open: Decimal
    blocked: Decimal
    made_at: datetime
    terminal: str
    cashier: str  # login
    office: str  # code
    event_starts_at: datetime  # the published start: the unaccepted part lapses then (p.46)
    status: OfferStatus = OfferStatus.OPEN
    accepted: Decimal = ZERO  # the parts accepted so far

    def accept(
        self, stake: object, *, account: str, number: str, at: datetime, limits: ExchangeLimits
    ) -> tuple[Offer, Pari, BlockChange]:
        """Another player accepts all or part of the open stake: a pari is concluded (p.42, p.43).

        Args:
            stake: the part accepted, at most what is open; below the minimum stake only when
                it is all that is open (p.38).
            account: the acceptor's; he takes the opposite side.
            number: the new pari's number.
            at: the moment of acceptance, before the event's start (p.46).
            limits: the organiser's (p.38).

        Returns:
            The offer after it, the pari (the acceptor blocks its risk of his side), and what
            of the offerer's block is released: the part's risk moves to the pari.

        Raises:
            OfferClosed; EventStarted; OwnOffer; InvalidAmount: not whole kopecks above zero;
            AcceptAboveOpen: more than is left, naming it; PartBelowMinimum; RiskBelowKopeck:
            a part whose back win is under a kopeck.
        """
        self._require_open("принять", at)
        if account == self.account:
            raise OwnOffer(self.number, self.account)
        part = parse_stake(stake)
        if part > self.stake_open:
            raise AcceptAboveOpen(self.number, part, self.stake_open)
        if part < limits.min_stake and part != self.stake_open:
            raise PartBelowMinimum(self.number, part, limits.min_stake, self.stake_open)
        check_risk(part, self.coefficient)
        left = self.stake_open - part
        blocked = risk(self.side, left, self.coefficient)
        moved = risk(self.side, part, self.coefficient)
        back, lay = (self.account, account) if self.side is Side.BACK else (account, self.account)
        pari = Pari(
            number=number,
            offer_number=self.number,
            event=self.event,
            market=self.market,
            coefficient=self.coefficient,
            stake=part,
            back_account=back,
            lay_account=lay,
            concluded_at=at,
        )
        after = replace(
            self,
            stake_open=left,
            blocked=blocked,
            accepted=self.accepted + part,
            status=OfferStatus.OPEN if left else OfferStatus.ACCEPTED,
        )
        return after, pari, BlockChange.between(self.account, self.blocked - moved, blocked)

    def change(
        self,
        coefficient: object = None,
        stake: object = None,
        *,
        at: datetime,
        limits: ExchangeLimits,
    ) -> tuple[Offer, BlockChange]:
        """The offerer changes the unaccepted part's coefficient or stake (p.44); the parts
        accepted keep theirs in their paris.

        Args:
            coefficient: the new one, within the limits; None keeps it.
            stake: the new open stake, within the limits; 0 withdraws it; None keeps it.
            at: the moment of the change, before the event's start (p.46).
            limits: the organiser's (p.38).

        Returns:
            The offer after the change and how the offerer's block changes (more to block
            when the risk grows: the use case checks the free money).

        Raises:
            OfferClosed; EventStarted; NothingToChange; InvalidAmount: a negative stake or a
            fraction of a kopeck; StakeOutsideLimits; InvalidCoefficient;
            CoefficientOutsideLimits; RiskBelowKopeck.
        """
        self._require_open("изменить", at)
        if coefficient is None and stake is None:
            raise NothingToChange(self.number, self.stake_open)
        new_stake = self.stake_open
        if stake is not None:
            new_stake = to_money(stake)
            if new_stake < 0:
                raise InvalidAmount(shown(stake), "negative")
            if not new_stake:
                return self.withdraw()
            new_stake = limits.check_stake(new_stake)
        new_coefficient = self.coefficient
        if coefficient is not None:
            new_coefficient = limits.check_coefficient(coefficient)
        check_risk(new_stake, new_coefficient)
        blocked = risk(self.side, new_stake, new_coefficient)
        after = replace(
            self,
            coefficient=new_coefficient,
            stake=self.accepted + new_stake,
            stake_open=new_stake,
            blocked=blocked,
        )
        return after, BlockChange.between(self.account, self.blocked, blocked)

    def withdraw(self) -> tuple[Offer, BlockChange]:
        """The offerer withdraws the unaccepted part (p.44); the paris concluded stand (p.45).

        Returns:
            The withdrawn offer and the release of its whole block.

        Raises:
            OfferClosed: fully accepted, withdrawn or lapsed already.
        """
        self._require_open("отозвать")
        return self._closed(OfferStatus.WITHDRAWN)

    def lapse(self, now: datetime) -> tuple[Offer, BlockChange] | None:
        """At the event's start the unaccepted part lapses (p.46).

        Returns:
            The lapsed offer and the release of its block; None when nothing lapses: the
            event has not started, or nothing of the offer is open.
        """
        if self.status is not OfferStatus.OPEN or now < self.event_starts_at:
            return None
        return self._closed(OfferStatus.LAPSED)

    def _closed(self, status: OfferStatus) -> tuple[Offer, BlockChange]:
        after = replace(self, stake_open=ZERO, blocked=ZERO, status=status)
        return after, BlockChange.between(self.account, self.blocked, ZERO)

    def _require_open(self, action: str, at: datetime | None = None) -> None:
        if self.status is not OfferStatus.OPEN:
            raise OfferClosed(self.number, self.status.value, action, self.stake)
        if at is not None and at >= self.event_starts_at:
            raise EventStarted(self.event, self.event_starts_at.astimezone(at.tzinfo))
