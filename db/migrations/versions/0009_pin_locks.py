"""PIN locks that grow: the count of locks in a row per user.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-30

`users.locks` counts a user's locks after wrong PINs since their last correct PIN or a
manager's unlock (pos.people.users, issue #15): the first lasts 15 minutes, the second an hour, the
third until a manager unlocks. Users already there start at 0; a lock in force keeps its end.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Bring the schema from 0008 to 0009."""
    # SQLite cannot add a CHECK constraint with ALTER TABLE: batch mode copies the table.
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("locks", sa.Integer(), server_default="0", nullable=False))
        batch_op.create_check_constraint(op.f("ck_users_locks"), "locks >= 0")


def downgrade() -> None:
    """Back to 0008."""
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_users_locks"), type_="check")
        batch_op.drop_column("locks")
