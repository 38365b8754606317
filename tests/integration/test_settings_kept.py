"""Settings kept between transactions on SQLite, read anew once any terminal changed them
(issue 34: a bet read some thirty rows of settings at every call; both databases)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import event

from db.bootstrap import SqlStorage, open_storage
from pos.offices.offices import Office
from pos.shop.services import Shop

pytestmark = pytest.mark.integration


@pytest.fixture
def terminals(sql_storage: SqlStorage, db_url: str) -> Iterator[tuple[SqlStorage, SqlStorage]]:
    """Two terminals' storages on one database."""
    there = open_storage(db_url)
    try:
        yield sql_storage, there
    finally:
        there.close()


def _load(storage: SqlStorage, office: str | None = None) -> dict[str, str]:
    with storage.unit_of_work() as uow:
        return uow.settings.load(office)


def _save(storage: SqlStorage, values: dict[str, str]) -> None:
    with storage.unit_of_work() as uow:
        uow.settings.save(values)
        uow.commit()


def test_a_change_on_another_terminal_is_read_at_the_next_transaction(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, there = terminals
    _save(here, {"shop_name": "Первый"})
    assert _load(here)["shop_name"] == "Первый"  # kept here
    _save(there, {"shop_name": "Второй"})
    assert _load(here)["shop_name"] == "Второй"
    assert _load(here)["shop_name"] == "Второй"


def test_an_office_added_or_renamed_elsewhere_is_read_anew(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, there = terminals
    assert "office_name" not in _load(here, "M7")  # no such office yet: kept so
    with there.unit_of_work() as uow:
        uow.offices.add(Office("M7", "Седьмой", "ул. Ленина, 7", {"min_age": "21"}))
        uow.commit()
    loaded = _load(here, "M7")
    assert (loaded["office_name"], loaded["address"], loaded["min_age"]) == (
        "Седьмой",
        "ул. Ленина, 7",
        "21",
    )
    with there.unit_of_work() as uow:
        uow.offices.update(Office("M7", "Седьмой бис", "ул. Ленина, 9", {}))
        uow.commit()
    loaded = _load(here, "M7")
    assert (loaded["office_name"], loaded["address"]) == ("Седьмой бис", "ул. Ленина, 9")
    assert "min_age" not in loaded or loaded["min_age"] == _load(here)["min_age"]


def test_a_change_rolled_back_is_never_taken_for_another_terminals(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, there = terminals
    _load(here)
    with here.unit_of_work() as uow:
        uow.settings.save({"shop_name": "Отменённое"})
        assert uow.settings.load()["shop_name"] == "Отменённое"  # its own change, unkept
    # The other terminal's change takes the version the rolled-back one had taken.
    _save(there, {"shop_name": "Принятое"})
    assert _load(here)["shop_name"] == "Принятое"


def test_a_second_bet_reads_no_settings_rows_on_sqlite(db_shop: Shop) -> None:
    storage = db_shop.storage
    assert isinstance(storage, SqlStorage)
    if not storage.engine.url.drivername.startswith("sqlite"):
        pytest.skip("PostgreSQL reads the settings in the bet's first pipeline (db.read_ahead)")
    anna = db_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")
    heard: list[str] = []

    def hear(*args: Any) -> None:
        heard.append(" ".join(args[2].split()))

    event.listen(storage.engine, "before_cursor_execute", hear)
    try:
        slip = anna.accept_bet([(102, "X")], stake="10")
    finally:
        event.remove(storage.engine, "before_cursor_execute", hear)
    assert slip.office == anna.office
    assert not [sql for sql in heard if "FROM settings" in sql]
    assert any("FROM counters" in sql for sql in heard)  # the settings version, read
