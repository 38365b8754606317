"""Shop settings and each terminal's register and printers: the pos.core.ports
SettingsRepository."""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, literal, select, text, union_all
from sqlalchemy.orm import Session

from db.line_cache import LINE_VERSION, line_version_read
from db.statements import next_in_counter, read, run
from db.tables import CounterRow, OfficeRow, OfficeSettingRow, SettingRow, TerminalRow

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
# Moved on by every write of the settings, an office's own settings, its name or address
# (`settings_changed`), in the writing transaction: what every terminal sees (issue 34).
VERSION = "settings_version"
# With the line's (db.line_cache): a bet's first read, so its line needs none of its own.
_VERSIONS = select(CounterRow.name, CounterRow.value).where(
    CounterRow.name.in_([VERSION, LINE_VERSION])
)
_CHANGED = "db.settings changed"  # Session.info: this transaction wrote settings
_READ = "db.settings version"  # Session.info: the version this transaction read
_TERMINAL_REGISTER = select(TerminalRow.register_serial, TerminalRow.register_number).where(
    TerminalRow.name == bindparam("name")
)


class SettingsCache:
    """The settings last read for each office, with the settings version they were read at.

    Issue 34: a bet and a payout read some thirty rows of settings, 100-170 µs of a bet's
    CPU on SQLite; they change a few times a year. Kept by the storage (SQLite only: there
    every transaction is a writer, BEGIN IMMEDIATE, so the version read in it is the one
    committed last, by whichever terminal) and used only while the version stored is the
    one they were read at. A transaction that changed settings neither uses nor fills it:
    what it read may yet roll back.
    """

    def __init__(self) -> None:
        self._kept: dict[str | None, tuple[int, dict[str, str]]] = {}
        # Each terminal's register serial and number, written only with the settings'
        # version moved on (`set_register_serial`, `set_register_number`).
        self._registers: dict[str, tuple[int, tuple[str | None, str]]] = {}
        # The sports' maximum stakes (db.line), written only with the version moved on.
        self.sport_limits: tuple[int, dict[Any, Any]] | None = None

    def get(self, office: str | None, version: int) -> dict[str, str] | None:
        """A copy of the settings of `office` kept at `version`, if they were."""
        kept = self._kept.get(office)
        return dict(kept[1]) if kept is not None and kept[0] == version else None

    def keep(self, office: str | None, version: int, values: dict[str, str]) -> None:
        """Keep the settings of `office` as read at `version`."""
        self._kept[office] = (version, dict(values))

    def register(self, terminal: str, version: int) -> tuple[str | None, str] | None:
        """The register of `terminal` kept at `version`, if it was."""
        kept = self._registers.get(terminal)
        return kept[1] if kept is not None and kept[0] == version else None

    def keep_register(self, terminal: str, version: int, register: tuple[str | None, str]) -> None:
        """Keep the register of `terminal` as read at `version`."""
        self._registers[terminal] = (version, register)


def settings_changed(session: Session) -> None:
    """Move the settings version on: every terminal's kept settings are read anew."""
    session.info[_CHANGED] = True
    next_in_counter(session, VERSION)


def usable(session: Session, cache: SettingsCache | None) -> tuple[SettingsCache, int] | None:
    """The cache and the settings' version stored, when this transaction may use the cache;
    the version is read once a transaction (on SQLite no other terminal writes meanwhile)."""
    if cache is None or session.info.get(_CHANGED):
        return None
    version = session.info.get(_READ)
    if version is None:
        versions: dict[str, int] = {row.name: row.value for row in read(session, _VERSIONS)}
        version = session.info[_READ] = int(versions.get(VERSION) or 0)
        line_version_read(session, int(versions.get(LINE_VERSION) or 0))
    return cache, version


class SqlSettingsRepository:
    """Shop settings as text by name, and each terminal's cash register serial."""

    def __init__(self, session: Session, cache: SettingsCache | None = None) -> None:
        self._session = session
        self._cache = cache

    def _cached(self) -> tuple[SettingsCache, int] | None:
        return usable(self._session, self._cache)

    def load(self, office: str | None = None) -> dict[str, str]:
        """The organiser's settings; with `office`, that office's own over them, and its
        code, name and address."""
        cached = self._cached()
        if cached is None:
            return self._read(office)
        cache, version = cached
        kept = cache.get(office, version)
        if kept is not None:
            return kept
        values = self._read(office)
        cache.keep(office, version, values)
        return values

    def _read(self, office: str | None) -> dict[str, str]:
        if office is None:
            return {row.name: row.value for row in run(self._session, _SETTINGS)}
        rows = read(self._session, _IN_OFFICE, {"office": office}).all()
        return {row.name: row.value for row in rows}  # in rank order: the office's last

    def save(self, values: dict[str, str]) -> None:
        """Store these settings; settings not named keep their value."""
        stored = {row.name: row for row in self._session.scalars(select(SettingRow))}
        changed = False
        for name, value in values.items():
            row = stored.get(name)
            if row is None:
                self._session.add(SettingRow(name=name, value=value))
            elif row.value != value:
                row.value = value
            else:
                continue
            changed = True
        if changed:
            settings_changed(self._session)

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
        register at `terminal`, in one read (none while the settings' version stands, issue 34)."""
        cached = self._cached()
        if cached is not None and (kept := cached[0].register(terminal, cached[1])) is not None:
            return kept
        row = read(self._session, _TERMINAL_REGISTER, {"name": terminal}).first()
        found = (None, "") if row is None else (row.register_serial, row.register_number or "")
        if cached is not None:
            cached[0].keep_register(terminal, cached[1], found)
        return found

    def set_register_number(self, terminal: str, number: str) -> None:
        """Record the registration number of the cash register at `terminal`."""
        settings_changed(self._session)  # every terminal's kept register read anew
        row = self._session.get(TerminalRow, terminal)
        if row is None:
            self._session.add(TerminalRow(name=terminal, register_number=number))
        else:
            row.register_number = number

    def set_register_serial(self, terminal: str, serial: str) -> None:
        """Record the cash register serial of `terminal`."""
        settings_changed(self._session)  # every terminal's kept register read anew
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
