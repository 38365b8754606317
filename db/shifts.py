"""Shifts in the database: the pos.core.ports ShiftRepository."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Row,
    Table,
    bindparam,
    delete,
    func,
    literal_column,
    select,
    type_coerce,
    update,
)
from sqlalchemy.orm import InstrumentedAttribute, Session

from db.pipeline import piped
from db.statements import read
from db.tables import CashMovementRow, CashTransferRow, SettlementRow, ShiftRow
from pos.till.shifts import CashKind, CashTransfer, Shift, ShiftState, ShiftTally, TransferKind

_SHIFTS = cast(Table, ShiftRow.__table__)
# "The shift is open", with 'open' written into the SQL, not bound: SQLite uses the partial
# index ix_shifts_one_open (WHERE state = 'open') for a bound value only by preparing the
# statement again at every execution (issue 34: 60 µs a read instead of 13 on the bench's
# database, three times a bet and a payout).
IS_OPEN = _SHIFTS.c.state == literal_column("'open'")
# Read as a Core row (db.statements.run): every sale and payout reads the open shift.
_OPEN = select(_SHIFTS).where(_SHIFTS.c.terminal == bindparam("terminal"), IS_OPEN)
_OPEN_FOR_UPDATE = _OPEN.with_for_update()


class SqlShiftRepository:
    """Shifts, their cash transfers, and the sums of the cash their slips moved."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def open_for(self, terminal: str, *, for_update: bool = False) -> Shift | None:
        """The terminal's open shift, if any (locked for the transaction with `for_update`)."""
        query = _OPEN_FOR_UPDATE if for_update else _OPEN
        row = read(self._session, query, {"terminal": terminal}).first()
        return None if row is None else shift_of(row)

    def hold_open(self, terminal: str) -> None:
        """Lock the terminal's open shift for the transaction, reading nothing from it. On
        SQLite BEGIN IMMEDIATE already holds every writer off: nothing is sent (issue 34)."""
        if piped(self._session):
            read(self._session, _OPEN_FOR_UPDATE, {"terminal": terminal})

    def add(self, shift: Shift) -> Shift:
        """Store a newly opened shift (the partial unique index refuses a second open one)."""
        row = ShiftRow(
            terminal=shift.terminal,
            office=shift.office,
            state=shift.state.value,
            opened_at=shift.opened_at,
            opened_by=shift.opened_by,
            opening_cash=shift.opening_cash,
            drawer=shift.opening_cash,
        )
        self._session.add(row)
        self._session.flush()
        return shift_of(row)

    def close(self, shift: Shift) -> None:
        """Record the closing of an open shift."""
        self._session.execute(
            update(ShiftRow)
            .where(ShiftRow.id == shift.id, ShiftRow.state == "open")
            .values(
                state=ShiftState.CLOSED.value,
                closed_at=shift.closed_at,
                closed_by=shift.closed_by,
                counted=shift.counted,
                expected=shift.expected,
            )
        )

    def remove(self, shift_id: int) -> None:
        """Delete an open shift nothing was done in: its opening undone (issue 35)."""
        self._session.execute(
            delete(ShiftRow).where(ShiftRow.id == shift_id, ShiftRow.state == "open")
        )

    def add_transfer(self, transfer: CashTransfer) -> int:
        """Record cash in or out; returns its id."""
        row = CashTransferRow(
            shift_id=transfer.shift_id,
            at=transfer.at,
            cashier=transfer.cashier,
            kind=transfer.kind.value,
            amount=transfer.amount,
            reason=transfer.reason,
        )
        self._session.add(row)
        self._move_drawer(transfer.shift_id, transfer.kind, transfer.amount)
        self._session.flush()
        return row.id

    def remove_transfer(self, transfer_id: int) -> None:
        """Undo cash in or out: its row deleted, the drawer as before (issue 35)."""
        row = self._session.get(CashTransferRow, transfer_id)
        if row is None:
            return
        self._move_drawer(row.shift_id, TransferKind(row.kind), -row.amount)
        self._session.delete(row)
        self._session.flush()

    def _move_drawer(self, shift_id: int, kind: TransferKind, amount: Decimal) -> None:
        inward = kind is TransferKind.CASH_IN
        self._session.execute(
            update(ShiftRow)
            .where(ShiftRow.id == shift_id)
            .values(drawer=ShiftRow.drawer + (amount if inward else -amount))
        )

    def transfers(self, shift_id: int) -> list[tuple[TransferKind, Decimal]]:
        """The shift's cash in and out, summed by kind."""
        rows = self._session.execute(
            select(CashTransferRow.kind, kopecks(CashTransferRow.amount))
            .where(CashTransferRow.shift_id == shift_id)
            .group_by(CashTransferRow.kind)
        )
        return [(TransferKind(kind), roubles(total)) for kind, total in rows]

    def movements(self, terminal: str, since: datetime) -> list[tuple[CashKind, Decimal]]:
        """The cash the terminal's slips moved since `since`, summed by kind (signed)."""
        rows = self._session.execute(
            select(CashMovementRow.kind, kopecks(CashMovementRow.amount))
            .where(CashMovementRow.terminal == terminal, CashMovementRow.at >= since)
            .group_by(CashMovementRow.kind)
        )
        return [(CashKind(kind), roubles(total)) for kind, total in rows]

    def tallies(self, shift: Shift) -> list[ShiftTally]:
        """The shift's operations counted one by one and summed by kind, a void slip's stake
        paid back apart from wins (the СККС's shift totals, issue 35)."""
        refund = func.coalesce(SettlementRow.status == "refund", False)
        moved = self._session.execute(
            select(CashMovementRow.kind, refund, func.count(), kopecks(CashMovementRow.amount))
            .outerjoin(SettlementRow, SettlementRow.slip_id == CashMovementRow.slip_id)
            .where(
                CashMovementRow.terminal == shift.terminal, CashMovementRow.at >= shift.opened_at
            )
            .group_by(CashMovementRow.kind, refund)
        )
        tallies = [
            ShiftTally(CashKind(kind), count, abs(roubles(total)), bool(back))
            for kind, back, count, total in moved
        ]
        transferred = self._session.execute(
            select(CashTransferRow.kind, func.count(), kopecks(CashTransferRow.amount))
            .where(CashTransferRow.shift_id == shift.id)
            .group_by(CashTransferRow.kind)
        )
        tallies += [
            ShiftTally(TransferKind(kind), count, roubles(total))
            for kind, count, total in transferred
        ]
        return tallies


def kopecks(column: ColumnElement[Decimal] | InstrumentedAttribute[Decimal]) -> ColumnElement[int]:
    """The sum of a kopecks column as the integer kopecks stored (not read back as roubles)."""
    return func.sum(type_coerce(column, BigInteger))


def roubles(total: int | None) -> Decimal:
    """Summed kopecks (None: nothing to sum) as roubles."""
    return Decimal(int(total or 0)).scaleb(-2)


def shift_of(row: ShiftRow | Row[Any]) -> Shift:
    return Shift(
        id=row.id,
        terminal=row.terminal,
        opened_at=row.opened_at,
        opened_by=row.opened_by,
        opening_cash=row.opening_cash,
        state=ShiftState(row.state),
        closed_at=row.closed_at,
        closed_by=row.closed_by,
        counted=row.counted,
        expected=row.expected,
        drawer=row.drawer,
        office=row.office,
    )
