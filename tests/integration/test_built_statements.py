"""Statements built once, sent on SQLite's own cursor (db.statements.run_built, issue 34): a
bet's statements skip SQLAlchemy's execution there, and read and write what it would."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from escpos.printer import Dummy
from sqlalchemy import event, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from db.bootstrap import SqlStorage
from db.statements import read, run_built
from db.tables import CounterRow
from main import open_shop
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration
_COUNTER = select(CounterRow.name, CounterRow.value).where(CounterRow.name == "built")
_NEW_COUNTER = insert(CounterRow).values(name="built", value=40)
_MOVE_COUNTER = (
    update(CounterRow).where(CounterRow.name == "built").values(value=CounterRow.value + 1)
)


@pytest.fixture
def sqlite_shop(sqlite_url: str, clock: FixedClock) -> Iterator[Shop]:
    shop = open_shop(
        sqlite_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    shop.seed_demo()
    yield shop
    shop.close()


def _storage(shop: Shop) -> SqlStorage:
    storage = shop.storage
    assert isinstance(storage, SqlStorage)
    return storage


def test_a_bet_on_sqlite_sends_its_statements_on_the_driver_s_cursor(
    sqlite_shop: Shop, clock: FixedClock
) -> None:
    anna = sqlite_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")  # the first bet of a process compiles
    heard: list[tuple[str, bool]] = []

    def hear(*args: Any) -> None:
        statement, context = args[2], args[4]
        heard.append((" ".join(statement.split()[:2]), context is not None))

    engine = _storage(sqlite_shop).engine
    event.listen(engine, "before_cursor_execute", hear)
    try:
        clock.advance(timedelta(seconds=3))
        slip = anna.accept_bet([(102, "X")], stake="25")
    finally:
        event.remove(engine, "before_cursor_execute", hear)
    through_sqlalchemy = [sql for sql, executed_by_sqlalchemy in heard if executed_by_sqlalchemy]
    assert through_sqlalchemy == []  # its BEGINs too (db.engine, issue 34)
    assert [sql for sql, _ in heard].count("BEGIN IMMEDIATE") == 2  # its two transactions
    assert len(heard) > 20  # each statement still heard by the engine's listeners
    assert sqlite_shop.slip(slip.number).status is SlipStatus.OPEN
    with engine.connect() as connection:
        moved = connection.execute(
            text("SELECT kind, amount FROM cash_movements ORDER BY id DESC LIMIT 1")
        )
        assert [tuple(row) for row in moved] == [("stake", 2500)]


def test_a_built_statement_reads_and_writes_what_sqlalchemy_would(
    sql_storage: SqlStorage,
) -> None:
    with sql_storage.unit_of_work() as uow:
        session = uow._session
        run_built(session, _NEW_COUNTER)
        assert run_built(session, _MOVE_COUNTER).rowcount == 1
        built = read(session, _COUNTER).one()
        assert tuple(built) == tuple(session.execute(_COUNTER).one())
        assert (built.name, built.value) == ("built", 41)
        with pytest.raises(IntegrityError):  # the driver's error, as SQLAlchemy raises it
            run_built(session, _NEW_COUNTER)


def test_a_bet_read_back_through_the_cursor_has_its_types(sqlite_shop: Shop) -> None:
    anna = sqlite_shop.login("anna", "4821")
    slip = anna.accept_bet([(101, "1"), (102, "X")], stake="10,50", kind="express")
    again = sqlite_shop.slip(slip.number)
    assert again == slip
    assert again.stake == Decimal("10.50") and again.issued_at.tzinfo is not None
