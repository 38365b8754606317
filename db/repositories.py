"""Repositories over one SQLAlchemy session: rows in, the frozen pos dataclasses out.

They implement the repository protocols of `pos.ports`; `tests/fakes.py` holds the in-memory
twin whose behaviour these follow.
"""

from __future__ import annotations

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from db.tables import AuditRow, EventRow, OddsQuoteRow, SettingRow, TerminalRow, UserRow
from pos.audit import AuditAction, AuditRecord
from pos.errors import UnknownEvent
from pos.line import Event, OddsQuote, Sport
from pos.users import Role, User


class SqlUserRepository:
    """Users by login."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def get(self, login: str, *, for_update: bool = False) -> User | None:
        """The user with this login; `for_update` locks the row until the transaction ends.

        On PostgreSQL that is `SELECT … FOR UPDATE`, so that two terminals counting wrong PINs
        of the same user queue instead of losing a count. SQLite drops FOR UPDATE; there every
        transaction already begins with BEGIN IMMEDIATE, which serialises the writers.
        """
        row = self._row(login, for_update=for_update)
        return None if row is None else _user(row)

    def add(self, user: User) -> None:
        """Store a new user (the login must be free)."""
        self._session.add(UserRow(login=user.login, **_user_fields(user)))

    def update(self, user: User) -> None:
        """Save the role, PIN hash and lock state of an existing user.

        Raises:
            LookupError: no user has this login (a programming error: users are never deleted).
        """
        row = self._row(user.login)
        if row is None:
            raise LookupError(f"no user {user.login!r}")
        for name, value in _user_fields(user).items():
            setattr(row, name, value)

    def list(self) -> list[User]:
        """Every user, by login."""
        rows = self._session.scalars(select(UserRow)).all()
        return sorted((_user(row) for row in rows), key=lambda user: user.login)

    def _row(self, login: str, *, for_update: bool = False) -> UserRow | None:
        query = select(UserRow).where(UserRow.login == login)
        if for_update:
            # The row may already sit in the session from an earlier read: reload it.
            query = query.with_for_update().execution_options(populate_existing=True)
        return self._session.scalars(query).one_or_none()


class SqlSettingsRepository:
    """Shop settings as text by name, and each terminal's cash register serial."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def load(self) -> dict[str, str]:
        """Every stored setting."""
        return {row.name: row.value for row in self._session.scalars(select(SettingRow))}

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
        row = self._session.get(TerminalRow, terminal)
        return None if row is None else row.register_serial

    def set_register_serial(self, terminal: str, serial: str) -> None:
        """Record the cash register serial of `terminal`."""
        row = self._session.get(TerminalRow, terminal)
        if row is None:
            self._session.add(TerminalRow(name=terminal, register_serial=serial))
        else:
            row.register_serial = serial


class SqlAuditLog:
    """The append-only audit trail: rows are added, never changed."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def append(self, record: AuditRecord) -> None:
        """Add one line."""
        self._session.add(
            AuditRow(
                at=record.at,
                terminal=record.terminal,
                actor=record.actor,
                action=record.action.value,
                detail=record.detail,
            )
        )

    def recent(self, limit: int) -> list[AuditRecord]:
        """The last `limit` lines, newest first."""
        rows = self._session.scalars(select(AuditRow).order_by(AuditRow.id.desc()).limit(limit))
        return [
            AuditRecord(row.at, row.terminal, row.actor, AuditAction(row.action), row.detail)
            for row in rows
        ]


class SqlLineRepository:
    """Events and the versions of their odds."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def add_event(self, event: Event) -> None:
        """Put an event into the line (the code must be free)."""
        self._session.add(
            EventRow(
                code=event.code,
                sport=event.sport.value,
                home=event.home,
                away=event.away,
                starts_at=event.starts_at,
            )
        )

    def get_event(self, code: int) -> Event | None:
        """The event with this code, if any."""
        row = self._session.scalars(select(EventRow).where(EventRow.code == code)).one_or_none()
        return None if row is None else _event(row)

    def events(self) -> list[Event]:
        """Every event, by code."""
        return [_event(row) for row in self._session.scalars(select(EventRow).order_by("code"))]

    def add_quote(self, quote: OddsQuote) -> None:
        """Store a new version of a market's odds.

        Raises:
            UnknownEvent: no event has the quote's code.
        """
        event_id = self._session.scalar(
            select(EventRow.id).where(EventRow.code == quote.event_code)
        )
        if event_id is None:
            raise UnknownEvent(quote.event_code)
        self._session.add(
            OddsQuoteRow(
                event_id=event_id,
                market=quote.market,
                odds=quote.odds,
                version=quote.version,
                set_at=quote.set_at,
                set_by=quote.set_by,
            )
        )

    def current_quotes(self, codes: list[int]) -> list[OddsQuote]:
        """The highest version of every market of these events, by event code and market."""
        if not codes:
            return []
        latest = (
            select(
                OddsQuoteRow.event_id,
                OddsQuoteRow.market,
                func.max(OddsQuoteRow.version).label("version"),
            )
            .join(EventRow)
            .where(EventRow.code.in_(sorted(set(codes))))
            .group_by(OddsQuoteRow.event_id, OddsQuoteRow.market)
            .subquery()
        )
        query = (
            select(EventRow.code, OddsQuoteRow)
            .join(EventRow)
            .join(
                latest,
                and_(
                    OddsQuoteRow.event_id == latest.c.event_id,
                    OddsQuoteRow.market == latest.c.market,
                    OddsQuoteRow.version == latest.c.version,
                ),
            )
            .order_by(EventRow.code, OddsQuoteRow.market)
        )
        return [
            OddsQuote(code, row.market, row.odds, row.version, row.set_at, row.set_by)
            for code, row in self._session.execute(query)
        ]


def _user(row: UserRow) -> User:
    return User(row.login, Role(row.role), row.pin_hash, row.failed_pins, row.locked_until)


def _user_fields(user: User) -> dict[str, object]:
    return {
        "role": user.role.value,
        "pin_hash": user.pin_hash,
        "failed_pins": user.failed_pins,
        "locked_until": user.locked_until,
    }


def _event(row: EventRow) -> Event:
    return Event(row.code, Sport(row.sport), row.home, row.away, row.starts_at)
