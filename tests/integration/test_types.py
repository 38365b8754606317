"""db.types on both backends: money, odds and moments come back exactly as they went in."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal, localcontext
from typing import Any

import pytest
from sqlalchemy import Column, Integer, MetaData, Table, insert, select
from sqlalchemy.exc import StatementError

from db.bootstrap import SqlStorage
from db.types import Kopecks, Odds, UTCDateTime

pytestmark = pytest.mark.integration

MINSK = timezone(timedelta(hours=3))


@pytest.fixture
def scratch(sql_storage: SqlStorage) -> Iterator[Table]:
    """A table with one column of each type, dropped afterwards."""
    table = Table(
        "scratch",
        MetaData(),
        Column("id", Integer, primary_key=True),
        Column("amount", Kopecks()),
        Column("odds", Odds()),
        Column("at", UTCDateTime()),
    )
    table.create(sql_storage.engine)
    yield table
    table.drop(sql_storage.engine)


def _round_trip(storage: SqlStorage, table: Table, **values: object) -> dict[str, Any]:
    with storage.engine.begin() as connection:
        connection.execute(insert(table).values(id=1, **values))
        row = connection.execute(select(table).where(table.c.id == 1)).one()
    return dict(row._mapping)


@pytest.mark.parametrize(
    "amount", ["0.01", "19.99", "1250.50", "-3.10", "9999999999999.99"], ids=str
)
def test_money_round_trips_to_the_kopeck(
    sql_storage: SqlStorage, scratch: Table, amount: str
) -> None:
    stored = _round_trip(sql_storage, scratch, amount=Decimal(amount))["amount"]

    assert stored == Decimal(amount)
    assert str(stored) == amount


def test_money_is_stored_as_integer_kopecks(sql_storage: SqlStorage, scratch: Table) -> None:
    _round_trip(sql_storage, scratch, amount=Decimal("12.34"))

    with sql_storage.engine.connect() as connection:
        raw = connection.exec_driver_sql("SELECT amount FROM scratch").scalar()

    assert raw == 1234
    assert isinstance(raw, int)


def test_a_fraction_of_a_kopeck_is_refused(sql_storage: SqlStorage, scratch: Table) -> None:
    with pytest.raises(StatementError, match="копейках"):
        _round_trip(sql_storage, scratch, amount=Decimal("0.005"))


@pytest.mark.parametrize("odds", [Decimal("1.01"), Decimal("2.10"), Decimal("10000.00")])
def test_odds_round_trip_exactly(sql_storage: SqlStorage, scratch: Table, odds: Decimal) -> None:
    stored = _round_trip(sql_storage, scratch, odds=odds)["odds"]

    assert stored == odds
    assert str(stored) == str(odds)


def test_odds_with_three_places_are_refused(sql_storage: SqlStorage, scratch: Table) -> None:
    with pytest.raises(StatementError, match="two places"):
        _round_trip(sql_storage, scratch, odds=Decimal("2.105"))


def test_a_moment_comes_back_as_the_same_aware_utc_instant(
    sql_storage: SqlStorage, scratch: Table
) -> None:
    minsk_evening = datetime(2026, 11, 30, 21, 45, 12, 345678, tzinfo=MINSK)

    stored = _round_trip(sql_storage, scratch, at=minsk_evening)["at"]

    assert stored == minsk_evening
    assert stored.tzinfo == UTC
    assert stored.utcoffset() == timedelta(0)


def test_a_naive_moment_is_refused(sql_storage: SqlStorage, scratch: Table) -> None:
    with pytest.raises(StatementError, match="naive"):
        _round_trip(sql_storage, scratch, at=datetime(2026, 11, 30, 12, 0))  # noqa: DTZ001


def test_moments_sort_in_time_order_in_sql(sql_storage: SqlStorage, scratch: Table) -> None:
    base = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    moments = [
        base + timedelta(microseconds=1),
        base,
        base + timedelta(days=400),
        datetime(1999, 12, 31, 23, 59, tzinfo=MINSK),
        base + timedelta(seconds=9),
    ]
    with sql_storage.engine.begin() as connection:
        connection.execute(insert(scratch), [{"at": m} for m in moments])
        ordered = connection.execute(select(scratch.c.at).order_by(scratch.c.at)).scalars().all()
        later = (
            connection.execute(
                select(scratch.c.at).where(scratch.c.at > base).order_by(scratch.c.at)
            )
            .scalars()
            .all()
        )

    assert ordered == sorted(moments)
    assert later == sorted(m for m in moments if m > base)


def test_a_moment_stored_again_after_others_keeps_its_own_text(
    sql_storage: SqlStorage, scratch: Table
) -> None:
    # SQLite's text of the last moment stored is kept (issue 34): each row must still get
    # its own, whichever came before it, and the same instant in another zone the same.
    base = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    moments = [
        base,
        base,
        base + timedelta(microseconds=1),
        base.astimezone(MINSK),
        base - timedelta(microseconds=1),
        base,
        datetime(2026, 11, 30, 9, 0, tzinfo=UTC),  # equal, another object
    ]
    with sql_storage.engine.begin() as connection:
        for moment in moments:
            connection.execute(insert(scratch).values(at=moment))
        stored = connection.execute(select(scratch.c.at).order_by(scratch.c.id)).scalars().all()
        texts = connection.exec_driver_sql("SELECT at FROM scratch ORDER BY id").scalars().all()

    assert stored == moments
    if sql_storage.engine.dialect.name == "sqlite":
        assert texts[2] == "2026-11-30T09:00:00.000001Z"
        assert texts[4] == "2026-11-30T08:59:59.999999Z"
        assert len(set(texts)) == 3


def test_odds_and_money_read_back_whole_under_a_caller_s_narrow_decimal_context(
    sql_storage: SqlStorage, scratch: Table
) -> None:
    # Read with their own exact rules (issue 34), not the caller's: two digits of precision
    # would have made 1 016,99 a 1,0E+3 and odds of 12.50 a 13.
    with localcontext() as context:
        context.prec = 2
        row = _round_trip(sql_storage, scratch, amount=Decimal("1016.99"), odds=Decimal("12.50"))
    assert (str(row["amount"]), str(row["odds"])) == ("1016.99", "12.50")
