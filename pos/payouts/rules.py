"""Who may be paid what, and when: the payout rules (p.13, p.23, first p.24), pure functions.

A winning slip, or a slip with refunds, is paid only on the slip and an identity document,
from the day after its last event ended, for one month from the day of that event; a lost,
cancelled, unsettled or already paid slip is not paid. Days are the shop's local dates.
"""

from __future__ import annotations

import calendar
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.betting.slips import Slip, SlipStatus
from pos.core.settings import ShopSettings
from pos.games.registry import installed
from pos.offices.offices import FIRST_OFFICE
from pos.payouts.errors import (
    CreditedToAccount,
    FromRemoteCoupon,
    NotPayable,
    PayoutExpired,
    PayoutTooEarly,
)
from pos.settlement.results import Result

# What a slip in each status is, for the sentence refusing to pay it.
_NOT_PAYABLE = {
    SlipStatus.OPEN: "open",
    SlipStatus.LOST: "lost",
    SlipStatus.CANCELLED: "cancelled",
    SlipStatus.PAID: "paid",
    SlipStatus.PENDING: "not_issued",
    SlipStatus.VOID: "not_issued",
    SlipStatus.CASHED_OUT: "cashed_out",
}

# A cashless slip in these is (or will be) credited onto its account, never paid in cash (p.7).
_CREDITED = frozenset({SlipStatus.OPEN, SlipStatus.WON, SlipStatus.REFUND, SlipStatus.PAID})


@dataclass(frozen=True)
class PendingPayout:
    """A payout saved as waiting for its receipt's print (the first of its two steps).

    The slip is held (no other terminal pays it), the receipt's number is planned on this
    terminal's register and nothing else numbers a receipt there until the payout is made
    (the receipt came out) or released (it did not). The player and document are the
    journal's columns 3 and 4 as checked.
    """

    slip_number: str
    terminal: str
    cashier: str
    at: datetime  # when the receipt was planned: the time printed on it
    amount: Decimal
    register_serial: str
    receipt_no: int
    player: str
    document: str
    office: str = FIRST_OFFICE  # the paying terminal's: its journal gets the entry (issue 18)
    # A withdrawal from a player's account (pos.accounts): then `slip_number` is the
    # account's number too, by which the waiting payout is looked up.
    account_number: str | None = None


@dataclass(frozen=True)
class PayoutNote:
    """The player's payout note: what was paid on which slip and why — no personal data."""

    slip_number: str
    amount: Decimal
    paid_at: datetime
    refund: bool  # all legs void: the stake paid back
    lines: tuple[str, ...]  # the settlement's explanation (pos.settlement.rules)
    fiscal_receipt_no: int
    journal_no: int
    terminal: str
    cashier: str


@dataclass(frozen=True)
class PayoutPeriod:
    """The days a slip may be paid on, both included (p.23, first p.24)."""

    first_day: date
    last_day: date

    def covers(self, day: date) -> bool:
        return self.first_day <= day <= self.last_day


def one_month_from(day: date) -> date:
    """The same date of the next month, or that month's last day when it has no such date:
    1 Dec → 1 Jan, 31 Jan → 28 (29) Feb (DESIGN.md, Payout)."""
    year, month = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def payout_period(last_event_day: date, *, same_day: bool = False) -> PayoutPeriod:
    """From the day after the last event's day (`same_day`: from that day, for draw slips
    where the shop's licence allows it) through one month from that day."""
    first = last_event_day if same_day else last_event_day + timedelta(days=1)
    return PayoutPeriod(first, one_month_from(last_event_day))


def pays_same_day(slip: Slip, settings: ShopSettings) -> bool:
    """True when the slip may be paid on the day of its last event: every leg is on a game's
    draw and the shop's licence pays that game at once (its setting; pos.games)."""
    games = installed()
    return all(
        (game := games.of_leg(leg)) is not None and game.pays_at_once(settings) for leg in slip.legs
    )


def last_event_day(slip: Slip, results: Mapping[int, Result], zone: ZoneInfo) -> date:
    """The shop-local day the last event of the slip ended (its result's `ended_at`).

    Raises:
        KeyError: an event of the slip has no result (a settled slip always has them all,
            except an express lost early — which is never paid).
    """
    ended: datetime = max(results[leg.event_code].ended_at for leg in slip.legs)
    return ended.astimezone(zone).date()


def payable_amount(
    slip: Slip,
    results: Mapping[int, Result],
    today: date,
    zone: ZoneInfo,
    *,
    same_day: bool = False,
    by_list: bool = False,
) -> Decimal:
    """What the slip pays today; a remote coupon's only `by_list` (pos.coupons, p.17).

    Raises:
        NotPayable: the slip is open, lost, cancelled, already paid or was never issued.
        PayoutTooEarly: before the day after its last event ended (first p.24).
        PayoutExpired: after one month from the day of its last event (p.23).
        CreditedToAccount: a stake paid from an account: its win goes there (p.7).
        FromRemoteCoupon: a remote coupon's slip: paid where its stake came from (p.17).
    """
    if slip.coupon is not None and not by_list:
        raise FromRemoteCoupon(slip.number, slip.coupon)
    if slip.account is not None and slip.status in _CREDITED:
        raise CreditedToAccount(slip.number, slip.account, credited=slip.status is SlipStatus.PAID)
    if slip.status not in (SlipStatus.WON, SlipStatus.REFUND) or slip.payout is None:
        raise NotPayable(slip.number, _NOT_PAYABLE.get(slip.status, "open"))
    period = payout_period(last_event_day(slip, results, zone), same_day=same_day)
    if today < period.first_day:
        raise PayoutTooEarly(slip.number, period.first_day)
    if today > period.last_day:
        raise PayoutExpired(slip.number, period.last_day)
    return slip.payout
