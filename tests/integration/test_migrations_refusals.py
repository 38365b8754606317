"""Schema migrations on open: a failed migration changes nothing; what is too new or foreign is
refused and left alone.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import inspect

from db.bootstrap import open_storage
from db.engine import maintenance_engine, parse_location
from db.migrate import HEAD, read_state
from pos.core.errors import DatabaseTooNew, DatabaseUnreadable, MigrationFailed
from tests.integration.migrations_helpers import _revision, _seed, _snapshot, _with_next_revision

# These tests create the schema themselves: a PostgreSQL database starts empty.
EMPTY_DATABASES = True

pytestmark = pytest.mark.integration


def test_a_failed_migration_changes_nothing_and_names_the_backup(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shop.db'}"
    _seed(url)
    migrations = _with_next_revision(
        tmp_path,
        """
        op.add_column("users", sa.Column("nickname", sa.String(100), nullable=True))
        op.execute("UPDATE no_such_table SET x = 1")
        """,
    )

    with pytest.raises(MigrationFailed) as failed:
        open_storage(url, migrations=migrations)

    assert failed.value.backup.startswith(str(tmp_path / "backups" / "shop-"))
    assert Path(failed.value.backup).is_file()
    storage = open_storage(url)
    try:
        assert _revision(storage) == HEAD
        columns = {c["name"] for c in inspect(storage.engine).get_columns("users")}
        assert "nickname" not in columns
    finally:
        storage.close()


def test_a_migration_that_leaves_a_dangling_key_is_rolled_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shop.db'}"
    _seed(url)
    migrations = _with_next_revision(tmp_path, 'op.execute("DELETE FROM events WHERE code = 101")')

    with pytest.raises(MigrationFailed, match="odds_quotes"):
        open_storage(url, migrations=migrations)

    storage = open_storage(url)
    try:
        with storage.unit_of_work() as uow:
            assert uow.line.get_event(101) is not None
    finally:
        storage.close()


def test_a_database_from_a_newer_program_is_refused_and_left_alone(sqlite_url: str) -> None:
    storage = open_storage(sqlite_url)
    with storage.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    storage.close()
    path = Path(sqlite_url.removeprefix("sqlite:///"))
    before = _snapshot(path)

    with pytest.raises(DatabaseTooNew) as refused:
        open_storage(sqlite_url)

    assert (refused.value.found, refused.value.supported) == ("9999", HEAD)
    assert "Данные не изменены" in str(refused.value)
    assert _snapshot(path) == before


@pytest.mark.postgres
def test_a_server_database_from_a_newer_program_is_refused(pg_url: str) -> None:
    storage = open_storage(pg_url)
    with storage.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    storage.close()

    with pytest.raises(DatabaseTooNew):
        open_storage(pg_url)

    engine = maintenance_engine(parse_location(pg_url))
    try:
        with engine.connect() as connection:
            assert read_state(connection).revision == "9999"
    finally:
        engine.dispose()


def test_a_file_that_is_not_a_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    path.write_bytes(b"%PDF-1.7 this is a payout journal, not a database\n" * 200)
    before = _snapshot(path)

    with pytest.raises(DatabaseUnreadable) as refused:
        open_storage(f"sqlite:///{path}")

    assert str(path) in str(refused.value)
    assert _snapshot(path) == before


def test_a_damaged_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 64)
    before = _snapshot(path)

    with pytest.raises(DatabaseUnreadable):
        open_storage(f"sqlite:///{path}")

    assert _snapshot(path) == before


def test_a_database_of_another_program_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    with closing(sqlite3.connect(path)) as other:
        other.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        other.execute("INSERT INTO customers (name) VALUES ('Иванов')")
        other.commit()
    before = _snapshot(path)

    with pytest.raises(DatabaseUnreadable):
        open_storage(f"sqlite:///{path}")

    assert _snapshot(path) == before
