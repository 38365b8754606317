"""Database URLs and engines: SQLite with WAL and BEGIN IMMEDIATE, PostgreSQL through psycopg 3.

The SQLite set-up follows SQLAlchemy's "Enabling Non-Legacy SQLite Transactional Modes" recipe
(notes/libraries.md §4): pysqlite's own BEGIN handling is switched off, and every transaction
starts with BEGIN IMMEDIATE, so that two terminals that both read and then write queue on the
busy timeout instead of failing at once with "database is locked".
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, DisconnectionError
from sqlalchemy.pool import NullPool

from db.pipeline import send_deferred_first
from db.statements import CHANGES_AT_BEGIN
from pos.core.errors import InvalidDatabaseUrl

SQLITE_DRIVER = "sqlite+pysqlite"
POSTGRES_DRIVER = "postgresql+psycopg"
BUSY_TIMEOUT_MS = 5000
_SQLITE_BUSY = 5
_WAL_RETRY_S = 0.02
CONNECT_TIMEOUT_S = 5
# A PostgreSQL connection back in the pool for longer than this is pinged before it is used.
IDLE_PING_S = 30.0

_SQLITE_NAMES = frozenset({"sqlite", "sqlite+pysqlite"})
_POSTGRES_NAMES = frozenset({"postgresql", "postgres", "postgresql+psycopg", "postgresql+psycopg2"})


@dataclass(frozen=True)
class DatabaseLocation:
    """A parsed database URL: which backend, the URL for SQLAlchemy and where the data lives."""

    url: URL
    sqlite_path: Path | None

    @property
    def is_sqlite(self) -> bool:
        """True for a SQLite file, False for a PostgreSQL server."""
        return self.sqlite_path is not None

    @property
    def where(self) -> str:
        """The file path or `host:port/dbname`, never the password."""
        if self.sqlite_path is not None:
            return str(self.sqlite_path)
        host = self.url.host or str(self.url.query.get("host", "localhost"))
        port = f":{self.url.port}" if self.url.port else ""
        return f"{host}{port}/{self.url.database or ''}"

    @property
    def description(self) -> str:
        """What the status bar shows, e.g. "SQLite: /home/k1/shop.db"."""
        kind = "SQLite" if self.is_sqlite else "PostgreSQL"
        return f"{kind}: {self.where}"


def parse_location(url: str) -> DatabaseLocation:
    """Parse a database URL and pin the driver: pysqlite for SQLite, psycopg 3 for PostgreSQL.

    Args:
        url: `sqlite:///path/shop.db`, `sqlite+pysqlite:///…`, `postgresql://user@host/db` or
            `postgresql+psycopg://…`.

    Returns:
        The location, with a SQLite path made absolute.

    Raises:
        InvalidDatabaseUrl: not a URL of a supported database, or a SQLite URL without a
            file path (the shop needs a file that outlives the process).
    """
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise InvalidDatabaseUrl(url) from exc
    if parsed.drivername in _SQLITE_NAMES:
        database = parsed.database or ""
        if database in ("", ":memory:") or database.startswith("file:"):
            raise InvalidDatabaseUrl(url)
        path = Path(database).expanduser().absolute()
        return DatabaseLocation(parsed.set(drivername=SQLITE_DRIVER, database=str(path)), path)
    if parsed.drivername in _POSTGRES_NAMES:
        return DatabaseLocation(parsed.set(drivername=POSTGRES_DRIVER), None)
    raise InvalidDatabaseUrl(url)


def app_engine(location: DatabaseLocation) -> Engine:
    """The engine the shop works through: SQLite with WAL, FULL sync, foreign keys, IMMEDIATE."""
    if location.is_sqlite:
        engine = create_engine(
            location.url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000}, hide_parameters=True
        )
        _configure_sqlite(engine, _APP_PRAGMAS, wal=True)
        return engine
    # hide_parameters: a failed statement's message (logged) never carries a player's name
    # or document, which payouts write (issue #6, personal data).
    # prepare_threshold None: psycopg prepares nothing itself, so it never sends the DEALLOCATE
    # ALL it sends after a rollback when it has; the statements db.wire prepares stay.
    engine = create_engine(
        location.url,
        connect_args={"connect_timeout": CONNECT_TIMEOUT_S, "prepare_threshold": None},
        hide_parameters=True,
    )
    _ping_when_idle(engine)
    send_deferred_first(engine)
    return engine


def maintenance_engine(location: DatabaseLocation) -> Engine:
    """An engine for checking and migrating the schema, without pooling or the app's PRAGMAs.

    On SQLite its connections have foreign keys OFF: Alembic's batch mode copies a table and
    drops the old one, and with foreign keys ON that drop cascades into the child rows
    (notes/libraries.md §4, the data-loss trap); the migration checks the keys afterwards. It
    leaves the journal mode alone, so that merely reading the schema version never changes
    the file; the app engine switches the file to WAL when it first connects.
    """
    if location.is_sqlite:
        engine = create_engine(
            location.url, poolclass=NullPool, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000}
        )
        _configure_sqlite(engine, _MAINTENANCE_PRAGMAS, wal=False)
        return engine
    return create_engine(
        location.url, poolclass=NullPool, connect_args={"connect_timeout": CONNECT_TIMEOUT_S}
    )


_APP_PRAGMAS = (
    "PRAGMA synchronous=FULL",  # a committed slip survives a power cut (STYLE.md B5)
    "PRAGMA foreign_keys=ON",  # per connection, OFF by default
    f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}",
    # 64 MiB of pages per connection instead of 2 MiB: a settlement run reads the slips'
    # terms while it writes (tests/bench/settle.py); the memory is taken only as it is used.
    "PRAGMA cache_size=-65536",
)
_MAINTENANCE_PRAGMAS = (
    "PRAGMA synchronous=FULL",
    "PRAGMA foreign_keys=OFF",
    f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}",
)


def _ping_when_idle(engine: Engine) -> None:
    """Ping a connection that has rested in the pool for over IDLE_PING_S before handing it out.

    SQLAlchemy's `pool_pre_ping` pings at every checkout: one round trip more for each unit of
    work, 40 ms a transaction for an office 20 ms from its server (tests/bench/wan.py). A
    connection used seconds ago is almost never dead; one that has rested may have been cut
    by a restart of the server or a NAT timeout, and is replaced before anything is sent on it
    (SQLAlchemy's pessimistic recipe: DisconnectionError makes the pool connect again). When a
    connection dies within those seconds, its unit of work fails as "no connection" and the
    pool reconnects for the next one, as it would for a connection cut mid-transaction.
    """

    @event.listens_for(engine.pool, "checkin")
    def _on_checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine.pool, "checkout")
    def _on_checkout(dbapi_connection: Any, record: Any, _proxy: object) -> None:
        since = record.info.pop("idle_since", None)
        if since is None or time.monotonic() - since < IDLE_PING_S:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as error:
            raise DisconnectionError() from error
        if not alive:
            raise DisconnectionError()


def _configure_sqlite(engine: Engine, pragmas: tuple[str, ...], *, wal: bool) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: object) -> None:
        # Take BEGIN away from pysqlite; the "begin" hook below issues it. PRAGMAs that change
        # the journal or foreign keys are no-ops inside a transaction, so they come first.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            if wal:
                _use_wal(cursor)
            for pragma in pragmas:
                cursor.execute(pragma)
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        _begin_immediate(connection)


_BEGIN_IMMEDIATE = "BEGIN IMMEDIATE"


def _begin_immediate(connection: Connection) -> None:
    """BEGIN IMMEDIATE on the driver's own cursor, heard by the engine's cursor listeners.

    Issue 34: through `exec_driver_sql`, SQLAlchemy's execution context cost each transaction
    about 35 µs more than the statement (two a bet, two a payout); the listeners (the
    benchmarks' recording of the writes starts a transaction at its BEGIN) hear it as before.

    Raises:
        DBAPIError: the driver's error (a busy database), as SQLAlchemy would raise it.
    """
    dispatch = connection.dispatch
    raw = connection.connection.driver_connection
    assert isinstance(raw, sqlite3.Connection)
    cursor = raw.cursor()
    try:
        if dispatch.before_cursor_execute:
            dispatch.before_cursor_execute(connection, cursor, _BEGIN_IMMEDIATE, (), None, False)
        cursor.execute(_BEGIN_IMMEDIATE)
        # What the connection had written when its transaction began: a transaction that
        # has written nothing since reads only what is committed (db.line_cache keeps it).
        connection.info[CHANGES_AT_BEGIN] = raw.total_changes
        if dispatch.after_cursor_execute:
            dispatch.after_cursor_execute(connection, cursor, _BEGIN_IMMEDIATE, (), None, False)
    except sqlite3.Error as exc:
        raise DBAPIError.instance(
            _BEGIN_IMMEDIATE,
            (),
            exc,
            sqlite3.Error,
            hide_parameters=True,
            dialect=connection.dialect,
        ) from exc
    finally:
        cursor.close()


def _use_wal(cursor: sqlite3.Cursor) -> None:
    """Switch the file to WAL (kept in the file; readers then do not block the writer).

    Only a new file needs the switch, and it needs an exclusive lock. When another terminal
    is inside a transaction at that moment, SQLite answers "database is locked" at once
    instead of waiting on the busy timeout (it would be a lock upgrade deadlock), so the
    switch is retried here until the busy timeout has passed.
    """
    if cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
        return
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            if cursor.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal":
                return
        except sqlite3.OperationalError as exc:
            busy = getattr(exc, "sqlite_errorcode", 0) & 0xFF == _SQLITE_BUSY
            if not busy or time.monotonic() > deadline:
                raise
        if time.monotonic() > deadline:
            raise sqlite3.OperationalError("the database could not be switched to WAL")
        time.sleep(_WAL_RETRY_S)
