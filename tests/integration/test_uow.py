"""The unit of work on a real database: rollback unless committed, environment errors wrapped."""

from __future__ import annotations

import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.exc import IntegrityError

from db import engine
from db.bootstrap import SqlStorage, open_storage
from pos.core.audit import AuditAction, AuditRecord
from pos.core.errors import ConcurrentChange, StorageUnavailable
from pos.people.users import Role, User
from tests.integration.pg import PostgresServer

pytestmark = pytest.mark.integration

ANNA = User("anna", Role.CASHIER, "plain$4821")


def _logins(storage: SqlStorage) -> list[str]:
    with storage.unit_of_work() as uow:
        return [user.login for user in uow.users.list()]


def test_committed_work_is_kept(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow:
        uow.users.add(ANNA)
        uow.commit()

    assert _logins(sql_storage) == ["anna"]


def test_rolls_back_uncommitted_work_by_default(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow:
        uow.users.add(ANNA)

    assert _logins(sql_storage) == []


def test_rolls_back_on_error(sql_storage: SqlStorage) -> None:
    class Refused(Exception):
        pass

    with pytest.raises(Refused), sql_storage.unit_of_work() as uow:
        uow.users.add(ANNA)
        uow.settings.save({"min_age": "21"})
        raise Refused

    assert _logins(sql_storage) == []
    with sql_storage.unit_of_work() as uow:
        assert _without_secret(uow.settings.load()) == {}


def test_work_after_a_commit_is_rolled_back(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow:
        uow.users.add(ANNA)
        uow.commit()
        uow.users.add(User("boss", Role.MANAGER, "plain$9911"))

    assert _logins(sql_storage) == ["anna"]


def test_a_bug_is_not_disguised_as_a_storage_error(sql_storage: SqlStorage) -> None:
    """A negative failure count breaks a CHECK constraint: only a programming error does that."""
    bad = User("anna", Role.CASHIER, "plain$4821", failed_pins=-1)
    with pytest.raises(IntegrityError), sql_storage.unit_of_work() as uow:
        uow.users.add(bad)
        uow.commit()


def test_a_duplicate_key_is_a_bug_on_sqlite_and_a_race_on_postgresql(
    sql_storage: SqlStorage, db_url: str
) -> None:
    """BEGIN IMMEDIATE serialises SQLite writers, so a duplicate there is a bug; on PostgreSQL
    the service's "is it free?" check and its insert can race with another terminal."""
    with sql_storage.unit_of_work() as uow:
        uow.users.add(ANNA)
        uow.commit()

    expected = IntegrityError if db_url.startswith("sqlite") else ConcurrentChange
    with pytest.raises(expected), sql_storage.unit_of_work() as uow:
        uow.users.add(ANNA)
        uow.commit()


def test_a_busy_sqlite_file_is_reported_as_busy_after_the_timeout(sqlite_url: str) -> None:
    """Another program holds the write lock longer than the 5 s busy timeout."""
    storage = open_storage(sqlite_url)
    path = sqlite_url.removeprefix("sqlite:///")
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        with (
            pytest.raises(StorageUnavailable, match="занята") as raised,
            storage.unit_of_work() as uow,
        ):
            uow.users.list()
    finally:
        other.close()
        storage.close()

    assert isinstance(raised.value.__cause__, Exception)
    assert "locked" in str(raised.value.__cause__)


def test_a_full_disk_is_reported_and_nothing_is_half_written(sqlite_url: str) -> None:
    """SQLite's max_page_count makes the file "full" the way a full disk does (SQLITE_FULL)."""
    storage = open_storage(sqlite_url)
    try:
        with (
            pytest.raises(StorageUnavailable, match="диск заполнен"),
            storage.unit_of_work() as uow,
        ):
            # Reaching inside: the PRAGMA holds for one connection, the one of this session.
            uow._session.connection().exec_driver_sql("PRAGMA max_page_count = 1")
            uow.users.add(ANNA)
            for number in range(200):
                uow.settings.save({f"note{number}": "x" * 500})
            uow.commit()
    finally:
        storage.close()
    storage = open_storage(sqlite_url)
    try:
        assert _logins(storage) == []
    finally:
        storage.close()


@pytest.mark.postgres
def test_a_lost_server_connection_is_reported(pg_server: PostgresServer, pg_url: str) -> None:
    storage = open_storage(pg_url)
    try:
        with (
            pytest.raises(StorageUnavailable, match="сервер") as raised,
            storage.unit_of_work() as uow,
        ):
            uow.users.list()
            _disconnect_everyone(pg_server, database=pg_url.rsplit("/", 1)[1])
            uow.users.list()
        assert raised.value.__cause__ is not None
        # The pool notices the dead connection and the next unit of work works again.
        assert _logins(storage) == []
    finally:
        storage.close()


@pytest.mark.postgres
def test_a_connection_is_pinged_only_after_resting(
    pg_server: PostgresServer, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A unit of work right after another sends no ping (a round trip saved per
    transaction); one after the connection rested is pinged first, and a connection the
    server cut while it rested is replaced before anything is sent on it."""
    storage = open_storage(pg_url)
    pings: list[bool] = []
    dialect = storage.engine.dialect
    ping = dialect.do_ping

    def counted(connection: object) -> bool:
        pings.append(True)
        return ping(connection)

    monkeypatch.setattr(dialect, "do_ping", counted)
    try:
        for _ in range(3):
            assert _logins(storage) == []
        assert pings == []
        monkeypatch.setattr(engine, "IDLE_PING_S", 0.0)
        _disconnect_everyone(pg_server, database=pg_url.rsplit("/", 1)[1])
        assert _logins(storage) == []  # no StorageUnavailable: the dead one was replaced
        assert len(pings) == 1
    finally:
        storage.close()


def _disconnect_everyone(server: PostgresServer, database: str) -> None:
    with psycopg.connect(server.admin_conninfo, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
            (database,),
        )


def test_the_unit_of_work_can_be_used_from_several_threads(sql_storage: SqlStorage) -> None:
    errors: list[BaseException] = []

    def add(login: str) -> None:
        try:
            with sql_storage.unit_of_work() as uow:
                uow.users.add(User(login, Role.CASHIER, "plain$0000"))
                uow.audit.append(
                    AuditRecord(datetime.now(UTC), "К1", login, AuditAction.USER_CREATED)
                )
                uow.commit()
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread, which fails
            errors.append(exc)

    threads = [threading.Thread(target=add, args=(f"user{n}",)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert _logins(sql_storage) == sorted(f"user{n}" for n in range(6))


def test_opening_creates_the_data_folder(tmp_path: Path) -> None:
    storage = open_storage(f"sqlite:///{tmp_path}/a/b/shop.db")
    storage.close()

    assert (tmp_path / "a" / "b" / "shop.db").is_file()


def _without_secret(settings: dict[str, str]) -> dict[str, str]:
    """The stored settings less the slip-number secret that migration 0002 creates."""
    return {name: value for name, value in settings.items() if name != "slip_secret"}
