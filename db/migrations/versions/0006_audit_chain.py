"""The audit trail as a hash chain: every record numbered and hashed with the one before.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30

`audit_log` gains `seq` (1, 2, 3 … in the order records were written) and `hash`
(pos.core.audit.chain_hash); the records already there are numbered in id order and chained.
The counters row "audit" holds the last number: a transaction takes its numbers from it
when it commits, so the chain has no gaps and no forks with several terminals.
`fiscal_days` keeps the chain's head printed on each Z report.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from pos.core.audit import GENESIS, AuditAction, AuditRecord, chain_hash

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BATCH = 5_000
# The append-only triggers of 0001: lifted while the existing records are numbered (and, on
# SQLite, while the table is rebuilt, which drops them), then made again.
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
    """Bring the schema from 0005 to 0006."""
    lift, restore = _TRIGGERS[op.get_bind().dialect.name]
    for statement in lift:
        op.execute(statement)
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seq", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("hash", sa.String(length=64), nullable=True))
    count = _chain_existing()
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.alter_column("seq", existing_type=sa.BigInteger(), nullable=False)
        batch_op.alter_column("hash", existing_type=sa.String(length=64), nullable=False)
        batch_op.create_unique_constraint(op.f("uq_audit_log_seq"), ["seq"])
    for statement in restore:
        op.execute(statement)
    op.execute(f"INSERT INTO counters (name, value) VALUES ('audit', {count})")
    with op.batch_alter_table("fiscal_days", schema=None) as batch_op:
        batch_op.add_column(sa.Column("chain_seq", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("chain_hash", sa.String(length=64), nullable=True))


def downgrade() -> None:
    """Back to 0005."""
    lift, restore = _TRIGGERS[op.get_bind().dialect.name]
    with op.batch_alter_table("fiscal_days", schema=None) as batch_op:
        batch_op.drop_column("chain_hash")
        batch_op.drop_column("chain_seq")
    op.execute("DELETE FROM counters WHERE name = 'audit'")
    for statement in lift:
        op.execute(statement)
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("uq_audit_log_seq"), type_="unique")
        batch_op.drop_column("hash")
        batch_op.drop_column("seq")
    for statement in restore:
        op.execute(statement)


def _chain_existing() -> int:
    """Number and chain the records already written, in id order; returns how many."""
    connection = op.get_bind()
    previous, seq, after = GENESIS, 0, 0
    while True:
        rows = connection.execute(
            sa.text(
                "SELECT id, at, terminal, actor, action, detail FROM audit_log "
                "WHERE id > :after ORDER BY id LIMIT :batch"
            ),
            {"after": after, "batch": _BATCH},
        ).all()
        if not rows:
            return seq
        updates = []
        for row_id, at, terminal, actor, action, detail in rows:
            seq += 1
            record = AuditRecord(_moment(at), terminal, actor, AuditAction(action), detail or "")
            previous = chain_hash(previous, seq, record)
            updates.append({"row_id": row_id, "seq": seq, "hash": previous})
        connection.execute(
            sa.text("UPDATE audit_log SET seq = :seq, hash = :hash WHERE id = :row_id"), updates
        )
        after = rows[-1][0]


def _moment(value: object) -> datetime:
    # As db.types.UTCDateTime reads it: text on SQLite, an aware timestamp on PostgreSQL.
    if isinstance(value, str):
        return datetime.fromisoformat(value.removesuffix("Z")).replace(tzinfo=UTC)
    assert isinstance(value, datetime)
    return value.astimezone(UTC)
