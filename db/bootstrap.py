"""Open the shop database from a URL: check it, migrate it, and hand out units of work.

`main.py` opens the storage with it (`main.open_shop`) and hands it to the shop.
Every way opening can fail for reasons outside the program (a file that is not a database, a
read-only folder, a server that does not answer, a schema from a newer version) ends as one
of the `pos.errors` storage errors, whose message tells the cashier what to do.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from db.audit import ChainHeads
from db.core_session import CoreSessions
from db.engine import DatabaseLocation, app_engine, maintenance_engine, parse_location
from db.line_cache import LineCache
from db.migrate import SHOP_MIGRATIONS, Migrations, bring_up_to_date
from db.settings import SettingsCache
from db.uow import SqlAlchemyUnitOfWork, StoreFactory, storage_problem
from pos.core.errors import (
    DatabaseUnreachable,
    DatabaseUnreadable,
    DataFolderReadOnly,
    StorageUnavailable,
)

log = logging.getLogger(__name__)

SQLITE_HEADER = b"SQLite format 3\x00"

# Primary SQLite result codes met while opening (https://sqlite.org/rescode.html).
_SQLITE_NOT_A_DATABASE = frozenset({11, 26})  # CORRUPT, NOTADB
_SQLITE_NOT_WRITABLE = frozenset({3, 8, 14, 23})  # PERM, READONLY, CANTOPEN, AUTH
# PostgreSQL SQLSTATE classes that mean "you cannot use this server as given".
_SERVER_REFUSALS = {
    "28": "сервер не принял имя пользователя или пароль",  # invalid authorization
    "3D": "на сервере нет такой базы данных",  # invalid catalog name
    "08": "сервер не отвечает или отказал в соединении",  # connection exception
    "57P": "сервер базы данных остановлен или запускается",  # shutdown, cannot connect now
}
# libpq reports a refused login without its SQLSTATE, only the server's text (English unless
# the server is set to another language); these are recognised, anything else is "08".
_LOGIN_REFUSALS = (
    ("database", "does not exist", "3D"),
    ("role", "does not exist", "28"),
    ("authentication failed", "", "28"),
    ("pg_hba.conf", "", "28"),
    ("starting up", "", "57P"),
    ("shutting down", "", "57P"),
)


class SqlStorage:
    """An opened, migrated database (`pos.core.ports.Storage`)."""

    def __init__(
        self, engine: Engine, description: str, stores: Mapping[str, StoreFactory] | None = None
    ) -> None:
        self._engine = engine
        self._stores = dict(stores or {})  # the games' own repositories (issue 36)
        sqlite = engine.dialect.name == "sqlite"
        # Issue 34: on SQLite a transaction on a Core connection kept per thread, the ORM
        # session made only when used (db.core_session), and settings kept while their
        # version stands.
        self._core = CoreSessions(engine) if sqlite else None
        self._sessions: Callable[[], Session] = self._core or sessionmaker(
            engine, expire_on_commit=False
        )
        self._settings = SettingsCache() if sqlite else None
        self._heads = ChainHeads() if sqlite else None  # db.audit
        self._line = LineCache() if sqlite else None  # db.line_cache
        self.description = description

    @property
    def engine(self) -> Engine:
        """The engine, for diagnostics and the integration tests; pos never sees it."""
        return self._engine

    def unit_of_work(self) -> SqlAlchemyUnitOfWork:
        """A new transaction."""
        return SqlAlchemyUnitOfWork(
            self._sessions, self._settings, self._stores, self._heads, self._line
        )

    def close(self) -> None:
        """Close every pooled connection."""
        if self._core is not None:
            self._core.close()
        self._engine.dispose()


def open_storage(
    url: str,
    *,
    migrations: Migrations = SHOP_MIGRATIONS,
    stores: Mapping[str, StoreFactory] | None = None,
) -> SqlStorage:
    """Open the database at `url`, creating it or bringing its schema up to date first.

    Args:
        url: `sqlite:///path/shop.db` (the folder is created) or `postgresql://…`.
        migrations: the migration scripts; only tests pass others.
        stores: the games' own repositories by `pos.games.stores.StoreKey` name
            (`main.game_stores()`); without them `uow.store(...)` refuses every key.

    Returns:
        The storage, whose description names the file or server (never a password).

    Raises:
        ValueError: not a supported database URL (a configuration mistake).
        DatabaseUnreadable: the file is not a database of this program; it is left as it is.
        DataFolderReadOnly: the data folder or the database file cannot be written.
        DatabaseUnreachable: the PostgreSQL server cannot be reached or refused the login.
        DatabaseTooNew: the schema comes from a newer program; nothing was changed.
        MigrationFailed: the upgrade failed; the copy made before it is named.
        StorageUnavailable: the database is busy or the disk failed while opening.
    """
    location = parse_location(url)
    if location.sqlite_path is not None:
        _check_sqlite_file(location.sqlite_path)
    maintenance = maintenance_engine(location)
    try:
        with _opening_errors(location):
            bring_up_to_date(location, maintenance, migrations)
    finally:
        maintenance.dispose()
    engine = app_engine(location)
    try:
        with _opening_errors(location), engine.begin() as connection:
            # The first connection switches SQLite to WAL and takes the write lock once:
            # a read-only file is found now, not at the first sale.
            connection.exec_driver_sql("SELECT 1")
    except BaseException:
        engine.dispose()
        raise
    log.info("opened %s", location.description)
    return SqlStorage(engine, location.description, stores)


def _check_sqlite_file(path: Path) -> None:
    """Refuse, before SQLite touches anything, a file that is not SQLite or cannot be written."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DataFolderReadOnly(str(folder)) from exc
    if path.exists():
        _check_header(path)
    # WAL keeps two files beside the database, so the folder must be writable too.
    # os.access also answers for a read-only file system, where even root cannot write.
    writable = os.access(folder, os.W_OK | os.X_OK)
    if not writable or (path.exists() and not os.access(path, os.W_OK)):
        raise DataFolderReadOnly(str(folder))


def _check_header(path: Path) -> None:
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise DatabaseUnreadable(str(path)) from exc
    if header and header != SQLITE_HEADER:
        raise DatabaseUnreadable(str(path))


@contextmanager
def _opening_errors(location: DatabaseLocation) -> Iterator[None]:
    """Turn what the database says while opening into the storage error the user sees."""
    try:
        yield
    except DBAPIError as exc:
        error = _opening_error(location, exc)
        if error is None:
            raise
        log.info("cannot open %s: %s", location.description, exc.orig)
        raise error from exc


def _opening_error(location: DatabaseLocation, exc: DBAPIError) -> Exception | None:
    if location.sqlite_path is not None and isinstance(exc.orig, sqlite3.Error):
        code = (getattr(exc.orig, "sqlite_errorcode", None) or 0) & 0xFF
        if code in _SQLITE_NOT_A_DATABASE:
            return DatabaseUnreadable(str(location.sqlite_path))
        if code in _SQLITE_NOT_WRITABLE:
            return DataFolderReadOnly(str(location.sqlite_path.parent))
    elif location.sqlite_path is None:
        refusal = _server_refusal(exc)
        if refusal is not None:
            return DatabaseUnreachable(location.where, refusal)
    problem = storage_problem(exc)
    return None if problem is None else StorageUnavailable(problem)


def _server_refusal(exc: DBAPIError) -> str | None:
    sqlstate = getattr(exc.orig, "sqlstate", None)
    if not isinstance(sqlstate, str):
        if storage_problem(exc) is None:
            return None
        # No SQLSTATE: libpq could not connect (refused, timed out, login not accepted).
        text = str(exc.orig)
        sqlstate = next((c for a, b, c in _LOGIN_REFUSALS if a in text and b in text), "08")
    return next((t for p, t in _SERVER_REFUSALS.items() if sqlstate.startswith(p)), None)


def open_replica(url: str) -> SqlStorage | None:
    """A read-only replica for the reports (terminal.toml `reports_database`, issue 18): a
    PostgreSQL streaming standby of the chain's primary. Never migrated; used only when its
    schema is this program's, else (or when it cannot be reached) the reports read the
    primary and the log says why.
    """
    location = parse_location(url)
    engine = app_engine(location)
    try:
        with engine.connect() as connection:
            version = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
    except DBAPIError as exc:
        log.warning("reports replica %s not used: %s", location.description, exc.orig)
        engine.dispose()
        return None
    if version != SHOP_MIGRATIONS.head:
        log.warning(
            "reports replica %s not used: its schema is %s, this program's %s",
            location.description,
            version,
            SHOP_MIGRATIONS.head,
        )
        engine.dispose()
        return None
    log.info("reports read from the replica %s", location.description)
    return SqlStorage(engine, location.description)
