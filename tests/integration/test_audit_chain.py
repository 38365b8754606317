"""The audit trail's hash chain and `verify` on a real database, SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import create_engine
from sqlalchemy.exc import DBAPIError

from db.bootstrap import open_storage
from db.migrate import SHOP_MIGRATIONS, Migrations
from main import open_shop
from pos.core.audit import GENESIS, AuditAction, AuditRecord, chain_hash
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.fakes import PlainPinHasher
from tests.integration.sql import sql as _sql

pytestmark = pytest.mark.integration
# A test here builds a database of revision 0005 itself: PostgreSQL databases start empty.
EMPTY_DATABASES = True


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock) -> Iterator[Shop]:
    shop = open_shop(demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    yield shop
    shop.close()


def _lift_the_triggers(shop: Shop) -> None:
    if shop.description.startswith("PostgreSQL"):
        _sql(shop, "ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only")
        _sql(shop, "ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_append_only")
    else:
        for trigger in ("audit_log_no_update", "audit_log_no_delete"):
            _sql(shop, f"DROP TRIGGER {trigger}")


def test_the_audit_trail_refuses_changes_while_its_triggers_stand(db_shop: Shop) -> None:
    _a_day(db_shop)
    with pytest.raises(DBAPIError, match="append-only"):
        _sql(db_shop, "UPDATE audit_log SET detail = 'ничего' WHERE seq = 5")
    with pytest.raises(DBAPIError, match="append-only"):
        _sql(db_shop, "DELETE FROM audit_log WHERE seq = 5")


def _a_day(shop: Shop) -> None:
    anna = shop.login("anna", "4821")
    for stake in ("5", "7", "9"):
        anna.accept_bet([(101, "1")], stake=stake)
    anna.cancel_in_window(anna.recent_slips()[0].number, "не тот исход")


def test_a_real_day_verifies_and_its_numbers_run_without_gaps(db_shop: Shop) -> None:
    _a_day(db_shop)
    found = db_shop.verify()
    count = _sql(db_shop, "SELECT count(*), min(seq), max(seq) FROM audit_log")[0]
    assert found.ok, found.words()
    assert (found.audit_records, found.head.seq) == (count[0], count[2])
    assert count[1] == 1
    assert _sql(db_shop, "SELECT value FROM counters WHERE name = 'audit:M1'") == [(count[0],)]
    assert found.words()[0].startswith(f"Журнал аудита: записей {count[0]}, цепочка хешей цела")


@pytest.mark.parametrize(
    ("tampering", "where"),
    [
        ("UPDATE audit_log SET detail = 'ничего' WHERE seq = 5", "запись № 5 изменена"),
        ("UPDATE audit_log SET actor = 'boss' WHERE seq = 3", "запись № 3 изменена"),
        ("DELETE FROM audit_log WHERE seq = 4", "нет записи № 4"),
        ("DELETE FROM audit_log WHERE seq = (SELECT max(seq) FROM audit_log)", "нет записи"),
        (
            # Swapped through a free number: seq is unique, checked row by row.
            "UPDATE audit_log SET seq = -6 WHERE seq = 6; "
            "UPDATE audit_log SET seq = 6 WHERE seq = 7; "
            "UPDATE audit_log SET seq = 7 WHERE seq = -6",
            "записи № 6 и № 7 переставлены",
        ),
    ],
)
def test_tampering_with_the_audit_trail_is_found_and_located(
    db_shop: Shop, tampering: str, where: str
) -> None:
    _a_day(db_shop)
    assert db_shop.verify().ok
    _lift_the_triggers(db_shop)  # whoever holds the database can
    for statement in tampering.split("; "):
        _sql(db_shop, statement)
    found = db_shop.verify()
    assert not found.ok
    assert where in found.words()[0]


def test_a_journal_entry_removed_behind_the_triggers_is_found(db_shop: Shop) -> None:
    _sql(db_shop, "UPDATE counters SET value = 2 WHERE name = 'journal:M1'")
    found = db_shop.verify()
    assert not found.ok
    assert "выдано номеров 2" in found.words()[1]


def test_terminals_writing_at_once_keep_one_chain(
    db_url: str, db_shop: Shop, clock: FixedClock
) -> None:
    others = [
        open_shop(db_url, clock=clock, terminal=f"К{i}", pin_hasher=PlainPinHasher())
        for i in (2, 3)
    ]
    errors: list[BaseException] = []

    def work(shop: Shop) -> None:
        try:
            for _ in range(15):
                shop.login("anna", "4821").sign_out()
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(s,)) for s in [db_shop, *others]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for shop in others:
        shop.close()
    assert errors == []
    found = db_shop.verify()
    assert found.ok, found.words()
    assert _sql(db_shop, "SELECT count(*) FROM audit_log WHERE action = 'signed_out'") == [(45,)]


def test_records_written_before_0006_are_numbered_and_chained(db_url: str) -> None:
    open_storage(db_url, migrations=Migrations(SHOP_MIGRATIONS.script_location, "0005")).close()
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    sqlite = db_url.startswith("sqlite")
    moments = (
        ["2026-11-30T09:00:00.000000Z", "2026-11-30T09:00:01.250000Z"]
        if sqlite
        else ["2026-11-30 09:00Z", "2026-11-30 09:00:01.25Z"]
    )
    with engine.begin() as connection:
        for moment in moments:
            connection.exec_driver_sql(
                "INSERT INTO audit_log (at, terminal, actor, action, detail) "
                f"VALUES ('{moment}', 'К1', 'система', 'demo_seeded', 'событий: 10')"
            )
    engine.dispose()
    shop = open_shop(
        db_url,
        clock=FixedClock(NOW + timedelta(days=1)),
        terminal="К1",
        pin_hasher=PlainPinHasher(),
    )
    try:
        shop.create_user("boss", "9911", "manager")
        found = shop.verify()
        rows = _sql(shop, "SELECT seq, action FROM audit_log ORDER BY seq")
    finally:
        shop.close()
    assert found.ok, found.words()
    assert rows == [(1, "demo_seeded"), (2, "demo_seeded"), (3, "user_created")]


def test_records_chained_by_the_server_hash_as_python_does(db_shop: Shop) -> None:
    """On PostgreSQL the server numbers and hashes the lines (db.audit); several in one
    transaction, a new office's first, text with tabs, line feeds and Cyrillic: each hash is
    chain_hash of the one before."""
    details = ["ставка\t№ 1", "строка\nвторая", "", "ёЁ «кавычки» 100,00 руб."]
    with db_shop.unit_of_work() as uow:
        for office in ("M1", "M7"):
            for detail in details:
                uow.audit.append(
                    AuditRecord(NOW, "К1", "boss", AuditAction.SETTINGS_CHANGED, detail, office)
                )
        uow.commit()
    with db_shop.unit_of_work() as uow:
        for office in ("M1", "M7"):
            chain = list(uow.audit.chain(office))
            previous = GENESIS
            for line in chain:
                assert line.hash == chain_hash(previous, line.seq, line.record)
                previous = line.hash
            assert [line.record.detail for line in chain[-4:]] == details
            assert [line.seq for line in chain] == list(range(1, len(chain) + 1))
    assert db_shop.verify().ok
