"""What the СККС controller hears of a drawer (issue 35): the register's day opened and closed,
a shift opened, cash in and out, the shift's totals when it closes."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from pos.skks.messages import Kind, Value
from pos.skks.reconcile import TOTAL_NAMES, Total
from pos.till.shifts import CashKind, Shift, ShiftTally, TransferKind

ZERO = Decimal(0)


def shift_opened(shift: Shift) -> tuple[Kind, dict[str, Value]]:
    return Kind.SHIFT_OPENED, {"shift": shift.id, "cash": shift.opening_cash}


def transfer(
    shift: Shift, kind: TransferKind, amount: Decimal, drawer_after: Decimal
) -> tuple[Kind, dict[str, Value]]:
    """Cash put in or taken out; taken out to the last kopeck, an incassation (6.3.4)."""
    if kind is TransferKind.CASH_IN:
        what = Kind.CASH_IN
    else:
        what = Kind.INCASSATION if drawer_after == ZERO else Kind.CASH_OUT
    return what, {"shift": shift.id, "amount": amount, "cash": drawer_after}


def shift_totals(
    shift: Shift, counted: Decimal, expected: Decimal, tallies: Iterable[ShiftTally]
) -> tuple[Kind, dict[str, Value]]:
    """The shift's count and sum of each kind of operation as the controller counts its
    messages (a void slip's stake paid back is a return, as its `stake_returned`), and its
    cash counted."""
    totals = dict.fromkeys(TOTAL_NAMES, Total(0, ZERO))
    for tally in tallies:
        name = _TOTAL_OF[tally.kind] if not tally.refund else "returns"
        totals[name] = totals[name] + Total(tally.count, tally.amount)
    return Kind.SHIFT_TOTALS, {
        "shift": shift.id,
        "cash": counted,
        "expected": expected,
        "totals": {name: total.fields() for name, total in totals.items()},
    }


def register_opened(shift: Shift) -> tuple[Kind, dict[str, Value]]:
    """The register's day begins with the shift (protocol 6.3.3: the till opened)."""
    return Kind.TERMINAL_OPENED, {"shift": shift.id, "cash": shift.opening_cash}


def register_closed(shift: Shift, counted: Decimal) -> tuple[Kind, dict[str, Value]]:
    """The Z closed the register's day with the shift (the till closed), its cash counted."""
    return Kind.TERMINAL_CLOSED, {"shift": shift.id, "cash": counted}


_TOTAL_OF: dict[CashKind | TransferKind, str] = {
    CashKind.STAKE: "bets",
    CashKind.WINDOW_REFUND: "returns",
    CashKind.PAYOUT: "wins_paid",
    CashKind.CASHOUT: "wins_paid",  # sent as a payout (win_paid) too, issue 38
    CashKind.DEPOSIT: "deposits",
    CashKind.WITHDRAWAL: "withdrawals",
    TransferKind.CASH_IN: "cash_in",
    TransferKind.CASH_OUT: "cash_out",
}
