"""What the СККС controller hears of a drawer (issue 35): a shift opened, cash in and out, the
shift's totals when it closes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from decimal import Decimal

from pos.skks.messages import Kind, Value
from pos.till.shifts import CashKind, CashSummary, Shift, TransferKind

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
    shift: Shift,
    counted: Decimal,
    summary: CashSummary,
    movements: Iterable[tuple[CashKind, Decimal]],
    transfers: Iterable[tuple[TransferKind, Decimal]],
) -> tuple[Kind, dict[str, Value]]:
    """The shift's count and sum of each kind of operation, and its cash counted."""
    counts = Counter(kind.value for kind, _ in movements)
    counts.update(kind.value for kind, _ in transfers)
    sums = {
        "bets": (counts[CashKind.STAKE.value], summary.stakes),
        "returns": (counts[CashKind.WINDOW_REFUND.value], summary.returns),
        "wins_paid": (counts[CashKind.PAYOUT.value], summary.payouts),
        "deposits": (counts[CashKind.DEPOSIT.value], summary.deposits),
        "withdrawals": (counts[CashKind.WITHDRAWAL.value], summary.withdrawals),
        "cash_in": (counts[TransferKind.CASH_IN.value], summary.cash_in),
        "cash_out": (counts[TransferKind.CASH_OUT.value], summary.cash_out),
    }
    totals: dict[str, Value] = {
        name: {"count": count, "sum": total} for name, (count, total) in sums.items()
    }
    return Kind.SHIFT_TOTALS, {
        "shift": shift.id,
        "cash": counted,
        "expected": summary.expected,
        "totals": totals,
    }
