"""The register of players' claims and the bookmaker's decisions (p.14–p.16).

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-06

Issue 37.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | Sequence[str] | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_DECISION = (
    "(upheld IS NULL AND decided_at IS NULL AND decided_by IS NULL AND reason IS NULL)"
    " OR (upheld IS NOT NULL AND decided_at IS NOT NULL AND decided_by IS NOT NULL"
    " AND reason IS NOT NULL)"
)


def upgrade() -> None:
    """Bring the schema from 0022 to 0023."""
    op.create_table(
        "claims",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("received_at", MOMENT, nullable=False),
        sa.Column("slip_number", sa.String(length=13), nullable=False),
        sa.Column("payout", sa.Integer(), nullable=True),
        sa.Column("text", sa.String(length=1000), nullable=False),
        sa.Column("recorded_by", sa.String(length=32), nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("upheld", sa.Boolean(), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("remedy", sa.String(length=300), nullable=True),
        sa.Column("decided_by", sa.String(length=32), nullable=True),
        sa.Column("decided_at", MOMENT, nullable=True),
        sa.CheckConstraint(_DECISION, name=op.f("ck_claims_decision")),
        sa.ForeignKeyConstraint(
            ["office"], ["offices.code"], name=op.f("fk_claims_office_offices")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_claims")),
        sa.UniqueConstraint("office", "number", name=op.f("uq_claims_office_number")),
    )
    with op.batch_alter_table("claims", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_claims_received_at"), ["received_at"], unique=False)
    op.create_table(
        "claim_evidence",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("claim_id", BIG_ID, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(length=200), nullable=False),
        sa.Column("counts", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["claim_id"], ["claims.id"], name=op.f("fk_claim_evidence_claim_id_claims")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_claim_evidence")),
        sa.UniqueConstraint(
            "claim_id", "position", name=op.f("uq_claim_evidence_claim_id_position")
        ),
    )


def downgrade() -> None:
    """Back to 0022."""
    op.execute("DELETE FROM counters WHERE name LIKE 'claims:%'")
    op.drop_table("claim_evidence")
    with op.batch_alter_table("claims", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_claims_received_at"))
    op.drop_table("claims")
