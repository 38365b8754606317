"""Migration 0022 (issue 35): an account opened before keeps everything, its statement and its
place in the register, and has no document kept (its deposits name the holder as before)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect

from db import alembic_run
from db.bootstrap import open_storage
from db.engine import maintenance_engine, parse_location
from db.migrate import SHOP_MIGRATIONS, Migrations
from pos.accounts.counter import holder_fields
from pos.accounts.ledger import Movement

# These tests create the schema themselves: a PostgreSQL database starts empty.
EMPTY_DATABASES = True

pytestmark = pytest.mark.integration


def _driver_url(db_url: str) -> str:
    return db_url.replace("postgresql://", "postgresql+psycopg://")


def test_an_account_from_before_0022_keeps_its_balance_statement_and_holder(
    db_url: str,
) -> None:
    open_storage(db_url, migrations=Migrations(SHOP_MIGRATIONS.script_location, "0021")).close()
    engine = create_engine(_driver_url(db_url))
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO accounts (id, number, document_key, holder, document_masked, "
            "opened_at, office, opened_by, free, blocked, person_key) VALUES (1, "
            "'00000000017', 'k', 'Иванов Пётр Сергеевич', 'паспорт ******567', "
            "'2026-11-30T09:00:00.000000Z', 'M1', 'anna', 10000, 2500, 'p')"
        )
        connection.exec_driver_sql(
            "INSERT INTO account_movements (id, account_id, at, kind, amount, free_after, "
            "blocked_after, reference, terminal, cashier, office) VALUES (1, 1, "
            "'2026-11-30T09:01:00.000000Z', 'deposit', 12500, 12500, 0, 'чек 1', 'К1', "
            "'anna', 'M1')"
        )
    engine.dispose()

    storage = open_storage(db_url)
    try:
        with storage.unit_of_work() as uow:
            account = uow.accounts.get("00000000017")
            lines = uow.accounts.statement("00000000017")
            found = uow.accounts.by_document("k")
    finally:
        storage.close()

    assert account is not None and found == account
    assert (account.holder, account.document_masked) == (
        "Иванов Пётр Сергеевич",
        "паспорт ******567",
    )
    assert (account.free, account.blocked) == (Decimal("100.00"), Decimal("25.00"))
    assert account.register_keys == ("k", "p")
    assert [(line.kind, line.amount) for line in lines] == [(Movement.DEPOSIT, Decimal("125.00"))]
    assert account.document is None
    assert holder_fields(account) == {
        "holder": "Иванов Пётр Сергеевич",
        "document": "паспорт ******567",
    }


def test_0022_undone_keeps_the_account_and_redone_has_no_document_in_it(db_url: str) -> None:
    open_storage(db_url).close()
    engine = maintenance_engine(parse_location(db_url))
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql(
                "INSERT INTO accounts (id, number, document_key, holder, document_masked, "
                "opened_at, office, opened_by, free, blocked, document_number) VALUES (1, "
                "'00000000017', 'k', 'Иванов Пётр', 'паспорт ******567', "
                "'2026-11-30T09:00:00.000000Z', 'M1', 'anna', 0, 0, 'MP1234567')"
            )
        with engine.begin() as connection:
            command.downgrade(alembic_run.make_config(SHOP_MIGRATIONS, connection), "0021")
            columns = {column["name"] for column in inspect(connection).get_columns("accounts")}
            kept = connection.exec_driver_sql("SELECT number, holder FROM accounts").all()
    finally:
        engine.dispose()
    storage = open_storage(db_url)
    try:
        with storage.unit_of_work() as uow:
            account = uow.accounts.get("00000000017")
    finally:
        storage.close()

    assert "document_number" not in columns and "holder" in columns
    assert kept == [("00000000017", "Иванов Пётр")]
    assert account is not None and account.document is None
