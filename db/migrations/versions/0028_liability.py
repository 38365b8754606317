"""The liability board: an event's own cap and suspended outcomes (issue 38).

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "0028"
down_revision: str | Sequence[str] | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Bring the schema from 0027 to 0028."""


def downgrade() -> None:
    """Back to 0027."""
