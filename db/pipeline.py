"""Several statements in one round trip: PostgreSQL's pipeline mode, through libpq (db.wire).

Each statement a terminal sends waits for its answer: 40 ms a statement for an office 20 ms
from its server (tests/bench/wan.py). A pipeline sends a batch and reads all the answers
once, and the server still runs the statements one after the other, each seeing what the
ones before it did (and, at READ COMMITTED, what other transactions committed before it
started). SQLAlchemy cannot run inside a pipeline (it reads a cursor's description at once,
which a pipeline gives only later), so `send` compiles the Core statements itself (once
each, db.compiled) and db.wire sends them on the session's own connection, in its
transaction.

Writes whose answer nothing waits for are `defer`red: kept on the connection and sent, in
one pipeline, just before the next statement goes out (whatever sends it: a repository, the
ORM's flush) or the commit, or in the same round trip as the statements `send` is given.
A deferred guarded write (a slip's move, the register's advance) names the refusal raised
when it touched no row: it is sent as a statement that fails then (a division by zero over
the rows it touched), so the server skips whatever follows it in the pipeline, a COMMIT too,
and the refusal is raised; nothing commits. The transaction is then aborted.

db.read_ahead sends a transaction's first reads in one pipeline the same way.

SQLite has no round trips to save: there (not `piped`) a deferred write runs at once, on
the driver's cursor (db.statements.run_built), and its refusal is raised at once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
import psycopg.errors
from sqlalchemy import (
    Connection,
    Engine,
    Executable,
    Integer,
    Update,
    event,
    literal_column,
    select,
)
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from db.compiled import compiled_for
from db.core_session import CoreSession
from db.statements import ANSWERS, connection_of, run_built
from db.wire import Failed, Numbered, exchange, numbered

# A statement of a batch and its parameters: one mapping, or a list of them (one per row).
Batched = tuple[Executable, Mapping[str, object] | Sequence[Mapping[str, object]]]
_GUARDS: dict[int, tuple[Executable, Executable]] = {}
_DEFERRED = "db.pipeline deferred"  # the key of the writes waiting in Connection.info


@dataclass(frozen=True)
class _Deferred:
    statement: Executable
    params: Mapping[str, object] | Sequence[Mapping[str, object]]
    refusal: Exception | None  # raised when the write touched no row


def defer(
    session: Session,
    statement: Executable,
    params: Mapping[str, object] | Sequence[Mapping[str, object]],
    *,
    refusal: Exception | None = None,
) -> None:
    """Send a write with the transaction's next round trip (at once on SQLite).

    Raises:
        `refusal` when the write touched no row: at once on SQLite; on PostgreSQL when the
        write is sent, before the transaction commits.
    """
    if not piped(session):
        result = run_built(session, statement, params)
        if refusal is not None and result.rowcount == 0:
            raise refusal
        return
    session.flush()  # what the ORM holds goes first, in the order it was written
    waiting = connection_of(session).info.setdefault(_DEFERRED, [])
    waiting.append(_Deferred(statement, params, refusal))


def send_deferred_first(engine: Engine) -> None:
    """Make every statement and commit on `engine` send the deferred writes before it, and
    a rollback or a connection back in the pool forget them."""

    @event.listens_for(engine, "before_cursor_execute")
    def _before(connection: Connection, *_args: object) -> None:
        if connection.info.get(_DEFERRED):
            _send(connection, [])

    @event.listens_for(engine, "commit")
    def _before_commit(connection: Connection) -> None:
        if connection.info.get(_DEFERRED):
            _send(connection, [])
        connection.info.pop(ANSWERS, None)  # answers read ahead belong to their transaction

    @event.listens_for(engine, "rollback")
    def _forget(connection: Connection) -> None:
        if not connection.invalidated:  # an invalidated one is thrown away, its info with it
            connection.info.pop(_DEFERRED, None)
            connection.info.pop(ANSWERS, None)

    @event.listens_for(engine.pool, "checkin")
    def _forget_on_checkin(_dbapi_connection: object, record: Any) -> None:
        record.info.pop(_DEFERRED, None)
        record.info.pop(ANSWERS, None)


@contextmanager
def driver_cursor(session: Session) -> Iterator[Any]:
    """The DBAPI cursor of the session's connection, in its transaction, for the hand-written
    statements of mass work (settlement): rows as the driver's plain tuples, where SQLAlchemy's
    Row objects would double the cost of reading a hundred thousand of them. What was deferred
    goes out first, as before any statement; a driver's error is raised as SQLAlchemy would
    raise it, so that the unit of work says what failed. The SQL is written in the driver's
    parameter style (`?` for SQLite, `%s` for psycopg: `paramstyle`).
    """
    session.flush()
    connection = connection_of(session)
    if connection.info.get(_DEFERRED):
        _send(connection, [])
    dbapi_error = connection.dialect.loaded_dbapi.Error
    cursor = connection.connection.cursor()
    try:
        yield cursor
    except dbapi_error as exc:
        raise DBAPIError.instance(None, None, exc, dbapi_error) from exc
    finally:
        cursor.close()


def paramstyle(session: Session) -> str:
    """The placeholder of the session's driver: "?" (SQLite) or "%s" (psycopg)."""
    return "?" if session.get_bind().dialect.paramstyle == "qmark" else "%s"


def piped(session: Session) -> bool:
    """Whether the session talks to PostgreSQL, where statements go out in pipelines."""
    if isinstance(session, CoreSession):  # SQLite's, asked at every write (issue 34)
        return False
    return session.get_bind().dialect.name == "postgresql"


def send(session: Session, batch: Sequence[Batched], *, commit: bool = False) -> list[list[Any]]:
    """Run the deferred writes and `batch` in one round trip on the session's PostgreSQL
    connection; with `commit`, its COMMIT goes in the same round trip. Returns each
    statement of `batch`'s rows (as the driver gives them: for columns stored as they are
    read, such as numbers and text).

    Raises:
        The refusal of a deferred write that touched no row (nothing of `batch` is then
        kept: the transaction rolls back). DBAPIError: a statement failed (the transaction
        is then aborted), as SQLAlchemy would raise it, so the unit of work maps it the
        same way.
    """
    assert piped(session), "pipelines are for PostgreSQL"
    session.flush()
    return _send(connection_of(session), batch, commit=commit)


def _send(
    connection: Connection, batch: Sequence[Batched], *, commit: bool = False
) -> list[list[Any]]:
    raw = connection.connection.driver_connection
    assert isinstance(raw, psycopg.Connection)
    waiting: list[_Deferred] = connection.info.pop(_DEFERRED, [])
    whole = [
        (w.statement if w.refusal is None else _guarded(w.statement), w.params) for w in waiting
    ] + list(batch)
    dialect = connection.dialect
    sent: list[tuple[Numbered, Sequence[Mapping[str, object]]]] = []
    for statement, params in whole:
        prepared = compiled_for(statement, dialect)
        if isinstance(params, Mapping):
            sql, values = prepared.sql(params)
            sent.append((numbered(sql), (values,)))
        else:
            assert not prepared.expanding, "an IN list in an executemany"
            sent.append((numbered(prepared.compiled.string), [prepared.sql(p)[1] for p in params]))
    try:
        rows = exchange(raw, sent, info=connection.info, commit=commit)
    except Failed as failed:
        sql = sent[failed.index][0].sql.decode() if failed.index >= 0 else "BEGIN/COMMIT"
        error = failed.error
        if isinstance(error, psycopg.errors.DivisionByZero) and 0 <= failed.index < len(waiting):
            refusal = waiting[failed.index].refusal  # only a guard divides: its write missed
            if refusal is not None:
                raise refusal from None
        raise DBAPIError.instance(sql, None, error, psycopg.Error, hide_parameters=True) from error
    except psycopg.Error as error:
        if raw.closed:
            connection.invalidate(error)
        raise DBAPIError.instance(
            "pipeline", None, error, psycopg.Error, hide_parameters=True
        ) from error
    return rows[len(waiting) :]


def _guarded(statement: Executable) -> Executable:
    """The guarded write as one that fails when it touches no row (a division by zero), so
    that a COMMIT sent with it in one pipeline is skipped; built once per statement."""
    found = _GUARDS.get(id(statement))
    if found is not None and found[0] is statement:
        return found[1]
    assert isinstance(statement, Update), "a guarded write is an UPDATE"
    done = statement.returning(literal_column("1")).cte("done")
    guard = select(literal_column("1 / count(*)", Integer)).select_from(done)
    _GUARDS[id(statement)] = (statement, guard)
    return guard
