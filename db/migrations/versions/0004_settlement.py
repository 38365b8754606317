"""Results and settlement: event results, slip terms, settlements; the payout cap on slips.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30

Slips lose `settled_payout` (a settlement is a row of its own, written in bulk) and gain
`payout_cap`, the maximum payout in force when the bet was accepted. Every slip already
issued gets its terms record (pos.settlement.batch.encode_terms), built from its legs, so
that it can be settled like a new one; slips taken before this revision have no cap.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from alembic import op

from pos.betting.bets import parse_kind
from pos.betting.slips import Leg, Slip
from pos.settlement.terms import encode_terms

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)  # a leg's start: not part of the terms


def upgrade() -> None:
    """Bring the schema from 0003 to 0004."""
    op.create_table(
        "event_results",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("home", sa.Integer(), nullable=True),
        sa.Column("away", sa.Integer(), nullable=True),
        sa.Column("venue_swapped", sa.Boolean(), nullable=False),
        sa.Column("actual_start", MOMENT, nullable=False),
        sa.Column("first_score_at", MOMENT, nullable=True),
        sa.Column("ended_at", MOMENT, nullable=False),
        sa.Column("source", sa.String(length=200), nullable=False),
        sa.Column("recorded_at", MOMENT, nullable=False),
        sa.Column("recorded_by", sa.String(length=32), nullable=False),
        sa.Column("corrections", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_event_results_event_id_events")
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_event_results")),
    )
    op.create_table(
        "slip_terms",
        sa.Column("slip_id", BIG_ID, nullable=False),
        sa.Column("terms", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["slip_id"], ["slips.id"], name=op.f("fk_slip_terms_slip_id_slips")
        ),
        sa.PrimaryKeyConstraint("slip_id", name=op.f("pk_slip_terms")),
    )
    op.create_table(
        "settlements",
        sa.Column("slip_id", BIG_ID, nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("payout", sa.BigInteger(), nullable=False),
        sa.Column("settled_at", MOMENT, nullable=False),
        sa.CheckConstraint("payout >= 0", name=op.f("ck_settlements_payout")),
        sa.CheckConstraint(
            "status = 'won' OR status = 'lost' OR status = 'refund'",
            name=op.f("ck_settlements_status"),
        ),
        sa.ForeignKeyConstraint(
            ["slip_id"], ["slips.id"], name=op.f("fk_settlements_slip_id_slips")
        ),
        sa.PrimaryKeyConstraint("slip_id", name=op.f("pk_settlements")),
    )
    with op.batch_alter_table("slips", schema=None) as batch_op:
        batch_op.add_column(sa.Column("payout_cap", sa.BigInteger(), nullable=True))
        batch_op.drop_column("settled_payout")
    _write_terms()
    op.execute("INSERT INTO counters (name, value) VALUES ('result_corrections', 0)")


def downgrade() -> None:
    """Back to 0003."""
    with op.batch_alter_table("slips", schema=None) as batch_op:
        batch_op.add_column(sa.Column("settled_payout", sa.BigInteger(), nullable=True))
        batch_op.drop_column("payout_cap")
    op.execute("DELETE FROM counters WHERE name = 'result_corrections'")
    op.drop_table("settlements")
    op.drop_table("slip_terms")
    op.drop_table("event_results")


def _write_terms() -> None:
    """The terms of every slip not voided, 10,000 slips at a time."""
    connection = op.get_bind()
    terms = sa.table("slip_terms", sa.column("slip_id"), sa.column("terms"))
    after = 0
    while True:
        slips = connection.execute(
            sa.text(
                "SELECT id, kind, stake, possible_payout, issued_at, agreed_in_play FROM slips "
                "WHERE status <> 'void' AND id > :after ORDER BY id LIMIT 10000"
            ),
            {"after": after},
        ).all()
        if not slips:
            return
        legs = _legs(connection, after, slips[-1][0])
        rows = [
            {"slip_id": slip_id, "terms": encode_terms(_slip(row, legs.get(slip_id, [])))}
            for row in slips
            for slip_id in (row[0],)
        ]
        connection.execute(sa.insert(terms), rows)
        after = slips[-1][0]


def _legs(connection: sa.Connection, after: int, last: int) -> dict[int, list[list[Leg]]]:
    legs: dict[int, list[list[Leg]]] = {}
    query = sa.text(
        "SELECT l.slip_id, l.member, e.code, l.market, l.odds FROM slip_legs l "
        "JOIN events e ON e.id = l.event_id WHERE l.slip_id > :after AND l.slip_id <= :last "
        "ORDER BY l.slip_id, l.position"
    )
    for slip_id, member, code, market, odds in connection.execute(
        query, {"after": after, "last": last}
    ):
        blocks = legs.setdefault(slip_id, [])
        while len(blocks) <= member:
            blocks.append([])
        blocks[member].append(Leg(code, market, Decimal(odds) / 100, 0, "", "", _EPOCH))
    return legs


def _slip(row: sa.Row[Any], blocks: list[list[Leg]]) -> Slip:
    _slip_id, kind, stake, possible, issued, agreed = tuple(row)
    assert isinstance(stake, int) and isinstance(possible, int)
    return Slip(
        number="",
        kind=parse_kind(str(kind)),
        members=tuple(tuple(block) for block in blocks),
        stake=Decimal(stake) / 100,
        total_odds=Decimal(1),
        possible_payout=Decimal(possible) / 100,
        terminal="",
        cashier="",
        issued_at=_moment(issued),
        agreed_in_play=bool(agreed),
    )


def _moment(value: object) -> datetime:
    if isinstance(value, str):  # SQLite keeps moments as fixed-width UTC text
        return datetime.fromisoformat(value.removesuffix("Z")).replace(tzinfo=UTC)
    assert isinstance(value, datetime)
    return value.astimezone(UTC)
