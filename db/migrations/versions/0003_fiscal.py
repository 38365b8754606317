"""Fiscal register: registers, numbered receipts, closed days; printer settings per terminal.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30

As in 0001 and 0002 the column types are spelled out (money as integer kopecks, moments as
in 0001). Slips gain no column: "pending" and "void" are new values of their status.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Bring the schema from 0002 to 0003."""
    with op.batch_alter_table("terminals", schema=None) as batch_op:
        batch_op.add_column(sa.Column("printer", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("fiscal_printer", sa.Text(), nullable=True))
    op.create_table(
        "fiscal_registers",
        sa.Column("serial", sa.String(length=40), nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("last_receipt_no", sa.Integer(), nullable=False),
        sa.Column("day_no", sa.Integer(), nullable=False),
        sa.Column("day_opened_at", MOMENT, nullable=True),
        sa.CheckConstraint("day_no >= 0", name=op.f("ck_fiscal_registers_day_no")),
        sa.CheckConstraint(
            "last_receipt_no >= 0", name=op.f("ck_fiscal_registers_last_receipt_no")
        ),
        sa.PrimaryKeyConstraint("serial", name=op.f("pk_fiscal_registers")),
    )
    op.create_table(
        "fiscal_days",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("register_serial", sa.String(length=40), nullable=False),
        sa.Column("day_no", sa.Integer(), nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("opened_at", MOMENT, nullable=True),
        sa.Column("closed_at", MOMENT, nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("income_count", sa.Integer(), nullable=False),
        sa.Column("income", sa.BigInteger(), nullable=False),
        sa.Column("return_count", sa.Integer(), nullable=False),
        sa.Column("returns", sa.BigInteger(), nullable=False),
        sa.Column("expense_count", sa.Integer(), nullable=False),
        sa.Column("expenses", sa.BigInteger(), nullable=False),
        sa.Column("first_no", sa.Integer(), nullable=True),
        sa.Column("last_no", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["register_serial"],
            ["fiscal_registers.serial"],
            name=op.f("fk_fiscal_days_register_serial_fiscal_registers"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fiscal_days")),
        sa.UniqueConstraint(
            "register_serial", "day_no", name=op.f("uq_fiscal_days_register_serial_day_no")
        ),
    )
    op.create_table(
        "fiscal_receipts",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("register_serial", sa.String(length=40), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("day_no", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("slip_id", BIG_ID, nullable=True),
        sa.Column("printed", sa.Boolean(), nullable=False),
        sa.CheckConstraint("amount > 0", name=op.f("ck_fiscal_receipts_amount")),
        sa.CheckConstraint("number >= 1", name=op.f("ck_fiscal_receipts_number")),
        sa.ForeignKeyConstraint(
            ["register_serial"],
            ["fiscal_registers.serial"],
            name=op.f("fk_fiscal_receipts_register_serial_fiscal_registers"),
        ),
        sa.ForeignKeyConstraint(
            ["slip_id"], ["slips.id"], name=op.f("fk_fiscal_receipts_slip_id_slips")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fiscal_receipts")),
        sa.UniqueConstraint(
            "register_serial", "number", name=op.f("uq_fiscal_receipts_register_serial_number")
        ),
    )
    with op.batch_alter_table("fiscal_receipts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_fiscal_receipts_slip_id"), ["slip_id"], unique=False)
        batch_op.create_index(
            "ix_fiscal_receipts_printed", ["register_serial", "printed"], unique=False
        )
        batch_op.create_index("ix_fiscal_receipts_day", ["register_serial", "day_no"], unique=False)
    with op.batch_alter_table("slips", schema=None) as batch_op:
        batch_op.create_index("ix_slips_status_terminal", ["status", "terminal"], unique=False)


def downgrade() -> None:
    """Back to 0002."""
    with op.batch_alter_table("slips", schema=None) as batch_op:
        batch_op.drop_index("ix_slips_status_terminal")
    with op.batch_alter_table("fiscal_receipts", schema=None) as batch_op:
        batch_op.drop_index("ix_fiscal_receipts_day")
        batch_op.drop_index("ix_fiscal_receipts_printed")
        batch_op.drop_index(batch_op.f("ix_fiscal_receipts_slip_id"))
    op.drop_table("fiscal_receipts")
    op.drop_table("fiscal_days")
    op.drop_table("fiscal_registers")
    with op.batch_alter_table("terminals", schema=None) as batch_op:
        batch_op.drop_column("fiscal_printer")
        batch_op.drop_column("printer")
