"""The controller's totals of a shift, beside the till's.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-06

Issue 35. The controller answers a shift's totals with its own count of what it registered;
the answer is kept with the message for the Z report and the manager's comparison, found by
its kind.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | Sequence[str] | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Bring the schema from 0020 to 0021."""
    with op.batch_alter_table("skks_outbox") as batch:
        batch.add_column(sa.Column("totals", sa.Text(), nullable=True))
    op.create_index("ix_skks_outbox_kind", "skks_outbox", ["kind", "written_at"], unique=False)


def downgrade() -> None:
    """Back to 0020."""
    op.drop_index("ix_skks_outbox_kind", table_name="skks_outbox")
    with op.batch_alter_table("skks_outbox") as batch:
        batch.drop_column("totals")
