"""The names users sign papers with.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-06

Issue 34. `users.full_name` keeps the surname, name and patronymic a cashier signs the
journal's column 8 with; slips, receipts and the other papers print it as «Кассир Иванова
А. С.». Users already there get "" and their papers show their login, as before, until a
manager types their name (pos.people.names).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Bring the schema from 0017 to 0018."""
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("full_name", sa.String(length=100), server_default="", nullable=False)
        )


def downgrade() -> None:
    """Back to 0017."""
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("full_name")
