"""Money onto and off a player's account by bank transfer (p.7).

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-06

Issue 37. Every payment order onto or off a player's account, recorded once: the unique key
(direction, whose order, number, date) is the last guard of "the same order twice is refused";
`account_id` is empty for a remote coupon's stake (p.17), which passes through no account.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025"
down_revision: str | Sequence[str] | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_TABLE = "account_transfers"
_INDEXED = ("order_no", "account_id", "at")


def upgrade() -> None:
    """Bring the schema from 0024 to 0025."""
    op.create_table(
        _TABLE,
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("direction", sa.String(length=3), nullable=False),
        sa.Column("order_no", sa.String(length=20), nullable=False),
        sa.Column("order_date", sa.Date(), nullable=False),
        sa.Column("issuer", sa.String(length=28), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("payer", sa.String(length=200), nullable=False),
        sa.Column("bank_account", sa.String(length=28), nullable=False),
        sa.Column("account_id", BIG_ID, nullable=True),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("purpose", sa.String(length=210), nullable=False),
        sa.Column("source", sa.String(length=255), nullable=False),
        sa.Column("reference", sa.String(length=80), nullable=False),
        sa.CheckConstraint("amount > 0", name=op.f("ck_account_transfers_amount")),
        sa.CheckConstraint(
            "direction IN ('in', 'out')", name=op.f("ck_account_transfers_direction")
        ),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_account_transfers_account_id_accounts")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account_transfers")),
        sa.UniqueConstraint(
            "direction",
            "issuer",
            "order_no",
            "order_date",
            name=op.f("uq_account_transfers_direction_issuer_order_no_order_date"),
        ),
    )
    for column in _INDEXED:
        op.create_index(op.f(f"ix_account_transfers_{column}"), _TABLE, [column], unique=False)


def downgrade() -> None:
    """Back to 0024."""
    for column in reversed(_INDEXED):
        op.drop_index(op.f(f"ix_account_transfers_{column}"), table_name=_TABLE)
    op.drop_table(_TABLE)
