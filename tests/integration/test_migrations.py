"""Schema migrations on open: create the schema, upgrade it with a backup, two terminals at once."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

import db.games.poker  # noqa: F401 - the game's table joins Base.metadata (issue 36)
from db import alembic_run
from db.bootstrap import SqlStorage, open_storage
from db.engine import maintenance_engine, parse_location
from db.migrate import HEAD, SHOP_MIGRATIONS, Migrations
from db.tables import Base
from tests.integration.migrations_helpers import (
    NEXT,
    SHOP_TABLES,
    _revision,
    _seed,
    _with_next_revision,
)

# These tests create the schema themselves: a PostgreSQL database starts empty.
EMPTY_DATABASES = True

pytestmark = pytest.mark.integration


def test_the_head_constant_is_the_newest_script() -> None:
    assert alembic_run.script_heads(SHOP_MIGRATIONS) == [HEAD]


def test_autogenerate_finds_nothing_to_add_after_the_last_revision(
    sqlite_url: str, tmp_path: Path
) -> None:
    open_storage(sqlite_url).close()
    scripts = tmp_path / "migrations"
    shutil.copytree(SHOP_MIGRATIONS.script_location, scripts)
    engine = maintenance_engine(parse_location(sqlite_url))
    try:
        script = alembic_run.write_revision(engine, Migrations(scripts, HEAD), "nothing", NEXT)
    finally:
        engine.dispose()

    assert script is not None
    body = script.read_text(encoding="utf-8")
    assert f"down_revision: str | Sequence[str] | None = '{HEAD}'" in body
    assert body.count("    pass\n") == 2  # neither upgrade() nor downgrade() has anything


def test_a_new_database_gets_the_whole_schema(sql_storage: SqlStorage) -> None:
    tables = set(inspect(sql_storage.engine).get_table_names())

    assert tables == SHOP_TABLES | {"alembic_version"}
    assert _revision(sql_storage) == HEAD


def test_the_migrations_create_exactly_what_the_tables_declare(sql_storage: SqlStorage) -> None:
    with sql_storage.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, Base.metadata)

    assert differences == []


def test_the_first_migration_can_be_undone_and_redone(db_url: str) -> None:
    storage = open_storage(db_url)
    storage.close()
    engine = maintenance_engine(parse_location(db_url))
    try:
        with engine.begin() as connection:
            command.downgrade(alembic_run.make_config(SHOP_MIGRATIONS, connection), "base")
            assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
    finally:
        engine.dispose()
    storage = open_storage(db_url)
    try:
        assert set(inspect(storage.engine).get_table_names()) >= SHOP_TABLES
    finally:
        storage.close()


def test_a_brand_new_database_needs_no_backup(sqlite_url: str) -> None:
    open_storage(sqlite_url).close()

    assert not (Path(sqlite_url.removeprefix("sqlite:///")).parent / "backups").exists()


def test_an_empty_file_is_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    path.touch()

    storage = open_storage(f"sqlite:///{path}")
    try:
        assert _revision(storage) == HEAD
    finally:
        storage.close()
    assert not (tmp_path / "backups").exists()


def test_an_older_database_is_copied_before_it_is_upgraded(tmp_path: Path) -> None:
    """A database at HEAD with the demo data is upgraded to a test-only next revision."""
    url = f"sqlite:///{tmp_path / 'shop.db'}"
    _seed(url)
    migrations = _with_next_revision(
        tmp_path,
        """
        with op.batch_alter_table("users") as batch:
            batch.add_column(sa.Column("nickname", sa.String(100), nullable=True))
        """,
    )

    storage = open_storage(url, migrations=migrations)
    try:
        assert _revision(storage) == NEXT
        with storage.unit_of_work() as uow:
            assert [u.login for u in uow.users.list()] == ["anna", "boss"]
    finally:
        storage.close()

    backups = list((tmp_path / "backups").iterdir())
    assert len(backups) == 1
    assert backups[0].name.startswith("shop-") and backups[0].name.endswith(f"-from-{HEAD}.db")
    with closing(sqlite3.connect(backups[0])) as copy:
        assert copy.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
        assert copy.execute("SELECT count(*) FROM events").fetchone() == (10,)


def test_a_batch_copy_of_a_parent_table_keeps_the_child_rows(db_url: str, tmp_path: Path) -> None:
    """The data-loss trap of notes/libraries.md §4: batch mode drops and re-creates `events`."""
    _seed(db_url)
    before = _count_quotes(db_url)
    migrations = _with_next_revision(
        tmp_path,
        """
        with op.batch_alter_table("events") as batch:
            batch.alter_column("home", type_=sa.String(200))
        """,
    )

    open_storage(db_url, migrations=migrations).close()

    assert before > 0
    assert _count_quotes(db_url, migrations) == before


def _count_quotes(url: str, migrations: Migrations = SHOP_MIGRATIONS) -> int:
    storage = open_storage(url, migrations=migrations)
    try:
        with storage.unit_of_work() as uow:
            return len(uow.line.current_quotes([e.code for e in uow.line.events()]))
    finally:
        storage.close()


def test_two_terminals_creating_the_database_at_once_both_open_it(db_url: str) -> None:
    opened: list[SqlStorage] = []
    errors: list[BaseException] = []

    def start_terminal() -> None:
        try:
            opened.append(open_storage(db_url))
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread, which fails
            errors.append(exc)

    threads = [threading.Thread(target=start_terminal) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for storage in opened:
        storage.close()

    assert errors == []
    assert len(opened) == 3


def test_an_up_to_date_database_opens_without_loading_alembic(sqlite_url: str) -> None:
    """Starting the till reads the revision with plain SQL; Alembic costs ~0.2 s to import."""
    open_storage(sqlite_url).close()
    script = (
        "import sys\nfrom db.bootstrap import open_storage\n"
        f"open_storage({sqlite_url!r}).close()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))\n"
    )

    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", script], capture_output=True, text=True, check=True
    )

    assert result.stdout.strip() == "[]"
