"""Users in the database: the pos.core.ports UserRepository."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.tables import UserOfficeRow, UserRow
from pos.people.users import Role, User


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
        """Save the role, PIN hash, lock state and full name of an existing user.

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

    def roles(self, login: str) -> dict[str, Role]:
        """The user's role in each office they work in, by office."""
        rows = self._session.execute(
            select(UserOfficeRow.office, UserOfficeRow.role).where(UserOfficeRow.login == login)
        )
        return {office: Role(role) for office, role in rows}

    def roles_in(self, office: str) -> dict[str, Role]:
        """Who has a role in `office`, with it, by login."""
        rows = self._session.execute(
            select(UserOfficeRow.login, UserOfficeRow.role).where(UserOfficeRow.office == office)
        )
        return {login: Role(role) for login, role in rows}

    def set_role(self, login: str, office: str, role: Role | None) -> None:
        """Give the user `role` in `office`; None: they no longer work there."""
        row = self._session.get(UserOfficeRow, (login, office))
        if role is None:
            if row is not None:
                self._session.delete(row)
        elif row is None:
            self._session.add(UserOfficeRow(login=login, office=office, role=role.value))
        else:
            row.role = role.value
        self._session.flush()

    def _row(self, login: str, *, for_update: bool = False) -> UserRow | None:
        query = select(UserRow).where(UserRow.login == login)
        if for_update:
            # The row may already sit in the session from an earlier read: reload it.
            query = query.with_for_update().execution_options(populate_existing=True)
        return self._session.scalars(query).one_or_none()


def _user(row: UserRow) -> User:
    return User(
        row.login,
        Role(row.role),
        row.pin_hash,
        row.failed_pins,
        row.locked_until,
        row.locks,
        row.full_name,
    )


def _user_fields(user: User) -> dict[str, object]:
    return {
        "role": user.role.value,
        "pin_hash": user.pin_hash,
        "failed_pins": user.failed_pins,
        "locked_until": user.locked_until,
        "locks": user.locks,
        "full_name": user.full_name,
    }
