"""Migration 0017 (issue 34): the receipts spoiled before it count as noticed, so nobody gets a
pile of old void notices at the upgrade; one spoiled after it waits for its notice."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine

from db.bootstrap import open_storage
from db.migrate import SHOP_MIGRATIONS, Migrations

# These tests create the schema themselves: a PostgreSQL database starts empty.
EMPTY_DATABASES = True

pytestmark = pytest.mark.integration


def test_receipts_spoiled_before_0017_wait_for_no_notice(db_url: str) -> None:
    open_storage(db_url, migrations=Migrations(SHOP_MIGRATIONS.script_location, "0016")).close()
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    at = "2026-11-30T09:15:00.000000Z" if db_url.startswith("sqlite") else "2026-11-30 09:15Z"
    receipts = (
        "INSERT INTO fiscal_receipts (id, register_serial, number, day_no, kind, amount, at, "
        "terminal, cashier, printed, spoiled) VALUES "
    )
    with engine.begin() as connection:
        for statement in (
            "INSERT INTO terminals (name, register_serial) VALUES ('К1', 'KSA-1')",
            "INSERT INTO fiscal_registers (serial, terminal, last_receipt_no, day_no, "
            f"day_opened_at) VALUES ('KSA-1', 'К1', 2, 1, '{at}')",
            receipts + f"(1, 'KSA-1', 1, 1, 'income', 1000, '{at}', 'К1', 'anna', false, "
            "'печать прервалась'), "
            f"(2, 'KSA-1', 2, 1, 'income', 1000, '{at}', 'К1', 'anna', true, NULL)",
        ):
            connection.exec_driver_sql(statement)
    storage = open_storage(db_url)
    try:
        with storage.unit_of_work() as uow:
            assert uow.void_notices.pending("К1") == []  # spoiled before: counts as noticed
        with engine.begin() as connection:
            connection.exec_driver_sql(
                receipts + f"(3, 'KSA-1', 3, 1, 'expense', 500, '{at}', 'К1', 'anna', false, "
                "'не вышел целиком')"
            )
        with storage.unit_of_work() as uow:
            (waiting,) = uow.void_notices.pending("К1")
            uow.void_notices.mark_printed("KSA-1", 3, waiting.at)
            uow.void_notices.mark_printed("KSA-1", 3, waiting.at)  # again: no second row
            uow.commit()
        with storage.unit_of_work() as uow:
            assert uow.void_notices.pending("К1") == []
    finally:
        storage.close()
        engine.dispose()
    assert (waiting.receipt_no, waiting.reason, waiting.slip_number) == (
        3,
        "не вышел целиком",
        None,
    )
