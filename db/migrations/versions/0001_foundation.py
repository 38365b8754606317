"""Foundation: users, settings, terminals, the audit trail, events and versioned odds.

Revision ID: 0001
Revises:
Create Date: 2026-11-30

The column types are spelled out here rather than imported from db.types, so that this
revision keeps creating the same schema whatever later code does: moments are
`timestamp with time zone` on PostgreSQL and fixed-width UTC ISO text on SQLite, odds are
integer hundredths. The audit trail is append-only in the database itself (triggers), so
that not even a bug in a later version can rewrite it; a later batch migration of
`audit_log` on SQLite must create the triggers again.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

_SQLITE_APPEND_ONLY = """
CREATE TRIGGER audit_log_no_{verb} BEFORE {verb} ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END
"""
_POSTGRES_APPEND_ONLY = (
    """
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$
    """,
    """
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()
    """,
)


def upgrade() -> None:
    """Create the foundation tables."""
    _create_people_and_settings()
    _create_audit_log()
    _create_line()


def downgrade() -> None:
    """Drop everything upgrade() created."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER audit_log_append_only ON audit_log")
        op.execute("DROP FUNCTION audit_log_append_only()")
    for table in ("odds_quotes", "events", "audit_log", "terminals", "settings", "users"):
        op.drop_table(table)


def _create_people_and_settings() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("login", sa.String(32), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("pin_hash", sa.String(255), nullable=False),
        sa.Column("failed_pins", sa.Integer(), nullable=False),
        sa.Column("locked_until", MOMENT, nullable=True),
        sa.CheckConstraint("role IN ('cashier', 'manager')", name=op.f("ck_users_role")),
        sa.CheckConstraint("failed_pins >= 0", name=op.f("ck_users_failed_pins")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("login", name=op.f("uq_users_login")),
    )
    op.create_table(
        "settings",
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_settings")),
    )
    op.create_table(
        "terminals",
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("register_serial", sa.String(40), nullable=True),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_terminals")),
    )


def _create_audit_log() -> None:
    op.create_table(
        "audit_log",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("terminal", sa.String(32), nullable=False),
        sa.Column("actor", sa.String(32), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    if op.get_bind().dialect.name == "sqlite":
        for verb in ("UPDATE", "DELETE"):
            op.execute(_SQLITE_APPEND_ONLY.format(verb=verb))
    else:
        for statement in _POSTGRES_APPEND_ONLY:
            op.execute(statement)


def _create_line() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.Integer(), nullable=False),
        sa.Column("sport", sa.String(16), nullable=False),
        sa.Column("home", sa.String(100), nullable=False),
        sa.Column("away", sa.String(100), nullable=False),
        sa.Column("starts_at", MOMENT, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
        sa.UniqueConstraint("code", name=op.f("uq_events_code")),
    )
    op.create_table(
        "odds_quotes",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("market", sa.String(16), nullable=False),
        sa.Column("odds", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("set_at", MOMENT, nullable=False),
        sa.Column("set_by", sa.String(32), nullable=False),
        sa.CheckConstraint("odds > 100", name=op.f("ck_odds_quotes_odds")),
        sa.CheckConstraint("version >= 1", name=op.f("ck_odds_quotes_version")),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_odds_quotes_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_odds_quotes")),
        sa.UniqueConstraint(
            "event_id", "market", "version", name=op.f("uq_odds_quotes_event_id_market_version")
        ),
    )
