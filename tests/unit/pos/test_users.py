"""Users: logins, PINs, roles and the lock after five wrong PINs."""

from datetime import UTC, datetime, timedelta

import pytest

from pos.errors import InvalidUser, NotPermitted
from pos.permissions import Permission, require
from pos.pins import Argon2PinHasher
from pos.users import LOCK_DURATION, Role, User, check_login, check_pin, parse_role

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
