"""The СККС outbox: the pos.core.ports OutboxRepository (issue 35). A message's wire text is
written once, by the wire adapter (db.skks_wire), with the operation it reports."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Collection, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import and_, bindparam, func, insert, select, update
from sqlalchemy.orm import Session

from db.skks_wire import decode_totals, encode, encode_totals
from db.statements import run, run_built
from db.tables import SkksMessageRow
from db.types import UTCDateTime
from pos.skks.messages import Kind, Message, OutboxState, Queued, Refusal, message_id
from pos.skks.reconcile import Reconciliation, Total

_ROW = SkksMessageRow
_NEXT = select(func.coalesce(func.max(_ROW.sequence), 0) + 1).where(
    _ROW.terminal == bindparam("terminal")
)
_ADD = insert(_ROW)
_UNANSWERED_YET = dict.fromkeys(("answered_at", "registration", "error", "reason", "totals"))
_UNANSWERED = and_(_ROW.terminal == bindparam("terminal"), _ROW.answered_at.is_(None))
_UNSENT = (
    select(_ROW.terminal, _ROW.sequence, _ROW.kind, _ROW.written_at, _ROW.body)
    .where(_UNANSWERED, _ROW.sequence <= bindparam("upto"))
    .order_by(_ROW.sequence)
    .limit(bindparam("limit"))
)
_ANSWER = (
    update(_ROW)
    .where(
        _ROW.terminal == bindparam("b_terminal"),
        _ROW.sequence == bindparam("b_sequence"),
        _ROW.answered_at.is_(None),
    )
    .values(
        answered_at=bindparam("b_at", type_=UTCDateTime()),
        registration=bindparam("b_registration"),
        error=bindparam("b_error"),
        reason=bindparam("b_reason"),
        totals=bindparam("b_totals"),
    )
)
_STATE = select(func.count(), func.min(_ROW.written_at)).where(_UNANSWERED)
_REFUSED = (
    select(_ROW)
    .where(_ROW.error.is_not(None))
    .order_by(_ROW.answered_at.desc(), _ROW.terminal, _ROW.sequence.desc())
    .limit(bindparam("limit"))
)
_REGISTERED_OF = select(_ROW.registration).where(
    _ROW.terminal == bindparam("terminal"), _ROW.sequence == bindparam("sequence")
)
_LATEST_OF = (
    select(_ROW.terminal, _ROW.sequence, _ROW.error)
    .where(_ROW.subject == bindparam("subject"), _ROW.kind.in_(bindparam("kinds", expanding=True)))
    .order_by(_ROW.written_at.desc(), _ROW.sequence.desc())
    .limit(1)
)
_SHIFT_TOTALS = (
    select(_ROW)
    .where(_ROW.kind == Kind.SHIFT_TOTALS.value)
    .order_by(_ROW.written_at.desc(), _ROW.sequence.desc())
    .limit(bindparam("limit"))
)
_SHIFT_TOTALS_OF = select(_ROW).where(
    _ROW.kind == Kind.SHIFT_TOTALS.value, _ROW.subject == bindparam("subject")
)
_LAST = 2**31 - 1


class SqlOutboxRepository:
    """The messages of every terminal, each answered once."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def add(self, message: Message) -> Message:
        """Number the message in its terminal's order and write its wire text."""
        sequence = run_built(self._session, _NEXT, {"terminal": message.terminal}).scalar_one()
        numbered = dataclasses.replace(message, sequence=int(sequence))
        run_built(
            self._session,
            _ADD,
            {
                "terminal": message.terminal,
                "sequence": numbered.sequence,
                "office": message.office,
                "kind": message.kind.value,
                "subject": message.subject[:40],
                "written_at": message.at,
                "body": encode(numbered),
                **_UNANSWERED_YET,
            },
        )
        return numbered

    def unsent(self, terminal: str, *, upto: int | None = None, limit: int = 100) -> list[Queued]:
        """The terminal's unanswered messages in order, up to sequence `upto` if given."""
        rows = run(
            self._session,
            _UNSENT,
            {"terminal": terminal, "upto": _LAST if upto is None else upto, "limit": limit},
        )
        return [
            Queued(
                id=message_id(row.terminal, row.sequence),
                terminal=row.terminal,
                sequence=row.sequence,
                kind=Kind(row.kind),
                written_at=row.written_at,
                body=row.body,
            )
            for row in rows
        ]

    def registered(
        self,
        terminal: str,
        sequence: int,
        number: str,
        at: datetime,
        totals: Mapping[str, Total] | None = None,
    ) -> None:
        """Record the controller's registration of the message (once: later answers are
        ignored), with its totals when it answered a shift's with its own."""
        kept = None if totals is None else encode_totals(totals)
        self._answer(terminal, sequence, at, number, None, None, kept)

    def refused(self, terminal: str, sequence: int, error: str, reason: str, at: datetime) -> None:
        """Record the controller's refusal of the message."""
        self._answer(terminal, sequence, at, None, error[:64], reason[:500])

    def reconciliation(self, shift: str) -> Reconciliation | None:
        """The totals of the shift numbered `shift`, the till's and, once answered, the
        controller's."""
        row = self._session.execute(_SHIFT_TOTALS_OF, {"subject": shift}).scalars().first()
        return None if row is None else _reconciliation(row)

    def reconciliations(self, limit: int = 20) -> list[Reconciliation]:
        """The shifts' totals, newest first."""
        rows = self._session.execute(_SHIFT_TOTALS, {"limit": limit}).scalars()
        return [_reconciliation(row) for row in rows]

    def registration(self, terminal: str, sequence: int) -> str | None:
        """The registration number the message got, if it was registered."""
        found = run_built(
            self._session, _REGISTERED_OF, {"terminal": terminal, "sequence": sequence}
        )
        return found.scalar_one_or_none()

    def latest(self, kinds: Collection[Kind], subject: str) -> tuple[str, bool] | None:
        """The id of the newest message of one of `kinds` about `subject`, and whether it was
        refused."""
        found = run(
            self._session,
            _LATEST_OF,
            {"subject": subject[:40], "kinds": [kind.value for kind in kinds]},
        ).one_or_none()
        if found is None:
            return None
        return message_id(found.terminal, found.sequence), found.error is not None

    def state(self, terminal: str) -> OutboxState:
        """How many of the terminal's messages wait, and the oldest one's time."""
        row: Any = run(self._session, _STATE, {"terminal": terminal}).one()
        return OutboxState(int(row[0]), row[1])

    def refusals(self, limit: int = 200) -> list[Refusal]:
        """The messages the controller refused, newest first."""
        rows = self._session.execute(_REFUSED, {"limit": limit}).scalars()
        return [
            Refusal(
                id=message_id(row.terminal, row.sequence),
                terminal=row.terminal,
                kind=Kind(row.kind),
                written_at=row.written_at,
                error=row.error or "",
                text=row.reason or "",
                answered_at=row.answered_at or row.written_at,
            )
            for row in rows
        ]

    def _answer(
        self,
        terminal: str,
        sequence: int,
        at: datetime,
        registration: str | None,
        error: str | None,
        reason: str | None,
        totals: str | None = None,
    ) -> None:
        run(
            self._session,
            _ANSWER,
            {
                "b_terminal": terminal,
                "b_sequence": sequence,
                "b_at": at,
                "b_registration": registration,
                "b_error": error,
                "b_reason": reason,
                "b_totals": totals,
            },
        )


def _reconciliation(row: SkksMessageRow) -> Reconciliation:
    ours = decode_totals(json.loads(row.body).get("totals")) or {}
    theirs = None if row.totals is None else decode_totals(json.loads(row.totals))
    return Reconciliation(
        terminal=row.terminal,
        shift=row.subject,
        written_at=row.written_at,
        ours=ours,
        theirs=theirs,
        registration=row.registration,
        refused=None if row.error is None else (row.reason or row.error),
    )
