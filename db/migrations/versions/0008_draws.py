"""Bet-on-Poker draws.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-30

`draws` holds each draw of the live poker game (pos.poker.draws): the event its bets are legs of,
the cards dealt so far and the margin its current round was priced at.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")


def upgrade() -> None:
    """Bring the schema from 0007 to 0008."""
    op.create_table(
        "draws",
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("hands", sa.String(length=32), nullable=True),
        sa.Column("board", sa.String(length=10), nullable=False),
        sa.Column("margin", sa.String(length=8), nullable=False),
        sa.Column("updated_at", MOMENT, nullable=False),
        sa.Column("updated_by", sa.String(length=32), nullable=False),
        sa.CheckConstraint("number >= 1", name=op.f("ck_draws_number")),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_draws_event_id_events")),
        sa.PrimaryKeyConstraint("number", name=op.f("pk_draws")),
        sa.UniqueConstraint("event_id", name=op.f("uq_draws_event_id")),
    )


def downgrade() -> None:
    """Back to 0007."""
    op.drop_table("draws")
