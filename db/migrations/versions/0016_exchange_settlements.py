"""A pari's settlement in a table of its own; the concluded paris by event in another.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-04

Issue 20. Settling an event's 100,000 paris rewrote every pari's wide row (its status and
results) and moved its entry in an (event, status) index: most of the settlement's time and
of what its commit wrote (tests/bench/exchange.py). Now a pari's row never changes after it is
concluded. `exchange_concluded` holds the paris not settled yet by their event, each with its
terms as one short record (pos.exchange.batch.pari_terms, as a slip's terms: a settlement reads
an event's records, not its rows, and deletes them), `exchange_settlements` each settlement,
written once, as a slip's. The paris' rows keep their terms; their status and results move to
the new tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from alembic import op

from pos.exchange.batch import pari_terms
from pos.exchange.paris import Pari

revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True).with_variant(sa.String(32), "sqlite")
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Bring the schema from 0015 to 0016."""
    op.create_table(
        "exchange_concluded",
        sa.Column("pari_id", BIG_ID, nullable=False),
        sa.Column("event_code", sa.Integer(), nullable=False),
        sa.Column("terms", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["pari_id"],
            ["exchange_paris.id"],
            name=op.f("fk_exchange_concluded_pari_id_exchange_paris"),
        ),
        sa.PrimaryKeyConstraint("pari_id", name=op.f("pk_exchange_concluded")),
    )
    op.create_index(op.f("ix_exchange_concluded_event_code"), "exchange_concluded", ["event_code"])
    op.create_table(
        "exchange_settlements",
        sa.Column("pari_id", BIG_ID, nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("back_result", sa.BigInteger(), nullable=False),
        sa.Column("lay_result", sa.BigInteger(), nullable=False),
        sa.Column("commission", sa.BigInteger(), nullable=False),
        sa.Column("settled_at", MOMENT, nullable=False),
        sa.ForeignKeyConstraint(
            ["pari_id"],
            ["exchange_paris.id"],
            name=op.f("fk_exchange_settlements_pari_id_exchange_paris"),
        ),
        sa.PrimaryKeyConstraint("pari_id", name=op.f("pk_exchange_settlements")),
    )
    _write_concluded()
    op.execute(
        "INSERT INTO exchange_settlements "
        "(pari_id, status, back_result, lay_result, commission, settled_at) "
        "SELECT id, status, back_result, lay_result, commission, settled_at "
        "FROM exchange_paris WHERE status <> 'concluded'"
    )
    with op.batch_alter_table("exchange_paris", schema=None) as batch_op:
        batch_op.drop_index("ix_exchange_paris_event")
        for column in ("status", "back_result", "lay_result", "commission", "settled_at"):
            batch_op.drop_column(column)


def downgrade() -> None:
    """Undo upgrade()."""
    with op.batch_alter_table("exchange_paris", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("status", sa.String(length=12), server_default="concluded", nullable=False)
        )
        batch_op.add_column(sa.Column("back_result", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("lay_result", sa.BigInteger(), nullable=True))
        batch_op.add_column(
            sa.Column("commission", sa.BigInteger(), server_default="0", nullable=False)
        )
        batch_op.add_column(sa.Column("settled_at", MOMENT, nullable=True))
        batch_op.create_index("ix_exchange_paris_event", ["event_code", "status"], unique=False)
    for column in ("status", "back_result", "lay_result", "commission", "settled_at"):
        op.execute(
            f"UPDATE exchange_paris SET {column} = (SELECT s.{column} FROM "
            "exchange_settlements AS s WHERE s.pari_id = exchange_paris.id) "
            "WHERE id IN (SELECT pari_id FROM exchange_settlements)"
        )
    op.drop_table("exchange_settlements")
    op.drop_index(op.f("ix_exchange_concluded_event_code"), table_name="exchange_concluded")
    op.drop_table("exchange_concluded")


def _write_concluded() -> None:
    """The concluded paris with their terms, 10,000 at a time."""
    connection = op.get_bind()
    concluded = sa.table(
        "exchange_concluded", sa.column("pari_id"), sa.column("event_code"), sa.column("terms")
    )
    after = 0
    while True:
        rows = connection.execute(
            sa.text(
                "SELECT id, event_code, market, coefficient, stake, back_account, lay_account, "
                "concluded_at FROM exchange_paris WHERE status = 'concluded' AND id > :after "
                "ORDER BY id LIMIT 10000"
            ),
            {"after": after},
        ).all()
        if not rows:
            return
        connection.execute(
            sa.insert(concluded),
            [{"pari_id": row[0], "event_code": row[1], "terms": _terms(row)} for row in rows],
        )
        after = rows[-1][0]


def _terms(row: sa.Row[Any]) -> bytes:
    _pari_id, event, market, coefficient, stake, back, lay, concluded = tuple(row)
    return pari_terms(
        Pari(
            number="",
            offer_number="",
            event=event,
            market=market,
            coefficient=Decimal(coefficient) / 100,
            stake=Decimal(stake) / 100,
            back_account=back,
            lay_account=lay,
            concluded_at=_moment(concluded),
        )
    )


def _moment(value: object) -> datetime:
    if isinstance(value, str):  # SQLite keeps moments as fixed-width UTC text
        return datetime.fromisoformat(value.removesuffix("Z")).replace(tzinfo=UTC)
    assert isinstance(value, datetime)
    return value.astimezone(UTC)
