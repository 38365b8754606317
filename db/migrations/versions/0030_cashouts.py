"""Cash-out: offers to buy an open slip back, and the slips bought (issue 38).

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-06

The offers made at the counter (db.tables.cashouts), each marked when the player took it. A
slip bought back is `cashed_out` in slips.status (a string: no schema change), its cash
movement of kind `cashout`, its journal entry noted as a cash-out.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0030"
down_revision: str | Sequence[str] | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_TABLE = "cashout_offers"
_INDEX = "ix_cashout_offers_slip_made"


def upgrade() -> None:
    """Bring the schema from 0029 to 0030."""
    op.create_table(
        _TABLE,
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("slip_number", sa.String(length=13), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("made_at", MOMENT, nullable=False),
        sa.Column("valid_until", MOMENT, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("taken_at", MOMENT, nullable=True),
        sa.CheckConstraint("amount >= 0", name=op.f("ck_cashout_offers_amount")),
        sa.CheckConstraint("valid_until >= made_at", name=op.f("ck_cashout_offers_holds")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cashout_offers")),
    )
    op.create_index(_INDEX, _TABLE, ["slip_number", "made_at"], unique=False)


def downgrade() -> None:
    """Back to 0029."""
    op.drop_index(_INDEX, table_name=_TABLE)
    op.drop_table(_TABLE)
