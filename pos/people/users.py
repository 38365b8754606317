"""Users of the till: cashiers and managers, their PINs and the growing lock after wrong PINs."""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from pos.people.errors import InvalidUser, PinRequired

# Five wrong PINs in a row lock the user (issue #2); a manager can unlock. The locks grow
# (issue #15): with 5 guesses every 15 minutes any 4-digit PIN fell in about 21 days; now the
# first lock lasts 15 minutes, the second an hour, the third until a manager unlocks, so a
# guesser gets 15 tries in all. A correct PIN or a manager's unlock starts the count again.
LOCK_AFTER_FAILURES = 5
LOCK_DURATIONS = (timedelta(minutes=15), timedelta(hours=1))
LOCK_DURATION = LOCK_DURATIONS[0]

_LOGIN = re.compile(r"[0-9A-Za-zА-Яа-яЁё._-]{2,32}")
_PIN = re.compile(r"[0-9]{4,8}")


class Role(enum.StrEnum):
    """What a user may do: a manager can do all a cashier can, and keeps the line and settings;
    a head (issue 18) keeps the chain's line, results and settlement and sees every office."""

    CASHIER = "cashier"
    MANAGER = "manager"
    HEAD = "head"


@dataclass(frozen=True)
class User:
    """A person who signs in at a terminal.

    `locks` counts the locks since the last correct PIN or manager's unlock; `locked_until`
    is the end of the lock in force (None when there is none, or when it has no end).
    `full_name` is the surname, name and patronymic the user signs the journal's column 8
    with, printed on their papers (issue 34); "" for a user added without one: papers show
    the login.
    """

    login: str
    role: Role
    pin_hash: str
    failed_pins: int = 0
    locked_until: datetime | None = None
    locks: int = 0
    full_name: str = ""

    def role_in(self, office: str, roles: Mapping[str, Role]) -> Role | None:
        """The user's role in `office` (`roles`: theirs by office); a head's is head
        everywhere; None: they do not work there."""
        return Role.HEAD if self.role is Role.HEAD else roles.get(office)

    @property
    def locked_for_good(self) -> bool:
        """True after the last of the timed locks: only a manager's unlock lifts this one."""
        return self.locks > len(LOCK_DURATIONS)

    def is_locked(self, now: datetime) -> bool:
        """True while a lock after too many wrong PINs lasts."""
        if self.locked_for_good:
            return True
        return self.locked_until is not None and now < self.locked_until

    @property
    def next_lock(self) -> timedelta | None:
        """How long the next lock would last; None: until a manager unlocks."""
        if self.locks < len(LOCK_DURATIONS):
            return LOCK_DURATIONS[self.locks]
        return None

    def after_lock_ran_out(self, now: datetime) -> User:
        """The user with a lock that is over cleared; that there was one is still counted.

        Checked before each try, so that the next wrong PIN is the first of a new series
        and not refused as locked until a time already past.
        """
        if self.locked_until is None or self.is_locked(now):
            return self
        return dataclasses.replace(self, failed_pins=0, locked_until=None)

    def after_wrong_pin(self, now: datetime) -> User:
        """The user after one more wrong PIN: counted, and locked at the fifth.

        A wrong PIN while locked is not counted (it is refused before the PIN is checked).
        """
        user = self.after_lock_ran_out(now)
        if user.is_locked(now):
            return user
        failures = user.failed_pins + 1
        if failures < LOCK_AFTER_FAILURES:
            return dataclasses.replace(user, failed_pins=failures)
        lasts = user.next_lock
        until = now + lasts if lasts is not None else None
        return dataclasses.replace(user, failed_pins=0, locked_until=until, locks=user.locks + 1)

    def after_sign_in(self) -> User:
        """The user after a correct PIN: the wrong PINs and the locks are counted anew."""
        return dataclasses.replace(self, failed_pins=0, locked_until=None, locks=0)

    def after_unlock(self) -> User:
        """The user after a manager's unlock: no lock, and the count starts again."""
        return self.after_sign_in()

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


def require_typed_pin(pin: object) -> None:
    """Refuse an empty PIN before it is checked: Enter on an empty field is no try, so it is
    neither counted towards the lock nor recorded (issue 16: five empty Enters in a manager's
    dialog locked the only manager out). Anything typed, even not a PIN, is a try.

    Raises:
        PinRequired: nothing (or only blanks) was typed.
    """
    if pin is None or (isinstance(pin, str) and not pin.strip()):
        raise PinRequired()
