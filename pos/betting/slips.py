"""Betting slips: what was accepted, at which odds versions, and the 5-minute window (p.8)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from pos.betting.bets import BetKind
from pos.line.events import Sport
from pos.till.shifts import CashKind

# p.8: the player may dispute how the slip was filled in within 5 minutes after it was handed
# over; 5:00 exactly is still inside.
CLAIM_WINDOW = timedelta(minutes=5)


class SlipStatus(enum.StrEnum):
    """Where a slip is in its life."""

    OPEN = "open"
    WON = "won"
    LOST = "lost"
    REFUND = "refund"
    CANCELLED = "cancelled"
    PAID = "paid"
    # Before the issue: the slip is sent to the printer and waits for the print to be
    # confirmed; VOID when it was not printed (never issued, never paid, kept for the record).
    PENDING = "pending"
    VOID = "void"


# A slip settlement has judged (paid counts: it was settled won or refund before).
SETTLED_STATUSES = frozenset({SlipStatus.WON, SlipStatus.LOST, SlipStatus.REFUND, SlipStatus.PAID})


@dataclass(frozen=True)
class Leg:
    """One outcome on a slip, with the odds version it was accepted at (p.10, p.20)."""

    event_code: int
    market: str
    odds: Decimal
    odds_version: int
    home: str
    away: str
    starts_at: datetime
    # The event's sport and tournament, printed with it (issue 16); None and "" where a
    # slip was read back without them.
    sport: Sport | None = None
    tournament: str = ""


@dataclass(frozen=True)
class CashMovement:
    """Cash in (positive) or out (negative) of a terminal's drawer, tied to a slip."""

    at: datetime
    terminal: str
    cashier: str
    kind: CashKind
    amount: Decimal
    slip_number: str


class IdOutcome(enum.StrEnum):
    """What an identity check found (p.4); every check is recorded."""

    ACCEPTED = "accepted"
    UNDERAGE = "underage"
    EXPIRED = "expired"
    REFUSED = "refused"
    INVALID = "invalid"


@dataclass(frozen=True)
class IdCheck:
    """A recorded identity check: the minimum of personal data (no name, a masked number)."""

    at: datetime
    terminal: str
    cashier: str
    outcome: IdOutcome
    document_kind: str = ""
    masked_number: str = ""
    age: int | None = None


@dataclass(frozen=True)
class Cancellation:
    """A cancellation within the window: who, when and why."""

    at: datetime
    by: str
    reason: str


@dataclass(frozen=True)
class Slip:
    """An issued slip. `members` are its legs, or for a complex system its blocks of legs."""

    number: str
    kind: BetKind
    members: tuple[tuple[Leg, ...], ...]
    stake: Decimal
    total_odds: Decimal
    possible_payout: Decimal
    terminal: str
    cashier: str
    issued_at: datetime
    status: SlipStatus = SlipStatus.OPEN
    agreed_in_play: bool = False
    request_key: str | None = None
    fiscal_receipt_no: int | None = None
    reprints: int = 0
    cancellation: Cancellation | None = None
    settled_payout: Decimal | None = None  # what settlement found (pos.settlement.rules)
    # The maximum payout in force when the bet was accepted: it caps the payout (p.10, p.18).
    payout_cap: Decimal | None = None

    @property
    def legs(self) -> list[Leg]:
        """Every leg, blocks flattened, in slip order."""
        return [leg for member in self.members for leg in member]

    @property
    def window_ends_at(self) -> datetime:
        """The last moment a claim about the filling-in is accepted (printed on the slip)."""
        return self.issued_at + CLAIM_WINDOW

    def window_open(self, now: datetime) -> bool:
        """True within the 5 minutes after issue, 5:00 included."""
        return now <= self.window_ends_at

    @property
    def payout(self) -> Decimal | None:
        """What pay_out pays or paid: None while open, 0 when lost or cancelled."""
        if self.status is SlipStatus.OPEN:
            return None
        if self.status in (SlipStatus.LOST, SlipStatus.CANCELLED):
            return Decimal("0.00")
        return self.settled_payout

    def same_bet(self, other: Slip) -> bool:
        """True when `other` is the same bet (for a repeated request with the same key)."""

        def picks(slip: Slip) -> list[list[tuple[int, str]]]:
            return [[(leg.event_code, leg.market) for leg in m] for m in slip.members]

        return (self.kind, self.stake, picks(self)) == (other.kind, other.stake, picks(other))
