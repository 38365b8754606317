"""Core statements run on the session's connection, and the pieces several repositories share."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from sqlalchemy import CursorResult, Executable, Insert, Table, bindparam, insert, select
from sqlalchemy.orm import Session

from db.tables import Base, SlipRow


def run(
    session: Session,
    statement: Executable,
    params: Mapping[str, object] | Sequence[Mapping[str, object]] | None = None,
) -> CursorResult[Any]:
    """Execute a Core statement on the session's connection, in its transaction.

    `Session.execute` takes every statement through the ORM (an autoflush, and the identity
    map kept in step with an UPDATE or DELETE): measured for issue #15, an UPDATE costs about
    150 µs that way and 30 µs here. For rows the code does not hold as ORM objects across the
    statement; what the session still holds unflushed is flushed first.
    """
    session.flush()
    return session.connection().execute(statement, params)


def inserting(table: type[Base], **computed: object) -> Insert:
    """One INSERT statement for every row of the table, built once: its columns are bound
    by name (or `computed`), so SQLAlchemy finds it in its cache instead of building and
    hashing a new statement per row (tests/bench/payout.py)."""
    target = cast(Table, table.__table__)
    values: dict[str, object] = {
        c.name: bindparam(c.name) for c in target.columns if c.name != "id"
    }
    return insert(target).values({**values, **computed})


# The slip a row belongs to, by the number bound as :slip_number.
SLIP_ID_OF_NUMBER = (
    select(SlipRow.id).where(SlipRow.number == bindparam("slip_number")).scalar_subquery()
)
