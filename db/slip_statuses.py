"""How a slip's status is stored, and the guarded update of each move of its life.

A slip settled as won, lost or refund keeps the status 'open' in its row and has a row in
`settlements`: settlement writes a million of them at once (db/results.py). Each status the
rules name (pos.betting.slips.SlipStatus) is therefore a condition on the two tables, and
each move (pos.betting.slips.LIFE) an UPDATE guarded by the conditions it starts from.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from sqlalchemy import BindParameter, ColumnElement, Update, bindparam, exists, or_, update

from db.tables import SettlementRow, SlipRow
from pos.betting.slips import LIFE, Move, SlipStatus

_JUDGED = (SlipStatus.WON, SlipStatus.LOST, SlipStatus.REFUND)
# The stored statuses whose row may have a settlement: a settled slip's ('open') and a paid
# one's (paid after it won). A waiting, void or cancelled slip was never settled.
MAY_BE_SETTLED = frozenset({SlipStatus.OPEN.value, SlipStatus.PAID.value})
# The columns a move writes besides the status (pos.betting.slips.Transition.changes).
_COLUMNS = {
    Move.ISSUE: ("fiscal_receipt_no",),
    Move.VOID: ("fiscal_receipt_no", "request_key"),
    Move.CANCEL: ("cancelled_at", "cancelled_by", "cancel_reason"),
}


def stored_in(statuses: frozenset[SlipStatus]) -> ColumnElement[bool]:
    """The condition on a slips row for a slip in one of `statuses`."""
    conditions: list[ColumnElement[bool]] = []
    plain = [s.value for s in statuses if s is not SlipStatus.OPEN and s not in _JUDGED]
    if plain:  # equalities, not IN: an IN list is expanded at execution (db.pipeline)
        conditions.append(or_(*(SlipRow.status == status for status in plain)))
    settled = SettlementRow.slip_id == SlipRow.id
    if SlipStatus.OPEN in statuses:
        conditions.append((SlipRow.status == SlipStatus.OPEN.value) & ~exists().where(settled))
    judged = [s.value for s in _JUDGED if s in statuses]
    if judged:
        verdicts = (
            settled
            if len(judged) == len(_JUDGED)
            else settled & or_(*(SettlementRow.status == verdict for verdict in judged))
        )
        conditions.append((SlipRow.status == SlipStatus.OPEN.value) & exists().where(verdicts))
    return or_(*conditions)


@cache
def moving(move: Move) -> Update:
    """The UPDATE storing `move` for the slip named by the `slip_number` parameter."""
    columns: dict[str, BindParameter[Any]] = {
        name: bindparam(name) for name in _COLUMNS.get(move, ())
    }
    return (
        update(SlipRow)
        .where(SlipRow.number == bindparam("slip_number"), stored_in(LIFE[move][0]))
        .values(status=bindparam("new_status"), **columns)
    )
