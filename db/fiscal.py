"""Cash registers, their receipts and Z reports: the pos.core.ports FiscalRepository."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Row,
    Select,
    Table,
    and_,
    bindparam,
    case,
    exists,
    or_,
    select,
    update,
)
from sqlalchemy.orm import Session

from db.pipeline import defer
from db.statements import SLIP_ID_OF_NUMBER, inserting, read, run
from db.tables import (
    FiscalDayRow,
    FiscalReceiptRow,
    FiscalRegisterRow,
    PendingPayoutRow,
    ShiftRow,
    SlipRow,
    TerminalRow,
)
from pos.betting.slips import SlipStatus
from pos.core.audit import ChainHead
from pos.core.errors import ConcurrentChange
from pos.till.day_reports import DayReport, FiscalTotals
from pos.till.fiscal import FiscalReceipt, GrandTotals, ReceiptKind, Register

_INSERT_RECEIPT = inserting(FiscalReceiptRow, slip_id=SLIP_ID_OF_NUMBER)
_REGISTERS = cast(Table, FiscalRegisterRow.__table__)
_REGISTER = select(_REGISTERS).where(_REGISTERS.c.serial == bindparam("serial"))
_REGISTER_FOR_UPDATE = _REGISTER.with_for_update()
# The serial set for a terminal, as a subquery: its register is read by the terminal's name.
_SERIAL_OF = (
    select(TerminalRow.register_serial)
    .where(TerminalRow.name == bindparam("terminal"))
    .scalar_subquery()
)
_REGISTER_AT = select(_REGISTERS).where(_REGISTERS.c.serial == _SERIAL_OF).with_for_update()
_REGISTER_VALUES: dict[str, object] = {
    name: bindparam(name)
    for name in (
        "terminal",
        "last_receipt_no",
        "day_no",
        "day_opened_at",
        "grand_income",
        "grand_returns",
        "grand_expenses",
    )
}
_SAVE_REGISTER = (
    update(_REGISTERS).where(_REGISTERS.c.serial == bindparam("at_serial")).values(_REGISTER_VALUES)
)
_ADVANCE_REGISTER = _SAVE_REGISTER.where(_REGISTERS.c.last_receipt_no == bindparam("was"))
_INSERT_REGISTER = inserting(FiscalRegisterRow)
_RECEIPTS = select(cast(Table, FiscalReceiptRow.__table__), SlipRow.number.label("slip")).outerjoin(
    SlipRow, FiscalReceiptRow.slip_id == SlipRow.id
)
_UNPRINTED = _RECEIPTS.where(
    FiscalReceiptRow.register_serial == bindparam("serial"),
    FiscalReceiptRow.printed.is_(False),
    FiscalReceiptRow.spoiled.is_(None),
).order_by(FiscalReceiptRow.number)


_ANYTHING_WAITING = select(
    exists().where(
        SlipRow.terminal == bindparam("terminal"), SlipRow.status == SlipStatus.PENDING.value
    )
    | exists().where(PendingPayoutRow.terminal == bindparam("terminal"))
    | exists().where(
        FiscalReceiptRow.register_serial == _SERIAL_OF,
        FiscalReceiptRow.printed.is_(False),
        FiscalReceiptRow.spoiled.is_(None),
    )
)


class SqlFiscalRepository:
    """Cash registers, their numbered receipts and the days their Z reports closed."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def register(self, serial: str, *, for_update: bool = False) -> Register | None:
        """The register's counters; `for_update` locks its row until the transaction ends."""
        query = _REGISTER_FOR_UPDATE if for_update else _REGISTER
        return _register(read(self._session, query, {"serial": serial}).first())

    def register_at(self, terminal: str) -> Register | None:
        """The register whose serial is set for `terminal`, locked until the transaction
        ends (None: no serial set, or the register not used yet)."""
        return _register(read(self._session, _REGISTER_AT, {"terminal": terminal}).first())

    def save_register(self, register: Register, *, was: int | None = None) -> bool:
        """Store the register's counters (created at its first use); with `was`, only if its
        last receipt number is still `was` — False when it is not."""
        values = _register_values(register)
        if was is not None:
            moved = run(
                self._session,
                _ADVANCE_REGISTER,
                {**values, "at_serial": register.serial, "was": was},
            )
            return bool(moved.rowcount == 1)
        saved = run(self._session, _SAVE_REGISTER, {**values, "at_serial": register.serial})
        if saved.rowcount == 0:
            run(self._session, _INSERT_REGISTER, {**values, "serial": register.serial})
        return True

    def advance_register(self, register: Register, *, was: int) -> None:
        """Store the register's counters if its last receipt number is still `was`, sent
        with the transaction's next round trip (db.pipeline); else ConcurrentChange."""
        values = {**_register_values(register), "at_serial": register.serial, "was": was}
        defer(self._session, _ADVANCE_REGISTER, values, refusal=ConcurrentChange())

    def add_receipt(self, receipt: FiscalReceipt) -> None:
        """Record a numbered receipt."""
        defer(
            self._session,
            _INSERT_RECEIPT,
            {
                "register_serial": receipt.register_serial,
                "number": receipt.number,
                "day_no": receipt.day_no,
                "kind": receipt.kind.value,
                "amount": receipt.amount,
                "at": receipt.at,
                "terminal": receipt.terminal,
                "cashier": receipt.cashier,
                "slip_number": receipt.slip_number,
                "account_number": receipt.account_number,
                "printed": receipt.printed,
                "register_number": receipt.register_number,
                "spoiled": receipt.spoiled,
                "in_doubt": receipt.in_doubt,
            },
        )

    def receipt(self, serial: str, number: int) -> FiscalReceipt | None:
        """One receipt by its register and number."""
        found = self._receipts(
            and_(FiscalReceiptRow.register_serial == serial, FiscalReceiptRow.number == number)
        )
        return found[0] if found else None

    def mark_printed(self, serial: str, number: int) -> None:
        """Record that the printer took the receipt."""
        self._session.execute(
            update(FiscalReceiptRow)
            .where(FiscalReceiptRow.register_serial == serial, FiscalReceiptRow.number == number)
            .values(printed=True, in_doubt=False)
        )

    def mark_in_doubt(self, serial: str, number: int, in_doubt: bool) -> None:
        """Record that the receipt was sent and its job broke (or that this was answered)."""
        self._session.execute(
            update(FiscalReceiptRow)
            .where(FiscalReceiptRow.register_serial == serial, FiscalReceiptRow.number == number)
            .values(in_doubt=in_doubt)
        )

    def mark_spoiled(self, serial: str, number: int, reason: str) -> None:
        """Record the receipt as spoiled: it stands for nothing (it may be on paper)."""
        self._session.execute(
            update(FiscalReceiptRow)
            .where(FiscalReceiptRow.register_serial == serial, FiscalReceiptRow.number == number)
            .values(spoiled=reason, in_doubt=False, printed=False)
        )

    def unprinted(self, serial: str) -> list[FiscalReceipt]:
        """The register's receipts that have not come out yet (nor were spoiled), in order."""
        return self._receipt_rows(_UNPRINTED, {"serial": serial})

    def anything_waiting(self, terminal: str) -> bool:
        """Whether a slip or payout of `terminal` waits for its print, or a receipt of the
        register set for it is unprinted (pos.till.fiscal.require_idle)."""
        values = {"terminal": terminal}
        return bool(read(self._session, _ANYTHING_WAITING, values).scalar())

    def day_receipts(self, serial: str, day_no: int) -> list[FiscalReceipt]:
        """The receipts of one fiscal day, in number order."""
        return self._receipts(
            and_(FiscalReceiptRow.register_serial == serial, FiscalReceiptRow.day_no == day_no)
        )

    def add_day_report(self, report: DayReport) -> None:
        """Record the Z report that closed a day."""
        totals = report.totals
        self._session.add(
            FiscalDayRow(
                register_serial=report.register_serial,
                day_no=report.day_no,
                terminal=report.terminal,
                opened_at=report.opened_at,
                closed_at=report.at,
                cashier=report.cashier,
                income_count=totals.income_count,
                income=totals.income,
                return_count=totals.return_count,
                returns=totals.returns,
                expense_count=totals.expense_count,
                expenses=totals.expenses,
                first_no=totals.first_no,
                last_no=totals.last_no,
                register_number=report.register_number,
                spoiled_count=totals.spoiled_count,
                spoiled=totals.spoiled,
                grand_income=report.grand.income,
                grand_returns=report.grand.returns,
                grand_expenses=report.grand.expenses,
                chain_seq=None if report.chain_head is None else report.chain_head.seq,
                chain_hash=None if report.chain_head is None else report.chain_head.hash,
            )
        )

    def last_day_report(self, serial: str) -> DayReport | None:
        """The Z report of the register's last closed day, if any."""
        row = self._session.scalars(
            select(FiscalDayRow)
            .where(FiscalDayRow.register_serial == serial)
            .order_by(FiscalDayRow.day_no.desc())
            .limit(1)
        ).first()
        if row is None:
            return None
        # The players' accounts' part of the day (issue 34) is read from its receipts, which
        # are never changed once the day is closed; the stored figures stay the report's.
        accounts = FiscalTotals.of(self.day_receipts(serial, row.day_no))
        totals = FiscalTotals(
            row.income_count,
            row.income,
            row.return_count,
            row.returns,
            row.expense_count,
            row.expenses,
            row.first_no,
            row.last_no,
            row.spoiled_count,
            row.spoiled,
            accounts.deposit_count,
            accounts.deposits,
            accounts.withdrawal_count,
            accounts.withdrawals,
        )
        cash_shift, shift_closed = self._cash_shift_at(row.terminal, row.closed_at)
        return DayReport(
            row.register_serial,
            row.terminal,
            row.day_no,
            row.opened_at,
            row.closed_at,
            row.cashier,
            totals,
            closing=True,
            chain_head=(
                None
                if row.chain_seq is None or row.chain_hash is None
                else ChainHead(row.chain_seq, row.chain_hash)
            ),
            grand=GrandTotals(row.grand_income, row.grand_returns, row.grand_expenses),
            register_number=row.register_number,
            cash_shift=cash_shift,
            cash_shift_closed=shift_closed,
        )

    def _cash_shift_at(self, terminal: str, at: datetime) -> tuple[int | None, bool]:
        """The terminal's cash shift open at a Z report's moment, and whether it closed with
        the report (closing a shift makes its Z at the same moment), for the Z's copy."""
        found = self._session.execute(
            select(ShiftRow.id, ShiftRow.closed_at)
            .where(
                ShiftRow.terminal == terminal,
                ShiftRow.opened_at <= at,
                or_(ShiftRow.closed_at.is_(None), ShiftRow.closed_at >= at),
            )
            # The one closed with the report first, should the next one open that moment.
            .order_by(
                case((ShiftRow.closed_at == at, 0), else_=1),
                ShiftRow.opened_at.desc(),
                ShiftRow.id.desc(),
            )
            .limit(1)
        ).first()
        if found is None:
            return None, False
        return found.id, found.closed_at == at

    def _receipts(self, condition: ColumnElement[bool]) -> list[FiscalReceipt]:
        return self._receipt_rows(_RECEIPTS.where(condition).order_by(FiscalReceiptRow.number), {})

    def _receipt_rows(self, query: Select[Any], params: dict[str, object]) -> list[FiscalReceipt]:
        rows = run(self._session, query, params)
        return [
            FiscalReceipt(
                row.register_serial,
                row.number,
                row.day_no,
                ReceiptKind(row.kind),
                row.amount,
                row.at,
                row.terminal,
                row.cashier,
                row.slip,
                row.printed,
                row.spoiled,
                row.in_doubt,
                row.register_number,
                account_number=row.account_number,
            )
            for row in rows
        ]


def _register_values(register: Register) -> dict[str, object]:
    return {
        "terminal": register.terminal,
        "last_receipt_no": register.last_receipt_no,
        "day_no": register.day_no,
        "day_opened_at": register.day_opened_at,
        "grand_income": register.grand.income,
        "grand_returns": register.grand.returns,
        "grand_expenses": register.grand.expenses,
    }


def _register(row: Row[Any] | None) -> Register | None:
    if row is None:
        return None
    grand = GrandTotals(row.grand_income, row.grand_returns, row.grand_expenses)
    return Register(
        row.serial, row.terminal, row.last_receipt_no, row.day_no, row.day_opened_at, grand
    )
