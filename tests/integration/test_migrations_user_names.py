"""Migration 0018 (issue 34): the users already there keep everything and get no name, so their
papers show their login until a manager types the name they sign with."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import create_engine

from db.bootstrap import open_storage
from db.migrate import SHOP_MIGRATIONS, Migrations
from pos.people.names import signed_name
from pos.people.users import Role

# These tests create the schema themselves: a PostgreSQL database starts empty.
EMPTY_DATABASES = True

pytestmark = pytest.mark.integration


def test_users_from_before_0018_keep_their_pin_and_role_and_have_no_name(db_url: str) -> None:
    open_storage(db_url, migrations=Migrations(SHOP_MIGRATIONS.script_location, "0017")).close()
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO users (id, login, role, pin_hash, failed_pins, locks) "
            "VALUES (1, 'anna', 'cashier', 'plain$4821', 2, 1)"
        )
    engine.dispose()

    storage = open_storage(db_url)
    try:
        with storage.unit_of_work() as uow:
            anna = uow.users.get("anna")
            assert anna is not None
            uow.users.update(dataclasses.replace(anna, full_name="Иванова Анна"))
            uow.commit()
        with storage.unit_of_work() as uow:
            named = uow.users.get("anna")
    finally:
        storage.close()

    assert (anna.role, anna.pin_hash, anna.failed_pins, anna.locks) == (
        Role.CASHIER,
        "plain$4821",
        2,
        1,
    )
    assert anna.full_name == "" and signed_name(anna.full_name, anna.login) == "anna"
    assert named is not None and signed_name(named.full_name, "anna") == "Иванова А."
