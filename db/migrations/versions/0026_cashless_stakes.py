"""Stakes paid from an account and remote coupons (p.7, p.17).

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-06

Issue 37. First step, the cashless stake at the counter (p.7): a slip keeps the account that
paid its stake (NULL for a cash stake), indexed so that a settlement run finds the few
cashless slips it must credit without reading the others. The remote coupons' part (p.17)
comes as a second step below it.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0026"
down_revision: str | Sequence[str] | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# p.7, the cashless stake: the account's number (db.tables.base.ACCOUNT_NUMBER is 11).
_ACCOUNT = "account_number"
_ACCOUNT_INDEX = "ix_slips_account_number"


def upgrade() -> None:
    """Bring the schema from 0025 to 0026."""
    # --- p.7: the cashless stake at the counter --------------------------------------------
    # A plain ADD COLUMN (nullable, no default): no table copy of a million slips on SQLite.
    op.add_column("slips", sa.Column(_ACCOUNT, sa.String(length=11), nullable=True))
    op.create_index(_ACCOUNT_INDEX, "slips", [_ACCOUNT], unique=False)


def downgrade() -> None:
    """Back to 0025."""
    # --- p.7: the cashless stake at the counter --------------------------------------------
    op.drop_index(_ACCOUNT_INDEX, table_name="slips")
    with op.batch_alter_table("slips", schema=None) as batch_op:
        batch_op.drop_column(_ACCOUNT)
