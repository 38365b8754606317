"""The register of players' claims and the bookmaker's decisions (p.14–p.16).

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-06

Issue 37.
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "0023"
down_revision: str | Sequence[str] | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Bring the schema from 0022 to 0023."""


def downgrade() -> None:
    """Back to 0022."""
