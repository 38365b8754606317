"""Core statements run on the session's connection, and the pieces several repositories share."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple, cast

from sqlalchemy import (
    Connection,
    CursorResult,
    Executable,
    Insert,
    Result,
    Table,
    bindparam,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Row
from sqlalchemy.engine.result import IteratorResult, SimpleResultMetaData
from sqlalchemy.exc import DBAPIError, MultipleResultsFound, NoResultFound
from sqlalchemy.orm import Session

from db.compiled import Prepared, compiled_for
from db.tables import Base, CounterRow, SlipRow


def run(
    session: Session,
    statement: Executable,
    params: Mapping[str, object] | Sequence[Mapping[str, object]] | None = None,
) -> CursorResult[Any]:
    """Execute a Core statement on the session's connection, in its transaction.

    `Session.execute` takes every statement through the ORM (an autoflush, and the identity
    map kept in step with an UPDATE or DELETE): measured for issue #15, an UPDATE costs about
    150 µs that way and 30 µs here. For rows the code does not hold as ORM objects across the
    statement; what the session still holds unflushed is flushed first.
    """
    session.flush()
    connection = connection_of(session)
    assert RECORDING not in connection.info, "db.read_ahead records reads only"
    return connection.execute(statement, params)


class Ran:
    """The rows of a statement sent on SQLite's own cursor (`run_built`), typed as SQLAlchemy
    types them, and how many rows it touched (as CursorResult.rowcount).

    Issue 34: a SQLAlchemy Result cost each of a bet's statements 4-5 µs more than its
    rows; here `first`, `scalar`, `all`, `one`… and iteration give the same rows and
    answers (each a Row, or its first column) at once, and any other method of a Result
    comes from one made of the rows not yet taken.
    """

    __slots__ = ("_metadata", "_result", "_rows", "rowcount")

    def __init__(self, metadata: SimpleResultMetaData, rows: list[Any], rowcount: int) -> None:
        self._metadata = metadata
        self._rows = rows
        self._result: IteratorResult[Any] | None = None
        self.rowcount = rowcount

    def _take(self) -> list[Any]:
        rows, self._rows = self._rows, []
        return rows

    def _row(self, values: Any) -> Row[Any]:
        metadata = self._metadata
        return Row(metadata, None, metadata._key_to_index, values)

    def __iter__(self) -> Iterator[Row[Any]]:
        return iter(self.all())

    def all(self) -> list[Row[Any]]:
        """Every row (none is left)."""
        return [self._row(values) for values in self._take()]

    def first(self) -> Row[Any] | None:
        """The first row, or None; the others are discarded."""
        rows = self._take()
        return self._row(rows[0]) if rows else None

    def scalar(self) -> Any:
        """The first column of the first row, or None."""
        rows = self._take()
        return rows[0][0] if rows else None

    def one_or_none(self) -> Row[Any] | None:
        """The only row, or None.

        Raises:
            MultipleResultsFound: more than one.
        """
        rows = self._take()
        if len(rows) > 1:
            raise MultipleResultsFound("Multiple rows were found when one or none was required")
        return self._row(rows[0]) if rows else None

    def one(self) -> Row[Any]:
        """The only row.

        Raises:
            NoResultFound, MultipleResultsFound.
        """
        row = self.one_or_none()
        if row is None:
            raise NoResultFound("No row was found when one was required")
        return row

    def scalar_one_or_none(self) -> Any:
        """The first column of the only row, or None (`one_or_none`)."""
        row = self.one_or_none()
        return None if row is None else row[0]

    def scalar_one(self) -> Any:
        """The first column of the only row (`one`)."""
        return self.one()[0]

    def __getattr__(self, name: str) -> Any:
        # Whatever else a Result does, on the rows not yet taken.
        if self._result is None:
            self._result = IteratorResult(self._metadata, iter(self._take()))
        return getattr(self._result, name)


def run_built(
    session: Session,
    statement: Executable,
    params: Mapping[str, object] | Sequence[Mapping[str, object]] | None = None,
) -> CursorResult[Any] | Ran:
    """`run` for a statement built once (a module constant): on SQLite it is compiled once
    (db.compiled) and sent on the driver's own cursor, in the session's transaction.

    Issue 34: SQLAlchemy's execution (the compiled cache looked up, the execution context,
    its result) cost a bet on SQLite more than the statements themselves; the same rows are
    written, and the engine's `before_cursor_execute` and `after_cursor_execute` listeners
    still hear of each statement. Several rows at once (an executemany), and a statement
    whose compiled form needs SQLAlchemy at execution, go through `run`; several rows of a
    statement that returns none are one executemany on the cursor (an express's legs).

    Raises:
        DBAPIError: the driver's error, as SQLAlchemy would raise it.
    """
    session.flush()
    link = _link(session)
    connection, driver = link.connection, link.driver
    if isinstance(params, list | tuple):
        if len(params) != 1:
            many = None if driver is None else _positional_many(connection, statement, params)
            if many is None:
                return connection.execute(statement, params)
            return _on_cursor(link, *many, many=True)
        params = params[0]
    if driver is None:  # PostgreSQL: db.pipeline sends what is deferred first
        return connection.execute(statement, params)
    sent = _positional(connection, statement, cast("Mapping[str, object]", params or {}))
    if sent is None:
        return connection.execute(statement, params)
    return _on_cursor(link, *sent)


def _positional(
    connection: Connection, statement: Executable, params: Mapping[str, object]
) -> tuple[Prepared, str, tuple[object, ...]] | None:
    """The compiled statement, its SQL and its values for SQLite's cursor; None when the
    statement needs SQLAlchemy at execution."""
    prepared = compiled_for(statement, connection.dialect)
    sent = prepared.positional(params)
    return None if sent is None else (prepared, *sent)


def _positional_many(
    connection: Connection, statement: Executable, params: Sequence[Mapping[str, object]]
) -> tuple[Prepared, str, list[tuple[object, ...]]] | None:
    """`_positional` for several rows of a statement that returns none (an executemany);
    None when SQLAlchemy must run it."""
    if not params:
        return None
    prepared = compiled_for(statement, connection.dialect)
    positions = prepared.positions
    if positions is None or prepared.keys:
        return None
    values = [tuple([bind.value(row) for bind in positions]) for row in params]
    return prepared, prepared.compiled.string, values


def _on_cursor(
    link: _Link,
    prepared: Prepared,
    sql: str,
    values: tuple[object, ...] | list[tuple[object, ...]],
    *,
    many: bool = False,
) -> Ran:
    """Run the statement on SQLite's own cursor (with `many`, once for each of `values`);
    its rows typed (`run_built`). The engine's cursor listeners hear of it (the only ones
    the code, its tests and the benchmarks add)."""
    connection, events = link.connection, link.events
    cursor = link.driver.cursor()  # type: ignore[union-attr]
    try:
        if events.before_cursor_execute:  # e.g. the benchmarks' recording of the writes
            events.before_cursor_execute(connection, cursor, sql, values, None, many)
        if many:
            cursor.executemany(sql, cast("list[tuple[object, ...]]", values))
        else:
            cursor.execute(sql, values)
        rows = cursor.fetchall() if cursor.description else []
        if events.after_cursor_execute:
            events.after_cursor_execute(connection, cursor, sql, values, None, many)
        count = cursor.rowcount
    except sqlite3.Error as exc:
        raise DBAPIError.instance(
            sql, values, exc, sqlite3.Error, hide_parameters=True, dialect=connection.dialect
        ) from exc
    finally:
        cursor.close()
    return Ran(prepared.metadata, prepared.rows(rows) if rows else [], count)


class _Link(NamedTuple):
    """The connection of a session's transaction, kept for it (`_link`): on SQLite with the
    driver's own connection and the engine's events."""

    transaction: object
    connection: Connection
    driver: sqlite3.Connection | None  # None on PostgreSQL
    events: Any  # the engine's dispatch: its cursor listeners


def _link(session: Session) -> _Link:
    """The session's connection, kept for its transaction: a bet asks for it some forty
    times, and each `session.connection()` walks SQLAlchemy's transaction states (as
    `connection.connection.driver_connection` walks the pool's)."""
    transaction = session.get_transaction()
    kept: _Link | None = session.info.get(_CONNECTION)
    if kept is not None and transaction is not None and kept.transaction is transaction:
        return kept
    connection = session.connection()
    driver = connection.connection.driver_connection
    link = _Link(
        session.get_transaction(),
        connection,
        driver if isinstance(driver, sqlite3.Connection) else None,
        connection.engine.dispatch,
    )
    session.info[_CONNECTION] = link
    return link


def sqlite_changes(session: Session) -> tuple[int, int | None] | None:
    """On SQLite, the rows the session's connection has written since it opened, now and when
    its transaction began (db.engine's BEGIN IMMEDIATE; None if not known): equal, the
    transaction has written nothing and reads only what is committed. None elsewhere."""
    link = _link(session)
    if link.driver is None:
        return None
    return link.driver.total_changes, link.connection.info.get(CHANGES_AT_BEGIN)


def connection_of(session: Session) -> Connection:
    """`session.connection()`, kept for the session's transaction (`_link`)."""
    return _link(session).connection


_CONNECTION = "db.statements connection"
# Connection.info: the driver's total_changes when its transaction began (`sqlite_changes`).
CHANGES_AT_BEGIN = "db.statements changes at begin"
# Connection.info keys of db.read_ahead: the answers read ahead, and the reads it records.
ANSWERS = "db.read_ahead answers"
RECORDING = "db.read_ahead recording"
_NO_ROWS = SimpleResultMetaData([])


def read(
    session: Session, statement: Executable, params: Mapping[str, object] | None = None
) -> Result[Any]:
    """`run` for a read that db.read_ahead may have sent ahead: its answer is taken (once)
    when it was, else it is run now. Its statement is built once (a module constant).

    While db.read_ahead records, the read is recorded instead and answered with no rows.
    """
    session.flush()
    link = _link(session)
    connection = link.connection
    if link.driver is None and (info := connection.info):  # db.read_ahead is PostgreSQL's
        values = params or {}
        recording = info.get(RECORDING)
        if recording is not None:
            recording.append((statement, values))
            return IteratorResult(_NO_ROWS, iter(()))
        answers = info.get(ANSWERS)
        answer: Result[Any] | None = (
            answers.pop(answer_key(statement, values), None) if answers else None
        )
        if answer is not None:
            return answer
    sent = None if link.driver is None else _positional(connection, statement, params or {})
    if sent is not None:
        return cast("Result[Any]", _on_cursor(link, *sent))  # a Result for its callers
    return connection.execute(statement, params)


def recording(session: Session) -> bool:
    """Whether db.read_ahead is recording reads on the session (nothing may be written)."""
    return RECORDING in connection_of(session).info


def answer_key(statement: Executable, params: Mapping[str, object]) -> tuple[object, ...]:
    """The key a read's answer is kept by: the statement and its values."""
    return (
        id(statement),
        *sorted((k, tuple(v) if isinstance(v, list | set) else v) for k, v in params.items()),
    )


def inserting(table: type[Base], **computed: object) -> Insert:
    """One INSERT statement for every row of the table, built once: its columns are bound
    by name (or `computed`), so SQLAlchemy finds it in its cache instead of building and
    hashing a new statement per row (tests/bench/payout.py)."""
    target = cast(Table, table.__table__)
    values: dict[str, object] = {
        c.name: bindparam(c.name) for c in target.columns if c.name != "id"
    }
    return insert(target).values({**values, **computed})


# The slip a row belongs to, by the number bound as :slip_number.
SLIP_ID_OF_NUMBER = (
    select(SlipRow.id).where(SlipRow.number == bindparam("slip_number")).scalar_subquery()
)


_NEXT_IN_COUNTER = (
    update(CounterRow)
    .where(CounterRow.name == bindparam("counter"))
    .values(value=CounterRow.value + 1)
    .returning(CounterRow.value)
)
_FIRST_IN_COUNTER = text(
    "INSERT INTO counters (name, value) VALUES (:counter, 0) ON CONFLICT DO NOTHING"
)


def next_in_counter(session: Session, name: str) -> int:
    """The next value of the counters row `name` (accounts', spread bets' and exchange
    numbers' serials), taken in this transaction; the row is made at its first use (two
    terminals at once: one waits, then counts). A rolled-back transaction leaves its value
    unused: such numbers are unique, not gapless."""
    taken = run(session, _NEXT_IN_COUNTER, {"counter": name}).scalar()
    if taken is not None:
        return int(taken)
    session.execute(_FIRST_IN_COUNTER, {"counter": name})
    return next_in_counter(session, name)
