"""The audit trail in the database, a hash chain: the pos.core.ports AuditLog."""

from __future__ import annotations

from collections.abc import Iterator

from sqlalchemy import bindparam, select, text, update
from sqlalchemy.orm import Session

from db.statements import inserting, run
from db.tables import AuditRow, CounterRow
from pos.core.audit import (
    EMPTY_HEAD,
    GENESIS,
    AuditAction,
    AuditRecord,
    ChainedRecord,
    ChainHead,
    chain_hash,
)

_INSERT_AUDIT = inserting(AuditRow)
_TAKE_AUDIT_NUMBERS = (
    update(CounterRow)
    .where(CounterRow.name == "audit")
    .values(value=CounterRow.value + bindparam("count"))
    .returning(CounterRow.value)
)
_COUNTER = select(CounterRow.value).where(CounterRow.name == bindparam("name"))
_AUDIT_HASH = select(AuditRow.hash).where(AuditRow.seq == bindparam("seq"))


class SqlAuditLog:
    """The append-only audit trail, a hash chain (pos.core.audit).

    Records appended in a transaction are kept until it commits (`write_pending`): then
    they take their numbers from the counters row "audit" and are chained to the record
    before them. Taking that row's lock last, just before the commit, keeps the chain free
    of gaps and forks with several terminals, and never makes a transaction wait for it
    while it holds another lock that the holder might want.
    """

    def __init__(self, session: Session) -> None:
        self._session = session
        self._pending: list[AuditRecord] = []

    def append(self, record: AuditRecord) -> None:
        """Add one line (numbered and chained when the transaction commits)."""
        self._pending.append(record)

    def write_pending(self) -> None:
        """Number, chain and write the lines appended in this transaction."""
        if not self._pending:
            return
        count = len(self._pending)
        last = run(self._session, _TAKE_AUDIT_NUMBERS, {"count": count}).scalar()
        if last is None:
            # Migration 0006 creates the row; a database made from db/tables/ gets it here.
            self._session.execute(
                text(
                    "INSERT INTO counters (name, value) VALUES ('audit', 0) ON CONFLICT DO NOTHING"
                )
            )
            last = run(self._session, _TAKE_AUDIT_NUMBERS, {"count": count}).scalar()
        assert last is not None  # the row exists now
        first = int(last) - count + 1
        previous = GENESIS
        if first > 1:
            previous = run(self._session, _AUDIT_HASH, {"seq": first - 1}).scalar() or GENESIS
        rows = []
        for seq, record in enumerate(self._pending, start=first):
            previous = chain_hash(previous, seq, record)
            rows.append(
                {
                    "at": record.at,
                    "terminal": record.terminal,
                    "actor": record.actor,
                    "action": record.action.value,
                    "detail": record.detail,
                    "seq": seq,
                    "hash": previous,
                }
            )
        run(self._session, _INSERT_AUDIT, rows)
        self._pending.clear()

    def recent(self, limit: int) -> list[AuditRecord]:
        """The last `limit` lines, newest first."""
        rows = self._session.scalars(select(AuditRow).order_by(AuditRow.seq.desc()).limit(limit))
        return [_audit_record(row) for row in rows]

    def head(self) -> ChainHead:
        """The last record's number and hash (EMPTY_HEAD before the first)."""
        row = self._session.execute(
            select(AuditRow.seq, AuditRow.hash).order_by(AuditRow.seq.desc()).limit(1)
        ).one_or_none()
        return EMPTY_HEAD if row is None else ChainHead(int(row[0]), row[1])

    def numbers_taken(self) -> int:
        """The counters row "audit": how many records have been numbered."""
        return int(self._session.scalar(_COUNTER, {"name": "audit"}) or 0)

    def chain(self) -> Iterator[ChainedRecord]:
        """Every record in chain order, read a thousand at a time."""
        rows = self._session.scalars(
            select(AuditRow).order_by(AuditRow.seq).execution_options(yield_per=1000)
        )
        try:
            for row in rows:
                yield ChainedRecord(row.seq, _audit_record(row), row.hash)
        finally:
            rows.close()  # a reader that stops early (at a break) frees the server cursor


def _audit_record(row: AuditRow) -> AuditRecord:
    return AuditRecord(row.at, row.terminal, row.actor, AuditAction(row.action), row.detail)
