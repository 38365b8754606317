"""Today's bets at the demo's counter (issue 38): the liability board of the demo's day shows
a clear worst outcome, Динамо Минск to beat БАТЭ (101 «1»), carried by a big single and two
expresses."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from pos.betting.slips import Slip

if TYPE_CHECKING:
    from pos.shop.desk import Desk

# (legs, stake, kind) as the demo's cashier takes them at the start of today's shift.
TODAYS_BETS: tuple[tuple[tuple[tuple[int, str], ...], str, str], ...] = (
    (((101, "1"),), "1500", "single"),
    (((101, "1"), (102, "1")), "200", "express"),
    (((101, "1"), (201, "1")), "100", "express"),
    (((101, "X"),), "150", "single"),
    (((101, "2"),), "120", "single"),
    (((102, "2"),), "300", "single"),
    (((201, "2"),), "80", "single"),
)


def take_todays_bets(cashier: Desk) -> list[str]:
    """Take today's demo bets at the cashier's counter (its shift open); their numbers."""
    numbers = []
    for legs, stake, kind in TODAYS_BETS:
        taken = cashier.accept_bet(list(legs), stake=Decimal(stake), kind=kind)
        if isinstance(taken, Slip):  # none is referred: every stake is under its limits
            numbers.append(taken.number)
    return numbers
