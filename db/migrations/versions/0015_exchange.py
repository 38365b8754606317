"""«Спрэдбетэкс»: players' offers of paris and the paris concluded on them.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-04

Issue 20. An offer holds what of its stake is open and the offerer's risk blocked for it; the
board reads open offers by outcome and coefficient, the lapse at the event's start (p.46) by
their event's start. A pari names its offer, both accounts, and once settled each side's
result and the bookmaker's commission (p.53). Coefficients are stored as hundredths.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Bring the schema from 0014 to 0015."""
    op.create_table(
        "exchange_offers",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("number", sa.String(length=12), nullable=False),
        sa.Column("account_number", sa.String(length=11), nullable=False),
        sa.Column("event_code", sa.Integer(), nullable=False),
        sa.Column("market", sa.String(length=16), nullable=False),
        sa.Column("side", sa.String(length=4), nullable=False),
        sa.Column("coefficient", sa.Integer(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("stake_open", sa.BigInteger(), nullable=False),
        sa.Column("accepted", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("blocked", sa.BigInteger(), nullable=False),
        sa.Column("made_at", MOMENT, nullable=False),
        sa.Column("event_starts_at", MOMENT, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.CheckConstraint("blocked >= 0", name=op.f("ck_exchange_offers_blocked")),
        sa.CheckConstraint(
            "stake_open >= 0 AND stake_open <= stake", name=op.f("ck_exchange_offers_stake_open")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_exchange_offers")),
        sa.UniqueConstraint("number", name=op.f("uq_exchange_offers_number")),
    )
    with op.batch_alter_table("exchange_offers", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_exchange_offers_account_number"), ["account_number"], unique=False
        )
        batch_op.create_index(
            "ix_exchange_offers_board",
            ["status", "event_code", "market", "side", "coefficient"],
            unique=False,
        )
        batch_op.create_index(
            "ix_exchange_offers_start", ["status", "event_starts_at"], unique=False
        )

    op.create_table(
        "exchange_paris",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("number", sa.String(length=12), nullable=False),
        sa.Column("offer_id", BIG_ID, nullable=False),
        sa.Column("event_code", sa.Integer(), nullable=False),
        sa.Column("market", sa.String(length=16), nullable=False),
        sa.Column("coefficient", sa.Integer(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("back_account", sa.String(length=11), nullable=False),
        sa.Column("lay_account", sa.String(length=11), nullable=False),
        sa.Column("concluded_at", MOMENT, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("back_result", sa.BigInteger(), nullable=True),
        sa.Column("lay_result", sa.BigInteger(), nullable=True),
        sa.Column("commission", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("settled_at", MOMENT, nullable=True),
        sa.ForeignKeyConstraint(
            ["offer_id"],
            ["exchange_offers.id"],
            name=op.f("fk_exchange_paris_offer_id_exchange_offers"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_exchange_paris")),
        sa.UniqueConstraint("number", name=op.f("uq_exchange_paris_number")),
    )
    with op.batch_alter_table("exchange_paris", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_exchange_paris_back_account"), ["back_account"], unique=False
        )
        batch_op.create_index("ix_exchange_paris_event", ["event_code", "status"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_exchange_paris_lay_account"), ["lay_account"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_exchange_paris_offer_id"), ["offer_id"], unique=False)


def downgrade() -> None:
    """Undo upgrade()."""
    with op.batch_alter_table("exchange_paris", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_exchange_paris_offer_id"))
        batch_op.drop_index(batch_op.f("ix_exchange_paris_lay_account"))
        batch_op.drop_index("ix_exchange_paris_event")
        batch_op.drop_index(batch_op.f("ix_exchange_paris_back_account"))

    op.drop_table("exchange_paris")
    with op.batch_alter_table("exchange_offers", schema=None) as batch_op:
        batch_op.drop_index("ix_exchange_offers_start")
        batch_op.drop_index("ix_exchange_offers_board")
        batch_op.drop_index(batch_op.f("ix_exchange_offers_account_number"))

    op.drop_table("exchange_offers")
