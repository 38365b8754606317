"""The fiscal register model: numbered receipts for stakes, returns and payouts; X and Z reports.

Each terminal's cash register is known by its factory serial (a terminal setting). Its receipt
counter has no gaps and no repeats: a number is taken only in the transaction that records
the receipt, from the register's row locked in that transaction; a slip waiting for its print
only *plans* the next number, and while it waits no other receipt can be made on that register
(pos.counter). The fiscal day opens with the first receipt after a Z report and is closed by
the next Z report; the X report shows the open day's totals without closing it.

DESIGN.md "Payout" and notes/reliability.md §1.2: a stake is an income receipt ("приход"), a
stake returned in the 5-minute window a return receipt ("возврат прихода"), a payout an
expense receipt ("расход").
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos.audit import ChainHead
from pos.errors import (
    NoFiscalDay,
    PendingSlip,
    RegisterNotSet,
    UnprintedReceipts,
)
from pos.ports import UnitOfWork

ZERO = Decimal("0.00")


class ReceiptKind(enum.StrEnum):
    """What a fiscal receipt records."""

    INCOME = "income"  # a stake taken
    RETURN = "return"  # a stake returned within the window
    EXPENSE = "expense"  # a payout


RECEIPT_TITLES = {
    ReceiptKind.INCOME: "ПРИХОД",
    ReceiptKind.RETURN: "ВОЗВРАТ ПРИХОДА",
    ReceiptKind.EXPENSE: "РАСХОД",
}
ITEM_WORDS = {
    ReceiptKind.INCOME: "Ставка по купону",
    ReceiptKind.RETURN: "Возврат ставки по купону",
    ReceiptKind.EXPENSE: "Выплата по купону",
}


@dataclass(frozen=True)
class Register:
    """A cash register's counters: the last receipt number and the fiscal day."""

    serial: str
    terminal: str
    last_receipt_no: int = 0
    day_no: int = 0  # the number of the last day opened; 0 before the first receipt
    day_opened_at: datetime | None = None  # None: no day open (after a Z report)

    @property
    def day_open(self) -> bool:
        return self.day_opened_at is not None


@dataclass(frozen=True)
class FiscalReceipt:
    """One numbered receipt; `printed` turns true once the printer took it."""

    register_serial: str
    number: int
    day_no: int
    kind: ReceiptKind
    amount: Decimal
    at: datetime
    terminal: str
    cashier: str
    slip_number: str | None = None
    printed: bool = False

    @property
    def title(self) -> str:
        """ "ПРИХОД", "ВОЗВРАТ ПРИХОДА" or "РАСХОД"."""
        return RECEIPT_TITLES[self.kind]


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
        for receipt in receipts:
            counts[receipt.kind] += 1
            sums[receipt.kind] += receipt.amount
            numbers.append(receipt.number)
        return cls(
            counts[ReceiptKind.INCOME],
            sums[ReceiptKind.INCOME],
            counts[ReceiptKind.RETURN],
            sums[ReceiptKind.RETURN],
            counts[ReceiptKind.EXPENSE],
            sums[ReceiptKind.EXPENSE],
            min(numbers, default=None),
            max(numbers, default=None),
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
    # The audit trail's last record when the report was made, printed on it (pos.audit).
    chain_head: ChainHead | None = None

    @property
    def title(self) -> str:
        return "Z-ОТЧЁТ" if self.closing else "X-ОТЧЁТ"


def register_for(uow: UnitOfWork, terminal: str) -> Register:
    """This terminal's register, locked for the transaction (created at its first use).

    Raises:
        RegisterNotSet: the terminal has no register serial in the settings.
    """
    serial = uow.settings.register_serial(terminal)
    if not serial:
        raise RegisterNotSet(terminal)
    found = uow.fiscal.register(serial, for_update=True)
    if found is not None and found.terminal == terminal:
        return found
    # Its first use here (or the register was moved from another terminal): the row is
    # written now so that every later transaction can lock it.
    register = (
        Register(serial, terminal)
        if found is None
        else dataclasses.replace(found, terminal=terminal)
    )
    uow.fiscal.save_register(register)
    return register


def require_idle(uow: UnitOfWork, register: Register) -> None:
    """Refuse a new fiscal operation while a slip waits for its print or a receipt is unprinted.

    A waiting slip holds the next receipt number; unprinted receipts must come out in order.

    Raises:
        PendingSlip, UnprintedReceipts.
    """
    pending = uow.slips.pending(register.terminal)
    if pending is not None:
        raise PendingSlip(pending.number)
    unprinted = uow.fiscal.unprinted(register.serial)
    if unprinted:
        raise UnprintedReceipts([receipt.number for receipt in unprinted])


def next_receipt(
    register: Register,
    kind: ReceiptKind,
    amount: Decimal,
    at: datetime,
    cashier: str,
    slip_number: str | None,
) -> tuple[FiscalReceipt, Register]:
    """The next receipt of `register` and the register after it (a day opens if none is).

    Pure: the same register always plans the same receipt, so the number printed on a slip
    waiting for its print is the number recorded when the print is confirmed.
    """
    day_no, opened_at = register.day_no, register.day_opened_at
    if opened_at is None:
        day_no, opened_at = day_no + 1, at
    receipt = FiscalReceipt(
        register.serial,
        register.last_receipt_no + 1,
        day_no,
        kind,
        amount,
        at,
        register.terminal,
        cashier,
        slip_number,
    )
    after = dataclasses.replace(
        register, last_receipt_no=receipt.number, day_no=day_no, day_opened_at=opened_at
    )
    return receipt, after


def record_receipt(uow: UnitOfWork, receipt: FiscalReceipt, after: Register) -> None:
    """Record a receipt and its register's counters as `next_receipt` planned them."""
    uow.fiscal.save_register(after)
    uow.fiscal.add_receipt(receipt)


def issue_receipt(
    uow: UnitOfWork,
    terminal: str,
    kind: ReceiptKind,
    amount: Decimal,
    at: datetime,
    cashier: str,
    slip_number: str | None,
    *,
    printed: bool = False,
) -> FiscalReceipt:
    """Number and record a receipt in the open unit of work; `printed` for one that is
    printed before this transaction commits (a failed print rolls it back).

    Raises:
        RegisterNotSet, PendingSlip, UnprintedReceipts.
    """
    register = register_for(uow, terminal)
    require_idle(uow, register)
    receipt, after = next_receipt(register, kind, amount, at, cashier, slip_number)
    receipt = dataclasses.replace(receipt, printed=printed)
    record_receipt(uow, receipt, after)
    return receipt


def day_report(
    uow: UnitOfWork, terminal: str, at: datetime, cashier: str, *, closing: bool
) -> DayReport:
    """The X report, or with `closing` the Z report that closes the fiscal day.

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
        uow.audit.head(),
    )
    if closing:
        uow.fiscal.save_register(dataclasses.replace(register, day_opened_at=None))
        uow.fiscal.add_day_report(report)
    return report
