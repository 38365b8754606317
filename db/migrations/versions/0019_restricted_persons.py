"""The register of restricted persons: its loads, and the personal number's key on accounts.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06

Issue 35. `self_exclusions` becomes the register of restricted persons: it keeps keyed hashes
of document numbers and now of personal numbers too (pos.people.restricted), so its rows are
unchanged. `restricted_loads` records each load: the file's name as its version, when, by
whom, how many persons. `accounts.person_key` keeps the keyed hash of the holder's personal
number (None for an account opened without one), never the number itself.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | Sequence[str] | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_KEY = 64


def upgrade() -> None:
    """Bring the schema from 0018 to 0019."""
    op.create_table(
        "restricted_loads",
        sa.Column("id", BIG_ID, nullable=False),
        sa.Column("version", sa.String(length=200), nullable=False),
        sa.Column("loaded_at", MOMENT, nullable=False),
        sa.Column("loaded_by", sa.String(length=32), nullable=False),
        sa.Column("persons", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_restricted_loads")),
    )
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("person_key", sa.String(length=_KEY), nullable=True))


def downgrade() -> None:
    """Back to 0018."""
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_column("person_key")
    op.drop_table("restricted_loads")
