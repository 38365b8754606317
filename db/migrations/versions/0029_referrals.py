"""Referrals: big stakes sent to a manager and the decisions (issue 38).

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "0029"
down_revision: str | Sequence[str] | None = "0028"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Bring the schema from 0028 to 0029."""


def downgrade() -> None:
    """Back to 0028."""
