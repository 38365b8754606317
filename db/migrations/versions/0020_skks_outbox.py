"""The СККС outbox.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-06

Issue 35. Every operation's message to the state's controller is written in the operation's
transaction, numbered in its terminal's order, and answered once: registered or refused.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | Sequence[str] | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")


def upgrade() -> None:
    """Bring the schema from 0019 to 0020."""
    op.create_table(
        "skks_outbox",
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("sequence", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("kind", sa.String(length=24), nullable=False),
        sa.Column("subject", sa.String(length=40), nullable=False),
        sa.Column("written_at", MOMENT, nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("answered_at", MOMENT, nullable=True),
        sa.Column("registration", sa.String(length=64), nullable=True),
        sa.Column("error", sa.String(length=64), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.PrimaryKeyConstraint("terminal", "sequence", name=op.f("pk_skks_outbox")),
    )
    op.create_index(
        "ix_skks_outbox_unanswered",
        "skks_outbox",
        ["terminal", "answered_at", "sequence"],
        unique=False,
    )
    op.create_index("ix_skks_outbox_subject", "skks_outbox", ["subject"], unique=False)


def downgrade() -> None:
    """Back to 0019."""
    op.drop_index("ix_skks_outbox_subject", table_name="skks_outbox")
    op.drop_index("ix_skks_outbox_unanswered", table_name="skks_outbox")
    op.drop_table("skks_outbox")
