"""The account keeps its holder's identity document as it was shown at opening.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-06

Issue 35. Money onto a player's account is reported to the СККС with its participant
(protocol 6.5.5): the full name, the document's kind, number, date and authority, and the
personal number, taken from the account. `holder` is the names joined by spaces, which do not
split back exactly (a name of two words), so the names are kept apart too; the birth date and
expiry make the document whole. All nullable: an account opened before keeps NULLs and is
reported by the holder's name and the masked document it has.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | Sequence[str] | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The longest each field may be (pos.people.identity.MAX_LENGTHS; a personal number is 14).
_COLUMNS = (
    ("holder_surname", sa.String(length=80)),
    ("holder_name", sa.String(length=80)),
    ("holder_patronymic", sa.String(length=80)),
    ("holder_birth_date", sa.Date()),
    ("document_kind", sa.String(length=40)),
    ("document_number", sa.String(length=30)),
    ("document_issued_on", sa.Date()),
    ("document_issued_by", sa.String(length=200)),
    ("document_expires_on", sa.Date()),
    ("personal_number", sa.String(length=14)),
)


def upgrade() -> None:
    """Bring the schema from 0021 to 0022."""
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        for name, kind in _COLUMNS:
            batch_op.add_column(sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    """Back to 0021."""
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        for name, _ in reversed(_COLUMNS):
            batch_op.drop_column(name)
