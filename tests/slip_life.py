"""The slip's life as every store must keep it (pos.betting.slips.LIFE): the cases shared by
the fake's test (tests/unit/test_fakes.py) and the databases' (tests/integration)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from pos.betting.bets import parse_kind
from pos.betting.slips import (
    Cancellation,
    Leg,
    Slip,
    SlipStatus,
    Transition,
    cancelled,
    issued,
    paid,
    voided,
)

AT = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
NUMBER = "1000001"
EVENT = 101  # on the demo line
JUDGED = (SlipStatus.WON, SlipStatus.LOST, SlipStatus.REFUND)
# Every status a slip can be found in, and every move stored one slip at a time.
STATUSES = list(SlipStatus)
MOVES = ("issue", "void", "cancel", "pay")


def move_of(name: str, number: str = NUMBER) -> Transition:
    """The move called `name` of the slip `number`."""
    return {
        "issue": lambda: issued(number, 7),
        "void": lambda: voided(number),
        "cancel": lambda: cancelled(number, Cancellation(AT, "anna", "ошибка кассира")),
        "pay": lambda: paid(number),
    }[name]()


def slip_in(status: SlipStatus, number: str = NUMBER) -> Slip:
    """The slip as stored for `status`: a judged slip is stored open, with a settlement."""
    leg = Leg(EVENT, "1", Decimal("2.00"), 1, "Хозяева", "Гости", AT)
    return Slip(
        number,
        parse_kind("single"),
        ((leg,),),
        Decimal("10.00"),
        Decimal("2.00"),
        Decimal("20.00"),
        "К1",
        "anna",
        AT,
        status=SlipStatus.OPEN if status in JUDGED else status,
        request_key="key-" + number,
        fiscal_receipt_no=3 if status is not SlipStatus.VOID else None,
    )


def payout_of(status: SlipStatus) -> Decimal:
    """What settlement found for a judged slip."""
    return {SlipStatus.WON: Decimal("20.00"), SlipStatus.REFUND: Decimal("10.00")}.get(
        status, Decimal("0.00")
    )


def expect_moved(status: SlipStatus, transition: Transition, moved: bool, after: Slip) -> None:
    """The store moved the slip exactly when the rules allow it, and stored what it names."""
    assert moved is transition.allowed_from(status)
    if not moved:
        assert after.status is status
        return
    assert after.status is transition.status
    if transition.fiscal_receipt_no is not None:
        assert after.fiscal_receipt_no == transition.fiscal_receipt_no
    if transition.request_key is not None:
        assert after.request_key == transition.request_key
    if transition.cancellation is not None:
        assert after.cancellation == transition.cancellation
