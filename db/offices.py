"""The chain's offices and the office of each terminal: the pos.core.ports OfficeRepository."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from db.settings import settings_changed
from db.tables import OfficeRow, OfficeSettingRow, TerminalRow
from pos.offices.offices import Office


class SqlOfficeRepository:
    """Offices with their own settings; terminals registered in them."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def list(self) -> list[Office]:
        """Every office, by code."""
        rows = self._session.scalars(select(OfficeRow).order_by(OfficeRow.code)).all()
        own = self._settings(None)
        return [_office(row, own.get(row.code, {})) for row in rows]

    def get(self, code: str) -> Office | None:
        """The office with this code, if any."""
        row = self._session.get(OfficeRow, code)
        return None if row is None else _office(row, self._settings(code).get(code, {}))

    def add(self, office: Office) -> None:
        """Store a new office (the code must be free)."""
        self._session.add(OfficeRow(code=office.code, name=office.name, address=office.address))
        self._session.flush()
        self._save_settings(office)
        settings_changed(self._session)  # the settings an office reads include its name

    def update(self, office: Office) -> None:
        """Store the office's name, address and own settings."""
        row = self._session.get(OfficeRow, office.code)
        if row is None:
            raise LookupError(f"no office {office.code!r}")
        row.name, row.address = office.name, office.address
        self._session.execute(
            delete(OfficeSettingRow).where(OfficeSettingRow.office == office.code)
        )
        self._save_settings(office)
        settings_changed(self._session)

    def count(self) -> int:
        """How many offices the chain has."""
        return int(self._session.scalar(select(func.count()).select_from(OfficeRow)) or 0)

    def of_terminal(self, terminal: str) -> str | None:
        """The code of the office the terminal is registered in, if it is."""
        return self._session.scalar(select(TerminalRow.office).where(TerminalRow.name == terminal))

    def register_terminal(self, terminal: str, office: str) -> None:
        """Put the terminal in the office (the terminal's row made if it has none)."""
        row = self._session.get(TerminalRow, terminal)
        if row is None:
            self._session.add(TerminalRow(name=terminal, office=office))
        else:
            row.office = office
        self._session.flush()

    def terminals(self) -> dict[str, str | None]:
        """Every terminal the database knows, with its office, by name."""
        rows = self._session.execute(
            select(TerminalRow.name, TerminalRow.office).order_by(TerminalRow.name)
        )
        return {name: office for name, office in rows}

    def _settings(self, code: str | None) -> dict[str, dict[str, str]]:
        query = select(OfficeSettingRow.office, OfficeSettingRow.name, OfficeSettingRow.value)
        if code is not None:
            query = query.where(OfficeSettingRow.office == code)
        found: dict[str, dict[str, str]] = {}
        for office, name, value in self._session.execute(query):
            found.setdefault(office, {})[name] = value
        return found

    def _save_settings(self, office: Office) -> None:
        for name, value in office.settings.items():
            self._session.add(OfficeSettingRow(office=office.code, name=name, value=value))


def _office(row: OfficeRow, own: dict[str, str]) -> Office:
    return Office(row.code, row.name, row.address, own)
