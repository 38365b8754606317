"""«Спрэдбет»: financial assets, every version of their quotes, spread bets and their closes.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-04

Issue 19. Prices, points and the maintenance level are exact decimals of at most six places,
stored as integers of millionths; money as kopecks. The index `ix_spread_bets_calls` lets a new
quote find its margin calls (p.36) among the asset's open bets without reading the others.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Bring the schema from 0013 to 0014."""
    op.create_table(
        "spread_assets",
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("point", sa.BigInteger(), nullable=False),
        sa.Column("margin_points", sa.Integer(), nullable=False),
        sa.Column("maintenance", sa.BigInteger(), nullable=False),
        sa.Column("min_stake", sa.BigInteger(), nullable=False),
        sa.Column("max_stake", sa.BigInteger(), nullable=False),
        sa.CheckConstraint("min_stake <= max_stake", name=op.f("ck_spread_assets_stakes")),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_spread_assets")),
    )
    op.create_table(
        "spread_bets",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("number", sa.String(length=12), nullable=False),
        sa.Column("account_number", sa.String(length=11), nullable=False),
        sa.Column("asset", sa.String(length=16), nullable=False),
        sa.Column("direction", sa.String(length=4), nullable=False),
        sa.Column("open_price", sa.BigInteger(), nullable=False),
        sa.Column("call_price", sa.BigInteger(), nullable=False),
        sa.Column("point", sa.BigInteger(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("stake_open", sa.BigInteger(), nullable=False),
        sa.Column("margin_blocked", sa.BigInteger(), nullable=False),
        sa.Column("opened_at", MOMENT, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=24), nullable=False),
        sa.Column("result", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("closed_at", MOMENT, nullable=True),
        sa.CheckConstraint("margin_blocked >= 0", name=op.f("ck_spread_bets_margin_blocked")),
        sa.CheckConstraint(
            "stake_open >= 0 AND stake_open <= stake", name=op.f("ck_spread_bets_stake_open")
        ),
        sa.ForeignKeyConstraint(
            ["asset"], ["spread_assets.code"], name=op.f("fk_spread_bets_asset_spread_assets")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_spread_bets")),
        sa.UniqueConstraint("number", name=op.f("uq_spread_bets_number")),
    )
    with op.batch_alter_table("spread_bets", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_spread_bets_account_number"), ["account_number"], unique=False
        )
        batch_op.create_index(
            "ix_spread_bets_calls", ["asset", "status", "direction", "call_price"], unique=False
        )

    op.create_table(
        "spread_quotes",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("asset", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("bid", sa.BigInteger(), nullable=False),
        sa.Column("ask", sa.BigInteger(), nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("author", sa.String(length=32), nullable=False),
        sa.CheckConstraint("ask > bid", name=op.f("ck_spread_quotes_spread")),
        sa.ForeignKeyConstraint(
            ["asset"], ["spread_assets.code"], name=op.f("fk_spread_quotes_asset_spread_assets")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_spread_quotes")),
        sa.UniqueConstraint("asset", "version", name=op.f("uq_spread_quotes_asset_version")),
    )
    op.create_table(
        "spread_closings",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("bet_id", BIG_ID, nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("close_price", sa.BigInteger(), nullable=False),
        sa.Column("result", sa.BigInteger(), nullable=False),
        sa.Column("margin_released", sa.BigInteger(), nullable=False),
        sa.Column("uncovered", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("by_bookmaker", sa.Boolean(), nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("shown_at", MOMENT, nullable=True),
        sa.ForeignKeyConstraint(
            ["bet_id"], ["spread_bets.id"], name=op.f("fk_spread_closings_bet_id_spread_bets")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_spread_closings")),
    )
    with op.batch_alter_table("spread_closings", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_spread_closings_bet_id"), ["bet_id"], unique=False)


def downgrade() -> None:
    """Undo upgrade()."""
    with op.batch_alter_table("spread_closings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_spread_closings_bet_id"))

    op.drop_table("spread_closings")
    op.drop_table("spread_quotes")
    with op.batch_alter_table("spread_bets", schema=None) as batch_op:
        batch_op.drop_index("ix_spread_bets_calls")
        batch_op.drop_index(batch_op.f("ix_spread_bets_account_number"))

    op.drop_table("spread_bets")
    op.drop_table("spread_assets")
