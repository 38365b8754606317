"""Cash-out: offers to buy an open slip back, and the slips bought (issue 38).

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "0030"
down_revision: str | Sequence[str] | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Bring the schema from 0029 to 0030."""


def downgrade() -> None:
    """Back to 0029."""
