"""Schema versions: read the revision with plain SQL on every start, run Alembic only to upgrade.

Starting the till must be quick, and importing Alembic costs about 0.2 s, so the head
revision is kept here as a constant (a test checks it against the script directory) and
Alembic is imported only when the database is behind. Before an existing SQLite file is
upgraded it is copied with SQLite's backup API into `backups/` beside it (STYLE.md B3.11);
a database from a newer program is refused and left as it is.

There is no alembic.ini: a new revision is written from `db/tables/` with
`db.alembic_run.write_revision`, or by hand from `migrations/script.py.mako`.
"""

from __future__ import annotations

import logging
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.resources import files
from pathlib import Path

from sqlalchemy import Connection, Engine, inspect

from db.engine import DatabaseLocation
from pos.core.errors import DatabaseTooNew, DatabaseUnreadable, MigrationFailed

log = logging.getLogger(__name__)

HEAD = "0032"
"""The newest revision in `migrations/versions`; bump it with every new migration."""

VERSION_TABLE = "alembic_version"
BACKUP_FOLDER = "backups"
# Taken for the length of a PostgreSQL migration, so that two terminals starting at once
# do not both create the tables ("betshop" in ASCII).
_MIGRATION_LOCK = 0x62657473686F70


@dataclass(frozen=True)
class Migrations:
    """Where the migration scripts are and which revision they end at."""

    script_location: Path
    head: str


SHOP_MIGRATIONS = Migrations(Path(str(files("db") / "migrations")), HEAD)


@dataclass(frozen=True)
class SchemaState:
    """What a database holds before it is opened: its revision and its tables."""

    revision: str | None
    tables: frozenset[str]

    @property
    def is_empty(self) -> bool:
        """True when there is nothing in the database to lose."""
        return not self.tables - {VERSION_TABLE}


def read_state(connection: Connection) -> SchemaState:
    """The revision stamped in the database (None before the first migration) and its tables."""
    tables = frozenset(inspect(connection).get_table_names())
    revision = None
    if VERSION_TABLE in tables:
        revision = connection.exec_driver_sql(f"SELECT version_num FROM {VERSION_TABLE}").scalar()
    return SchemaState(revision, tables)


def bring_up_to_date(
    location: DatabaseLocation, engine: Engine, migrations: Migrations = SHOP_MIGRATIONS
) -> Path | None:
    """Upgrade the database to the head revision unless it is there already.

    Args:
        location: the database, to know whether (and where) to make a backup copy.
        engine: an engine from `db.engine.maintenance_engine`.
        migrations: the scripts to run; tests pass their own.

    Returns:
        The backup copy made before upgrading, if one was made.

    Raises:
        DatabaseUnreadable: a database of some other program (tables, but no revision).
        DatabaseTooNew: a revision this program does not know; nothing was changed.
        MigrationFailed: an upgrade step failed; the transaction was rolled back.
    """
    with engine.connect() as connection:
        state = read_state(connection)
    if state.revision == migrations.head:
        return None
    if state.revision is None and not state.is_empty:
        raise DatabaseUnreadable(location.where)
    return _upgrade(location, engine, migrations, state)


def _upgrade(
    location: DatabaseLocation, engine: Engine, migrations: Migrations, state: SchemaState
) -> Path | None:
    # Alembic is imported only here: most starts find the schema up to date (module docstring).
    from db import alembic_run  # noqa: PLC0415

    if state.revision is not None and not alembic_run.knows(migrations, state.revision):
        raise DatabaseTooNew(state.revision, migrations.head)
    backup = None
    if location.sqlite_path is not None and not state.is_empty:
        backup = backup_sqlite(location.sqlite_path, state.revision)
    log.info("upgrading %s from %s to %s", location.description, state.revision, migrations.head)
    alembic_run.upgrade(engine, migrations, backup)
    return backup


def backup_sqlite(path: Path, revision: str | None) -> Path:
    """Copy a SQLite database with the online backup API into `backups/` beside it.

    Returns:
        The copy, e.g. `backups/shop-20261130-120000-from-0001.db`.

    Raises:
        MigrationFailed: the copy could not be written; the database was not touched.
    """
    folder = path.parent / BACKUP_FOLDER
    stamp = datetime.now(UTC).astimezone().strftime("%Y%m%d-%H%M%S")
    target = folder / f"{path.stem}-{stamp}-from-{revision or 'base'}.db"
    counter = 1
    while target.exists():
        counter += 1
        target = folder / f"{path.stem}-{stamp}-from-{revision or 'base'}-{counter}.db"
    try:
        folder.mkdir(exist_ok=True)
        with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(target)) as copy:
            source.backup(copy)
    except (OSError, sqlite3.Error) as exc:
        raise MigrationFailed("", f"не удалось сделать копию базы в {folder}") from exc
    log.info("database copied to %s before the upgrade", target)
    return target


def lock_for_migration(connection: Connection) -> None:
    """Make terminals migrate one at a time (on SQLite, BEGIN IMMEDIATE already does)."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
