"""Payouts waiting for their receipt's print: the pos.ports PendingPayoutRepository."""

from __future__ import annotations

from sqlalchemy import bindparam, delete, select
from sqlalchemy.orm import Session

from db.tables import PendingPayoutRow, SlipRow
from pos.payouts import PendingPayout

_ROWS = select(PendingPayoutRow, SlipRow.number).join(
    SlipRow, PendingPayoutRow.slip_id == SlipRow.id
)
_FOR_TERMINAL = _ROWS.where(PendingPayoutRow.terminal == bindparam("terminal")).limit(1)
_FOR_SLIP = _ROWS.where(SlipRow.number == bindparam("number"))
_FOR_SLIP_FOR_UPDATE = _FOR_SLIP.with_for_update(of=PendingPayoutRow)


class SqlPendingPayoutRepository:
    """At most one pending payout per slip (a unique slip id), looked up by terminal or slip."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def add(self, pending: PendingPayout) -> None:
        """Store a payout waiting for its print; a second one for the slip is refused."""
        slip_id = self._session.scalar(
            select(SlipRow.id).where(SlipRow.number == pending.slip_number)
        )
        self._session.add(
            PendingPayoutRow(
                slip_id=slip_id,
                terminal=pending.terminal,
                cashier=pending.cashier,
                at=pending.at,
                amount=pending.amount,
                register_serial=pending.register_serial,
                receipt_no=pending.receipt_no,
                player=pending.player,
                document=pending.document,
            )
        )
        self._session.flush()

    def for_terminal(self, terminal: str) -> PendingPayout | None:
        """The terminal's payout waiting for its print, if any."""
        found = self._session.execute(_FOR_TERMINAL, {"terminal": terminal}).first()
        return None if found is None else _pending(*found)

    def for_slip(self, slip_number: str, *, for_update: bool = False) -> PendingPayout | None:
        """The slip's payout waiting for its print, if any."""
        query = _FOR_SLIP_FOR_UPDATE if for_update else _FOR_SLIP
        found = self._session.execute(query, {"number": slip_number}).first()
        return None if found is None else _pending(*found)

    def remove(self, slip_number: str) -> bool:
        """Delete the slip's pending payout; False when there was none."""
        slip_id = select(SlipRow.id).where(SlipRow.number == slip_number).scalar_subquery()
        done = self._session.execute(
            delete(PendingPayoutRow).where(PendingPayoutRow.slip_id == slip_id)
        )
        return bool(done.rowcount == 1)  # type: ignore[attr-defined]


def _pending(row: PendingPayoutRow, slip_number: str) -> PendingPayout:
    return PendingPayout(
        slip_number=slip_number,
        terminal=row.terminal,
        cashier=row.cashier,
        at=row.at,
        amount=row.amount,
        register_serial=row.register_serial,
        receipt_no=row.receipt_no,
        player=row.player,
        document=row.document,
    )
