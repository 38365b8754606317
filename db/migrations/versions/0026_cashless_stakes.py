"""Stakes paid from an account and remote coupons (p.7, p.17).

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-06

Issue 37.
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "0026"
down_revision: str | Sequence[str] | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Bring the schema from 0025 to 0026."""


def downgrade() -> None:
    """Back to 0025."""
