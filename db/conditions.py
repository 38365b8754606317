"""The published conditions' versions (issue 37, p.6): the pos.core.conditions_ports repository."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.tables.conditions import ConditionsVersionRow
from pos.conditions.versions import ConditionsVersion


class SqlConditionsRepository:
    """Each office's versions, by number; a few a year, read only when someone asks."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def current(self, office: str) -> ConditionsVersion | None:
        """The office's latest version (None: none published yet)."""
        row = self._session.scalars(
            select(ConditionsVersionRow)
            .where(ConditionsVersionRow.office == office)
            .order_by(ConditionsVersionRow.number.desc())
            .limit(1)
        ).first()
        return None if row is None else _version(row)

    def history(self, office: str) -> list[ConditionsVersion]:
        """Every version of the office, the first first."""
        rows = self._session.scalars(
            select(ConditionsVersionRow)
            .where(ConditionsVersionRow.office == office)
            .order_by(ConditionsVersionRow.number)
        )
        return [_version(row) for row in rows]

    def add(self, version: ConditionsVersion) -> None:
        """Keep a new version; the same office and number twice is a unique violation (two
        terminals publishing at once: the storage says ConcurrentChange)."""
        self._session.add(
            ConditionsVersionRow(
                office=version.office,
                number=version.number,
                in_force_from=version.in_force_from,
                made_by=version.made_by,
                text=version.text,
            )
        )
        self._session.flush()


def _version(row: ConditionsVersionRow) -> ConditionsVersion:
    return ConditionsVersion(row.office, row.number, row.in_force_from, row.text, row.made_by)
