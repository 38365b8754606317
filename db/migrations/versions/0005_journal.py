"""The cash payout journal: its entries and its counter.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30

`journal_entries` holds the lines of "ЖУРНАЛ УЧЕТА ВЫПЛАТ НАЛИЧНЫХ ДЕНЕГ"; their numbers come
from the counters row "journal", updated in the payout's own transaction (gapless on SQLite
and PostgreSQL, notes/libraries.md "Gapless numbering"). Entries are never changed or
deleted (a mistake is corrected by a new entry): triggers make the database refuse an UPDATE
or a DELETE of a line, whoever sends it.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


REFUSAL = "journal entries are never changed or deleted: correct with a new entry"
_APPEND_ONLY = {
    "sqlite": [
        f"CREATE TRIGGER journal_entries_no_{verb.lower()} BEFORE {verb} ON journal_entries "
        f"BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END"
        for verb in ("UPDATE", "DELETE")
    ],
    "postgresql": [
        "CREATE FUNCTION journal_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS "
        f"$$ BEGIN RAISE EXCEPTION '{REFUSAL}'; END $$",
        "CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries "
        "FOR EACH ROW EXECUTE FUNCTION journal_entries_append_only()",
    ],
}
_DROP_APPEND_ONLY = {
    "sqlite": [
        "DROP TRIGGER journal_entries_no_update",
        "DROP TRIGGER journal_entries_no_delete",
    ],
    "postgresql": [
        "DROP TRIGGER journal_entries_append_only ON journal_entries",
        "DROP FUNCTION journal_entries_append_only()",
    ],
}


def upgrade() -> None:
    """Bring the schema from 0004 to 0005."""
    op.create_table(
        "journal_entries",
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("paid_at", MOMENT, nullable=False),
        sa.Column("player", sa.String(length=300), nullable=False),
        sa.Column("document", sa.String(length=300), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("fiscal_receipt_no", sa.Integer(), nullable=False),
        sa.Column("register_serial", sa.String(length=40), nullable=False),
        sa.Column("cashier", sa.String(length=32), nullable=False),
        sa.Column("terminal", sa.String(length=32), nullable=False),
        sa.Column("slip_number", sa.String(length=13), nullable=False),
        sa.Column("paid_slip_id", BIG_ID, nullable=True),
        sa.Column("corrects", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.CheckConstraint("amount >= 0", name=op.f("ck_journal_entries_amount")),
        sa.ForeignKeyConstraint(
            ["corrects"],
            ["journal_entries.number"],
            name=op.f("fk_journal_entries_corrects_journal_entries"),
        ),
        sa.ForeignKeyConstraint(
            ["paid_slip_id"], ["slips.id"], name=op.f("fk_journal_entries_paid_slip_id_slips")
        ),
        sa.PrimaryKeyConstraint("number", name=op.f("pk_journal_entries")),
        sa.UniqueConstraint("paid_slip_id", name=op.f("uq_journal_entries_paid_slip_id")),
    )
    op.create_index(
        op.f("ix_journal_entries_paid_at"), "journal_entries", ["paid_at"], unique=False
    )
    op.create_index(
        op.f("ix_journal_entries_slip_number"), "journal_entries", ["slip_number"], unique=False
    )
    op.execute("INSERT INTO counters (name, value) VALUES ('journal', 0)")
    for statement in _APPEND_ONLY[op.get_bind().dialect.name]:
        op.execute(statement)


def downgrade() -> None:
    """Back to 0004."""
    for statement in _DROP_APPEND_ONLY[op.get_bind().dialect.name]:
        op.execute(statement)
    op.execute("DELETE FROM counters WHERE name = 'journal'")
    op.drop_index(op.f("ix_journal_entries_slip_number"), table_name="journal_entries")
    op.drop_index(op.f("ix_journal_entries_paid_at"), table_name="journal_entries")
    op.drop_table("journal_entries")
