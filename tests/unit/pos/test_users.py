"""Users: logins, PINs, roles and the growing lock after five wrong PINs."""

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest

from db.pins import Argon2PinHasher
from pos.core.errors import NotPermitted
from pos.people.errors import InvalidUser, PinRequired
from pos.people.permissions import Permission, require
from pos.people.users import (
    LOCK_DURATION,
    Role,
    User,
    check_login,
    check_pin,
    parse_role,
    require_typed_pin,
)

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def test_fifth_wrong_pin_locks_the_user_for_fifteen_minutes() -> None:
    user = User("anna", Role.CASHIER, "h")
    for left in (4, 3, 2, 1):
        user = user.after_wrong_pin(NOW)
        assert user.attempts_left == left
        assert not user.is_locked(NOW)
    user = user.after_wrong_pin(NOW)
    assert user.is_locked(NOW)
    assert user.is_locked(NOW + LOCK_DURATION - timedelta(seconds=1))
    assert not user.is_locked(NOW + LOCK_DURATION)
    assert timedelta(minutes=15) == LOCK_DURATION


def test_a_correct_pin_starts_the_count_again() -> None:
    user = User("anna", Role.CASHIER, "h").after_wrong_pin(NOW).after_wrong_pin(NOW)
    assert user.after_sign_in().attempts_left == 5


def five_wrong_pins(user: User, now: datetime) -> User:
    for _ in range(5):
        user = user.after_wrong_pin(now)
    return user


def test_after_a_lock_ran_out_the_next_wrong_pin_is_the_first_of_a_new_series() -> None:
    later = NOW + timedelta(minutes=15)
    user = five_wrong_pins(User("anna", Role.CASHIER, "h"), NOW)

    cleared = user.after_lock_ran_out(later)
    again = user.after_wrong_pin(later)

    assert cleared.locked_until is None and not cleared.is_locked(later)
    assert cleared.locks == 1  # the lock is over; that there was one is remembered
    assert user.after_lock_ran_out(later - timedelta(seconds=1)) == user  # not yet over
    assert again.locked_until is None and not again.is_locked(later)
    assert again.attempts_left == 4


def test_the_second_lock_in_a_row_lasts_an_hour() -> None:
    later = NOW + timedelta(minutes=15)
    user = five_wrong_pins(five_wrong_pins(User("anna", Role.CASHIER, "h"), NOW), later)

    assert user.locks == 2
    assert user.locked_until == later + timedelta(hours=1)
    assert user.is_locked(later + timedelta(minutes=59))
    assert not user.is_locked(later + timedelta(hours=1))
    assert user.next_lock is None  # five more wrong PINs: until a manager unlocks


def test_the_third_lock_in_a_row_lasts_until_a_manager_unlocks() -> None:
    user = User("anna", Role.CASHIER, "h")
    moment = NOW
    for lasted in (timedelta(minutes=15), timedelta(hours=1)):
        assert user.next_lock == lasted
        user = five_wrong_pins(user, moment)
        moment += lasted

    user = five_wrong_pins(user, moment)

    assert user.locks == 3 and user.locked_until is None
    assert user.locked_for_good
    assert user.is_locked(moment + timedelta(days=365))
    assert user.after_lock_ran_out(moment + timedelta(days=365)) == user


def test_a_wrong_pin_while_locked_is_not_counted() -> None:
    user = five_wrong_pins(User("anna", Role.CASHIER, "h"), NOW)

    assert user.after_wrong_pin(NOW + timedelta(minutes=1)) == user


def test_a_correct_sign_in_forgets_the_earlier_locks() -> None:
    user = five_wrong_pins(User("anna", Role.CASHIER, "h"), NOW)
    later = NOW + timedelta(minutes=15)

    signed_in = user.after_lock_ran_out(later).after_sign_in()

    assert (signed_in.locks, signed_in.failed_pins, signed_in.locked_until) == (0, 0, None)
    assert signed_in.next_lock == LOCK_DURATION


def test_a_managers_unlock_lifts_the_lock_for_good_and_forgets_the_earlier_locks() -> None:
    user = dataclasses.replace(User("anna", Role.CASHIER, "h"), locks=3)
    assert user.locked_for_good

    unlocked = user.after_unlock()

    assert not unlocked.is_locked(NOW)
    assert (unlocked.locks, unlocked.failed_pins, unlocked.locked_until) == (0, 0, None)
    assert five_wrong_pins(unlocked, NOW).locked_until == NOW + LOCK_DURATION


@pytest.mark.parametrize("login", ["anna", "Анна", "a.b-c_1", "ab"])
def test_reasonable_logins_are_accepted(login: str) -> None:
    assert check_login(f" {login} ") == login


@pytest.mark.parametrize("login", ["a", "", "x" * 33, "anna smith", "anna;drop"])
def test_odd_logins_are_refused(login: str) -> None:
    with pytest.raises(InvalidUser, match="имя пользователя"):
        check_login(login)


@pytest.mark.parametrize("pin", ["123", "123456789", "12a4", "", "١٢٣٤"])
def test_pins_are_four_to_eight_ascii_digits(pin: str) -> None:
    with pytest.raises(InvalidUser, match="PIN"):
        check_pin(pin)
    assert check_pin("4821") == "4821"


@pytest.mark.parametrize("pin", ["", "   ", None])
def test_an_empty_pin_is_no_try_the_user_is_asked_to_type_one(pin: object) -> None:
    """Issue 16: five empty Enters in the manager's dialog locked the only manager out."""
    with pytest.raises(PinRequired) as asked:
        require_typed_pin(pin)
    assert "введите PIN" in str(asked.value)
    require_typed_pin("0000")  # a wrong PIN is a try: it is checked and counted
    require_typed_pin("12a")  # so is anything typed that is not a PIN


def test_roles_are_cashier_and_manager_only() -> None:
    assert parse_role("manager") is Role.MANAGER
    with pytest.raises(InvalidUser, match="роль"):
        parse_role("admin")


def test_cashier_cannot_do_a_managers_work() -> None:
    with pytest.raises(NotPermitted, match="только менеджеру"):
        require(User("anna", Role.CASHIER, "h"), Permission.SETTINGS)
    require(User("boss", Role.MANAGER, "h"), Permission.SETTINGS)


def test_pins_are_stored_as_argon2id_hashes_that_verify_only_the_right_pin() -> None:
    hasher = Argon2PinHasher(time_cost=1, memory_cost=8, parallelism=1)
    stored = hasher.hash("4821")
    assert stored.startswith("$argon2id$")
    assert "4821" not in stored
    assert hasher.verify(stored, "4821")
    assert not hasher.verify(stored, "4822")
    assert not hasher.verify("garbage", "4821")
