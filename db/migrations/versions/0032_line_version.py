"""The line's version, moved on by every change of an event, its odds or its result (issue 34).

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-07

SQLite only. A bet reads its events, their odds and their results: three statements and the
objects made of their rows, a twentieth of its time. Each process keeps what it read
(db.line_cache) while the counters row "line_version" stands. Triggers move it on in the
very transaction of every INSERT, UPDATE and DELETE of the three tables, whatever sent it
(a repository, the ORM, a game's draw, a hand-written statement), so no write of the line can
forget it. A rolled-back write takes its move back with it. PostgreSQL keeps nothing between
transactions (db.read_ahead sends a bet's reads in one round trip), so it needs no version.
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0032"
down_revision: str | Sequence[str] | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COUNTER = "line_version"  # db.line_cache.LINE_VERSION
TABLES = ("events", "odds_quotes", "event_results")
_CHANGES = ("INSERT", "UPDATE", "DELETE")


def _trigger(table: str, change: str) -> str:
    return f"line_version_{table}_{change.lower()}"


def upgrade() -> None:
    """Bring the schema from 0031 to 0032."""
    if op.get_bind().dialect.name != "sqlite":
        return
    op.execute(f"INSERT OR IGNORE INTO counters (name, value) VALUES ('{COUNTER}', 0)")
    for table in TABLES:
        for change in _CHANGES:
            op.execute(
                f"CREATE TRIGGER {_trigger(table, change)} AFTER {change} ON {table} "
                f"BEGIN INSERT INTO counters (name, value) VALUES ('{COUNTER}', 1) "
                "ON CONFLICT (name) DO UPDATE SET value = value + 1; END"
            )


def downgrade() -> None:
    """Back to 0031."""
    if op.get_bind().dialect.name != "sqlite":
        return
    for table in TABLES:
        for change in _CHANGES:
            op.execute(f"DROP TRIGGER IF EXISTS {_trigger(table, change)}")
    op.execute(f"DELETE FROM counters WHERE name = '{COUNTER}'")
