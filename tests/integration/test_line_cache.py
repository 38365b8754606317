"""The line a SQLite terminal keeps between transactions (db.line_cache, issue 34): read anew as
soon as any terminal changed an event, its odds or its result, and never kept from a
transaction that wrote (its reads may yet roll back). On PostgreSQL nothing is kept; the
same answers are checked there."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import text

from db.bootstrap import SqlStorage, open_storage
from pos.line.events import Event, OddsQuote, Sport
from pos.settlement.results import Result, ResultStatus
from tests.integration.sql import on_sqlite, sent_during

pytestmark = pytest.mark.integration

AT = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
CODE = 501


@pytest.fixture
def terminals(sql_storage: SqlStorage, db_url: str) -> Iterator[tuple[SqlStorage, SqlStorage]]:
    """Two terminals' storages on one database, with one event and its odds for «1»."""
    with sql_storage.unit_of_work() as uow:
        uow.line.add_event(Event(CODE, Sport.FOOTBALL, "Динамо", "Шахтёр", AT + timedelta(days=1)))
        uow.commit()
    _quote(sql_storage, "2.10", 1)
    there = open_storage(db_url)
    try:
        yield sql_storage, there
    finally:
        there.close()


def _quote(storage: SqlStorage, odds: str, version: int, *, commit: bool = True) -> None:
    with storage.unit_of_work() as uow:
        uow.line.add_quote(OddsQuote(CODE, "1", Decimal(odds), version, AT, "ivan"))
        if commit:
            uow.commit()


def _line(storage: SqlStorage) -> tuple[Event | None, Decimal | None, Result | None]:
    """What a bet reads of the line: the event, the odds of «1», the result (the settings'
    version first, as a bet reads it)."""
    with storage.unit_of_work() as uow:
        uow.settings.load()
        return _read(uow)


def _read(uow: Any) -> tuple[Event | None, Decimal | None, Result | None]:
    event_ = uow.line.events_by_code([CODE]).get(CODE)
    quote = uow.line.quotes_for([(CODE, "1")]).get((CODE, "1"))
    result = uow.results.for_events([CODE]).get(CODE)
    return event_, None if quote is None else quote.odds, result


def _line_reads(storage: SqlStorage) -> list[str]:
    reads = [s for s in sent_during(storage, lambda: _line(storage)) if s.startswith("SELECT")]
    tables = ("FROM events", "FROM odds_quotes", "FROM event_results")
    return [s for s in reads if any(table in s for table in tables)]


def test_odds_changed_on_another_terminal_are_read_at_the_next_transaction(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, there = terminals
    assert _line(here)[1] == Decimal("2.10")
    if on_sqlite(here):  # kept: the second read sends nothing for the line
        assert _line_reads(here) == []
    _quote(there, "1.85", 2)
    assert _line(here)[1] == Decimal("1.85")
    with there.unit_of_work() as uow:  # the liability board takes the outcome off (UPDATE)
        uow.line.set_suspended(CODE, True)
        uow.commit()
    found, _odds, _result = _line(here)
    assert found is not None and found.suspended


def test_a_result_recorded_and_an_event_added_on_another_terminal_are_read_at_once(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, there = terminals
    assert _line(here)[2] is None
    with here.unit_of_work() as uow:  # a code typed wrong: kept as absent
        assert uow.line.events_by_code([CODE + 1]) == {}
    with there.unit_of_work() as uow:
        uow.results.add(
            Result(CODE, ResultStatus.FINISHED, 2, 1, AT, AT, "протокол", recorded_at=AT)
        )
        uow.line.add_event(Event(CODE + 1, Sport.HOCKEY, "Юность", "Неман", AT + timedelta(1)))
        uow.commit()
    result = _line(here)[2]
    assert result is not None and (result.home, result.away) == (2, 1)
    with here.unit_of_work() as uow:
        assert list(uow.line.events_by_code([CODE + 1])) == [CODE + 1]


def test_what_a_transaction_read_after_writing_the_line_is_not_kept_when_it_rolls_back(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, _there = terminals
    assert _line(here)[1] == Decimal("2.10")
    with here.unit_of_work() as uow:
        uow.settings.load()
        uow.line.add_quote(OddsQuote(CODE, "1", Decimal("9.99"), 2, AT, "ivan"))
        assert _read(uow)[1] == Decimal("9.99")  # its own write, read through
        # not committed: rolled back
    assert _line(here)[1] == Decimal("2.10")
    _quote(here, "3.00", 2)  # the same version number, committed this time
    assert _line(here)[1] == Decimal("3.00")


def test_a_second_transaction_of_one_unit_of_work_reads_the_version_anew(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, there = terminals
    with here.unit_of_work() as uow:
        uow.settings.load()
        assert _read(uow)[1] == Decimal("2.10")
        uow.commit()
        _quote(there, "4.50", 2)  # between this unit of work's two transactions
        uow.settings.load()
        assert _read(uow)[1] == Decimal("4.50")


def test_every_change_of_an_event_its_odds_or_its_result_moves_the_line_version_on(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    # Migration 0032's triggers, whatever sends the write (here a hand-written statement).
    here, _there = terminals
    if not on_sqlite(here):
        pytest.skip("PostgreSQL keeps no line between transactions: it has no version")
    changes = [
        "UPDATE events SET home = 'Динамо-Брест' WHERE code = 501",
        "UPDATE odds_quotes SET odds = 205 WHERE version = 1",
        "INSERT INTO event_results (event_id, status, home, away, actual_start, ended_at, "
        "recorded_at, source, venue_swapped, recorded_by, corrections) "
        "SELECT id, 'finished', 1, 0, "
        "'2026-12-06T12:00:00.000000Z', '2026-12-06T14:00:00.000000Z', "
        "'2026-12-06T14:00:00.000000Z', 'x', 0, '', 0 "
        "FROM events WHERE code = 501",
        "UPDATE event_results SET home = 3",
        "DELETE FROM event_results",
        "DELETE FROM odds_quotes",
        "INSERT INTO events (code, sport, home, away, starts_at, tournament, suspended) "
        "VALUES (502, 'football', 'А', 'Б', '2026-12-07T12:00:00.000000Z', '', 0)",
        "DELETE FROM events WHERE code = 502",
    ]
    with here.engine.begin() as connection:
        versions = [_version(connection)]
        for change in changes:
            connection.execute(text(change))
            versions.append(_version(connection))
    assert versions == list(range(versions[0], versions[0] + len(changes) + 1))
    with here.engine.connect() as connection:
        made = connection.execute(
            text("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'line_%'")
        ).scalars()
        assert len(set(made)) == 9  # events, odds_quotes, event_results × 3 changes


def _version(connection: Any) -> int:
    return int(
        connection.execute(text("SELECT value FROM counters WHERE name = 'line_version'")).scalar()
    )


def test_a_result_reads_back_whole_with_every_field_in_its_place(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    # Issue 34: a payout's results are unpacked by position; every field differs here, so
    # two taken in each other's place would not read back equal.
    here, there = terminals
    recorded = Result(
        CODE,
        ResultStatus.FINISHED,
        3,
        1,
        AT + timedelta(minutes=2),
        AT + timedelta(hours=2),
        "протокол АБФФ",
        first_score_at=AT + timedelta(minutes=17),
        venue_swapped=True,
        recorded_at=AT + timedelta(hours=3),
        recorded_by="ivan",
        corrections=2,
    )
    with here.unit_of_work() as uow:
        uow.results.add(recorded)
        uow.commit()
    for storage in (here, there):
        assert _line(storage)[2] == recorded
        assert _line(storage)[2] == recorded  # kept, on SQLite, as read
