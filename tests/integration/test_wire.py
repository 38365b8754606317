"""db.wire on PostgreSQL: a batch in one pipeline through libpq, its BEGIN with it, each
statement prepared once per connection and kept after a rollback, a large batch answered
while it is sent, a failure named and the rest skipped, a lost connection replaced."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from psycopg import pq
from sqlalchemy import BigInteger, Engine, bindparam, cast, delete, func, insert, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from db import pipeline
from db.bootstrap import SqlStorage, open_storage
from db.pipeline import send
from db.tables.shop import CounterRow
from db.wire import numbered
from pos.shop.services import Shop
from tests.integration.pg import PostgresServer

pytestmark = [pytest.mark.integration, pytest.mark.postgres]

_VALUE = select(CounterRow.value).where(CounterRow.name == bindparam("name"))
_ADD = insert(CounterRow).values(name=bindparam("name"), value=bindparam("value"))
_COUNT = select(func.count()).select_from(CounterRow).where(CounterRow.name.like("w%"))
_FAILS = select(cast(CounterRow.value / bindparam("zero"), BigInteger)).where(
    CounterRow.name == "w0"
)
_CLEAR = delete(CounterRow).where(CounterRow.name.like("w%"))
_PREPARED = text("SELECT name FROM pg_prepared_statements WHERE name LIKE 'pos\\_%'")


@pytest.fixture
def storage(pg_migrated_url: str) -> Iterator[SqlStorage]:
    opened = open_storage(pg_migrated_url)
    yield opened
    opened.close()


def _in_session(engine: Engine, work: Callable[[Session], Any], *, commit: bool = True) -> Any:
    with Session(engine) as session:
        answer = work(session)
        if commit:
            session.commit()
        return answer


def _prepared(session: Session) -> list[str]:
    return sorted(row[0] for row in session.connection().execute(_PREPARED))


def test_placeholders_are_numbered_in_order_of_first_use() -> None:
    found = numbered("SELECT %(a)s + %(b)s - %(a)s WHERE x LIKE 'a%%'")
    assert found.sql == b"SELECT $1 + $2 - $1 WHERE x LIKE 'a%'"
    assert found.names == ("a", "b")


def test_a_bet_goes_in_four_round_trips_with_no_begin_of_its_own(
    db_shop: Shop, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = db_shop.storage
    assert isinstance(storage, SqlStorage)
    if storage.engine.dialect.name != "postgresql":
        pytest.skip("SQLite has no round trips: nothing goes through db.wire there")
    desk = db_shop.login("anna", "4821")
    desk.accept_bet([(101, "1")], "10")  # the register's first receipt
    batches: list[str] = []
    exchange = pipeline.exchange

    def counted(raw: psycopg.Connection[Any], *args: Any, **kwargs: Any) -> Any:
        batches.append(pq.TransactionStatus(raw.pgconn.transaction_status).name)
        return exchange(raw, *args, **kwargs)

    def refused(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a statement went out through psycopg's cursor")

    monkeypatch.setattr(pipeline, "exchange", counted)
    monkeypatch.setattr(psycopg.Cursor, "execute", refused)
    desk.accept_bet([(102, "1")], "10")
    # Each of a bet's two transactions: its reads with its BEGIN, then its writes with its
    # COMMIT; nothing else reaches the server.
    assert batches == ["IDLE", "INTRANS", "IDLE", "INTRANS"]


def test_a_statement_is_prepared_once_per_connection_and_stays_after_a_rollback(
    storage: SqlStorage,
) -> None:
    engine = storage.engine
    _in_session(engine, lambda s: send(s, [(_ADD, {"name": "w0", "value": 5})]))

    def read(session: Session) -> tuple[list[Any], list[str]]:
        rows = send(session, [(_VALUE, {"name": "w0"})])
        for _ in range(6):  # what psycopg would prepare itself (and deallocate all at rollback)
            session.connection().exec_driver_sql("SELECT count(*) FROM counters")
        return rows, _prepared(session)

    first, prepared = _in_session(engine, read, commit=False)  # rolled back
    again, prepared_again = _in_session(engine, read, commit=False)
    assert first == again == [[(5,)]]
    assert prepared and prepared == prepared_again  # the same names: nothing prepared twice


def test_a_large_batch_is_answered_while_it_is_sent(storage: SqlStorage) -> None:
    rows = [{"name": f"w{n}", "value": n} for n in range(20_000)]
    _in_session(storage.engine, lambda s: send(s, [(_ADD, rows)]))
    counted = _in_session(storage.engine, lambda s: send(s, [(_COUNT, {})]))
    assert counted == [[(20_000,)]]


def test_a_failed_statement_is_named_and_the_rest_skipped_then_the_connection_goes_on(
    storage: SqlStorage,
) -> None:
    engine = storage.engine
    _in_session(engine, lambda s: send(s, [(_ADD, {"name": "w0", "value": 5})]))
    with pytest.raises(DBAPIError) as raised, Session(engine) as session:
        send(
            session,
            [
                (_ADD, {"name": "w1", "value": 1}),
                (_FAILS, {"zero": 0}),
                (_CLEAR, {}),  # never prepared: its PREPARE is skipped with it
            ],
            commit=True,
        )
    assert isinstance(raised.value.orig, psycopg.errors.DivisionByZero)
    assert "/" in str(raised.value.statement)
    assert _in_session(engine, lambda s: send(s, [(_COUNT, {})])) == [[(1,)]]  # w1 not kept
    _in_session(engine, lambda s: send(s, [(_CLEAR, {})]))  # prepared now, and it runs
    assert _in_session(engine, lambda s: send(s, [(_COUNT, {})])) == [[(0,)]]


def test_a_connection_lost_is_replaced(storage: SqlStorage, pg_server: PostgresServer) -> None:
    engine = storage.engine
    _in_session(engine, lambda s: send(s, [(_ADD, {"name": "w0", "value": 5})]))
    with Session(engine) as session:
        pid = session.connection().exec_driver_sql("SELECT pg_backend_pid()").scalar()
        session.rollback()
        with psycopg.connect(pg_server.admin_conninfo, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        with pytest.raises(DBAPIError):
            send(session, [(_VALUE, {"name": "w0"})])
    assert _in_session(engine, lambda s: send(s, [(_VALUE, {"name": "w0"})])) == [[(5,)]]
