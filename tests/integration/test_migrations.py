"""Schema migrations on open: create, upgrade with a backup, refuse what is too new or foreign."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import textwrap
import threading
from contextlib import closing
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from db import alembic_run
from db.bootstrap import SqlStorage, open_storage
from db.engine import maintenance_engine, parse_location
from db.migrate import HEAD, SHOP_MIGRATIONS, Migrations, read_state
from db.tables import Base
from main import open_shop
from pos.core.clock import FixedClock
from pos.core.errors import DatabaseTooNew, DatabaseUnreadable, MigrationFailed
from pos.till.fiscal import GrandTotals
from tests.fakes import PlainPinHasher

# These tests create the schema themselves: a PostgreSQL database starts empty.
EMPTY_DATABASES = True

pytestmark = pytest.mark.integration

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
SHOP_TABLES = {
    "users",
    "settings",
    "terminals",
    "audit_log",
    "events",
    "odds_quotes",
    "sport_limits",
    "counters",
    "slips",
    "slip_legs",
    "cash_movements",
    "id_checks",
    "fiscal_registers",
    "fiscal_receipts",
    "fiscal_days",
    "event_results",
    "slip_terms",
    "settlements",
    "journal_entries",
    "shifts",
    "draws",
    "pending_payouts",
    "cash_transfers",
}
NEXT = "9001"  # a test-only revision after the shop's newest


def _revision(storage: SqlStorage) -> str | None:
    with storage.engine.connect() as connection:
        return connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


def _seed(url: str) -> None:
    shop = open_shop(url, clock=FixedClock(NOW), terminal="К1", pin_hasher=PlainPinHasher())
    try:
        shop.seed_demo()
    finally:
        shop.close()


def _snapshot(path: Path) -> tuple[bytes, int, list[str]]:
    """The bytes and modification time of a file, and what else lies in its folder."""
    return path.read_bytes(), path.stat().st_mtime_ns, sorted(p.name for p in path.parent.iterdir())


def _with_next_revision(tmp_path: Path, upgrade_body: str) -> Migrations:
    """A copy of the shop's migrations plus a test-only revision after HEAD."""
    scripts = tmp_path / "migrations"
    shutil.copytree(
        SHOP_MIGRATIONS.script_location,
        scripts,
        ignore=shutil.ignore_patterns("__pycache__", "__init__.py"),
    )
    body = textwrap.indent(textwrap.dedent(upgrade_body).strip(), "    ")
    (scripts / "versions" / f"{NEXT}_test.py").write_text(
        '"""Test-only revision."""\n\n'
        "import sqlalchemy as sa\nfrom alembic import op\n\n"
        f'revision = "{NEXT}"\ndown_revision = "{HEAD}"\nbranch_labels = None\n'
        "depends_on = None\n\n\n"
        f"def upgrade():\n{body}\n\n\ndef downgrade():\n    pass\n",
        encoding="utf-8",
    )
    return Migrations(scripts, NEXT)


def test_the_head_constant_is_the_newest_script() -> None:
    assert alembic_run.script_heads(SHOP_MIGRATIONS) == [HEAD]


def test_autogenerate_finds_nothing_to_add_after_the_last_revision(
    sqlite_url: str, tmp_path: Path
) -> None:
    open_storage(sqlite_url).close()
    scripts = tmp_path / "migrations"
    shutil.copytree(SHOP_MIGRATIONS.script_location, scripts)
    engine = maintenance_engine(parse_location(sqlite_url))
    try:
        script = alembic_run.write_revision(engine, Migrations(scripts, HEAD), "nothing", NEXT)
    finally:
        engine.dispose()

    assert script is not None
    body = script.read_text(encoding="utf-8")
    assert f"down_revision: str | Sequence[str] | None = '{HEAD}'" in body
    assert body.count("    pass\n") == 2  # neither upgrade() nor downgrade() has anything


def test_a_new_database_gets_the_whole_schema(sql_storage: SqlStorage) -> None:
    tables = set(inspect(sql_storage.engine).get_table_names())

    assert tables == SHOP_TABLES | {"alembic_version"}
    assert _revision(sql_storage) == HEAD


def test_the_migrations_create_exactly_what_the_tables_declare(sql_storage: SqlStorage) -> None:
    with sql_storage.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, Base.metadata)

    assert differences == []


def test_the_first_migration_can_be_undone_and_redone(db_url: str) -> None:
    storage = open_storage(db_url)
    storage.close()
    engine = maintenance_engine(parse_location(db_url))
    try:
        with engine.begin() as connection:
            command.downgrade(alembic_run.make_config(SHOP_MIGRATIONS, connection), "base")
            assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
    finally:
        engine.dispose()
    storage = open_storage(db_url)
    try:
        assert set(inspect(storage.engine).get_table_names()) >= SHOP_TABLES
    finally:
        storage.close()


def test_a_brand_new_database_needs_no_backup(sqlite_url: str) -> None:
    open_storage(sqlite_url).close()

    assert not (Path(sqlite_url.removeprefix("sqlite:///")).parent / "backups").exists()


def test_an_empty_file_is_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    path.touch()

    storage = open_storage(f"sqlite:///{path}")
    try:
        assert _revision(storage) == HEAD
    finally:
        storage.close()
    assert not (tmp_path / "backups").exists()


def test_an_older_database_is_copied_before_it_is_upgraded(tmp_path: Path) -> None:
    """A database at HEAD with the demo data is upgraded to a test-only next revision."""
    url = f"sqlite:///{tmp_path / 'shop.db'}"
    _seed(url)
    migrations = _with_next_revision(
        tmp_path,
        """
        with op.batch_alter_table("users") as batch:
            batch.add_column(sa.Column("full_name", sa.String(100), nullable=True))
        """,
    )

    storage = open_storage(url, migrations=migrations)
    try:
        assert _revision(storage) == NEXT
        with storage.unit_of_work() as uow:
            assert [u.login for u in uow.users.list()] == ["anna", "boss"]
    finally:
        storage.close()

    backups = list((tmp_path / "backups").iterdir())
    assert len(backups) == 1
    assert backups[0].name.startswith("shop-") and backups[0].name.endswith(f"-from-{HEAD}.db")
    with closing(sqlite3.connect(backups[0])) as copy:
        assert copy.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
        assert copy.execute("SELECT count(*) FROM events").fetchone() == (10,)


def test_a_batch_copy_of_a_parent_table_keeps_the_child_rows(db_url: str, tmp_path: Path) -> None:
    """The data-loss trap of notes/libraries.md §4: batch mode drops and re-creates `events`."""
    _seed(db_url)
    before = _count_quotes(db_url)
    migrations = _with_next_revision(
        tmp_path,
        """
        with op.batch_alter_table("events") as batch:
            batch.alter_column("home", type_=sa.String(200))
        """,
    )

    open_storage(db_url, migrations=migrations).close()

    assert before > 0
    assert _count_quotes(db_url, migrations) == before


def _count_quotes(url: str, migrations: Migrations = SHOP_MIGRATIONS) -> int:
    storage = open_storage(url, migrations=migrations)
    try:
        with storage.unit_of_work() as uow:
            return len(uow.line.current_quotes([e.code for e in uow.line.events()]))
    finally:
        storage.close()


def test_a_failed_migration_changes_nothing_and_names_the_backup(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shop.db'}"
    _seed(url)
    migrations = _with_next_revision(
        tmp_path,
        """
        op.add_column("users", sa.Column("full_name", sa.String(100), nullable=True))
        op.execute("UPDATE no_such_table SET x = 1")
        """,
    )

    with pytest.raises(MigrationFailed) as failed:
        open_storage(url, migrations=migrations)

    assert failed.value.backup.startswith(str(tmp_path / "backups" / "shop-"))
    assert Path(failed.value.backup).is_file()
    storage = open_storage(url)
    try:
        assert _revision(storage) == HEAD
        columns = {c["name"] for c in inspect(storage.engine).get_columns("users")}
        assert "full_name" not in columns
    finally:
        storage.close()


def test_a_migration_that_leaves_a_dangling_key_is_rolled_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shop.db'}"
    _seed(url)
    migrations = _with_next_revision(tmp_path, 'op.execute("DELETE FROM events WHERE code = 101")')

    with pytest.raises(MigrationFailed, match="odds_quotes"):
        open_storage(url, migrations=migrations)

    storage = open_storage(url)
    try:
        with storage.unit_of_work() as uow:
            assert uow.line.get_event(101) is not None
    finally:
        storage.close()


def test_a_database_from_a_newer_program_is_refused_and_left_alone(sqlite_url: str) -> None:
    storage = open_storage(sqlite_url)
    with storage.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    storage.close()
    path = Path(sqlite_url.removeprefix("sqlite:///"))
    before = _snapshot(path)

    with pytest.raises(DatabaseTooNew) as refused:
        open_storage(sqlite_url)

    assert (refused.value.found, refused.value.supported) == ("9999", HEAD)
    assert "Данные не изменены" in str(refused.value)
    assert _snapshot(path) == before


@pytest.mark.postgres
def test_a_server_database_from_a_newer_program_is_refused(pg_url: str) -> None:
    storage = open_storage(pg_url)
    with storage.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    storage.close()

    with pytest.raises(DatabaseTooNew):
        open_storage(pg_url)

    engine = maintenance_engine(parse_location(pg_url))
    try:
        with engine.connect() as connection:
            assert read_state(connection).revision == "9999"
    finally:
        engine.dispose()


def test_a_file_that_is_not_a_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    path.write_bytes(b"%PDF-1.7 this is a payout journal, not a database\n" * 200)
    before = _snapshot(path)

    with pytest.raises(DatabaseUnreadable) as refused:
        open_storage(f"sqlite:///{path}")

    assert str(path) in str(refused.value)
    assert _snapshot(path) == before


def test_a_damaged_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 64)
    before = _snapshot(path)

    with pytest.raises(DatabaseUnreadable):
        open_storage(f"sqlite:///{path}")

    assert _snapshot(path) == before


def test_a_database_of_another_program_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    with closing(sqlite3.connect(path)) as other:
        other.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        other.execute("INSERT INTO customers (name) VALUES ('Иванов')")
        other.commit()
    before = _snapshot(path)

    with pytest.raises(DatabaseUnreadable):
        open_storage(f"sqlite:///{path}")

    assert _snapshot(path) == before


def test_two_terminals_creating_the_database_at_once_both_open_it(db_url: str) -> None:
    opened: list[SqlStorage] = []
    errors: list[BaseException] = []

    def start_terminal() -> None:
        try:
            opened.append(open_storage(db_url))
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread, which fails
            errors.append(exc)

    threads = [threading.Thread(target=start_terminal) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for storage in opened:
        storage.close()

    assert errors == []
    assert len(opened) == 3


def test_an_up_to_date_database_opens_without_loading_alembic(sqlite_url: str) -> None:
    """Starting the till reads the revision with plain SQL; Alembic costs ~0.2 s to import."""
    open_storage(sqlite_url).close()
    script = (
        "import sys\nfrom db.bootstrap import open_storage\n"
        f"open_storage({sqlite_url!r}).close()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))\n"
    )

    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", script], capture_output=True, text=True, check=True
    )

    assert result.stdout.strip() == "[]"


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
