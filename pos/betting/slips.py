"""Betting slips: what was accepted, at which odds versions, and the 5-minute window (p.8)."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, Final

from pos.betting.bets import BetKind
from pos.line.events import Sport
from pos.offices.offices import FIRST_OFFICE
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
    # Bought back by the shop before its events (issue 38, pos.cashout): paid at once, and
    # its legs' results no longer matter to it.
    CASHED_OUT = "cashed_out"


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
    """Cash in (positive) or out (negative) of a terminal's drawer, tied to a slip or an account."""

    at: datetime
    terminal: str
    cashier: str
    kind: CashKind
    amount: Decimal
    slip_number: str  # "" for a player account's cash
    account_number: str | None = None  # a deposit's or a withdrawal's account


class IdOutcome(enum.StrEnum):
    """What an identity check found (p.4); every check is recorded."""

    ACCEPTED = "accepted"
    UNDERAGE = "underage"
    EXPIRED = "expired"
    REFUSED = "refused"
    INVALID = "invalid"
    RESTRICTED = "restricted"  # in the register of restricted persons (issue 35)


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
    office: str = FIRST_OFFICE  # the issuing office (issue 18); one office's database: M1
    # The player account that paid the stake (p.7, issue 37): no cash, no fiscal receipt; its
    # win or return is credited onto it at settlement. None: a cash stake at the till.
    account: str | None = None
    # The remote coupon it was registered from (p.17, issue 37): printed «по купону № …».
    coupon: str | None = None

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


class Move(enum.StrEnum):
    """What happens to a slip in its life (issue 17): each move has a rule below."""

    ISSUE = "issue"  # the printer took it: the stake is in, the slip is open (p.8)
    VOID = "void"  # it did not come out: never issued, never payable
    CANCEL = "cancel"  # within the 5-minute window (p.8)
    SETTLE = "settle"  # the results judged it (p.18-p.21)
    UNSETTLE = "unsettle"  # a result was corrected before the slip was paid
    PAY = "pay"  # the winnings or the refund went out of the drawer
    CASH_OUT = "cash_out"  # the shop bought it back (issue 38, pos.cashout)


_OPEN = frozenset({SlipStatus.OPEN})
_JUDGED = frozenset({SlipStatus.WON, SlipStatus.LOST, SlipStatus.REFUND})
# The slip's life: for each move, the statuses it starts from and the ones it leads to.
# The repositories store the status they are given only where the slip is still in one of
# the statuses the move starts from (pos.core.ports.SlipRepository.move).
LIFE: Final[Mapping[Move, tuple[frozenset[SlipStatus], frozenset[SlipStatus]]]] = {
    Move.ISSUE: (frozenset({SlipStatus.PENDING}), _OPEN),
    Move.VOID: (frozenset({SlipStatus.PENDING}), frozenset({SlipStatus.VOID})),
    Move.CANCEL: (_OPEN, frozenset({SlipStatus.CANCELLED})),
    Move.SETTLE: (_OPEN, _JUDGED),
    Move.UNSETTLE: (_JUDGED, _OPEN),
    Move.PAY: (frozenset({SlipStatus.WON, SlipStatus.REFUND}), frozenset({SlipStatus.PAID})),
    # Offered only while open; a result settled between the cash-out's two steps (its receipt
    # printing) does not undo a buy-back the player took (issue 38).
    Move.CASH_OUT: (_OPEN | _JUDGED, frozenset({SlipStatus.CASHED_OUT})),
}


@dataclass(frozen=True)
class Transition:
    """A slip's move as the repository stores it: its new status and what changes with it,
    written only while the slip is still in one of the statuses the move starts from."""

    number: str
    move: Move
    status: SlipStatus
    fiscal_receipt_no: int | None = None
    request_key: str | None = None
    cancellation: Cancellation | None = None

    def __post_init__(self) -> None:
        if self.status not in LIFE[self.move][1]:
            raise ValueError(f"{self.move} does not lead to {self.status}")

    @property
    def before(self) -> frozenset[SlipStatus]:
        """The statuses the slip must be in for the move to be stored."""
        return LIFE[self.move][0]

    def allowed_from(self, status: SlipStatus) -> bool:
        """True when a slip in `status` may make this move."""
        return status in self.before

    @property
    def changes(self) -> dict[str, Any]:
        """The slip's fields the move writes besides its status."""
        return {name: getattr(self, name) for name in _CHANGES.get(self.move, ())}

    def applied(self, slip: Slip) -> Slip:
        """The slip after the move (for what the use case returns)."""
        return dataclasses.replace(slip, status=self.status, **self.changes)


# What a move writes besides the status.
_CHANGES: Final[Mapping[Move, tuple[str, ...]]] = {
    Move.ISSUE: ("fiscal_receipt_no",),
    Move.VOID: ("fiscal_receipt_no", "request_key"),
    Move.CANCEL: ("cancellation",),
}


def issued(number: str, fiscal_receipt_no: int) -> Transition:
    """A pending slip issued with the income receipt of its stake."""
    return Transition(number, Move.ISSUE, SlipStatus.OPEN, fiscal_receipt_no=fiscal_receipt_no)


def voided(number: str) -> Transition:
    """A pending slip voided: its request key is freed, so the player may ask again."""
    return Transition(number, Move.VOID, SlipStatus.VOID, request_key="void:" + number)


def cancelled(number: str, cancellation: Cancellation) -> Transition:
    """An open slip cancelled within its window."""
    return Transition(number, Move.CANCEL, SlipStatus.CANCELLED, cancellation=cancellation)


def paid(number: str) -> Transition:
    """A slip settled as won or refund, paid out."""
    return Transition(number, Move.PAY, SlipStatus.PAID)


def cashed_out(number: str) -> Transition:
    """An open slip bought back by the shop (issue 38, pos.cashout)."""
    return Transition(number, Move.CASH_OUT, SlipStatus.CASHED_OUT)
