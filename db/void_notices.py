"""The void notices of spoiled receipts: the pos.core.ports VoidNoticeRepository (issue 34)."""

from __future__ import annotations

from datetime import datetime
from typing import cast

from sqlalchemy import Table, bindparam, exists, insert, select
from sqlalchemy.orm import Session

from db.statements import run
from db.tables import FiscalReceiptRow, SlipRow, TerminalRow, VoidNoticeRow
from db.types import UTCDateTime
from pos.betting.slips import SlipStatus
from pos.till.fiscal import ReceiptKind
from pos.till.void_notices import VoidNotice

_SERIAL_OF = (
    select(TerminalRow.register_serial)
    .where(TerminalRow.name == bindparam("terminal"))
    .scalar_subquery()
)
_NOTICED = exists().where(VoidNoticeRow.receipt_id == FiscalReceiptRow.id)
_PENDING = (
    select(
        cast(Table, FiscalReceiptRow.__table__),
        SlipRow.number.label("slip"),
        SlipRow.status.label("slip_status"),
    )
    .outerjoin(SlipRow, FiscalReceiptRow.slip_id == SlipRow.id)
    .where(
        FiscalReceiptRow.register_serial == _SERIAL_OF,
        FiscalReceiptRow.spoiled.is_not(None),
        ~_NOTICED,
    )
    .order_by(FiscalReceiptRow.number)
)
_RECEIPT = select(FiscalReceiptRow.id, bindparam("at", type_=UTCDateTime())).where(
    FiscalReceiptRow.register_serial == bindparam("serial"),
    FiscalReceiptRow.number == bindparam("number"),
    ~_NOTICED,
)
_MARK = insert(VoidNoticeRow).from_select(["receipt_id", "printed_at"], _RECEIPT)


class SqlVoidNoticeRepository:
    """Which spoiled receipts still wait for their void notice, and recording one printed."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def pending(self, terminal: str) -> list[VoidNotice]:
        """The spoiled receipts of the register set for `terminal` without a printed notice,
        in number order, each with its slip and whether the slip was voided."""
        rows = run(self._session, _PENDING, {"terminal": terminal})
        return [
            VoidNotice(
                register_serial=row.register_serial,
                receipt_no=row.number,
                kind=ReceiptKind(row.kind),
                amount=row.amount,
                at=row.at,
                cashier=row.cashier,
                reason=row.spoiled,
                slip_number=row.slip,
                slip_voided=row.slip_status == SlipStatus.VOID.value,
                account_number=row.account_number,
            )
            for row in rows
        ]

    def mark_printed(self, serial: str, number: int, at: datetime) -> None:
        """Record that the notice of receipt `number` came out; again is a no-op."""
        run(self._session, _MARK, {"serial": serial, "number": number, "at": at})
