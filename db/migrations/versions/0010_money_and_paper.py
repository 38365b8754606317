"""Money and paper in step: two-step payouts, spoiled receipts, the drawer, grand totals.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02

Issue #15. `pending_payouts` holds a payout saved as waiting for its receipt's print (the slip
held, the receipt number planned). A receipt whose job broke after its bytes went out is kept
as spoiled (`fiscal_receipts.spoiled`, the reason) and a receipt sent again by «Допечатать
чеки» whose job broke waits for the cashier's answer (`in_doubt`). `shifts.drawer` is the
running balance of the drawer (a payout is checked against it without a sum), backfilled from
the movements. A register keeps its grand totals since the first receipt, never reset by a Z
report; the registration number of the register (a terminal setting) is printed on its
receipts and reports and kept with each of them.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_GRAND = (("grand_income", "income"), ("grand_returns", "return"), ("grand_expenses", "expense"))


def _kopecks(name: str) -> sa.Column[int]:
    return sa.Column(name, sa.BigInteger(), server_default="0", nullable=False)


def _number_text() -> sa.Column[str]:
    return sa.Column("register_number", sa.String(length=40), server_default="", nullable=False)


def upgrade() -> None:
    """Bring the schema from 0009 to 0010."""
    op.create_table(
        "pending_payouts",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("slip_id", BIG_ID, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("register_serial", sa.String(length=40), nullable=False),
        sa.Column("receipt_no", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(length=300), nullable=False),
        sa.Column("document", sa.String(length=300), nullable=False),
        sa.CheckConstraint("amount > 0", name=op.f("ck_pending_payouts_amount")),
        sa.ForeignKeyConstraint(
            ["slip_id"], ["slips.id"], name=op.f("fk_pending_payouts_slip_id_slips")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pending_payouts")),
        sa.UniqueConstraint("slip_id", name=op.f("uq_pending_payouts_slip_id")),
    )
    op.create_index(
        op.f("ix_pending_payouts_terminal"), "pending_payouts", ["terminal"], unique=False
    )
    with op.batch_alter_table("fiscal_receipts", schema=None) as batch_op:
        batch_op.add_column(_number_text())
        batch_op.add_column(sa.Column("spoiled", sa.String(length=200), nullable=True))
        batch_op.add_column(
            sa.Column("in_doubt", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    with op.batch_alter_table("fiscal_registers", schema=None) as batch_op:
        for column, _kind in _GRAND:
            batch_op.add_column(_kopecks(column))
    with op.batch_alter_table("fiscal_days", schema=None) as batch_op:
        batch_op.add_column(_number_text())
        batch_op.add_column(
            sa.Column("spoiled_count", sa.Integer(), server_default="0", nullable=False)
        )
        batch_op.add_column(_kopecks("spoiled"))
        for column, _kind in _GRAND:
            batch_op.add_column(_kopecks(column))
    with op.batch_alter_table("terminals", schema=None) as batch_op:
        batch_op.add_column(_number_text())
    with op.batch_alter_table("shifts", schema=None) as batch_op:
        batch_op.add_column(_kopecks("drawer"))
    _backfill()


def _backfill() -> None:
    """The registers' grand totals from their receipts; the drawers from their movements."""
    for column, kind in _GRAND:
        op.execute(
            f"UPDATE fiscal_registers SET {column} = COALESCE((SELECT SUM(r.amount) "
            "FROM fiscal_receipts r WHERE r.register_serial = fiscal_registers.serial "
            f"AND r.kind = '{kind}'), 0)"
        )
    op.execute(
        "UPDATE shifts SET drawer = opening_cash "
        "+ COALESCE((SELECT SUM(m.amount) FROM cash_movements m "
        "WHERE m.terminal = shifts.terminal AND m.at >= shifts.opened_at), 0) "
        "+ COALESCE((SELECT SUM(CASE WHEN t.kind = 'in' THEN t.amount ELSE -t.amount END) "
        "FROM cash_transfers t WHERE t.shift_id = shifts.id), 0) "
        "WHERE state = 'open'"
    )
    op.execute("UPDATE shifts SET drawer = COALESCE(expected, 0) WHERE state = 'closed'")


def downgrade() -> None:
    """Back to 0009."""
    with op.batch_alter_table("shifts", schema=None) as batch_op:
        batch_op.drop_column("drawer")
    with op.batch_alter_table("terminals", schema=None) as batch_op:
        batch_op.drop_column("register_number")
    with op.batch_alter_table("fiscal_days", schema=None) as batch_op:
        for column, _kind in _GRAND:
            batch_op.drop_column(column)
        batch_op.drop_column("spoiled")
        batch_op.drop_column("spoiled_count")
        batch_op.drop_column("register_number")
    with op.batch_alter_table("fiscal_registers", schema=None) as batch_op:
        for column, _kind in _GRAND:
            batch_op.drop_column(column)
    with op.batch_alter_table("fiscal_receipts", schema=None) as batch_op:
        batch_op.drop_column("in_doubt")
        batch_op.drop_column("spoiled")
        batch_op.drop_column("register_number")
    op.drop_index(op.f("ix_pending_payouts_terminal"), table_name="pending_payouts")
    op.drop_table("pending_payouts")
