"""The risk desk's ports (issue 38): the liability of outcomes, referrals of big stakes to a
manager, and cash-outs (DESIGN.md, "The risk desk: big stakes, liability, cash-out")."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the room's types the port carries; core imports no room (README)
    from pos.cashout.rules import CashoutOffer
    from pos.risk.liability import DecidedLeg, OutcomeSums
    from pos.risk.referrals import Decision, Referral


class LiabilityRepository(Protocol):
    """What the shop pays if each outcome happens, read from the open slips (pos.risk)."""

    def outcome_payouts(self, picks: list[tuple[int, str]]) -> dict[tuple[int, str], Decimal]:
        """The chain's open slips' possible payouts summed under each picked outcome (event
        code, market): one indexed statement, on every bet (issue 34)."""
        ...

    def outcome_sums(self, office: str, event: int | None) -> list[OutcomeSums]:
        """The open slips' legs summed by outcome for the chain and for `office` (`event`:
        that event's only), each marked decided when its event has a result."""
        ...

    def decided_legs(self, codes: list[int], event: int | None = None) -> list[DecidedLeg]:
        """The legs of open slips on these events (those with a result); with `event`, the
        decided legs of the open slips that have a leg on it."""
        ...

    def slips_sums(self, slips: list[int], office: str, event: int | None) -> list[OutcomeSums]:
        """`outcome_sums` of these slips only (their ids)."""
        ...

    def set_cap(self, code: int, cap: Decimal | None) -> bool:
        """Set (None: remove) an event's own cap; False when no event has the code."""
        ...

    def set_suspended(self, code: int, market: str, suspended: bool) -> bool:
        """Mark the current odds version of an outcome suspended or not; False when it has
        no odds."""
        ...


class ReferralRepository(Protocol):
    """Stakes sent to a manager and the managers' decisions (pos.risk)."""

    def next_number(self, office: str) -> int:
        """The office's next referral number, taken in this transaction."""
        ...

    def add(self, referral: Referral) -> None:
        """Store a referral just sent."""
        ...

    def get(self, office: str, number: int) -> Referral | None:
        """The office's referral of this number."""
        ...

    def waiting(self, office: str | None) -> list[Referral]:
        """The referrals with no decision yet, oldest first (None: every office's)."""
        ...

    def end(self, office: str, number: int, decision: Decision) -> bool:
        """Write the decision where there is none yet; False when one was there."""
        ...

    def link_slip(self, office: str, number: int, slip_number: str) -> bool:
        """Record the slip issued for an accepted referral; False when one was there."""
        ...

    def of_terminal(self, terminal: str, since: datetime) -> list[Referral]:
        """A terminal's referrals sent since `since`, newest first."""
        ...

    def of_document(self, key: str, since: datetime) -> list[Referral]:
        """The referrals of a player's document (its keyed hash) sent since `since`."""
        ...

    def between(self, since: datetime, until: datetime, office: str | None) -> list[Referral]:
        """The referrals sent in [since, until), in office and number order."""
        ...


class CashoutRepository(Protocol):
    """Offers to buy an open slip back, and the cash-outs paid (pos.cashout)."""

    def add(self, offer: CashoutOffer) -> None:
        """Record an offer just made."""
        ...

    def holding(self, slip_number: str, now: datetime) -> list[CashoutOffer]:
        """The slip's offers that still hold at `now`, newest first."""
        ...

    def take(self, offer: CashoutOffer, at: datetime) -> None:
        """Mark the offer taken by the player at `at` (its payout's first step)."""
        ...

    def paid(self, terminal: str, since: datetime, until: datetime) -> tuple[int, Decimal]:
        """How many slips the terminal bought back in [since, until] and their cash."""
        ...

    def taken(self, slip_number: str, at: datetime) -> bool:
        """True when an offer of the slip was taken at `at`: the payout waiting since then is
        a cash-out (read only after a crash, pos.payouts.steps.make_payout)."""
        ...
