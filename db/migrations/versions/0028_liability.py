"""The liability board: an event's own cap and suspended outcomes (issue 38).

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-06

An event's own cap on what the chain pays if one of its outcomes happens (None: the setting
`max_liability`), a market's odds version marked suspended from the board, and the legs
indexed by outcome: the board sums them by (event, market) and every bet reads its outcomes'
payouts through it (issue 34: one indexed read). Plain ADD COLUMN and CREATE INDEX: no table
copy of a million slips on SQLite.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0028"
down_revision: str | Sequence[str] | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_INDEX = "ix_slip_legs_event_market"


def upgrade() -> None:
    """Bring the schema from 0027 to 0028."""
    op.add_column("events", sa.Column("max_liability", sa.BigInteger(), nullable=True))
    op.add_column(
        "odds_quotes",
        sa.Column("suspended", sa.Boolean(), server_default=sa.false(), nullable=False),
    )
    op.create_index(_INDEX, "slip_legs", ["event_id", "market", "slip_id"], unique=False)


def downgrade() -> None:
    """Back to 0027."""
    op.drop_index(_INDEX, table_name="slip_legs")
    with op.batch_alter_table("odds_quotes", schema=None) as batch_op:
        batch_op.drop_column("suspended")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("max_liability")
