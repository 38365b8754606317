"""The audit trail in the database, a hash chain: the pos.core.ports AuditLog."""

from __future__ import annotations

from collections.abc import Iterator

from sqlalchemy import BigInteger, String, Text, bindparam, select, text, update
from sqlalchemy.orm import Session

from db.pipeline import Batched, piped, send
from db.statements import inserting, run, run_built
from db.tables import AuditRow, CounterRow
from db.types import UTCDateTime
from pos.core.audit import (
    EMPTY_HEAD,
    GENESIS,
    AuditAction,
    AuditRecord,
    ChainedRecord,
    ChainHead,
    chain_hash,
    chained_fields,
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
# On PostgreSQL, in a pipeline right after the UPDATE above, one record: numbered from the
# counter the UPDATE just moved and chained to the record before it by the server, the hash
# as pos.core.audit.chain_hash makes it. A statement of its own, so that it reads what
# committed before it started (after the UPDATE got the counter's lock).
_CHAINED_INSERT = text(
    "INSERT INTO audit_log (at, terminal, actor, action, detail, office, seq, hash) "
    "SELECT :at, :terminal, :actor, :action, :detail, :office, n.seq, "
    "encode(sha256(convert_to(COALESCE((SELECT b.hash FROM audit_log AS b "
    "WHERE b.office = :office AND b.seq = n.seq - 1), :genesis) "
    "|| E'\\n' || n.seq || E'\\t' || :fields, 'UTF8')), 'hex') "
    "FROM (SELECT value - :count + :position AS seq FROM counters WHERE name = :counter) AS n"
).bindparams(
    bindparam("at", type_=UTCDateTime()),
    *(
        bindparam(name, type_=String())
        for name in ("terminal", "actor", "action", "detail", "office", "counter")
    ),
    *(bindparam(name, type_=Text()) for name in ("fields", "genesis")),
    *(bindparam(name, type_=BigInteger()) for name in ("count", "position")),
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


class ChainHeads:
    """The last record each office's chain got from this process, once committed (issue 34).

    On SQLite a record's hash chains it to the record before it, which a transaction read back
    (one more statement for each bet and payout). When the counter gives this process the
    number right after the one it last committed, that record is its own, and its hash is
    here: the office's counter numbers every record once, under the write lock, so no other
    terminal can have written that number meanwhile, and a rolled-back transaction left
    nothing here. Any other number is read from the table, as before.
    """

    def __init__(self) -> None:
        self._heads: dict[str, tuple[int, str]] = {}

    def before(self, office: str, seq: int) -> str | None:
        """The hash of the office's record `seq - 1` when it is the last one kept here."""
        head = self._heads.get(office)
        return head[1] if head is not None and head[0] == seq - 1 else None

    def committed(self, heads: dict[str, tuple[int, str]]) -> None:
        """Keep the last records of a transaction that has just committed."""
        self._heads.update(heads)


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

    def __init__(self, session: Session, heads: ChainHeads | None = None) -> None:
        self._session = session
        self._pending: list[AuditRecord] = []
        self._heads = heads  # SQLite's (db.bootstrap); PostgreSQL chains on the server

    def append(self, record: AuditRecord) -> None:
        """Add one line (numbered and chained when the transaction commits)."""
        self._pending.append(record)

    def commit(self) -> None:
        """Number, chain and write the lines appended in this transaction, and commit it.

        On PostgreSQL in one round trip (db.pipeline), with the writes still deferred and
        the COMMIT: the office's counter made if new and moved on, then the lines numbered and
        chained by the server. One by one it takes four.
        """
        if not self._pending:
            self._session.commit()
            return
        offices = sorted({record.office for record in self._pending})  # locked in this order
        if piped(self._session):
            send(self._session, [s for o in offices for s in self._piped(o)], commit=True)
            self._pending.clear()
            self._session.commit()  # after send(commit=True) nothing is left to send
            return
        chained = {office: self._chained(office) for office in offices}
        run_built(self._session, _INSERT_AUDIT, [row for rows in chained.values() for row in rows])
        self._pending.clear()
        self._session.commit()
        if self._heads is not None:  # each office's last record, now that it is committed
            self._heads.committed(
                {
                    office: (int(str(rows[-1]["seq"])), str(rows[-1]["hash"]))
                    for office, rows in chained.items()
                }
            )

    def _records(self, office: str) -> list[AuditRecord]:
        return [record for record in self._pending if record.office == office]

    def _piped(self, office: str) -> list[Batched]:
        records = self._records(office)
        values = {"counter": counter_of(office), "count": len(records), "office": office}
        lines = [
            {
                **values,
                "at": record.at,
                "terminal": record.terminal,
                "actor": record.actor,
                "action": record.action.value,
                "detail": record.detail,
                "position": position,
                "fields": chained_fields(record),
                "genesis": GENESIS,
            }
            for position, record in enumerate(records, start=1)
        ]
        return [(_NEW_COUNTER, values), (_TAKE_AUDIT_NUMBERS, values), (_CHAINED_INSERT, lines)]

    def _chained(self, office: str) -> list[dict[str, object]]:
        records = self._records(office)
        values = {"counter": counter_of(office), "count": len(records), "office": office}
        last = run_built(self._session, _TAKE_AUDIT_NUMBERS, values).scalar()
        if last is None:  # an office's first record (or a database made from db/tables/)
            run(self._session, _NEW_COUNTER, values)
            last = run(self._session, _TAKE_AUDIT_NUMBERS, values).scalar_one()
        first = int(last) - len(records) + 1
        previous = GENESIS
        if first > 1:
            kept = None if self._heads is None else self._heads.before(office, first)
            if kept is not None:
                return _rows(office, records, first, kept)
            before = {"office": office, "seq": first - 1}
            previous = run_built(self._session, _AUDIT_HASH, before).scalar() or GENESIS
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
