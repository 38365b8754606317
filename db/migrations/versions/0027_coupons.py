"""Remote coupons: bets registered from a coupon whose money came by transfer (p.17).

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-06

Issue 37. The register of coupons (db.tables.coupons): each coupon once by its number, its
slip once; the stake's payment order goes into account_transfers (0025) with no account, so
that one order is recorded once among all transfers.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0027"
down_revision: str | Sequence[str] | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_TABLE = "coupons"
_SLIP_COUPON = "coupon"


def upgrade() -> None:
    """Bring the schema from 0026 to 0027."""
    # The coupon a slip was registered from, on the slip itself: the payout reads the slip
    # anyway, so a cash payout refuses a coupon's slip with no read of its own (issue 34). A
    # plain ADD COLUMN (nullable): no table copy of a million slips on SQLite.
    op.add_column("slips", sa.Column(_SLIP_COUPON, sa.String(length=20), nullable=True))
    op.create_table(
        _TABLE,
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("number", sa.String(length=20), nullable=False),
        sa.Column("slip_number", sa.String(length=13), nullable=False),
        sa.Column("paid_by", sa.String(length=8), nullable=False),
        sa.Column("order_no", sa.String(length=20), nullable=False),
        sa.Column("order_date", sa.Date(), nullable=False),
        sa.Column("bank_account", sa.String(length=28), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("player", sa.String(length=200), nullable=False),
        sa.Column("document_key", sa.String(length=64), nullable=False),
        sa.Column("registered_at", MOMENT, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.CheckConstraint("amount > 0", name=op.f("ck_coupons_amount")),
        sa.CheckConstraint("paid_by IN ('transfer', 'postal')", name=op.f("ck_coupons_paid_by")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_coupons")),
        sa.UniqueConstraint("number", name=op.f("uq_coupons_number")),
        sa.UniqueConstraint("slip_number", name=op.f("uq_coupons_slip_number")),
    )
    op.create_index(op.f("ix_coupons_registered_at"), _TABLE, ["registered_at"], unique=False)


def downgrade() -> None:
    """Back to 0026."""
    with op.batch_alter_table("slips", schema=None) as batch_op:
        batch_op.drop_column(_SLIP_COUPON)
    op.drop_index(op.f("ix_coupons_registered_at"), table_name=_TABLE)
    op.drop_table(_TABLE)
