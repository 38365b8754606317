"""Slips: issued slips and their legs, cash movements, identity checks, the line header.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30

Events gain a tournament, a maximum stake of their own and a suspended flag. As in 0001, the
column types are spelled out (money and odds as integers, moments as in 0001).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Bring the schema from 0001 to 0002."""
    op.create_table(
        "counters",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("value", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_counters")),
    )
    op.create_table(
        "id_checks",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=False),
        sa.Column("document_kind", sa.String(length=40), nullable=False),
        sa.Column("masked_number", sa.String(length=40), nullable=False),
        sa.Column("age", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_id_checks")),
    )
    op.create_table(
        "slips",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("number", sa.String(length=13), nullable=False),
        sa.Column("request_key", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("total_odds", sa.String(length=40), nullable=False),
        sa.Column("possible_payout", sa.BigInteger(), nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("issued_at", MOMENT, nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("agreed_in_play", sa.Boolean(), nullable=False),
        sa.Column("fiscal_receipt_no", sa.Integer(), nullable=True),
        sa.Column("reprints", sa.Integer(), nullable=False),
        sa.Column("settled_payout", sa.BigInteger(), nullable=True),
        sa.Column("cancelled_at", MOMENT, nullable=True),
        sa.Column("cancelled_by", sa.String(length=32), nullable=True),
        sa.Column("cancel_reason", sa.String(length=200), nullable=True),
        sa.CheckConstraint("stake > 0", name=op.f("ck_slips_stake")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_slips")),
        sa.UniqueConstraint("number", name=op.f("uq_slips_number")),
        sa.UniqueConstraint("request_key", name=op.f("uq_slips_request_key")),
    )
    with op.batch_alter_table("slips", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_slips_issued_at"), ["issued_at"], unique=False)

    op.create_table(
        "sport_limits",
        sa.Column("sport", sa.String(length=16), nullable=False),
        sa.Column("max_stake", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("sport", name=op.f("pk_sport_limits")),
    )
    op.create_table(
        "cash_movements",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("slip_id", BIG_ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["slip_id"], ["slips.id"], name=op.f("fk_cash_movements_slip_id_slips")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cash_movements")),
    )
    with op.batch_alter_table("cash_movements", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_cash_movements_slip_id"), ["slip_id"], unique=False)

    op.create_table(
        "slip_legs",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("slip_id", BIG_ID, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("member", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("market", sa.String(length=16), nullable=False),
        sa.Column("odds", sa.Integer(), nullable=False),
        sa.Column("odds_version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_slip_legs_event_id_events")
        ),
        sa.ForeignKeyConstraint(["slip_id"], ["slips.id"], name=op.f("fk_slip_legs_slip_id_slips")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_slip_legs")),
        sa.UniqueConstraint("slip_id", "position", name=op.f("uq_slip_legs_slip_id_position")),
    )
    with op.batch_alter_table("slip_legs", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_slip_legs_event_id"), ["event_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_slip_legs_slip_id"), ["slip_id"], unique=False)

    # Created here, once, so that two terminals issuing their first slips at the same moment
    # never race to create them (the serial row is then only ever updated, under its lock).
    op.execute(sa.text("INSERT INTO counters (name, value) VALUES ('slip_serial', 0)"))
    op.execute(
        sa.text("INSERT INTO settings (name, value) VALUES ('slip_secret', :secret)").bindparams(
            secret=secrets.token_hex(32)
        )
    )
    with op.batch_alter_table("events", schema=None) as batch_op:
        # Events already in the line: no tournament, no limit of their own, taking bets.
        batch_op.add_column(
            sa.Column("tournament", sa.String(length=100), nullable=False, server_default="")
        )
        batch_op.add_column(sa.Column("max_stake", sa.BigInteger(), nullable=True))
        batch_op.add_column(
            sa.Column("suspended", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    """Undo upgrade()."""
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("suspended")
        batch_op.drop_column("max_stake")
        batch_op.drop_column("tournament")

    with op.batch_alter_table("slip_legs", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_slip_legs_slip_id"))
        batch_op.drop_index(batch_op.f("ix_slip_legs_event_id"))

    op.drop_table("slip_legs")
    with op.batch_alter_table("cash_movements", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_cash_movements_slip_id"))

    op.drop_table("cash_movements")
    op.drop_table("sport_limits")
    with op.batch_alter_table("slips", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_slips_issued_at"))

    op.drop_table("slips")
    op.drop_table("id_checks")
    op.drop_table("counters")
    op.execute(sa.text("DELETE FROM settings WHERE name = 'slip_secret'"))
