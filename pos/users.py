"""Users of the till: cashiers and managers, their PINs and the lock after five wrong PINs."""

from __future__ import annotations

import dataclasses
import enum
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from pos.errors import InvalidUser

# Five wrong PINs in a row lock the user for 15 minutes (issue #2); a manager can unlock.
LOCK_AFTER_FAILURES = 5
LOCK_DURATION = timedelta(minutes=15)

_LOGIN = re.compile(r"[0-9A-Za-zА-Яа-яЁё._-]{2,32}")
_PIN = re.compile(r"[0-9]{4,8}")


class Role(enum.StrEnum):
    """What a user may do: a manager can do all a cashier can, and keeps the line and settings."""

    CASHIER = "cashier"
    MANAGER = "manager"


@dataclass(frozen=True)
class User:
    """A person who signs in at a terminal."""

    login: str
    role: Role
    pin_hash: str
    failed_pins: int = 0
    locked_until: datetime | None = None

    def is_locked(self, now: datetime) -> bool:
        """True while the lock after too many wrong PINs lasts."""
        return self.locked_until is not None and now < self.locked_until

    def after_wrong_pin(self, now: datetime) -> User:
        """The user after one more wrong PIN: counted, and locked at the fifth."""
        failures = self.failed_pins + 1
        if failures >= LOCK_AFTER_FAILURES:
            return dataclasses.replace(self, failed_pins=0, locked_until=now + LOCK_DURATION)
        return dataclasses.replace(self, failed_pins=failures)

    def after_sign_in(self) -> User:
        """The user after a correct PIN: the failure count starts again."""
        return dataclasses.replace(self, failed_pins=0, locked_until=None)

    @property
    def attempts_left(self) -> int:
        """Wrong PINs still allowed before the lock."""
        return LOCK_AFTER_FAILURES - self.failed_pins


def parse_role(role: object) -> Role:
    """The role named by `role` ("cashier", "manager" or a Role).

    Raises:
        InvalidUser: not a role.
    """
    try:
        return Role(str(role))
    except ValueError as exc:
        raise InvalidUser("role") from exc


def check_login(login: str) -> str:
    """A login as stored: trimmed, 2–32 letters, digits, dots, dashes or underscores.

    Raises:
        InvalidUser: the login does not fit.
    """
    cleaned = login.strip() if isinstance(login, str) else ""
    if not _LOGIN.fullmatch(cleaned):
        raise InvalidUser("login")
    return cleaned


def check_pin(pin: str) -> str:
    """A PIN of 4–8 digits.

    Raises:
        InvalidUser: the PIN does not fit.
    """
    if not isinstance(pin, str) or not _PIN.fullmatch(pin):
        raise InvalidUser("pin")
    return pin
