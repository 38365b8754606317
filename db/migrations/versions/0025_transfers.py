"""Money onto and off a player's account by bank transfer (p.7).

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-06

Issue 37.
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "0025"
down_revision: str | Sequence[str] | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Bring the schema from 0024 to 0025."""


def downgrade() -> None:
    """Back to 0024."""
