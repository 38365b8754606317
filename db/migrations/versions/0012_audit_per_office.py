"""An audit chain per office: each office numbers and chains its own records.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03

Issue 18. Every record of every terminal took its number from the one counters row "audit",
so the whole chain's terminals queued on that row's lock at each commit. Now `audit_log`
records whose chain a record is in (`office`), its number is unique within that office, and
each office takes numbers from its row "audit:<office>". The chain written before is left
as it was, whole, as M1's chain: its records keep their numbers and hashes (the hash does not
cover the office), so `verify` and the heads printed on Z reports still hold.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_FIRST = "M1"
# The append-only triggers of 0001: lifted while the table is rebuilt (SQLite drops them with
# it), then made again; on PostgreSQL the table is altered in place.
_TRIGGERS = {
    "sqlite": (
        [f"DROP TRIGGER audit_log_no_{verb}" for verb in ("update", "delete")],
        [
            f"CREATE TRIGGER audit_log_no_{verb} BEFORE {verb.upper()} ON audit_log "
            "BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END"
            for verb in ("update", "delete")
        ],
    ),
    "postgresql": (
        ["ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only"],
        ["ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only"],
    ),
}


def upgrade() -> None:
    """Bring the schema from 0011 to 0012."""
    lift, restore = _TRIGGERS[op.get_bind().dialect.name]
    for statement in lift:
        op.execute(statement)
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("office", sa.String(length=16), server_default=_FIRST, nullable=False)
        )
        batch_op.drop_constraint(op.f("uq_audit_log_seq"), type_="unique")
        batch_op.create_unique_constraint(op.f("uq_audit_log_office_seq"), ["office", "seq"])
    for statement in restore:
        op.execute(statement)
    op.execute(f"UPDATE counters SET name = 'audit:{_FIRST}' WHERE name = 'audit'")


def downgrade() -> None:
    """Back to 0011: possible only while M1's is the only chain."""
    others = op.get_bind().scalar(
        sa.text("SELECT COUNT(*) FROM audit_log WHERE office <> :first"), {"first": _FIRST}
    )
    if others:
        raise RuntimeError(
            f"{others} audit records are in other offices' chains: one chain cannot hold them"
        )
    lift, restore = _TRIGGERS[op.get_bind().dialect.name]
    for statement in lift:
        op.execute(statement)
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("uq_audit_log_office_seq"), type_="unique")
        batch_op.create_unique_constraint(op.f("uq_audit_log_seq"), ["seq"])
        batch_op.drop_column("office")
    for statement in restore:
        op.execute(statement)
    op.execute("DELETE FROM counters WHERE name LIKE 'audit:%' AND name <> 'audit:M1'")
    op.execute(f"UPDATE counters SET name = 'audit' WHERE name = 'audit:{_FIRST}'")
