"""Databases at a revision, seeded and compared, for the migration tests."""

from __future__ import annotations

import shutil
import textwrap
from datetime import UTC, datetime
from pathlib import Path

from db.bootstrap import SqlStorage
from db.migrate import HEAD, SHOP_MIGRATIONS, Migrations
from main import open_shop
from pos.core.clock import FixedClock
from tests.fakes import PlainPinHasher

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
    "accounts",
    "account_movements",
    "self_exclusions",
    "restricted_loads",
    "spread_assets",
    "spread_quotes",
    "spread_bets",
    "spread_closings",
    "exchange_offers",
    "exchange_paris",
    "exchange_concluded",
    "exchange_settlements",
    "id_checks",
    "fiscal_registers",
    "fiscal_receipts",
    "void_notices",
    "fiscal_days",
    "event_results",
    "slip_terms",
    "settlements",
    "journal_entries",
    "shifts",
    "draws",
    "pending_payouts",
    "cash_transfers",
    "skks_outbox",
    "offices",
    "office_settings",
    "user_offices",
    "conditions_versions",  # the published conditions, each version (issue 37, p.6)
    "account_transfers",  # the register of bank transfers (issue 37, p.7)
    "claims",  # the register of claims (issue 37, p.14–p.16)
    "claim_evidence",
    "coupons",  # the register of remote coupons (issue 37, p.17)
    "referrals",  # big stakes referred to a manager (issue 38)
    "cashout_offers",  # offers to buy an open slip back (issue 38)
    "outcome_exposure",  # the outcomes' exposure kept as slips open and close (issue 38)
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
