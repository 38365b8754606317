"""Results and settlement in the database: the pos.ports ResultRepository and
SettlementRepository.

Settlement is mass work (STYLE.md B5): unsettled slips are read as their terms, one short
record per slip, in id order with keyset pagination, and settlements are written with one
executemany of plain tuples through SQLAlchemy Core, `ON CONFLICT DO NOTHING` on both SQLite
and PostgreSQL, so that a slip settled meanwhile by another terminal keeps its settlement.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, exists, func, select, text, update
from sqlalchemy.orm import Session

from db.tables import (
    CounterRow,
    EventResultRow,
    EventRow,
    SettlementRow,
    SlipLegRow,
    SlipRow,
    SlipTermsRow,
)
from db.types import UTCDateTime
from pos.results import Result, ResultStatus
from pos.settlement_batch import SettledBatch
from pos.slips import SlipStatus

# The counter row both a settlement run and a correction of a result lock (see `lock`).
_CORRECTIONS = "result_corrections"
_INSERT = (
    "INSERT INTO settlements (slip_id, status, payout, settled_at) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (slip_id) DO NOTHING"
)


class SqlResultRepository:
    """Event results, keyed by the event's code."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def get(self, code: int, *, for_update: bool = False) -> Result | None:
        """The recorded result of the event with this code, if any."""
        query = (
            select(EventResultRow, EventRow.code)
            .join(EventRow, EventRow.id == EventResultRow.event_id)
            .where(EventRow.code == code)
        )
        if for_update:
            query = query.with_for_update(of=EventResultRow)
        row = self._session.execute(query).one_or_none()
        return None if row is None else _result(row[0], row[1])

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
            select(EventResultRow, EventRow.code).join(
                EventRow, EventRow.id == EventResultRow.event_id
            )
        )
        return {code: _result(row, code) for row, code in rows}

    def _event_id(self, code: int) -> int:
        event_id = self._session.scalar(select(EventRow.id).where(EventRow.code == code))
        if event_id is None:
            raise LookupError(f"no event {code}")
        return int(event_id)


class SqlSettlementRepository:
    """Unsettled slips as terms; settlements written in bulk."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def lock(self) -> int:
        """Lock the corrections counter: a settlement run and a correction never interleave.

        A run takes it in each chunk's transaction and reloads the results when the count
        has moved, so it never writes a settlement from a result corrected meanwhile. On
        SQLite every write transaction already runs alone (BEGIN IMMEDIATE).
        """
        # Migration 0004 creates the row; a database made from db/tables.py creates it here,
        # and two terminals doing so at once both go on.
        self._session.execute(
            text(
                "INSERT INTO counters (name, value) VALUES (:name, 0) ON CONFLICT (name) DO NOTHING"
            ),
            {"name": _CORRECTIONS},
        )
        query = select(CounterRow.value).where(CounterRow.name == _CORRECTIONS)
        return int(self._session.scalar(query.with_for_update()) or 0)

    def count_corrections(self) -> None:
        """Count one more correction of a result."""
        self._session.execute(
            update(CounterRow)
            .where(CounterRow.name == _CORRECTIONS)
            .values(value=CounterRow.value + 1)
        )

    def unsettled(self, after: int, limit: int) -> tuple[list[int], list[bytes]]:
        """Up to `limit` issued slips without a settlement, with ids above `after`."""
        query = (
            select(SlipTermsRow.slip_id, SlipTermsRow.terms)
            .join(SlipRow, SlipRow.id == SlipTermsRow.slip_id)
            .outerjoin(SettlementRow, SettlementRow.slip_id == SlipTermsRow.slip_id)
            .where(
                SlipTermsRow.slip_id > after,
                SlipRow.status == SlipStatus.OPEN.value,
                SettlementRow.slip_id.is_(None),
            )
            .order_by(SlipTermsRow.slip_id)
            .limit(limit)
        )
        ids: list[int] = []
        terms: list[bytes] = []
        for slip_id, record in self._session.execute(query):
            ids.append(slip_id)
            terms.append(bytes(record))
        return ids, terms

    def count_unsettled(self) -> int:
        """How many issued slips have no settlement yet."""
        query = (
            select(func.count())
            .select_from(SlipRow)
            .where(
                SlipRow.status == SlipStatus.OPEN.value,
                ~exists().where(SettlementRow.slip_id == SlipRow.id),
            )
        )
        return int(self._session.scalar(query) or 0)

    def record(self, batch: SettledBatch, at: datetime) -> int:
        """Store the settlements; returns how many rows the batch had."""
        if not len(batch):
            return 0
        connection = self._session.connection()
        moment = UTCDateTime().process_bind_param(at, connection.dialect)
        sql = _INSERT if connection.dialect.paramstyle == "qmark" else _INSERT.replace("?", "%s")
        rows = [(slip_id, status, payout, moment) for slip_id, status, payout in batch.rows()]
        connection.exec_driver_sql(sql, rows)
        return len(rows)

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
        done = self._session.execute(
            delete(SettlementRow).where(SettlementRow.slip_id.in_(on_event))
        )
        return int(done.rowcount)  # type: ignore[attr-defined]


def _result(row: EventResultRow, code: int) -> Result:
    return Result(
        code,
        ResultStatus(row.status),
        row.home,
        row.away,
        row.actual_start,
        row.ended_at,
        row.source,
        first_score_at=row.first_score_at,
        venue_swapped=row.venue_swapped,
        recorded_at=row.recorded_at,
        recorded_by=row.recorded_by,
        corrections=row.corrections,
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
