"""Statements built once, sent on SQLite's own cursor (db.statements.run_built, issue 34): a
bet's statements skip SQLAlchemy's execution there, and read and write what it would."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from escpos.printer import Dummy
from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError

from db.bootstrap import SqlStorage
from db.statements import read, run_built
from db.tables import CounterRow
from db.types import Kopecks, UTCDateTime
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

_SCRATCH = Table(
    "built_scratch",
    MetaData(),
    Column("id", Integer, primary_key=True),
    Column("amount", Kopecks()),
    Column("at", UTCDateTime()),
    Column("note", String(20)),
)
_ROW = _SCRATCH.c.id == bindparam("row")
# Every value given by its key: taken at once (db.compiled._Taken), then converted.
_SET_GIVEN = update(_SCRATCH).where(_ROW).values(amount=bindparam("amount"), at=bindparam("at"))
# One value the statement was built with: found by its bind, as SQLAlchemy finds it.
_SET_WITH_NOTE = (
    update(_SCRATCH).where(_ROW).values(amount=bindparam("amount"), at=bindparam("at"), note="n")
)
_SCRATCH_ROWS = select(_SCRATCH).order_by(_SCRATCH.c.id)


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


def test_a_built_statement_s_values_are_bound_as_sqlalchemy_binds_them(
    sql_storage: SqlStorage,
) -> None:
    at = datetime(2026, 11, 30, 9, 0, 1, 5, tzinfo=UTC)
    _SCRATCH.create(sql_storage.engine)
    try:
        with sql_storage.unit_of_work() as uow:
            session = uow._session
            session.execute(insert(_SCRATCH), [{"id": 1}, {"id": 2}, {"id": 3}])
            run_built(session, _SET_GIVEN, {"row": 1, "amount": Decimal("12.50"), "at": at})
            run_built(session, _SET_WITH_NOTE, {"row": 2, "amount": Decimal("-0.01"), "at": at})
            session.execute(_SET_GIVEN, {"row": 3, "amount": Decimal("12.50"), "at": at})
            rows = [tuple(row) for row in session.execute(_SCRATCH_ROWS)]
            uow.commit()
    finally:
        _SCRATCH.drop(sql_storage.engine)
    assert rows == [
        (1, Decimal("12.50"), at, None),
        (2, Decimal("-0.01"), at, "n"),
        (3, Decimal("12.50"), at, None),  # what SQLAlchemy's own execution wrote
    ]


def test_a_bet_read_back_through_the_cursor_has_its_types(sqlite_shop: Shop) -> None:
    anna = sqlite_shop.login("anna", "4821")
    slip = anna.accept_bet([(101, "1"), (102, "X")], stake="10,50", kind="express")
    again = sqlite_shop.slip(slip.number)
    assert again == slip
    assert again.stake == Decimal("10.50") and again.issued_at.tzinfo is not None
