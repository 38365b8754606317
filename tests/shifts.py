"""Moving a test's shop to a new shift after its clock moved on by a day or more; a shop's
registration, without which no shift opens (issue 34)."""

from __future__ import annotations

from decimal import Decimal

from pos.shop.demo_registration import number_registers, seed_registration
from pos.shop.desk import Desk
from pos.shop.services import Shop


def reopen_shift(desk: Desk, cash: str = "1000") -> None:
    """Close the terminal's shift (the expected cash counted) and open a new one: a shift
    open for more than 24 hours takes no more bets, payouts or cash (pos.till.shifts). The new
    drawer holds `cash`: payouts are capped by it."""
    status = desk.shift()
    if status is not None:
        desk.close_shift(counted=max(status.summary.expected, Decimal(0)))
    desk.open_shift(cash=cash)


def registered(shop: Shop) -> Shop:
    """`shop` with the demo organiser's licence and УНП and its terminal's register numbered,
    where they are not set: a terminal the demo did not set up opens no shift without them
    (pos.till.shifts.require_registration)."""
    seed_registration(shop)
    return shop


def number_terminals(shop: Shop, *terminals: str) -> None:
    """Give the registers of `terminals` (registered by a test) their registration numbers."""
    number_registers(shop, terminals)
