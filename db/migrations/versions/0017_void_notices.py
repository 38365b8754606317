"""The void notices printed for spoiled receipts.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-06

Issue 34. A slip or receipt whose job broke midway is recorded as spoiled; once the printer is
back a «АННУЛИРОВАН» notice says so on paper. A spoiled receipt without a row here has its
notice waiting (pos.till.void_notices). The receipts spoiled before this revision count as
noticed, at the time they were spoiled: nobody is to get a pile of old notices at the upgrade.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Bring the schema from 0016 to 0017."""
    op.create_table(
        "void_notices",
        sa.Column("receipt_id", BIG_ID, nullable=False),
        sa.Column("printed_at", MOMENT, nullable=False),
        sa.ForeignKeyConstraint(
            ["receipt_id"],
            ["fiscal_receipts.id"],
            name=op.f("fk_void_notices_receipt_id_fiscal_receipts"),
        ),
        sa.PrimaryKeyConstraint("receipt_id", name=op.f("pk_void_notices")),
    )
    op.execute(
        "INSERT INTO void_notices (receipt_id, printed_at) "
        "SELECT id, at FROM fiscal_receipts WHERE spoiled IS NOT NULL"
    )


def downgrade() -> None:
    """Back to 0016."""
    op.drop_table("void_notices")
