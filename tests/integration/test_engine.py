"""db.engine: URLs, the SQLite PRAGMAs and BEGIN IMMEDIATE under several threads."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from db import engine as db_engine
from db.bootstrap import SqlStorage, open_storage
from db.engine import parse_location
from pos.core.errors import InvalidDatabaseUrl
from tests.conftest import APP_PRAGMAS

pytestmark = pytest.mark.integration


def test_sqlite_url_is_made_absolute_and_pinned_to_pysqlite(tmp_path: Path) -> None:
    location = parse_location(f"sqlite:///{tmp_path}/shop.db")

    assert location.url.drivername == "sqlite+pysqlite"
    assert location.sqlite_path == tmp_path / "shop.db"
    assert location.description == f"SQLite: {tmp_path / 'shop.db'}"


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://kassa:secret@db.shop.by:5433/shop",
        "postgresql+psycopg://kassa:secret@db.shop.by:5433/shop",
        "postgres://kassa:secret@db.shop.by:5433/shop",
    ],
)
def test_postgres_url_uses_psycopg3_and_never_shows_the_password(url: str) -> None:
    location = parse_location(url)

    assert location.url.drivername == "postgresql+psycopg"
    assert location.description == "PostgreSQL: db.shop.by:5433/shop"
    assert "secret" not in location.description


@pytest.mark.parametrize("url", ["mysql://x@y/z", "sqlite://", "sqlite:///:memory:", "nonsense"])
def test_unsupported_urls_are_refused_with_an_example(url: str) -> None:
    with pytest.raises(InvalidDatabaseUrl, match=r"Адрес базы данных указан неверно\. Пример"):
        parse_location(url)


def test_sqlite_connections_use_wal_full_sync_and_foreign_keys(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db_engine, "_APP_PRAGMAS", APP_PRAGMAS)  # the app's, not the tests'
    storage = open_storage(sqlite_url)
    try:
        with storage.engine.connect() as connection:
            pragma = {
                name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()
                for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
            }
    finally:
        storage.close()

    assert pragma == {
        "journal_mode": "wal",
        "synchronous": 2,
        "foreign_keys": 1,
        "busy_timeout": 5000,
    }


def test_sqlite_transactions_begin_immediate(sqlite_url: str) -> None:
    """A transaction holds the write lock from its first statement, even a read."""
    storage = open_storage(sqlite_url)
    try:
        with storage.engine.connect() as first, storage.engine.connect() as second:
            first.execute(text("SELECT count(*) FROM users"))
            # Straight to the driver, as any statement through `second` would BEGIN first;
            # no busy timeout, so that the lock shows at once instead of after 5 s.
            raw = second.connection.driver_connection
            assert raw is not None
            raw.execute("PRAGMA busy_timeout=0")
            with pytest.raises(OperationalError, match="database is locked"):
                second.execute(text("SELECT count(*) FROM users"))
    finally:
        storage.close()


def _increment(storage: SqlStorage, rounds: int, errors: list[BaseException]) -> None:
    try:
        for _ in range(rounds):
            with storage.engine.begin() as connection:
                # Read, then write: with a deferred BEGIN two threads deadlock on the upgrade
                # from the read lock and one fails at once with "database is locked".
                value = connection.execute(
                    text("SELECT value FROM settings WHERE name = 'counter'")
                ).scalar_one()
                connection.execute(
                    text("UPDATE settings SET value = :v WHERE name = 'counter'"),
                    {"v": str(int(value) + 1)},
                )
                connection.execute(
                    text("INSERT INTO terminals (name) VALUES (:n)"), {"n": f"n{int(value) + 1}"}
                )
    except BaseException as exc:  # noqa: BLE001 - handed to the main thread, which fails
        errors.append(exc)


def test_concurrent_read_then_write_transactions_all_succeed_without_gaps(sqlite_url: str) -> None:
    threads_count, rounds = 4, 25
    storages = [open_storage(sqlite_url) for _ in range(threads_count)]
    try:
        with storages[0].engine.begin() as connection:
            connection.execute(text("INSERT INTO settings (name, value) VALUES ('counter', '0')"))
        errors: list[BaseException] = []
        threads = [
            threading.Thread(target=_increment, args=(storage, rounds, errors))
            for storage in storages
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        with storages[0].engine.connect() as connection:
            final = connection.execute(
                text("SELECT value FROM settings WHERE name = 'counter'")
            ).scalar_one()
            numbers = connection.execute(text("SELECT name FROM terminals")).scalars().all()
    finally:
        for storage in storages:
            storage.close()

    assert errors == []
    assert final == str(threads_count * rounds)
    assert sorted(int(n[1:]) for n in numbers) == list(range(1, threads_count * rounds + 1))
