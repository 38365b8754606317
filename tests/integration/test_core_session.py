"""A SQLite unit of work on one Core connection, the ORM session made only when a repository
uses the ORM (issue 34, db.core_session); one transaction per commit (both databases)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.orm import Session

from db.bootstrap import SqlStorage
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
