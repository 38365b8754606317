"""Referrals: big stakes sent to a manager and the decisions (issue 38).

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0029"
down_revision: str | Sequence[str] | None = "0028"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_INDEXED = ("terminal", "sent_at", "document_key", "state")


def upgrade() -> None:
    """Bring the schema from 0028 to 0029."""
    op.create_table(
        "referrals",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("sent_at", MOMENT, nullable=False),
        sa.Column("deadline", MOMENT, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("legs", sa.Text(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("total_odds", sa.String(length=40), nullable=False),
        sa.Column("possible_payout", sa.BigInteger(), nullable=False),
        sa.Column("refusal", sa.String(length=500), nullable=False),
        sa.Column("document", sa.Text(), nullable=True),
        sa.Column("document_key", sa.String(length=64), nullable=False),
        sa.Column("state", sa.String(length=12), nullable=False),
        sa.Column("decided_by", sa.String(length=32), nullable=True),
        sa.Column("decided_at", MOMENT, nullable=True),
        sa.Column("accepted_stake", sa.BigInteger(), nullable=True),
        sa.Column("reason", sa.String(length=300), nullable=True),
        sa.Column("slip_number", sa.String(length=13), nullable=True),
        sa.ForeignKeyConstraint(
            ["office"], ["offices.code"], name=op.f("fk_referrals_office_offices")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_referrals")),
        sa.UniqueConstraint("office", "number", name=op.f("uq_referrals_office_number")),
        sa.UniqueConstraint("slip_number", name=op.f("uq_referrals_slip_number")),
    )
    with op.batch_alter_table("referrals", schema=None) as batch_op:
        for column in _INDEXED:
            batch_op.create_index(batch_op.f(f"ix_referrals_{column}"), [column], unique=False)


def downgrade() -> None:
    """Back to 0028."""
    op.execute("DELETE FROM counters WHERE name LIKE 'referrals:%'")
    with op.batch_alter_table("referrals", schema=None) as batch_op:
        for column in _INDEXED:
            batch_op.drop_index(batch_op.f(f"ix_referrals_{column}"))
    op.drop_table("referrals")
