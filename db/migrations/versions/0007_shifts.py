"""Shifts and their cash transfers.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30

`shifts` holds each terminal's shifts (pos.till.shifts), at most one open per terminal (a partial
unique index); `cash_transfers` the cash put in or taken out by hand, with the reason; and
`cash_movements` an index by terminal and time, which a shift's cash is summed over.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
OPEN = sa.text("state = 'open'")


def upgrade() -> None:
    """Bring the schema from 0006 to 0007."""
    op.create_table(
        "shifts",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("state", sa.String(length=8), nullable=False),
        sa.Column("opened_at", MOMENT, nullable=False),
        sa.Column("opened_by", sa.String(length=32), nullable=False),
        sa.Column("opening_cash", sa.BigInteger(), nullable=False),
        sa.Column("closed_at", MOMENT, nullable=True),
        sa.Column("closed_by", sa.String(length=32), nullable=True),
        sa.Column("counted", sa.BigInteger(), nullable=True),
        sa.Column("expected", sa.BigInteger(), nullable=True),
        sa.CheckConstraint("opening_cash >= 0", name=op.f("ck_shifts_opening_cash")),
        sa.CheckConstraint("state = 'open' OR state = 'closed'", name=op.f("ck_shifts_state")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shifts")),
    )
    op.create_index(
        "ix_shifts_one_open",
        "shifts",
        ["terminal"],
        unique=True,
        sqlite_where=OPEN,
        postgresql_where=OPEN,
    )
    op.create_table(
        "cash_transfers",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("shift_id", BIG_ID, nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=4), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.CheckConstraint("amount > 0", name=op.f("ck_cash_transfers_amount")),
        sa.CheckConstraint("kind = 'in' OR kind = 'out'", name=op.f("ck_cash_transfers_kind")),
        sa.ForeignKeyConstraint(
            ["shift_id"], ["shifts.id"], name=op.f("fk_cash_transfers_shift_id_shifts")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cash_transfers")),
    )
    op.create_index(
        op.f("ix_cash_transfers_shift_id"), "cash_transfers", ["shift_id"], unique=False
    )
    op.create_index(
        "ix_cash_movements_terminal_at", "cash_movements", ["terminal", "at"], unique=False
    )


def downgrade() -> None:
    """Back to 0006."""
    op.drop_index("ix_cash_movements_terminal_at", table_name="cash_movements")
    op.drop_index(op.f("ix_cash_transfers_shift_id"), table_name="cash_transfers")
    op.drop_table("cash_transfers")
    op.drop_index("ix_shifts_one_open", table_name="shifts")
    op.drop_table("shifts")
