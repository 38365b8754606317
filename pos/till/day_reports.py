"""The fiscal day's reports: X (so far) and Z (closing the day), with the register's totals."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos.core.audit import ChainHead
from pos.core.ports import UnitOfWork
from pos.skks.reconcile import Reconciliation
from pos.till.cashless import CashlessTotals
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


class Operation(enum.StrEnum):
    """What a receipt was for, as the X and Z reports and the shift's totals count it apart
    (issue 34): a player account's money is no betting turnover."""

    STAKES = "stakes"  # stakes taken in cash (a «ПРИХОД» receipt of a slip)
    RETURNS = "returns"  # stakes returned within the window («ВОЗВРАТ ПРИХОДА»)
    PAYOUTS = "payouts"  # slips paid out: wins and stakes paid back («РАСХОД» of a slip)
    CASHOUTS = "cashouts"  # open slips bought back by the shop (a «РАСХОД» too, issue 38)
    DEPOSITS = "deposits"  # cash paid onto a player's account («ПРИХОД» of an account)
    WITHDRAWALS = "withdrawals"  # cash paid out of a player's account («РАСХОД» of an account)


OPERATION_WORDS = {
    Operation.STAKES: "Ставки наличными",
    Operation.RETURNS: "Возвраты ставок",
    Operation.PAYOUTS: "Выплаты по купонам",
    Operation.CASHOUTS: "Выкуп ставок",
    Operation.DEPOSITS: "Пополнения счетов",
    Operation.WITHDRAWALS: "Выплаты со счетов",
}


@dataclass(frozen=True)
class OperationTotal:
    """How many receipts of one operation and their sum."""

    operation: Operation
    count: int
    amount: Decimal


@dataclass(frozen=True)
class FiscalTotals:
    """Counts and sums of a fiscal day's receipts by kind; of the income and the expense,
    what moved players' accounts (issue 34)."""

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
    deposit_count: int = 0  # of the income: cash paid onto players' accounts
    deposits: Decimal = ZERO
    withdrawal_count: int = 0  # of the expense: cash paid out of players' accounts
    withdrawals: Decimal = ZERO
    cashout_count: int = 0  # of the expense: slips bought back (issue 38), not wins paid
    cashouts: Decimal = ZERO

    @property
    def cash(self) -> Decimal:
        """What the day put into the drawer: income − returns − payouts."""
        return self.income - self.returns - self.expenses

    @property
    def count(self) -> int:
        return self.income_count + self.return_count + self.expense_count

    @property
    def stakes(self) -> Decimal:
        """The stakes taken in cash: the income less the deposits."""
        return self.income - self.deposits

    @property
    def payouts(self) -> Decimal:
        """The slips paid out: the expense less the withdrawals and the buy-backs."""
        return self.expenses - self.withdrawals - self.cashouts

    def by_operation(self) -> tuple[OperationTotal, ...]:
        """Each operation's count and sum, in the order the reports print them; the slips
        bought back only on a day that had some (a shop without cash-out never sees it)."""
        bought = OperationTotal(Operation.CASHOUTS, self.cashout_count, self.cashouts)
        return (
            OperationTotal(Operation.STAKES, self.income_count - self.deposit_count, self.stakes),
            OperationTotal(Operation.RETURNS, self.return_count, self.returns),
            OperationTotal(Operation.PAYOUTS, self._payout_count, self.payouts),
            *((bought,) if self.cashout_count else ()),
            OperationTotal(Operation.DEPOSITS, self.deposit_count, self.deposits),
            OperationTotal(Operation.WITHDRAWALS, self.withdrawal_count, self.withdrawals),
        )

    @property
    def _payout_count(self) -> int:
        return self.expense_count - self.withdrawal_count - self.cashout_count

    @classmethod
    def of(cls, receipts: Iterable[FiscalReceipt]) -> FiscalTotals:
        """The totals of these receipts."""
        counts = dict.fromkeys(ReceiptKind, 0)
        sums = dict.fromkeys(ReceiptKind, ZERO)
        accounts = dict.fromkeys(ReceiptKind, 0)
        account_sums = dict.fromkeys(ReceiptKind, ZERO)
        numbers: list[int] = []
        spoiled_count, spoiled = 0, ZERO
        for receipt in receipts:
            numbers.append(receipt.number)
            if receipt.spoiled is not None:
                spoiled_count, spoiled = spoiled_count + 1, spoiled + receipt.amount
                continue
            counts[receipt.kind] += 1
            sums[receipt.kind] += receipt.amount
            if receipt.account_number is not None:
                accounts[receipt.kind] += 1
                account_sums[receipt.kind] += receipt.amount
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
            accounts[ReceiptKind.INCOME],
            account_sums[ReceiptKind.INCOME],
            accounts[ReceiptKind.EXPENSE],
            account_sums[ReceiptKind.EXPENSE],
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
    # The terminal's cash shift when the report was made, and whether the report came with its
    # closing: a Z closes the register's day, the cash shift only at «Закрыть смену» (issue 34).
    cash_shift: int | None = None
    cash_shift_closed: bool = False
    # The closed shift's totals compared with the СККС controller's (issue 35), on a Z.
    skks: Reconciliation | None = None
    # What moved players' accounts without cash at this terminal in the day (issue 37, p.7):
    # no receipt, so in none of the totals above; printed on lines of its own.
    cashless: CashlessTotals = CashlessTotals()  # noqa: RUF009 - frozen

    @property
    def title(self) -> str:
        return "Z-ОТЧЁТ" if self.closing else "X-ОТЧЁТ"


def day_report(
    uow: UnitOfWork,
    terminal: str,
    office: str,
    at: datetime,
    cashier: str,
    *,
    closing: bool,
    closes_shift: int | None = None,
) -> DayReport:
    """The X report, or with `closing` the Z report that closes the fiscal day; it carries
    the head of the audit chain of the terminal's `office`, and the terminal's open cash
    shift, or `closes_shift`, the one closed with it.

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
        _with_cashouts(uow, terminal, register.day_opened_at, at, FiscalTotals.of(receipts)),
        closing,
        uow.audit.head(office),
        register.grand,
        register.number,
        *_cash_shift(uow, terminal, closes_shift),
        cashless=cashless(uow, terminal, register.day_opened_at, at),
    )
    if closing:
        uow.fiscal.save_register(dataclasses.replace(register, day_opened_at=None))
        uow.fiscal.add_day_report(report)
    return report


def cashless(
    uow: UnitOfWork, terminal: str, opened_at: datetime | None, at: datetime
) -> CashlessTotals:
    """The day's transfers onto and off players' accounts made at the terminal, from the
    day's opening to `at` (issue 37); nothing for a day never opened."""
    if opened_at is None:
        return CashlessTotals()
    return uow.transfers.totals(opened_at, at, terminal=terminal)


def _with_cashouts(
    uow: UnitOfWork, terminal: str, opened_at: datetime | None, at: datetime, totals: FiscalTotals
) -> FiscalTotals:
    """Of the day's expense, the slips bought back at the terminal, counted apart (issue 38)."""
    if opened_at is None:
        return totals
    count, amount = uow.cashouts.paid(terminal, opened_at, at)
    return dataclasses.replace(totals, cashout_count=count, cashouts=amount)


def _cash_shift(uow: UnitOfWork, terminal: str, closes: int | None) -> tuple[int | None, bool]:
    """The cash shift a report names, and whether it closed with the report."""
    if closes is not None:
        return closes, True
    shift = uow.shifts.open_for(terminal)
    return (None if shift is None else shift.id), False
