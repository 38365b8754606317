"""A chain of offices: the organiser's offices, their terminals, staff and own journals.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03

Issue 18. `offices` holds the betting offices (пункты приёма ставок) of the organiser, whose
name, УНП and licence stay in `settings`; `office_settings` what an office sets over the
organiser (its limits, its hours); `user_offices` each user's role per office (a head has
none: they work in every office). A terminal belongs to an office; slips, shifts and payouts
waiting for their receipt record theirs. Each office keeps its own journal, numbered 1..N in
it from the counters row "journal:<office>".

A database from before becomes the organiser with one office, M1, holding the address it had
and all its terminals, users, slips and journal lines: nothing is renumbered. The journal's
table is copied (its key becomes an id; its number is unique per office), and its triggers
refusing UPDATE and DELETE come back with it. On PostgreSQL slip serials come from a sequence
from now on, so that the chain's terminals do not queue on one counter row.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
FIRST = "M1"
_FIRST_NAME = "Пункт приёма ставок № 1"
_WITH_OFFICE = ("slips", "shifts", "pending_payouts")
_COLUMNS = (
    "paid_at, player, document, amount, fiscal_receipt_no, register_serial, cashier, "
    "terminal, slip_number, paid_slip_id, corrects, reason"
)
REFUSAL = "journal entries are never changed or deleted: correct with a new entry"
_APPEND_ONLY = {
    "sqlite": [
        f"CREATE TRIGGER journal_entries_no_{verb.lower()} BEFORE {verb} ON journal_entries "
        f"BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END"
        for verb in ("UPDATE", "DELETE")
    ],
    "postgresql": [
        "CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries "
        "FOR EACH ROW EXECUTE FUNCTION journal_entries_append_only()",
    ],
}


def _office_column(server_default: str | None = FIRST) -> sa.Column[str]:
    return sa.Column("office", sa.String(length=16), server_default=server_default, nullable=False)


def upgrade() -> None:
    """Bring the schema from 0010 to 0011."""
    op.create_table(
        "offices",
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("address", sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_offices")),
    )
    op.create_table(
        "office_settings",
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["office"], ["offices.code"], name=op.f("fk_office_settings_office_offices")
        ),
        sa.PrimaryKeyConstraint("office", "name", name=op.f("pk_office_settings")),
    )
    # Today's address is the first office's; the organiser keeps its name, УНП and licence.
    op.execute(
        sa.text(
            "INSERT INTO offices (code, name, address) VALUES (:code, :name, COALESCE("
            "(SELECT value FROM settings WHERE name = 'address'), 'г. Минск'))"
        ).bindparams(code=FIRST, name=_FIRST_NAME)
    )
    op.execute("DELETE FROM settings WHERE name = 'address'")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_users_role"), type_="check")
        batch_op.create_check_constraint(
            op.f("ck_users_role"), "role IN ('cashier', 'manager', 'head')"
        )
    op.create_table(
        "user_offices",
        sa.Column("login", sa.String(length=32), nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.CheckConstraint("role IN ('cashier', 'manager')", name=op.f("ck_user_offices_role")),
        sa.ForeignKeyConstraint(
            ["login"], ["users.login"], name=op.f("fk_user_offices_login_users")
        ),
        sa.ForeignKeyConstraint(
            ["office"], ["offices.code"], name=op.f("fk_user_offices_office_offices")
        ),
        sa.PrimaryKeyConstraint("login", "office", name=op.f("pk_user_offices")),
    )
    op.execute(
        f"INSERT INTO user_offices (login, office, role) SELECT login, '{FIRST}', role FROM users"
    )
    with op.batch_alter_table("terminals", schema=None) as batch_op:
        batch_op.add_column(sa.Column("office", sa.String(length=16), nullable=True))
        batch_op.create_foreign_key(
            op.f("fk_terminals_office_offices"), "offices", ["office"], ["code"]
        )
    op.execute(f"UPDATE terminals SET office = '{FIRST}'")
    for table in _WITH_OFFICE:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(_office_column())
    _journal_per_office()
    op.execute(f"UPDATE counters SET name = 'journal:{FIRST}' WHERE name = 'journal'")
    if op.get_bind().dialect.name == "postgresql":
        # Slip serials from a sequence: no bet of the chain waits for another's (db/slips.py).
        op.execute("CREATE SEQUENCE slip_serial_seq")
        op.execute(
            "SELECT setval('slip_serial_seq', COALESCE((SELECT value FROM counters "
            "WHERE name = 'slip_serial'), 0) + 1, false)"
        )


def _journal_per_office() -> None:
    """Copy the journal into its new table: an id for key, the number unique per office."""
    dialect = op.get_bind().dialect.name
    op.execute(f"CREATE TABLE journal_0011 AS SELECT number, {_COLUMNS} FROM journal_entries")
    op.drop_table("journal_entries")  # its triggers, indexes and constraints go with it
    op.create_table(
        "journal_entries",
        sa.Column("id", BIG_ID, nullable=False),
        _office_column(server_default=None),
        sa.Column("number", sa.Integer(), nullable=False),
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
            ["office"], ["offices.code"], name=op.f("fk_journal_entries_office_offices")
        ),
        sa.ForeignKeyConstraint(
            ["paid_slip_id"], ["slips.id"], name=op.f("fk_journal_entries_paid_slip_id_slips")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_journal_entries")),
        sa.UniqueConstraint("office", "number", name=op.f("uq_journal_entries_office_number")),
        sa.UniqueConstraint("paid_slip_id", name=op.f("uq_journal_entries_paid_slip_id")),
    )
    op.create_index(
        op.f("ix_journal_entries_paid_at"), "journal_entries", ["paid_at"], unique=False
    )
    op.create_index(
        op.f("ix_journal_entries_slip_number"), "journal_entries", ["slip_number"], unique=False
    )
    op.execute(
        f"INSERT INTO journal_entries (id, office, number, {_COLUMNS}) "
        f"SELECT number, '{FIRST}', number, {_COLUMNS} FROM journal_0011 ORDER BY number"
    )
    op.drop_table("journal_0011")
    if dialect == "postgresql":  # the ids go on after the copied ones
        op.execute(
            "SELECT setval(pg_get_serial_sequence('journal_entries', 'id'), "
            "COALESCE((SELECT MAX(id) FROM journal_entries), 0) + 1, false)"
        )
    for statement in _APPEND_ONLY[dialect]:
        op.execute(statement)


def downgrade() -> None:
    """Back to 0010: one office's journal (M1's) and its address; the others' are lost."""
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.execute(
            "UPDATE counters SET value = (SELECT last_value FROM slip_serial_seq) "
            "WHERE name = 'slip_serial'"
        )
        op.execute("DROP SEQUENCE slip_serial_seq")
    op.execute(f"UPDATE counters SET name = 'journal' WHERE name = 'journal:{FIRST}'")
    op.execute("DELETE FROM counters WHERE name LIKE 'journal:%'")
    op.execute(
        f"CREATE TABLE journal_0011 AS SELECT number, {_COLUMNS} FROM journal_entries "
        f"WHERE office = '{FIRST}'"
    )
    op.drop_table("journal_entries")
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
    op.execute(
        f"INSERT INTO journal_entries (number, {_COLUMNS}) "
        f"SELECT number, {_COLUMNS} FROM journal_0011 ORDER BY number"
    )
    op.drop_table("journal_0011")
    for statement in _APPEND_ONLY[dialect]:
        op.execute(statement)
    for table in reversed(_WITH_OFFICE):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("office")
    with op.batch_alter_table("terminals", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("fk_terminals_office_offices"), type_="foreignkey")
        batch_op.drop_column("office")
    op.drop_table("user_offices")
    op.execute("UPDATE users SET role = 'manager' WHERE role = 'head'")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_users_role"), type_="check")
        batch_op.create_check_constraint(op.f("ck_users_role"), "role IN ('cashier', 'manager')")
    op.execute(
        f"INSERT INTO settings (name, value) SELECT 'address', address FROM offices "
        f"WHERE code = '{FIRST}'"
    )
    op.drop_table("office_settings")
    op.drop_table("offices")
