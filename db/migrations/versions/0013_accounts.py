"""Player accounts: balances, their movements and the self-exclusion register.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-04

Issue 19. `accounts` holds each player's account (one per document in the chain: the keyed
hash of the document number is unique) with its free and blocked money, never below zero;
`account_movements` every line of its statement; `self_exclusions` the register a manager
loads, by keyed hashes only. A deposit's and a withdrawal's cash, receipt and journal line
name the account (`account_number`) where a slip's name the slip, so a cash movement's
slip becomes optional; a withdrawal waits for its receipt's print as a slip's payout does,
so a payout waiting names a slip or an account. Only columns are added to the journal
(SQLite adds them in place, so its append-only triggers stay).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_ACCOUNT = 11
_KEY = 64


def upgrade() -> None:
    """Bring the schema from 0012 to 0013."""
    op.create_table(
        "self_exclusions",
        sa.Column("document_key", sa.String(length=_KEY), nullable=False),
        sa.PrimaryKeyConstraint("document_key", name=op.f("pk_self_exclusions")),
    )
    op.create_table(
        "accounts",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("number", sa.String(length=_ACCOUNT), nullable=False),
        sa.Column("document_key", sa.String(length=_KEY), nullable=False),
        sa.Column("holder", sa.String(length=300), nullable=False),
        sa.Column("document_masked", sa.String(length=80), nullable=False),
        sa.Column("opened_at", MOMENT, nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("opened_by", sa.String(length=32), nullable=False),
        sa.Column("free", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("blocked", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("blocked_reason", sa.String(length=200), nullable=True),
        sa.CheckConstraint("blocked >= 0", name=op.f("ck_accounts_blocked")),
        sa.CheckConstraint("free >= 0", name=op.f("ck_accounts_free")),
        sa.ForeignKeyConstraint(
            ["office"], ["offices.code"], name=op.f("fk_accounts_office_offices")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("document_key", name=op.f("uq_accounts_document_key")),
        sa.UniqueConstraint("number", name=op.f("uq_accounts_number")),
    )
    op.create_table(
        "account_movements",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("account_id", BIG_ID, nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("free_after", sa.BigInteger(), nullable=False),
        sa.Column("blocked_after", sa.BigInteger(), nullable=False),
        sa.Column("reference", sa.String(length=80), nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.CheckConstraint("blocked_after >= 0", name=op.f("ck_account_movements_blocked_after")),
        sa.CheckConstraint("free_after >= 0", name=op.f("ck_account_movements_free_after")),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_account_movements_account_id_accounts")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account_movements")),
    )
    op.create_index(
        op.f("ix_account_movements_account_id"), "account_movements", ["account_id"], unique=False
    )
    with op.batch_alter_table("cash_movements", schema=None) as batch_op:
        batch_op.add_column(sa.Column("account_number", sa.String(length=_ACCOUNT), nullable=True))
        batch_op.alter_column("slip_id", existing_type=BIG_ID, nullable=True)
    for table in ("fiscal_receipts", "journal_entries"):
        op.add_column(table, sa.Column("account_number", sa.String(length=_ACCOUNT), nullable=True))
    with op.batch_alter_table("pending_payouts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("account_number", sa.String(length=_ACCOUNT), nullable=True))
        batch_op.alter_column("slip_id", existing_type=BIG_ID, nullable=True)
        batch_op.create_unique_constraint(
            op.f("uq_pending_payouts_account_number"), ["account_number"]
        )


def downgrade() -> None:
    """Undo upgrade() (only on a database with no account's cash in it)."""
    with op.batch_alter_table("pending_payouts", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("uq_pending_payouts_account_number"), type_="unique")
        batch_op.alter_column("slip_id", existing_type=BIG_ID, nullable=False)
        batch_op.drop_column("account_number")
    for table in ("journal_entries", "fiscal_receipts"):
        op.drop_column(table, "account_number")  # in place: the journal keeps its triggers
    with op.batch_alter_table("cash_movements", schema=None) as batch_op:
        batch_op.alter_column("slip_id", existing_type=BIG_ID, nullable=False)
        batch_op.drop_column("account_number")
    op.drop_index(op.f("ix_account_movements_account_id"), table_name="account_movements")
    op.drop_table("account_movements")
    op.drop_table("accounts")
    op.drop_table("self_exclusions")
