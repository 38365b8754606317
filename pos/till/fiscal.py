"""The fiscal register model: numbered receipts for stakes, returns and payouts; X and Z reports.

Each terminal's cash register is known by its factory serial (a terminal setting). Its receipt
counter has no gaps and no repeats: a number is taken only in the transaction that records
the receipt, from the register's row locked in that transaction; a slip waiting for its print
only *plans* the next number, and while it waits no other receipt can be made on that register
(pos.betting.counter). The fiscal day opens with the first receipt after a Z report and is closed by
the next Z report; the X report shows the open day's totals without closing it.

A number that went to a printer is never given to another operation (issue #15). When a job
broke after its bytes were sent (part of the receipt may be on paper, or all of it and the
printer lost its answer) the receipt is recorded as *spoiled* («чек аннулирован»: its number,
what it was for, why) and the operation takes the next number; a spoiled receipt counts for
nothing in the day's or the register's totals, and the X and Z reports count it. So the
numbers run 1..N with no gaps in the database and no number is on paper for two operations.
The register also keeps its grand totals since its first receipt (нарастающий итог), which
no Z report resets.

DESIGN.md "Payout" and notes/reliability.md §1.2: a stake is an income receipt ("приход"), a
stake returned in the 5-minute window a return receipt ("возврат прихода"), a payout an
expense receipt ("расход").
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos.core.errors import ConcurrentChange
from pos.core.ports import UnitOfWork
from pos.till.errors import (
    PendingPayoutWaiting,
    PendingSlip,
    ReceiptsInDoubt,
    RegisterNotSet,
    UnprintedReceipts,
)

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
ACCOUNT_ITEM_WORDS = {  # a receipt of a player's account (pos.accounts)
    ReceiptKind.INCOME: "Пополнение счёта игрока",
    ReceiptKind.EXPENSE: "Выплата со счёта игрока",
}


@dataclass(frozen=True)
class GrandTotals:
    """A register's totals since its first receipt (нарастающий итог): never reset."""

    income: Decimal = ZERO
    returns: Decimal = ZERO
    expenses: Decimal = ZERO

    @property
    def cash(self) -> Decimal:
        return self.income - self.returns - self.expenses

    def plus(self, kind: ReceiptKind, amount: Decimal) -> GrandTotals:
        """These totals with one more receipt of `kind`."""
        field = _GRAND_FIELDS[kind]
        return dataclasses.replace(self, **{field: getattr(self, field) + amount})


_GRAND_FIELDS = {
    ReceiptKind.INCOME: "income",
    ReceiptKind.RETURN: "returns",
    ReceiptKind.EXPENSE: "expenses",
}


@dataclass(frozen=True)
class Register:
    """A cash register's counters: the last receipt number, the fiscal day, the grand totals."""

    serial: str
    terminal: str
    last_receipt_no: int = 0
    day_no: int = 0  # the number of the last day opened; 0 before the first receipt
    day_opened_at: datetime | None = None  # None: no day open (after a Z report)
    grand: GrandTotals = GrandTotals()
    number: str = ""  # the registration number (a terminal setting, not a counter)

    @property
    def day_open(self) -> bool:
        return self.day_opened_at is not None


@dataclass(frozen=True)
class ReceiptRef:
    """The receipt another one refers to: a return receipt names the stake's (issue 16)."""

    number: int
    at: datetime


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
    spoiled: str | None = None  # why it was spoiled («чек аннулирован»); None: it stands
    # Sent by «Допечатать чеки» and the job broke: what came out is for the cashier to say.
    in_doubt: bool = False
    register_number: str = ""  # the register's registration number, as printed
    # A return receipt's stake receipt, printed on it; None for the others, and where a
    # receipt was read back without it.
    reverses: ReceiptRef | None = None
    # A deposit's or a withdrawal's player account (pos.accounts); None for a slip's.
    account_number: str | None = None

    @property
    def title(self) -> str:
        """ "ПРИХОД", "ВОЗВРАТ ПРИХОДА" or "РАСХОД"."""
        return RECEIPT_TITLES[self.kind]


def register_for(uow: UnitOfWork, terminal: str) -> Register:
    """This terminal's register, locked for the transaction (created at its first use).

    Raises:
        RegisterNotSet: the terminal has no register serial in the settings.
    """
    serial, number = uow.settings.register_of(terminal)
    if not serial:
        raise RegisterNotSet(terminal)
    found = uow.fiscal.register_at(terminal)
    if found is None or found.serial != serial:  # its first use, or the serial just changed
        found = uow.fiscal.register(serial, for_update=True)
    if found is not None and found.terminal == terminal:
        return dataclasses.replace(found, number=number)
    # Its first use here (or the register was moved from another terminal): the row is
    # written now so that every later transaction can lock it.
    register = (
        Register(serial, terminal, number=number)
        if found is None
        else dataclasses.replace(found, terminal=terminal, number=number)
    )
    uow.fiscal.save_register(register)
    return register


def register_reads(uow: UnitOfWork, terminal: str) -> tuple[Callable[[], object], ...]:
    """What `register_for` and then `require_idle` read at `terminal`, for
    UnitOfWork.read_ahead (the register's serial, its row locked, "nothing waits")."""
    return (
        lambda: uow.settings.register_of(terminal),
        lambda: uow.fiscal.register_at(terminal),
        lambda: uow.fiscal.anything_waiting(terminal),
    )


def require_idle(uow: UnitOfWork, register: Register) -> None:
    """Refuse a new fiscal operation while a slip waits for its print or a receipt is unprinted.

    A waiting slip holds the next receipt number; unprinted receipts must come out in order.

    Raises:
        PendingSlip, PendingPayoutWaiting, ReceiptsInDoubt, UnprintedReceipts.
    """
    if not uow.fiscal.anything_waiting(register.terminal):
        return  # the counter's usual answer, in one read; else which of them, below
    pending = uow.slips.pending(register.terminal)
    if pending is not None:
        raise PendingSlip(pending.number)
    payout = uow.pending_payouts.for_terminal(register.terminal)
    if payout is not None:
        raise PendingPayoutWaiting(payout.slip_number, payout.receipt_no)
    unprinted = uow.fiscal.unprinted(register.serial)
    doubtful = [receipt.number for receipt in unprinted if receipt.in_doubt]
    if doubtful:
        raise ReceiptsInDoubt(doubtful)
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
        register_number=register.number,
    )
    after = dataclasses.replace(
        register,
        last_receipt_no=receipt.number,
        day_no=day_no,
        day_opened_at=opened_at,
        grand=register.grand.plus(kind, amount),
    )
    return receipt, after


def spoil_planned(uow: UnitOfWork, planned: FiscalReceipt, reason: str) -> Register:
    """Record a receipt that was planned and sent to the printer, but stands for nothing.

    The register must still be where the receipt was planned from (nothing else numbers a
    receipt while a slip or a payout waits for its print).

    Returns:
        The register after it.

    Raises:
        ConcurrentChange: the register moved on since.
    """
    register = register_for(uow, planned.terminal)
    again, _ = next_receipt(
        register, planned.kind, planned.amount, planned.at, planned.cashier, planned.slip_number
    )
    again = dataclasses.replace(again, account_number=planned.account_number)
    if again.number != planned.number:
        raise ConcurrentChange()
    return record_spoiled(uow, again, register, reason)


def record_spoiled(
    uow: UnitOfWork, receipt: FiscalReceipt, register: Register, reason: str
) -> Register:
    """Record the next receipt of `register` as spoiled; it counts in no total.

    Returns:
        The register after it (its grand totals unchanged).
    """
    _, after = next_receipt(
        register, receipt.kind, receipt.amount, receipt.at, receipt.cashier, receipt.slip_number
    )
    after = dataclasses.replace(after, grand=register.grand)
    spoiled = dataclasses.replace(receipt, spoiled=_reason(reason), printed=False, in_doubt=False)
    record_receipt(uow, spoiled, after)
    return after


def spoil_and_renumber(
    uow: UnitOfWork, receipt: FiscalReceipt, reason: str, at: datetime
) -> FiscalReceipt:
    """Spoil a recorded receipt that may be on paper, and give its operation the next number.

    The replacement is recorded unprinted («Допечатать чеки» prints it); the register's
    grand totals already count the operation once.

    Returns:
        The replacement receipt.
    """
    register = register_for(uow, receipt.terminal)
    uow.fiscal.mark_spoiled(receipt.register_serial, receipt.number, _reason(reason))
    replacement, after = next_receipt(
        register, receipt.kind, receipt.amount, at, receipt.cashier, receipt.slip_number
    )
    replacement = dataclasses.replace(
        replacement, reverses=receipt.reverses, account_number=receipt.account_number
    )
    record_receipt(uow, replacement, dataclasses.replace(after, grand=register.grand))
    return replacement


def _reason(reason: str) -> str:
    return " ".join(reason.split())[:SPOILED_REASON] or "печать прервалась"


SPOILED_REASON = 200  # the column's length (db.tables)


def record_receipt(uow: UnitOfWork, receipt: FiscalReceipt, after: Register) -> None:
    """Record a receipt and its register's counters as `next_receipt` planned them.

    Raises:
        ConcurrentChange: the register's last number is no longer the one before the
            receipt's (it moved on since the receipt was planned).
    """
    uow.fiscal.advance_register(after, was=receipt.number - 1)
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
    reverses: ReceiptRef | None = None,
    account_number: str | None = None,
) -> FiscalReceipt:
    """Number and record a receipt to be printed after this transaction commits.

    It is recorded *in doubt*: a crash before it is marked printed leaves the cashier to
    say whether it came out, so that «Допечатать чеки» never prints a number twice.
    `reverses` is the stake receipt a return receipt reverses, printed on it;
    `account_number` the player account a deposit or a withdrawal moves.

    Raises:
        RegisterNotSet, PendingSlip, PendingPayoutWaiting, ReceiptsInDoubt,
        UnprintedReceipts.
    """
    register = register_for(uow, terminal)
    require_idle(uow, register)
    receipt, after = next_receipt(register, kind, amount, at, cashier, slip_number)
    receipt = dataclasses.replace(
        receipt, in_doubt=True, reverses=reverses, account_number=account_number
    )
    record_receipt(uow, receipt, after)
    return receipt
