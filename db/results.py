"""Results and settlement in the database: the pos.core.ports ResultRepository and
SettlementRepository.

Settlement is mass work (STYLE.md B5): unsettled slips are read as their terms, one short
record per slip, in id order with keyset pagination, and a chunk's settlements are written by
one Core statement with the whole chunk as one parameter (a JSON object on SQLite, arrays on
PostgreSQL), `ON CONFLICT DO NOTHING`, so that a slip settled meanwhile by another terminal
keeps its settlement. On PostgreSQL the statement also locks the slips it settles and skips
any no longer open, so that a cancellation and a settlement never both land.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, func, select, text, update
from sqlalchemy.orm import Session

from db import exposure, slip_credits
from db.line_cache import LineCache, read_through
from db.pipeline import driver_cursor, paramstyle, piped
from db.slip_statuses import stored_in
from db.statements import read, recording, run
from db.tables import (
    CounterRow,
    EventResultRow,
    EventRow,
    SettlementRow,
    SlipLegRow,
    SlipRow,
)
from db.types import UTCDateTime
from pos.betting.slips import LIFE, Move, SlipStatus
from pos.betting.teller import Teller
from pos.settlement.batch import VERDICT_STATUS, SettledBatch, Verdict
from pos.settlement.results import Result, ResultStatus

# The counter row both a settlement run and a correction of a result lock (see `lock`).
_CORRECTIONS = "result_corrections"
# The slips settlement may judge: db.slip_statuses.stored_in(LIFE[Move.SETTLE][0]), written
# out by hand for the planners (see `unsettled`).
_UNSETTLED = (
    "SELECT t.slip_id, t.terms FROM slip_terms AS t CROSS JOIN slips AS s "
    "LEFT JOIN settlements AS x ON x.slip_id = t.slip_id "
    "WHERE s.id = t.slip_id AND s.status = 'open' AND x.slip_id IS NULL AND t.slip_id > ? "
    "ORDER BY t.slip_id LIMIT ?"
)
_UNSETTLED_PG = _UNSETTLED.replace("?", "%s")
# A chunk of settlements as one parameter, unpacked by the database itself instead of
# binding four parameters per row (a third faster on SQLite; tests/bench/settle.py). SQLite:
# a JSON object {"slip id": payout × 4 + verdict code}; its transaction began with BEGIN
# IMMEDIATE, so nothing can have cancelled a slip since it was read. PostgreSQL: three arrays,
# joined to the slips that are still open, which it locks (a cancellation waits, then finds
# the slip settled; a settlement waiting for a cancellation skips the slip).
_WORDS = " ".join(f"WHEN {v.value} THEN '{VERDICT_STATUS[v].value}'" for v in Verdict)
_INSERT_JSON = (
    "INSERT INTO settlements (slip_id, status, payout, settled_at) "
    f"SELECT CAST(key AS INTEGER), CASE value % 4 {_WORDS} END, value / 4, ? "
    "FROM json_each(?) WHERE true ON CONFLICT (slip_id) DO NOTHING"
)
_INSERT_ARRAYS = (
    "INSERT INTO settlements (slip_id, status, payout, settled_at) "
    "SELECT r.slip_id, r.status, r.payout, %s "
    "FROM unnest(%s::bigint[], %s::varchar[], %s::bigint[]) AS r(slip_id, status, payout) "
    "JOIN slips AS s ON s.id = r.slip_id WHERE s.status = 'open' FOR SHARE OF s "
    "ON CONFLICT (slip_id) DO NOTHING RETURNING slip_id"
)


# Every read of results takes these columns, unpacked by position in this order by `_result`
# (issue 34: a payout of 20 legs read 12 columns of each by name).
_RESULT_COLUMNS = (
    EventRow.code,
    EventResultRow.status,
    EventResultRow.home,
    EventResultRow.away,
    EventResultRow.actual_start,
    EventResultRow.ended_at,
    EventResultRow.source,
    EventResultRow.first_score_at,
    EventResultRow.venue_swapped,
    EventResultRow.recorded_at,
    EventResultRow.recorded_by,
    EventResultRow.corrections,
)
assert [column.key for column in _RESULT_COLUMNS] == [
    *("code", "status", "home", "away", "actual_start", "ended_at", "source"),
    *("first_score_at", "venue_swapped", "recorded_at", "recorded_by", "corrections"),
]
_RESULTS_OF = (
    select(*_RESULT_COLUMNS)
    .join(EventRow, EventRow.id == EventResultRow.event_id)
    .where(EventRow.code.in_(bindparam("codes", expanding=True)))
)
_LOCK = select(CounterRow.value).where(CounterRow.name == _CORRECTIONS).with_for_update()


class SqlResultRepository:
    """Event results, keyed by the event's code."""

    def __init__(self, session: Session, line: LineCache | None = None) -> None:
        self._session = session
        self._line = line  # results kept while the line's version stands (SQLite, issue 34)

    def get(self, code: int, *, for_update: bool = False) -> Result | None:
        """The recorded result of the event with this code, if any."""
        query = (
            select(*_RESULT_COLUMNS)
            .join(EventRow, EventRow.id == EventResultRow.event_id)
            .where(EventRow.code == code)
        )
        if for_update:
            query = query.with_for_update(of=EventResultRow)
        row = self._session.execute(query).one_or_none()
        return None if row is None else _result(row)

    def for_events(self, codes: Collection[int]) -> dict[int, Result]:
        """The recorded results of these events, by code (events without one left out; none
        read while they are kept, db.line_cache)."""
        wanted = sorted(set(codes))
        return read_through(self._session, self._line, "results", wanted, self._for_events)

    def _for_events(self, codes: Collection[int]) -> dict[int, Result]:
        rows = read(self._session, _RESULTS_OF, {"codes": sorted(set(codes))})
        return {row[0]: _result(row) for row in rows}

    def add(self, result: Result) -> None:
        """Record the first result of an event."""
        event_id = self._event_id(result.event_code)
        self._session.add(EventResultRow(event_id=event_id, **_result_fields(result)))
        self._session.flush()

    def replace(self, result: Result) -> None:
        """Put a corrected result in place of the recorded one."""
        event_id = self._event_id(result.event_code)
        self._session.execute(
            update(EventResultRow)
            .where(EventResultRow.event_id == event_id)
            .values(**_result_fields(result))
        )

    def all(self) -> dict[int, Result]:
        """Every recorded result by event code."""
        rows = self._session.execute(
            select(*_RESULT_COLUMNS).join(EventRow, EventRow.id == EventResultRow.event_id)
        )
        return {row[0]: _result(row) for row in rows}

    def _event_id(self, code: int) -> int:
        event_id = self._session.scalar(select(EventRow.id).where(EventRow.code == code))
        if event_id is None:
            raise LookupError(f"no event {code}")
        return int(event_id)


class SqlSettlementRepository:
    """Unsettled slips as terms; settlements written in bulk."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def hold(self) -> None:
        """`lock` for a writer that needs no count (a payout). On SQLite BEGIN IMMEDIATE
        already holds every writer off: nothing is sent (issue 34)."""
        if piped(self._session):
            self.lock()

    def lock(self) -> int:
        """Lock the corrections counter: a settlement run and a correction never interleave.

        A run takes it in each chunk's transaction and reloads the results when the count
        has moved, so it never writes a settlement from a result corrected meanwhile. On
        SQLite every write transaction already runs alone (BEGIN IMMEDIATE).
        """
        value = read(self._session, _LOCK).scalar()
        if value is None and not recording(self._session):
            # Migration 0004 creates the row; a database made from db/tables/ creates it
            # here, and two terminals doing so at once both go on.
            self._session.execute(
                text(
                    "INSERT INTO counters (name, value) VALUES (:name, 0) "
                    "ON CONFLICT (name) DO NOTHING"
                ),
                {"name": _CORRECTIONS},
            )
            value = run(self._session, _LOCK).scalar()
        return int(value or 0)

    def count_corrections(self) -> None:
        """Count one more correction of a result."""
        self._session.execute(
            update(CounterRow)
            .where(CounterRow.name == _CORRECTIONS)
            .values(value=CounterRow.value + 1)
        )

    def unsettled(self, after: int, limit: int) -> tuple[list[int], list[bytes]]:
        """Up to `limit` issued slips without a settlement, with ids above `after`."""
        # Hand-written for the planners: CROSS JOIN makes SQLite walk slip_terms in id order
        # (its status index on slips would otherwise make it sort every open slip per chunk);
        # PostgreSQL reads it as the plain join it is. Fetched as the driver's tuples
        # (db.pipeline.driver_cursor): SQLAlchemy's Row objects would double the read of a
        # million two-column rows (2 s against 1 s here).
        sql = _UNSETTLED if paramstyle(self._session) == "?" else _UNSETTLED_PG
        with driver_cursor(self._session) as cursor:
            cursor.execute(sql, (after, limit))
            rows = cursor.fetchall()
        return [row[0] for row in rows], [bytes(row[1]) for row in rows]

    def count_unsettled(self) -> int:
        """How many issued slips have no settlement yet."""
        query = select(func.count()).select_from(SlipRow).where(stored_in(LIFE[Move.SETTLE][0]))
        return int(self._session.scalar(query) or 0)

    def record(self, batch: SettledBatch, at: datetime) -> int:
        """Store the settlements; returns how many rows the batch had."""
        if not len(batch):
            return 0
        connection = self._session.connection()
        moment = UTCDateTime().process_bind_param(at, connection.dialect)
        ids = batch.slip_ids.tolist()
        if connection.dialect.name == "sqlite":
            packed = (batch.payout * 4 + batch.status).tolist()
            document = "{" + ",".join(map('"{}":{}'.format, ids, packed)) + "}"
            connection.exec_driver_sql(_INSERT_JSON, (moment, document))
            taken = ids  # BEGIN IMMEDIATE: nothing settled or cancelled them since they were read
        else:
            words = [VERDICT_STATUS[Verdict(code)].value for code in batch.status.tolist()]
            done = connection.exec_driver_sql(
                _INSERT_ARRAYS, (moment, ids, words, batch.payout.tolist())
            )
            taken = [row[0] for row in done]
        # Those settled with a leg still to be played leave its outcome (db.exposure).
        early = set(taken if batch.open_legs is None else batch.slip_ids[batch.open_legs].tolist())
        exposure.settled(self._session, [slip for slip in taken if slip in early])
        return len(ids)

    def credit_accounts(self, teller: Teller, at: datetime) -> int:
        """Settled cashless slips credited onto their accounts, paid (p.7, db.slip_credits)."""
        return slip_credits.credit_accounts(self._session, teller, at)

    def paid_on_event(self, code: int) -> int:
        """How many paid slips have a leg on the event."""
        query = (
            select(func.count(func.distinct(SlipRow.id)))
            .join(SlipLegRow, SlipLegRow.slip_id == SlipRow.id)
            .join(EventRow, EventRow.id == SlipLegRow.event_id)
            .where(EventRow.code == code, SlipRow.status == SlipStatus.PAID.value)
        )
        return int(self._session.scalar(query) or 0)

    def unsettle_event(self, code: int) -> int:
        """Drop the settlements of slips with a leg on the event; returns how many."""
        on_event = (
            select(SlipLegRow.slip_id)
            .join(EventRow, EventRow.id == SlipLegRow.event_id)
            .where(EventRow.code == code)
        )
        exposure.unsettling(self._session, code)  # they count again (db.exposure)
        done = self._session.execute(
            delete(SettlementRow).where(SettlementRow.slip_id.in_(on_event))
        )
        return int(done.rowcount)  # type: ignore[attr-defined]


def _result(row: Sequence[Any]) -> Result:
    """The result of a row of _RESULT_COLUMNS, unpacked by position."""
    code, status, home, away, start, ended, source, *rest = row
    first_score, swapped, recorded, by, corrections = rest
    return Result(
        code,
        ResultStatus(status),
        home,
        away,
        start,
        ended,
        source,
        first_score_at=first_score,
        venue_swapped=swapped,
        recorded_at=recorded,
        recorded_by=by,
        corrections=corrections,
    )


def _result_fields(result: Result) -> dict[str, object]:
    return {
        "status": result.status.value,
        "home": result.home,
        "away": result.away,
        "venue_swapped": result.venue_swapped,
        "actual_start": result.actual_start,
        "first_score_at": result.first_score_at,
        "ended_at": result.ended_at,
        "source": result.source,
        "recorded_at": result.recorded_at,
        "recorded_by": result.recorded_by,
        "corrections": result.corrections,
    }
