"""Several statements in one round trip: PostgreSQL's pipeline mode, through psycopg 3.

Each statement a terminal sends waits for its answer: 40 ms a statement for an office 20 ms
from its server (tests/bench/wan.py). psycopg's pipeline mode sends a batch and reads all the
answers once, and the server still runs the statements one after the other, each seeing what
the ones before it did (and, at READ COMMITTED, what other transactions committed before it
started). SQLAlchemy cannot run inside a pipeline (it reads a cursor's description at once,
which a pipeline gives only later), so `send` compiles the Core statements for psycopg
itself and runs them on the session's own connection, in its transaction.

Writes whose answer nothing waits for are `defer`red: kept on the connection and sent, in
one pipeline, just before the next statement goes out (whatever sends it: a repository, the
ORM's flush) or the commit, or in the same round trip as the statements `send` is given.
A deferred guarded write (a slip's move, the register's advance) names the refusal raised
when it touched no row: raised then, before anything commits.

SQLite has no round trips to save: there `pipeline_of` is None, a deferred write runs at
once (db.statements.run) and its refusal is raised at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from sqlalchemy import Connection, Engine, Executable, event
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

from db.statements import run

# A statement of a batch and its parameters: one mapping, or a list of them (one per row).
Batched = tuple[Executable, Mapping[str, object] | Sequence[Mapping[str, object]]]
_Converter = Callable[[Mapping[str, object]], dict[str, object]]
_COMPILED: dict[int, tuple[Executable, str, _Converter]] = {}
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
    if pipeline_of(session) is None:
        result = run(session, statement, params)
        if refusal is not None and result.rowcount == 0:
            raise refusal
        return
    session.flush()  # what the ORM holds goes first, in the order it was written
    waiting = session.connection().info.setdefault(_DEFERRED, [])
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

    @event.listens_for(engine, "rollback")
    def _forget(connection: Connection) -> None:
        if not connection.invalidated:  # an invalidated one is thrown away, its info with it
            connection.info.pop(_DEFERRED, None)

    @event.listens_for(engine.pool, "checkin")
    def _forget_on_checkin(_dbapi_connection: object, record: Any) -> None:
        record.info.pop(_DEFERRED, None)


def pipeline_of(session: Session) -> psycopg.Connection[Any] | None:
    """The session's psycopg connection when it talks to PostgreSQL, else None."""
    connection = session.connection()
    if connection.dialect.name != "postgresql":
        return None
    raw = connection.connection.driver_connection
    assert isinstance(raw, psycopg.Connection)
    return raw


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
    assert pipeline_of(session) is not None, "pipelines are for PostgreSQL"
    session.flush()
    return _send(session.connection(), batch, commit=commit)


def _send(
    connection: Connection, batch: Sequence[Batched], *, commit: bool = False
) -> list[list[Any]]:
    raw = connection.connection.driver_connection
    assert isinstance(raw, psycopg.Connection)
    waiting: list[_Deferred] = connection.info.pop(_DEFERRED, [])
    whole = [(w.statement, w.params) for w in waiting] + list(batch)
    dialect = connection.dialect
    cursors = []
    sql = ""
    try:
        with raw.pipeline():
            for statement, params in whole:
                sql, convert = _compiled(statement, dialect)
                cursor = raw.cursor()
                if isinstance(params, Mapping):
                    cursor.execute(sql, convert(params))
                else:
                    cursor.executemany(sql, [convert(row) for row in params])
                cursors.append(cursor)
            guarded = any(w.refusal is not None for w in waiting)
            if commit and not guarded:
                # COMMIT as a statement: psycopg's commit() would sync first, a round trip more.
                raw.execute("COMMIT")
        for deferred, cursor in zip(waiting, cursors, strict=False):
            if deferred.refusal is not None and cursor.rowcount == 0:
                raise deferred.refusal
        if guarded and commit:  # checked: now the COMMIT, a round trip of its own
            raw.execute("COMMIT")
        return [c.fetchall() if c.description else [] for c in cursors[len(waiting) :]]
    except psycopg.Error as error:
        if raw.closed:
            connection.invalidate(error)
        raise DBAPIError.instance(sql, None, error, psycopg.Error, hide_parameters=True) from error
    finally:
        for cursor in cursors:
            cursor.close()


def _compiled(statement: Executable, dialect: Dialect) -> tuple[str, _Converter]:
    """The statement's SQL for psycopg and how a row of its parameters is converted (bound
    values filled in, each converted as its type binds it), compiled once."""
    found = _COMPILED.get(id(statement))
    if found is not None and found[0] is statement:
        return found[1], found[2]
    assert isinstance(statement, ClauseElement)
    compiled = statement.compile(dialect=dialect)
    assert isinstance(compiled, SQLCompiler)
    # An IN list is expanded by SQLAlchemy at execution: a statement sent here has none.
    assert "POSTCOMPILE" not in compiled.string, "an IN list in a pipelined statement"
    processors = {
        name: processor
        for name, bind in compiled.binds.items()
        if (processor := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
    }

    def convert(params: Mapping[str, object]) -> dict[str, object]:
        values = dict(compiled.construct_params(dict(params)))
        for name, processor in processors.items():
            if name in values:
                values[name] = processor(values[name])
        return values

    _COMPILED[id(statement)] = (statement, compiled.string, convert)
    return compiled.string, convert
