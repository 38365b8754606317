"""The shop's published conditions of accepting bets, each version kept (p.6).

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-06

Issue 37.
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "0024"
down_revision: str | Sequence[str] | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Bring the schema from 0023 to 0024."""


def downgrade() -> None:
    """Back to 0023."""
