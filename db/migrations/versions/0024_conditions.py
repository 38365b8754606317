"""The shop's published conditions of accepting bets, each version kept (p.6).

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-06

Issue 37. Each office's conditions of accepting bets, one row per version, never changed: the
shop publishes the first at its next start, and a new one whenever a setting they read changes.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024"
down_revision: str | Sequence[str] | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")


def upgrade() -> None:
    """Bring the schema from 0023 to 0024."""
    op.create_table(
        "conditions_versions",
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("in_force_from", MOMENT, nullable=False),
        sa.Column("made_by", sa.String(length=32), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["office"], ["offices.code"], name=op.f("fk_conditions_versions_office_offices")
        ),
        sa.PrimaryKeyConstraint("office", "number", name=op.f("pk_conditions_versions")),
    )


def downgrade() -> None:
    """Back to 0023."""
    op.drop_table("conditions_versions")
