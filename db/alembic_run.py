"""Alembic run from code, with no alembic.ini; `db.migrate` imports this only to upgrade."""

from __future__ import annotations

import logging
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from db.migrate import Migrations, lock_for_migration, read_state
from pos.core.errors import MigrationFailed

log = logging.getLogger(__name__)


def make_config(migrations: Migrations, connection: Connection | None = None) -> Config:
    """An Alembic configuration for these scripts; env.py migrates `connection` when given."""
    config = Config()
    # Config values go through configparser interpolation, where "%" is special.
    config.set_main_option("script_location", str(migrations.script_location).replace("%", "%%"))
    config.set_main_option("path_separator", "os")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def script_heads(migrations: Migrations) -> list[str]:
    """The head revisions of the script directory (one, unless the history has branched)."""
    return list(ScriptDirectory.from_config(make_config(migrations)).get_heads())


def knows(migrations: Migrations, revision: str) -> bool:
    """True if `revision` is one of the scripts, i.e. not from a newer program."""
    script = ScriptDirectory.from_config(make_config(migrations))
    return revision in {step.revision for step in script.walk_revisions()}


def write_revision(
    engine: Engine, migrations: Migrations, message: str, revision_id: str
) -> Path | None:
    """Write a new migration script from the differences between a database and `db.tables`.

    For developers: point `engine` at a database at the current head, change `db/tables/`,
    and review the script this writes into `migrations/versions` (then bump `db.migrate.HEAD`).

    Returns:
        The new script, or None if Alembic wrote none.
    """
    with engine.connect() as connection:
        script = command.revision(
            make_config(migrations, connection),
            message=message,
            autogenerate=True,
            rev_id=revision_id,
        )
    if script is None or isinstance(script, list):
        return None
    return Path(script.path)


def upgrade(engine: Engine, migrations: Migrations, backup: Path | None) -> None:
    """Run every missing migration in one transaction and check foreign keys before commit.

    Raises:
        MigrationFailed: a step or the foreign-key check failed; nothing was changed.
    """
    try:
        with engine.connect() as connection, connection.begin():
            lock_for_migration(connection)
            before = read_state(connection).revision
            if before == migrations.head:
                return  # another terminal upgraded it while this one waited for the lock
            command.upgrade(make_config(migrations, connection), migrations.head)
            _check_foreign_keys(connection, backup, before)
    except (SQLAlchemyError, CommandError) as exc:
        log.info("migration to %s failed: %s", migrations.head, exc)
        raise MigrationFailed(
            _shown(backup), f"ошибка при переходе на схему {migrations.head}"
        ) from exc


def _check_foreign_keys(connection: Connection, backup: Path | None, before: str | None) -> None:
    # Migrations run with foreign keys OFF on SQLite (db.engine.maintenance_engine); whatever
    # they left dangling is found here, inside the transaction, so it is rolled back.
    if connection.dialect.name != "sqlite":
        return
    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if broken:
        tables = sorted({str(row[0]) for row in broken})
        log.info("foreign keys broken after migrating from %s: %s", before, tables)
        raise MigrationFailed(_shown(backup), f"нарушены связи в таблицах {', '.join(tables)}")


def _shown(backup: Path | None) -> str:
    return "" if backup is None else str(backup)
