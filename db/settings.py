"""Shop settings and each terminal's register and printers: the pos.core.ports
SettingsRepository."""

from __future__ import annotations

from sqlalchemy import bindparam, literal, select, text, union_all
from sqlalchemy.orm import Session

from db.statements import read, run
from db.tables import OfficeRow, OfficeSettingRow, SettingRow, TerminalRow

_SETTINGS = select(SettingRow.name, SettingRow.value)
# The organiser's settings, then one office's own over them, with its code, name and address:
# one round trip (a bet reads them first).
_IN_OFFICE = union_all(
    select(SettingRow.name, SettingRow.value, literal(0).label("rank")),
    select(OfficeSettingRow.name, OfficeSettingRow.value, literal(1)).where(
        OfficeSettingRow.office == bindparam("office")
    ),
    *(
        select(literal(name), column, literal(2)).where(OfficeRow.code == bindparam("office"))
        for name, column in (
            ("office_code", OfficeRow.code),
            ("office_name", OfficeRow.name),
            ("address", OfficeRow.address),
        )
    ),
).order_by(text("rank"))
_TERMINAL_REGISTER = select(TerminalRow.register_serial, TerminalRow.register_number).where(
    TerminalRow.name == bindparam("name")
)


class SqlSettingsRepository:
    """Shop settings as text by name, and each terminal's cash register serial."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def load(self, office: str | None = None) -> dict[str, str]:
        """The organiser's settings; with `office`, that office's own over them, and its
        code, name and address."""
        if office is None:
            return {row.name: row.value for row in run(self._session, _SETTINGS)}
        rows = read(self._session, _IN_OFFICE, {"office": office}).all()
        return {row.name: row.value for row in rows}  # in rank order: the office's last

    def save(self, values: dict[str, str]) -> None:
        """Store these settings; settings not named keep their value."""
        stored = {row.name: row for row in self._session.scalars(select(SettingRow))}
        for name, value in values.items():
            row = stored.get(name)
            if row is None:
                self._session.add(SettingRow(name=name, value=value))
            elif row.value != value:
                row.value = value

    def register_serial(self, terminal: str) -> str | None:
        """The factory serial of the cash register at `terminal`, if set."""
        row = run(self._session, _TERMINAL_REGISTER, {"name": terminal}).first()
        return None if row is None else row.register_serial

    def register_number(self, terminal: str) -> str:
        """The registration number of the cash register at `terminal` ("" if not set)."""
        row = run(self._session, _TERMINAL_REGISTER, {"name": terminal}).first()
        return "" if row is None else row.register_number or ""

    def register_of(self, terminal: str) -> tuple[str | None, str]:
        """The serial (None if not set) and registration number ("" if not set) of the cash
        register at `terminal`, in one read."""
        row = read(self._session, _TERMINAL_REGISTER, {"name": terminal}).first()
        return (None, "") if row is None else (row.register_serial, row.register_number or "")

    def set_register_number(self, terminal: str, number: str) -> None:
        """Record the registration number of the cash register at `terminal`."""
        row = self._session.get(TerminalRow, terminal)
        if row is None:
            self._session.add(TerminalRow(name=terminal, register_number=number))
        else:
            row.register_number = number

    def set_register_serial(self, terminal: str, serial: str) -> None:
        """Record the cash register serial of `terminal`."""
        row = self._session.get(TerminalRow, terminal)
        if row is None:
            self._session.add(TerminalRow(name=terminal, register_serial=serial))
        else:
            row.register_serial = serial

    def printer_texts(self, terminal: str) -> tuple[str | None, str | None]:
        """The stored slip and fiscal printer settings of `terminal` (None: not set)."""
        row = self._session.get(TerminalRow, terminal)
        return (None, None) if row is None else (row.printer, row.fiscal_printer)

    def set_printer_texts(self, terminal: str, slip: str, fiscal: str | None) -> None:
        """Store the printer settings of `terminal`; `fiscal` None: receipts on the slip printer."""
        row = self._session.get(TerminalRow, terminal)
        if row is None:
            self._session.add(TerminalRow(name=terminal, printer=slip, fiscal_printer=fiscal))
        else:
            row.printer, row.fiscal_printer = slip, fiscal
