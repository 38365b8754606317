"""Payouts waiting for their receipt's print: the pos.core.ports PendingPayoutRepository.

Every statement is Core, run on the session's connection (db.statements.run): a payout
writes and deletes this row in its two transactions, and nothing holds it as an ORM object.
"""

from __future__ import annotations

from typing import cast

from sqlalchemy import Row, Table, bindparam, delete, func, or_, select
from sqlalchemy.orm import Session

from db.pipeline import defer
from db.statements import SLIP_ID_OF_NUMBER, inserting, read, run_built
from db.tables import PendingPayoutRow, SlipRow
from pos.payouts.rules import PendingPayout

_PENDING = cast(Table, PendingPayoutRow.__table__)
# A slip's payout by its slip's number, an account's withdrawal by the account's.
_NUMBER = func.coalesce(SlipRow.number, _PENDING.c.account_number)
_ROWS = select(_PENDING, _NUMBER.label("slip_number")).outerjoin(
    SlipRow, _PENDING.c.slip_id == SlipRow.id
)
_FOR_TERMINAL = _ROWS.where(_PENDING.c.terminal == bindparam("terminal")).limit(1)
_FOR_SLIP = _ROWS.where(
    or_(SlipRow.number == bindparam("number"), _PENDING.c.account_number == bindparam("number"))
)
_FOR_SLIP_FOR_UPDATE = _FOR_SLIP.with_for_update(of=_PENDING)
_INSERT = inserting(PendingPayoutRow, slip_id=SLIP_ID_OF_NUMBER)
_REMOVE = delete(_PENDING).where(
    or_(
        _PENDING.c.slip_id == SLIP_ID_OF_NUMBER,
        _PENDING.c.account_number == bindparam("slip_number"),
    )
)


class SqlPendingPayoutRepository:
    """At most one pending payout per slip (a unique slip id), looked up by terminal or slip."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def add(self, pending: PendingPayout) -> None:
        """Store a payout waiting for its print; a second one for the slip is refused (with
        the transaction's next round trip, db.pipeline)."""
        defer(
            self._session,
            _INSERT,
            {
                "slip_number": pending.slip_number,
                "slip_id": None,
                "account_number": pending.account_number,
                "terminal": pending.terminal,
                "cashier": pending.cashier,
                "at": pending.at,
                "amount": pending.amount,
                "register_serial": pending.register_serial,
                "receipt_no": pending.receipt_no,
                "player": pending.player,
                "document": pending.document,
                "office": pending.office,
            },
        )

    def for_terminal(self, terminal: str) -> PendingPayout | None:
        """The terminal's payout waiting for its print, if any."""
        found = run_built(self._session, _FOR_TERMINAL, {"terminal": terminal}).first()
        return None if found is None else _pending(found)

    def for_slip(self, slip_number: str, *, for_update: bool = False) -> PendingPayout | None:
        """The slip's payout waiting for its print, if any."""
        query = _FOR_SLIP_FOR_UPDATE if for_update else _FOR_SLIP
        found = read(self._session, query, {"number": slip_number}).first()
        return None if found is None else _pending(found)

    def remove(self, slip_number: str) -> bool:
        """Delete the slip's pending payout; False when there was none."""
        done = run_built(self._session, _REMOVE, {"slip_number": slip_number})
        return bool(done.rowcount == 1)


def _pending(row: Row[tuple[object, ...]]) -> PendingPayout:
    found = row._mapping
    return PendingPayout(
        slip_number=found["slip_number"],
        terminal=found["terminal"],
        cashier=found["cashier"],
        at=found["at"],
        amount=found["amount"],
        register_serial=found["register_serial"],
        receipt_no=found["receipt_no"],
        player=found["player"],
        document=found["document"],
        office=found["office"],
        account_number=found["account_number"],
    )
