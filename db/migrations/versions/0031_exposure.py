"""The outcomes' exposure kept as slips open and close (issue 38, issue 34).

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-06

db.tables.exposure: what the chain pays if each outcome happens, by office, kept by db.exposure
in the transaction of each slip's change, so that a bet reads its outcomes' payouts as one row
each instead of summing every open leg (a million slips: 90 ms a bet). Filled here from the
open, unsettled slips already stored.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0031"
down_revision: str | Sequence[str] | None = "0030"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TABLE = "outcome_exposure"
# The open, unsettled slips (a settled slip keeps 'open' beside its settlement row), each
# counted whole under each of its legs' outcomes, by issuing office (as db.exposure.rebuild).
_FILL = (
    "INSERT INTO outcome_exposure (event_code, market, office, slips, stakes, payout) "
    "SELECT e.code, l.market, s.office, count(*), sum(s.stake), sum(s.possible_payout) "
    "FROM slips AS s JOIN slip_legs AS l ON l.slip_id = s.id JOIN events AS e ON e.id = l.event_id "
    "WHERE s.status = 'open' "
    "AND NOT EXISTS (SELECT 1 FROM settlements AS x WHERE x.slip_id = s.id) "
    "GROUP BY e.code, l.market, s.office"
)


def upgrade() -> None:
    """Bring the schema from 0030 to 0031."""
    op.create_table(
        _TABLE,
        sa.Column("event_code", sa.Integer(), nullable=False),
        sa.Column("market", sa.String(length=16), nullable=False),
        sa.Column("office", sa.String(length=16), nullable=False),
        sa.Column("slips", sa.Integer(), nullable=False),
        sa.Column("stakes", sa.BigInteger(), nullable=False),
        sa.Column("payout", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("event_code", "market", "office", name=op.f("pk_outcome_exposure")),
    )
    op.execute(_FILL)


def downgrade() -> None:
    """Back to 0030."""
    op.drop_table(_TABLE)
