"""The cashier's shift at a terminal: an explicit state machine and its cash (issue #7).

A terminal has at most one open shift (its cash drawer); everyone signed in there works in
it. It opens with a counted float; stakes, window returns and payouts move its cash
automatically, cash in and cash out by hand with a reason. It closes with a blind count —
the cashier counts before seeing the expected sum — and the difference is recorded. A shift
open longer than 24 hours takes no more bets, payouts or cash until it is closed.

    expected = opening + stakes − returns − payouts + cash in − cash out
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.core.settings import ShopSettings
from pos.core.wording import plural
from pos.offices.offices import FIRST_OFFICE
from pos.till.errors import RegistrationMissing, ShiftNotOpen, ShiftTooLong

ZERO = Decimal("0.00")
MAX_LENGTH = timedelta(hours=24)
# How long before its 24 hours run out a shift is announced, at sign-in and at the till
# (issue 16): time enough to count the drawer and print the Z report.
WARN_BEFORE = timedelta(hours=1)
_MINUTE = timedelta(minutes=1)


class CashKind(enum.StrEnum):
    """Why cash went into or out of a terminal's drawer."""

    STAKE = "stake"
    WINDOW_REFUND = "window_refund"
    PAYOUT = "payout"
    DEPOSIT = "deposit"  # paid into a player's account (pos.accounts)
    WITHDRAWAL = "withdrawal"  # paid out of a player's account
    CASHOUT = "cashout"  # an open slip bought back by the shop (issue 38, pos.cashout)


@dataclass(frozen=True)
class ShiftTally:
    """How many operations of one kind a shift made and their cash (unsigned), for the СККС's
    shift totals (issue 35); `refund`: a void slip's stake paid back, not a win."""

    kind: CashKind | TransferKind
    count: int
    amount: Decimal
    refund: bool = False


class ShiftState(enum.StrEnum):
    """Where a shift is: open (working), closed (counted, its day reported)."""

    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True)
class Shift:
    """One shift of one terminal."""

    id: int
    terminal: str
    opened_at: datetime
    opened_by: str
    opening_cash: Decimal
    state: ShiftState = ShiftState.OPEN
    closed_at: datetime | None = None
    closed_by: str | None = None
    counted: Decimal | None = None
    expected: Decimal | None = None
    # What the drawer holds by the system's count now: moved with every cash movement.
    drawer: Decimal = ZERO
    office: str = FIRST_OFFICE  # the terminal's office when the shift opened (issue 18)

    @property
    def ends_at(self) -> datetime:
        """When the shift stops taking work: 24 hours after it opened."""
        return self.opened_at + MAX_LENGTH

    def too_long(self, now: datetime) -> bool:
        """True when the shift has been open for more than 24 hours."""
        return self.state is ShiftState.OPEN and now > self.ends_at


@dataclass(frozen=True)
class ShiftEndNotice:
    """An open shift near the end of its 24 hours, or past it: said before it runs out."""

    ends_at: datetime
    left: timedelta  # negative once it has run out

    def words(self) -> str:
        """The cashier's sentence: «Смена закрывается через 40 минут: …»."""
        if self.left < timedelta(0):
            return (
                "Смена открыта больше 24 часов: ставки, выплаты и внесения не принимаются. "
                "Закройте её (пересчёт кассы и Z-отчёт) и откройте новую."
            )
        minutes = max(1, -(-self.left // _MINUTE))  # a part of a minute counts as one
        left = plural(minutes, "минуту", "минуты", "минут")
        return f"Смена закрывается через {left}: закройте её и откройте новую."


def shift_end_notice(shift: Shift | None, now: datetime) -> ShiftEndNotice | None:
    """The notice of an open shift from `WARN_BEFORE` before its 24 hours end; None before
    that, and for no shift or a closed one."""
    if shift is None or shift.state is not ShiftState.OPEN:
        return None
    left = shift.ends_at - now
    return ShiftEndNotice(shift.ends_at, left) if left <= WARN_BEFORE else None


class TransferKind(enum.StrEnum):
    """Cash put into the drawer or taken out of it by hand."""

    CASH_IN = "in"
    CASH_OUT = "out"


@dataclass(frozen=True)
class CashTransfer:
    """Cash in or out of a shift's drawer with its reason (a positive amount)."""

    shift_id: int
    at: datetime
    cashier: str
    kind: TransferKind
    amount: Decimal
    reason: str


@dataclass(frozen=True)
class CashSummary:
    """What moved the cash of a shift, by kind; `expected` is what the drawer should hold."""

    opening: Decimal = ZERO
    stakes: Decimal = ZERO
    returns: Decimal = ZERO
    payouts: Decimal = ZERO
    cash_in: Decimal = ZERO
    cash_out: Decimal = ZERO
    deposits: Decimal = ZERO  # into players' accounts
    withdrawals: Decimal = ZERO  # out of players' accounts
    cashouts: Decimal = ZERO  # slips bought back (issue 38): their own kind, not wins paid

    @property
    def expected(self) -> Decimal:
        slips = self.stakes - self.returns - self.payouts - self.cashouts
        return (
            self.opening + slips + self.deposits - self.withdrawals + self.cash_in - self.cash_out
        )

    @classmethod
    def of(
        cls,
        opening: Decimal,
        movements: Iterable[tuple[CashKind, Decimal]],
        transfers: Iterable[tuple[TransferKind, Decimal]],
    ) -> CashSummary:
        """The summary of a shift's slip movements (signed, as recorded) and transfers."""
        by_kind = dict.fromkeys(CashKind, ZERO)
        for kind, amount in movements:
            by_kind[kind] += amount
        moved = dict.fromkeys(TransferKind, ZERO)
        for transfer_kind, amount in transfers:
            moved[transfer_kind] += amount
        return cls(
            opening,
            by_kind[CashKind.STAKE],
            -by_kind[CashKind.WINDOW_REFUND],
            -by_kind[CashKind.PAYOUT],
            moved[TransferKind.CASH_IN],
            moved[TransferKind.CASH_OUT],
            by_kind[CashKind.DEPOSIT],
            -by_kind[CashKind.WITHDRAWAL],
            -by_kind[CashKind.CASHOUT],
        )


def require_working(
    shift: Shift | None, terminal: str, now: datetime, zone: ZoneInfo | None = None
) -> Shift:
    """The open shift that bets, payouts and cash may go into (`zone`: for the message).

    Raises:
        ShiftNotOpen: no shift is open at the terminal.
        ShiftTooLong: it has been open for more than 24 hours: close it first.
    """
    if shift is None or shift.state is not ShiftState.OPEN:
        raise ShiftNotOpen(terminal)
    if shift.too_long(now):
        raise ShiftTooLong(shift.opened_at.astimezone(zone) if zone else shift.opened_at)
    return shift


def require_registration(settings: ShopSettings, terminal: str, register_number: str) -> None:
    """Refuse a shift whose receipts, reports and journal would print no licence, УНП or
    registration number of the register (issue 34): the demo shop has its own.

    Raises:
        RegistrationMissing: naming each of them not set.
    """
    missing = tuple(
        key
        for key, absent in (
            ("licence", settings.licence_number in ("", ShopSettings.licence_number)),
            ("unp", not settings.unp),
            ("register_number", not register_number.strip()),
        )
        if absent
    )
    if missing:
        raise RegistrationMissing(terminal, missing)
