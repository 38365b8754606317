"""Schema migrations on open: the data that came before a migration is carried over by it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import create_engine

from db.bootstrap import open_storage
from db.migrate import SHOP_MIGRATIONS, Migrations
from main import open_shop
from pos.core.clock import FixedClock
from pos.exchange.batch import pari_terms
from pos.exchange.paris import Pari
from pos.till.fiscal import GrandTotals
from tests.fakes import PlainPinHasher
from tests.integration.migrations_helpers import NOW

# These tests create the schema themselves: a PostgreSQL database starts empty.
EMPTY_DATABASES = True

pytestmark = pytest.mark.integration


def test_slips_taken_before_0004_get_their_terms_and_settle(db_url: str) -> None:
    """Migration 0004 writes the settlement terms of every slip already issued."""
    open_storage(db_url, migrations=Migrations(SHOP_MIGRATIONS.script_location, "0003")).close()
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    sqlite = db_url.startswith("sqlite")
    moment = "2026-11-30T09:00:00.000000Z" if sqlite else "2026-11-30 09:00Z"
    kickoff = "2026-11-30T18:00:00.000000Z" if sqlite else "2026-11-30 18:00Z"
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO events (id, code, sport, home, away, starts_at, tournament, suspended) "
            f"VALUES (1, 7, 'football', 'А', 'Б', '{kickoff}', '', false)"
        )
        connection.exec_driver_sql(
            "INSERT INTO slips (id, number, request_key, kind, stake, total_odds, "
            "possible_payout, terminal, cashier, issued_at, status, agreed_in_play, reprints) "
            f"VALUES (1, '0000000000017', 'k', 'single', 1000, '2.5', 2500, 'К1', 'anna', "
            f"'{moment}', 'open', false, 0)"
        )
        connection.exec_driver_sql(
            "INSERT INTO slip_legs (id, slip_id, position, member, event_id, market, odds, "
            "odds_version) VALUES (1, 1, 0, 0, 1, '1', 250, 1)"
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
        shop.login("boss", "9911").record_result(7, 1, 0, source="протокол")
        report = shop.settle()
    finally:
        shop.close()

    assert (report.won, report.payout) == (1, Decimal("25.00"))


def test_users_from_before_0009_keep_their_lock_and_have_no_earlier_locks(db_url: str) -> None:
    """Migration 0009 adds the count of locks in a row; a user locked before it keeps the lock."""
    open_storage(db_url, migrations=Migrations(SHOP_MIGRATIONS.script_location, "0008")).close()
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    sqlite = db_url.startswith("sqlite")
    until = "2026-11-30T09:15:00.000000Z" if sqlite else "2026-11-30 09:15Z"
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO users (id, login, role, pin_hash, failed_pins, locked_until) "
            f"VALUES (1, 'anna', 'cashier', 'plain$4821', 0, '{until}')"
        )
    engine.dispose()

    storage = open_storage(db_url)
    try:
        with storage.unit_of_work() as uow:
            anna = uow.users.get("anna")
    finally:
        storage.close()

    assert anna is not None
    assert (anna.locks, anna.locked_until) == (0, NOW + timedelta(minutes=15))
    assert anna.is_locked(NOW) and not anna.locked_for_good


def test_drawers_and_grand_totals_from_before_0010_are_backfilled(db_url: str) -> None:
    """Migration 0010 starts each open drawer at its float plus its movements, and each
    register's grand totals at the sum of its receipts."""
    open_storage(db_url, migrations=Migrations(SHOP_MIGRATIONS.script_location, "0009")).close()
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    at = "2026-11-30T09:15:00.000000Z" if db_url.startswith("sqlite") else "2026-11-30 09:15Z"
    with engine.begin() as connection:
        for statement in (
            "INSERT INTO shifts (id, terminal, state, opened_at, opened_by, opening_cash) "
            f"VALUES (1, 'К1', 'open', '{at}', 'anna', 50000)",
            "INSERT INTO cash_transfers (id, shift_id, at, cashier, kind, amount, reason) "
            f"VALUES (1, 1, '{at}', 'anna', 'in', 10000, 'размен'), "
            f"(2, 1, '{at}', 'boss', 'out', 2500, 'в сейф')",
            "INSERT INTO fiscal_registers (serial, terminal, last_receipt_no, day_no, "
            f"day_opened_at) VALUES ('KSA-1', 'К1', 2, 1, '{at}')",
            "INSERT INTO fiscal_receipts (id, register_serial, number, day_no, kind, amount, at, "
            f"terminal, cashier, printed) VALUES (1, 'KSA-1', 1, 1, 'income', 1000, '{at}', "
            f"'К1', 'anna', true), (2, 'KSA-1', 2, 1, 'expense', 300, '{at}', 'К1', 'anna', true)",
        ):
            connection.exec_driver_sql(statement)
    engine.dispose()

    storage = open_storage(db_url)
    try:
        with storage.unit_of_work() as uow:
            shift = uow.shifts.open_for("К1")
            register = uow.fiscal.register("KSA-1")
    finally:
        storage.close()

    assert shift is not None and shift.drawer == Decimal("575.00")
    assert register is not None
    assert register.grand == GrandTotals(Decimal("10.00"), Decimal("0.00"), Decimal("3.00"))


def test_paris_from_before_0016_keep_their_settlements_and_the_concluded_get_terms(
    db_url: str,
) -> None:
    """Migration 0016 moves a settled pari's results to its settlement and writes the
    settlement terms of every pari still concluded."""
    open_storage(db_url, migrations=Migrations(SHOP_MIGRATIONS.script_location, "0015")).close()
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    sqlite = db_url.startswith("sqlite")
    moment = "2026-11-30T09:00:00.000000Z" if sqlite else "2026-11-30 09:00Z"
    kickoff = "2026-11-30T18:00:00.000000Z" if sqlite else "2026-11-30 18:00Z"
    paris = (
        "INSERT INTO exchange_paris (id, number, offer_id, event_code, market, coefficient, "
        "stake, back_account, lay_account, concluded_at, terminal, cashier, office, status, "
        "back_result, lay_result, commission, settled_at) VALUES "
    )
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO exchange_offers (id, number, account_number, event_code, market, side, "
            "coefficient, stake, stake_open, accepted, blocked, made_at, event_starts_at, "
            "terminal, cashier, office, status) VALUES (1, '000000000017', '00000100017', 7, "
            f"'O2.5', 'back', 150, 10000, 0, 10000, 0, '{moment}', '{kickoff}', 'К1', 'anna', "
            "'M1', 'accepted')"
        )
        connection.exec_driver_sql(
            paris + f"(1, '000000000025', 1, 7, 'O2.5', 150, 6000, '00000100017', "
            f"'00000200025', '{moment}', 'К1', 'anna', 'M1', 'concluded', NULL, NULL, 0, NULL)"
        )
        connection.exec_driver_sql(
            paris + f"(2, '000000000033', 1, 7, 'O2.5', 150, 4000, '00000100017', "
            f"'00000300033', '{moment}', 'К1', 'anna', 'M1', 'settled', 5700, -6000, 300, "
            f"'{kickoff}')"
        )
    engine.dispose()
    open_storage(db_url).close()
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as connection:
            concluded = connection.exec_driver_sql(
                "SELECT pari_id, event_code, terms FROM exchange_concluded"
            ).all()
            settled = connection.exec_driver_sql(
                "SELECT pari_id, status, back_result, lay_result, commission "
                "FROM exchange_settlements"
            ).all()
    finally:
        engine.dispose()
    terms = pari_terms(
        Pari(
            number="000000000025",
            offer_number="000000000017",
            event=7,
            market="O2.5",
            coefficient=Decimal("1.50"),
            stake=Decimal("60.00"),
            back_account="00000100017",
            lay_account="00000200025",
            concluded_at=datetime(2026, 11, 30, 9, 0, tzinfo=UTC),
        )
    )
    assert [(r[0], r[1], bytes(r[2])) for r in concluded] == [(1, 7, terms)]
    assert [tuple(r) for r in settled] == [(2, "settled", 5700, -6000, 300)]
