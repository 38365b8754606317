"""What the СККС controller hears of a slip (issue 35): a bet accepted, a stake returned."""

from __future__ import annotations

from decimal import Decimal

from pos.betting.slips import Slip
from pos.skks.messages import Value


def bet_fields(slip: Slip) -> dict[str, Value]:
    """A bet accepted: the slip, its stake and possible payout, each leg at its odds."""
    legs: list[Value] = [
        {"event": leg.event_code, "market": leg.market, "odds": str(leg.odds)} for leg in slip.legs
    ]
    return {
        "slip": slip.number,
        "stake": slip.stake,
        "potential_payout": slip.possible_payout,
        "legs": legs,
    }


def returned_fields(slip: Slip, amount: Decimal) -> dict[str, Value]:
    """A stake returned: a cancellation in the window, or a void slip paid back."""
    return {"slip": slip.number, "amount": amount}
