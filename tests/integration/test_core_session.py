"""A SQLite unit of work on one Core connection, kept by its thread between units of work, the
ORM session made only when a repository uses the ORM (issue 34, db.core_session); one
transaction per commit (both databases)."""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.orm import Session
from sqlalchemy.pool import QueuePool

from db.bootstrap import SqlStorage
from db.statements import connection_of
from pos.shop.services import Shop

pytestmark = pytest.mark.integration


def _shop_name(storage: SqlStorage) -> str | None:
    with storage.engine.connect() as connection:
        value = connection.scalar(text("SELECT value FROM settings WHERE name = 'shop_name'"))
    return None if value is None else str(value)


def _serial(storage: SqlStorage) -> int:
    with storage.engine.connect() as connection:
        return int(connection.scalar(text("SELECT value FROM counters WHERE name = 'probe'")))


def test_a_bet_on_sqlite_begins_no_orm_session(db_shop: Shop) -> None:
    storage = db_shop.storage
    assert isinstance(storage, SqlStorage)
    if not storage.engine.url.drivername.startswith("sqlite"):
        pytest.skip("PostgreSQL keeps the ORM session (its pipelines, db.pipeline)")
    anna = db_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")
    begun: list[object] = []

    def heard(session: Session, *_args: Any) -> None:
        begun.append(session)

    event.listen(Session, "after_begin", heard)
    try:
        slip = anna.accept_bet([(102, "X"), (103, "2")], stake="10", kind="express")
    finally:
        event.remove(Session, "after_begin", heard)
    assert begun == []
    assert db_shop.slip(slip.number) == slip


def test_orm_and_core_writes_share_the_transaction(sql_storage: SqlStorage) -> None:
    with sql_storage.engine.begin() as connection:
        connection.execute(text("INSERT INTO counters (name, value) VALUES ('probe', 0)"))
    with sql_storage.unit_of_work() as uow:
        uow.settings.save({"shop_name": "Откатится"})  # through the ORM
        uow._session.execute(text("UPDATE counters SET value = 1 WHERE name = 'probe'"))
        assert uow.settings.load()["shop_name"] == "Откатится"
    assert (_shop_name(sql_storage), _serial(sql_storage)) == (None, 0)  # rolled back, both
    with sql_storage.unit_of_work() as uow:
        uow.settings.save({"shop_name": "Первая"})
        uow._session.execute(text("UPDATE counters SET value = 1 WHERE name = 'probe'"))
        uow.commit()
        # A second transaction in the same unit of work, rolled back when it is left.
        uow.settings.save({"shop_name": "Вторая"})
        uow._session.execute(text("UPDATE counters SET value = 2 WHERE name = 'probe'"))
    assert (_shop_name(sql_storage), _serial(sql_storage)) == ("Первая", 1)
    with sql_storage.unit_of_work() as uow:
        uow.settings.save({"shop_name": "Третья"})
        uow.rollback()
        uow._session.execute(text("UPDATE counters SET value = 3 WHERE name = 'probe'"))
        uow.commit()
    assert (_shop_name(sql_storage), _serial(sql_storage)) == ("Первая", 3)


def test_a_bet_on_sqlite_sends_no_lock_of_its_terminal(db_shop: Shop) -> None:
    storage = db_shop.storage
    assert isinstance(storage, SqlStorage)
    if not storage.engine.url.drivername.startswith("sqlite"):
        pytest.skip("PostgreSQL locks the terminal's row (tests/integration/test_lock_order.py)")
    anna = db_shop.login("anna", "4821")
    heard: list[str] = []

    def hear(*args: Any) -> None:
        heard.append(" ".join(args[2].split()))

    event.listen(storage.engine, "before_cursor_execute", hear)
    try:
        slip = anna.accept_bet([(101, "1")], stake="10")
    finally:
        event.remove(storage.engine, "before_cursor_execute", hear)
    # BEGIN IMMEDIATE already holds every other writer back.
    assert "BEGIN IMMEDIATE" in heard
    assert not [sql for sql in heard if sql.startswith("SELECT terminals.name FROM terminals")]
    assert db_shop.slip(slip.number) == slip


def _sqlite_only(storage: SqlStorage) -> None:
    if not storage.engine.url.drivername.startswith("sqlite"):
        pytest.skip("PostgreSQL's units of work check their connection out of the pool")


def _load(storage: SqlStorage) -> None:
    with storage.unit_of_work() as uow:
        uow.settings.load()


def test_a_thread_keeps_its_connection_idle_between_units_of_work(sql_storage: SqlStorage) -> None:
    """Issue 34: the connection a thread's unit of work used serves its next one, and between
    them it is in no transaction, so another terminal takes the write lock at once."""
    _sqlite_only(sql_storage)
    with sql_storage.unit_of_work() as uow:
        uow.settings.save({"shop_name": "Первая"})
        kept = connection_of(uow._session)
        uow.commit()
    assert not kept.in_transaction()
    database = sql_storage.engine.url.database
    assert database is not None
    other = sqlite3.connect(database, timeout=0, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # "database is locked" if the kept one held it
        other.execute("UPDATE settings SET value = 'Другой терминал' WHERE name = 'shop_name'")
        other.execute("COMMIT")
    finally:
        other.close()
    with sql_storage.unit_of_work() as uow:
        assert connection_of(uow._session) is kept
        assert uow.settings.load()["shop_name"] == "Другой терминал"


def test_the_connections_of_ended_threads_and_of_a_closed_storage_are_closed(
    sql_storage: SqlStorage,
) -> None:
    _sqlite_only(sql_storage)
    pool = sql_storage.engine.pool
    assert isinstance(pool, QueuePool)
    before = pool.checkedout()
    for _ in range(3):  # each new thread's first unit of work closes the ended one's
        worker = threading.Thread(target=_load, args=(sql_storage,))
        worker.start()
        worker.join()
        assert pool.checkedout() == before + 1
    _load(sql_storage)  # this thread's first too: the last worker's is closed, its own kept
    assert pool.checkedout() == before + 1
    sql_storage.close()
    assert pool.checkedout() == 0
    _load(sql_storage)  # a unit of work after the close (a worker late to stop) keeps nothing
    renewed = sql_storage.engine.pool  # the engine's pool after dispose()
    assert isinstance(renewed, QueuePool)
    assert renewed is not pool and renewed.checkedout() == 0


def test_an_invalidated_connection_is_replaced(sql_storage: SqlStorage) -> None:
    _sqlite_only(sql_storage)
    with sql_storage.unit_of_work() as uow:
        kept = connection_of(uow._session)
    kept.invalidate()  # as a disk error leaves it
    with sql_storage.unit_of_work() as uow:
        assert connection_of(uow._session) is not kept
        uow.settings.save({"shop_name": "После сбоя"})
        uow.commit()
    assert _shop_name(sql_storage) == "После сбоя"


def test_a_unit_of_work_makes_its_repositories_anew_each_time_it_is_entered(
    sql_storage: SqlStorage,
) -> None:
    """Issue 34: a repository is made at its first use, on the session of that `with`."""
    uow = sql_storage.unit_of_work()
    with uow:
        slips = uow.slips
        assert uow.slips is slips
    with uow:
        assert uow.slips is not slips
        assert uow.slips.next_serial() >= 1
    with pytest.raises(AttributeError):
        _ = uow.no_such_repository  # type: ignore[attr-defined]
