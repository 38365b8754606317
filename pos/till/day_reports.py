"""The fiscal day's reports: X (so far) and Z (closing the day), with the register's totals."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos.core.audit import ChainHead
from pos.core.ports import UnitOfWork
from pos.till.errors import (
    NoFiscalDay,
)
from pos.till.fiscal import (
    ZERO,
    FiscalReceipt,
    GrandTotals,
    ReceiptKind,
    register_for,
    require_idle,
)


@dataclass(frozen=True)
class FiscalTotals:
    """Counts and sums of a fiscal day's receipts by kind."""

    income_count: int = 0
    income: Decimal = ZERO
    return_count: int = 0
    returns: Decimal = ZERO
    expense_count: int = 0
    expenses: Decimal = ZERO
    first_no: int | None = None
    last_no: int | None = None
    spoiled_count: int = 0
    spoiled: Decimal = ZERO  # what the spoiled receipts were for; it counts in no total

    @property
    def cash(self) -> Decimal:
        """What the day put into the drawer: income − returns − payouts."""
        return self.income - self.returns - self.expenses

    @property
    def count(self) -> int:
        return self.income_count + self.return_count + self.expense_count

    @classmethod
    def of(cls, receipts: Iterable[FiscalReceipt]) -> FiscalTotals:
        """The totals of these receipts."""
        counts = dict.fromkeys(ReceiptKind, 0)
        sums = dict.fromkeys(ReceiptKind, ZERO)
        numbers: list[int] = []
        spoiled_count, spoiled = 0, ZERO
        for receipt in receipts:
            numbers.append(receipt.number)
            if receipt.spoiled is not None:
                spoiled_count, spoiled = spoiled_count + 1, spoiled + receipt.amount
                continue
            counts[receipt.kind] += 1
            sums[receipt.kind] += receipt.amount
        return cls(
            counts[ReceiptKind.INCOME],
            sums[ReceiptKind.INCOME],
            counts[ReceiptKind.RETURN],
            sums[ReceiptKind.RETURN],
            counts[ReceiptKind.EXPENSE],
            sums[ReceiptKind.EXPENSE],
            min(numbers, default=None),
            max(numbers, default=None),
            spoiled_count,
            spoiled,
        )


@dataclass(frozen=True)
class DayReport:
    """An X report (interim, `closing` false) or a Z report (closes the fiscal day)."""

    register_serial: str
    terminal: str
    day_no: int
    opened_at: datetime | None
    at: datetime
    cashier: str
    totals: FiscalTotals
    closing: bool
    # The audit trail's last record when the report was made, printed on it (pos.core.audit).
    chain_head: ChainHead | None = None
    grand: GrandTotals = GrandTotals()  # noqa: RUF009 - frozen; the register's totals since its first receipt
    register_number: str = ""

    @property
    def title(self) -> str:
        return "Z-ОТЧЁТ" if self.closing else "X-ОТЧЁТ"


def day_report(
    uow: UnitOfWork, terminal: str, office: str, at: datetime, cashier: str, *, closing: bool
) -> DayReport:
    """The X report, or with `closing` the Z report that closes the fiscal day; it carries
    the head of the audit chain of the terminal's `office`.

    Raises:
        RegisterNotSet; NoFiscalDay (a Z report with no day open); PendingSlip and
        UnprintedReceipts for a Z report (the day's paper must be complete first).
    """
    register = register_for(uow, terminal)
    if closing:
        require_idle(uow, register)
        if not register.day_open:
            raise NoFiscalDay()
    receipts = (
        uow.fiscal.day_receipts(register.serial, register.day_no) if register.day_open else []
    )
    report = DayReport(
        register.serial,
        terminal,
        register.day_no,
        register.day_opened_at,
        at,
        cashier,
        FiscalTotals.of(receipts),
        closing,
        uow.audit.head(office),
        register.grand,
        register.number,
    )
    if closing:
        uow.fiscal.save_register(dataclasses.replace(register, day_opened_at=None))
        uow.fiscal.add_day_report(report)
    return report
