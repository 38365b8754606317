"""The audit trail in the database, a hash chain: the pos.core.ports AuditLog."""

from __future__ import annotations

from collections.abc import Iterator

from sqlalchemy import bindparam, select, text, update
from sqlalchemy.orm import Session

from db.pipeline import pipeline_of, send
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
# The office's counter moved on by the records of this transaction. The hash of the record
# before them is read by a statement of its own: on PostgreSQL a subquery of this one would
# read from before the lock it waited for was released, missing the records just committed.
_TAKE_AUDIT_NUMBERS = (
    update(CounterRow)
    .where(CounterRow.name == bindparam("counter"))
    .values(value=CounterRow.value + bindparam("count"))
    .returning(CounterRow.value)
)
_AUDIT_HASH = select(AuditRow.hash).where(
    AuditRow.office == bindparam("office"), AuditRow.seq == bindparam("seq")
)
# In a pipeline, right after the UPDATE above: a statement of its own, so it reads what
# committed before it started, its number from the row the UPDATE just moved.
_HASH_BEFORE = select(AuditRow.hash).where(
    AuditRow.office == bindparam("office"),
    AuditRow.seq
    == select(CounterRow.value).where(CounterRow.name == bindparam("counter")).scalar_subquery()
    - bindparam("count"),
)
_NEW_COUNTER = text(
    "INSERT INTO counters (name, value) VALUES (:counter, 0) ON CONFLICT DO NOTHING"
)
_COUNTER = select(CounterRow.value).where(CounterRow.name == bindparam("name"))
_HEAD = (
    select(AuditRow.seq, AuditRow.hash)
    .where(AuditRow.office == bindparam("office"))
    .order_by(AuditRow.seq.desc())
    .limit(1)
)


def counter_of(office: str) -> str:
    """The counters row numbering an office's chain."""
    return f"audit:{office}"


class SqlAuditLog:
    """The append-only audit trail, a hash chain per office (pos.core.audit).

    Records appended in a transaction are kept until it commits (`commit`): then
    they take their numbers from their office's counters row "audit:<office>" and are
    chained to the record before them. Taking that row's lock last, just before the commit,
    keeps each chain free of gaps and forks with several terminals, and never makes a
    transaction wait for it while it holds another lock that the holder might want. Offices
    never wait for one another's rows.
    """

    def __init__(self, session: Session) -> None:
        self._session = session
        self._pending: list[AuditRecord] = []

    def append(self, record: AuditRecord) -> None:
        """Add one line (numbered and chained when the transaction commits)."""
        self._pending.append(record)

    def commit(self) -> None:
        """Number, chain and write the lines appended in this transaction, and commit it.

        On PostgreSQL in two round trips (db.pipeline): the office's counter moved on
        together with the read of the hash before, then the lines written together with the
        COMMIT. One by one it takes four.
        """
        if not self._pending:
            self._session.commit()
            return
        piped = pipeline_of(self._session) is not None
        rows = []
        for office in sorted({record.office for record in self._pending}):  # locked in order
            records = [r for r in self._pending if r.office == office]
            rows += self._piped(office, records) if piped else self._chained(office, records)
        if piped:
            send(self._session, [(_INSERT_AUDIT, rows)], commit=True)
        else:
            run(self._session, _INSERT_AUDIT, rows)
        self._pending.clear()
        self._session.commit()  # after send(commit=True) nothing is left to send

    def _piped(self, office: str, records: list[AuditRecord]) -> list[dict[str, object]]:
        values = {"counter": counter_of(office), "count": len(records), "office": office}
        taken, before = send(self._session, [(_TAKE_AUDIT_NUMBERS, values), (_HASH_BEFORE, values)])
        if not taken:  # the office's first record: its counter row is made first
            return self._chained(office, records)
        first = int(taken[0][0]) - len(records) + 1
        return _rows(office, records, first, before[0][0] if before else GENESIS)

    def _chained(self, office: str, records: list[AuditRecord]) -> list[dict[str, object]]:
        values = {"counter": counter_of(office), "count": len(records), "office": office}
        last = run(self._session, _TAKE_AUDIT_NUMBERS, values).scalar()
        if last is None:  # an office's first record (or a database made from db/tables/)
            run(self._session, _NEW_COUNTER, values)
            last = run(self._session, _TAKE_AUDIT_NUMBERS, values).scalar_one()
        first = int(last) - len(records) + 1
        previous = GENESIS
        if first > 1:
            before = {"office": office, "seq": first - 1}
            previous = run(self._session, _AUDIT_HASH, before).scalar() or GENESIS
        return _rows(office, records, first, previous)

    def recent(self, limit: int) -> list[AuditRecord]:
        """The last `limit` lines of every office, newest first."""
        rows = self._session.scalars(select(AuditRow).order_by(AuditRow.id.desc()).limit(limit))
        return [_audit_record(row) for row in rows]

    def head(self, office: str) -> ChainHead:
        """The office's last record's number and hash (EMPTY_HEAD before the first)."""
        row = self._session.execute(_HEAD, {"office": office}).one_or_none()
        return EMPTY_HEAD if row is None else ChainHead(int(row[0]), row[1])

    def numbers_taken(self, office: str) -> int:
        """The counters row "audit:<office>": how many records have been numbered."""
        return int(self._session.scalar(_COUNTER, {"name": counter_of(office)}) or 0)

    def chain(self, office: str) -> Iterator[ChainedRecord]:
        """Every record of the office's chain in chain order, read a thousand at a time."""
        rows = self._session.scalars(
            select(AuditRow)
            .where(AuditRow.office == office)
            .order_by(AuditRow.seq)
            .execution_options(yield_per=1000)
        )
        try:
            for row in rows:
                yield ChainedRecord(row.seq, _audit_record(row), row.hash)
        finally:
            rows.close()  # a reader that stops early (at a break) frees the server cursor


def _rows(
    office: str, records: list[AuditRecord], first: int, previous: str
) -> list[dict[str, object]]:
    """The rows of `records`, numbered from `first` and chained to the hash `previous`."""
    rows = []
    for seq, record in enumerate(records, start=first):
        previous = chain_hash(previous, seq, record)
        rows.append(
            {
                "at": record.at,
                "terminal": record.terminal,
                "actor": record.actor,
                "action": record.action.value,
                "detail": record.detail,
                "office": office,
                "seq": seq,
                "hash": previous,
            }
        )
    return rows


def _audit_record(row: AuditRow) -> AuditRecord:
    return AuditRecord(
        row.at, row.terminal, row.actor, AuditAction(row.action), row.detail, row.office
    )
