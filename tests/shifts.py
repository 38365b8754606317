"""Moving a test's shop to a new shift after its clock moved on by a day or more."""

from __future__ import annotations

from decimal import Decimal

from pos.shop.desk import Desk


def reopen_shift(desk: Desk, cash: str = "1000") -> None:
    """Close the terminal's shift (the expected cash counted) and open a new one: a shift
    open for more than 24 hours takes no more bets, payouts or cash (pos.till.shifts). The new
    drawer holds `cash`: payouts are capped by it."""
    status = desk.shift()
    if status is not None:
        desk.close_shift(counted=max(status.summary.expected, Decimal(0)))
    desk.open_shift(cash=cash)
