"""Migration 0019 (issue 35): accounts from before keep everything and have no personal number's
key (the register matches them by their document), and no register load is recorded yet."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine

from db.bootstrap import open_storage
from db.migrate import SHOP_MIGRATIONS, Migrations

# These tests create the schema themselves: a PostgreSQL database starts empty.
EMPTY_DATABASES = True

pytestmark = pytest.mark.integration


def test_accounts_from_before_0019_have_no_personal_key_and_no_load_is_recorded(
    db_url: str,
) -> None:
    open_storage(db_url, migrations=Migrations(SHOP_MIGRATIONS.script_location, "0018")).close()
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO accounts (id, number, document_key, holder, document_masked, "
            "opened_at, office, opened_by, free, blocked) VALUES (1, '00000000017', "
            "'k', 'Иванов П. С.', 'паспорт ******567', '2026-11-30T09:00:00.000000Z', 'M1', "
            "'anna', 10000, 0)"
        )
        connection.exec_driver_sql("INSERT INTO self_exclusions (document_key) VALUES ('k')")
    engine.dispose()

    storage = open_storage(db_url)
    try:
        with storage.unit_of_work() as uow:
            account = uow.accounts.get("00000000017")
            load = uow.accounts.last_register_load()
            excluded = uow.accounts.excluded("k")
    finally:
        storage.close()

    assert account is not None and account.holder == "Иванов П. С."
    assert account.register_keys == ("k", None)
    assert load is None and excluded  # the register loaded before stays in force
