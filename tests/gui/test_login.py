"""Signing in as a cashier does it: by keyboard or keypad, with refusals shown inline."""

from __future__ import annotations

import contextlib
import threading
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget, QPushButton
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.core.errors import DatabaseTooNew, PosError
from pos.core.terminal import RememberedSignIn
from pos.people.errors import UserLocked, UserLockedUntilUnlocked, WrongPin
from pos.shop.services import Shop
from tests.conftest import NOW
from ui.connection import ShopConnection
from ui.pages.login import LoginPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, demo_shop: Shop, runner: TaskRunner) -> LoginPage:
    login_page = LoginPage(ShopConnection.of(demo_shop), runner)
    qtbot.addWidget(login_page)
    login_page.show()
    login_page.refresh()
    qtbot.waitUntil(lambda: login_page.logins() == ["anna", "boss"])
    return login_page


def pin_field(page: LoginPage) -> QLineEdit:
    return page.findChild(QLineEdit, "pin")


def message(page: LoginPage) -> str:
    return page.findChild(QLabel, "login_message").text()


def current_user(page: LoginPage) -> str:
    return page.findChild(QListWidget, "users").currentItem().text()


def button(page: LoginPage, name: str) -> QPushButton:
    return page.findChild(QPushButton, name)


def type_pin_and_enter(qtbot: QtBot, page: LoginPage, pin: str) -> None:
    qtbot.keyClicks(pin_field(page), pin)
    qtbot.keyClick(pin_field(page), Qt.Key.Key_Return)


def test_the_page_shows_the_users_the_shop_and_the_terminal(page: LoginPage) -> None:
    texts = [label.text() for label in page.findChildren(QLabel)]

    assert page.logins() == ["anna", "boss"]
    assert "ООО «Букмекерская контора»" in texts
    assert "Терминал К1" in texts
    assert pin_field(page).echoMode() == QLineEdit.EchoMode.Password


def test_a_manager_signs_in_with_the_keyboard_only(qtbot: QtBot, page: LoginPage) -> None:
    qtbot.keyClick(pin_field(page), Qt.Key.Key_Down)
    assert current_user(page) == "boss"
    qtbot.keyClicks(pin_field(page), "9911")

    with qtbot.waitSignal(page.signed_in) as signed_in:
        qtbot.keyClick(pin_field(page), Qt.Key.Key_Return)

    desk = signed_in.args[0]
    assert (desk.login, desk.is_manager) == ("boss", True)
    assert pin_field(page).text() == ""


def test_typing_a_login_letter_chooses_the_user(qtbot: QtBot, page: LoginPage) -> None:
    qtbot.keyClicks(pin_field(page), "b")

    assert current_user(page) == "boss"
    assert pin_field(page).text() == ""


def test_digits_typed_in_the_user_list_go_to_the_pin(qtbot: QtBot, page: LoginPage) -> None:
    users = page.findChild(QListWidget, "users")

    qtbot.keyClicks(users, "48")

    assert pin_field(page).text() == "48"


def test_a_cashier_signs_in_with_the_touch_keypad(qtbot: QtBot, page: LoginPage) -> None:
    assert current_user(page) == "anna"
    for digit in "4821":
        qtbot.mouseClick(button(page, f"digit_{digit}"), Qt.MouseButton.LeftButton)
    assert pin_field(page).text() == "4821"

    with qtbot.waitSignal(page.signed_in) as signed_in:
        qtbot.mouseClick(button(page, "sign_in"), Qt.MouseButton.LeftButton)

    assert signed_in.args[0].login == "anna"


def test_the_keypad_erases_and_clears(qtbot: QtBot, page: LoginPage) -> None:
    for digit in "123":
        qtbot.mouseClick(button(page, f"digit_{digit}"), Qt.MouseButton.LeftButton)

    qtbot.mouseClick(button(page, "backspace"), Qt.MouseButton.LeftButton)
    assert pin_field(page).text() == "12"
    qtbot.mouseClick(button(page, "clear"), Qt.MouseButton.LeftButton)
    assert pin_field(page).text() == ""


def test_escape_clears_the_pin(qtbot: QtBot, page: LoginPage) -> None:
    qtbot.keyClicks(pin_field(page), "482")

    qtbot.keyClick(pin_field(page), Qt.Key.Key_Escape)

    assert pin_field(page).text() == ""


def test_the_pin_field_takes_digits_only(qtbot: QtBot, page: LoginPage) -> None:
    qtbot.keyClicks(pin_field(page), "4,8 2.1")

    assert pin_field(page).text() == "4821"


def test_sign_in_waits_for_a_user_and_a_pin(page: LoginPage) -> None:
    assert not button(page, "sign_in").isEnabled()


def test_the_keypad_is_disabled_while_the_pin_is_checked(qtbot: QtBot, page: LoginPage) -> None:
    qtbot.keyClicks(pin_field(page), "4821")

    with qtbot.waitSignal(page.signed_in):
        qtbot.keyClick(pin_field(page), Qt.Key.Key_Return)
        # The check runs on the worker; its answer has not been delivered yet.
        assert not button(page, "digit_1").isEnabled()
        assert not button(page, "sign_in").isEnabled()

    assert button(page, "digit_1").isEnabled()


def test_a_wrong_pin_says_how_many_attempts_are_left_and_clears_the_field(
    qtbot: QtBot, page: LoginPage
) -> None:
    with qtbot.assertNotEmitted(page.signed_in):
        type_pin_and_enter(qtbot, page, "1111")
        qtbot.waitUntil(lambda: message(page) == str(WrongPin("anna", 4)))

    assert "Осталось попыток: 4" in message(page)
    assert pin_field(page).text() == ""


@pytest.mark.warns_in_log  # pos logs the lock-out
def test_five_wrong_pins_lock_the_user_until_a_time(qtbot: QtBot, page: LoginPage) -> None:
    for attempts_left in (4, 3, 2, 1):
        type_pin_and_enter(qtbot, page, "1111")
        qtbot.waitUntil(lambda left=attempts_left: message(page) == str(WrongPin("anna", left)))

    type_pin_and_enter(qtbot, page, "1111")

    until = (NOW + timedelta(minutes=15)).astimezone(ZoneInfo("Europe/Minsk"))
    qtbot.waitUntil(lambda: "заблокирован" in message(page))
    assert message(page) == str(UserLocked("anna", until))
    assert "12:15" in message(page)  # 15 minutes after 12:00 in Minsk
    assert pin_field(page).text() == ""


@pytest.mark.warns_in_log  # pos logs the lock-out
def test_after_the_lock_ran_out_a_wrong_pin_counts_again_towards_an_hours_lock(
    qtbot: QtBot, demo_shop: Shop, page: LoginPage, clock: FixedClock
) -> None:
    for _ in range(5):
        with contextlib.suppress(PosError):
            demo_shop.login("anna", "0000")
    clock.advance(timedelta(minutes=15))

    type_pin_and_enter(qtbot, page, "1111")

    refusal = WrongPin("anna", 4, timedelta(hours=1))
    qtbot.waitUntil(lambda: message(page) == str(refusal))
    assert "заблокирован на 1 час" in message(page)


@pytest.mark.warns_in_log  # pos logs the lock-outs
def test_the_third_lock_in_a_row_says_a_manager_must_unlock(
    qtbot: QtBot, demo_shop: Shop, page: LoginPage, clock: FixedClock
) -> None:
    for lasted in (timedelta(minutes=15), timedelta(hours=1)):
        for _ in range(5):
            with contextlib.suppress(PosError):
                demo_shop.login("anna", "0000")
        clock.advance(lasted)
    for attempts_left in (4, 3, 2, 1):
        type_pin_and_enter(qtbot, page, "1111")
        qtbot.waitUntil(
            lambda left=attempts_left: message(page) == str(WrongPin("anna", left, None))
        )

    type_pin_and_enter(qtbot, page, "1111")

    qtbot.waitUntil(lambda: message(page) == str(UserLockedUntilUnlocked("anna")))
    assert "заблокирован до разблокировки менеджером" in message(page)
    assert "«Пользователи»" in message(page)


@pytest.mark.warns_in_log  # pos logs the lock-out
def test_the_right_pin_of_a_locked_user_is_refused_too(
    qtbot: QtBot, demo_shop: Shop, page: LoginPage
) -> None:
    for _ in range(5):
        with contextlib.suppress(PosError):
            demo_shop.login("anna", "0000")

    type_pin_and_enter(qtbot, page, "4821")

    qtbot.waitUntil(lambda: "заблокирован" in message(page))


def test_a_reset_after_sign_out_keeps_a_message_and_reloads_the_users(
    qtbot: QtBot, demo_shop: Shop, page: LoginPage
) -> None:
    demo_shop.create_user("vera", "1234", "cashier")
    refusal = WrongPin("anna", 4)

    page.reset(refusal)

    qtbot.waitUntil(lambda: page.logins() == ["anna", "boss", "vera"])
    assert message(page) == str(refusal)


def test_the_page_waits_for_the_database_then_lists_the_users(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner
) -> None:
    """The window is shown before the database is open; the users appear when it answers."""
    gate = threading.Event()

    def open_slowly() -> Shop:
        gate.wait(5)
        return demo_shop

    login_page = LoginPage(ShopConnection("К1", demo_shop.clock, open_slowly), runner)
    qtbot.addWidget(login_page)
    login_page.show()
    login_page.refresh()
    qtbot.waitUntil(lambda: message(login_page) == "Подключение к базе данных…")
    assert login_page.logins() == []
    assert not login_page.findChild(QPushButton, "sign_in").isEnabled()
    gate.set()
    qtbot.waitUntil(lambda: login_page.logins() == ["anna", "boss"])
    assert message(login_page) == ""


def test_the_users_remembered_are_listed_at_once_and_the_pin_typed_before_the_database(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner
) -> None:
    """Issue 16: the list the last start kept is shown while the database opens; the cashier
    picks a user and types the PIN meanwhile, and Enter signs in once the database answers."""
    gate = threading.Event()
    kept: list[RememberedSignIn] = []

    def open_slowly() -> Shop:
        gate.wait(5)
        return demo_shop

    connection = ShopConnection(
        "К1",
        demo_shop.clock,
        open_slowly,
        remembered=lambda: RememberedSignIn("Контора у вокзала", ("anna", "boss", "olga")),
        remember=kept.append,
    )
    login_page = LoginPage(connection, runner)
    qtbot.addWidget(login_page)
    login_page.show()
    with qtbot.waitSignal(login_page.users_listed, timeout=1000):
        login_page.refresh()

    assert login_page.logins() == ["anna", "boss", "olga"]
    assert "Контора у вокзала" in [label.text() for label in login_page.findChildren(QLabel)]
    qtbot.keyClick(pin_field(login_page), Qt.Key.Key_Down)
    with qtbot.waitSignal(login_page.signed_in, timeout=5000) as signed_in:
        type_pin_and_enter(qtbot, login_page, "9911")
        assert message(login_page) == "Проверка PIN…"
        assert not pin_field(login_page).isEnabled()  # the sign-in waits, nothing more typed
        gate.set()

    assert signed_in.args[0].login == "boss"
    # The database's own list replaced the remembered one, and is kept for the next start.
    assert login_page.logins() == ["anna", "boss"]
    assert kept == [RememberedSignIn("ООО «Букмекерская контора»", ("anna", "boss"))]


@pytest.mark.warns_in_log
def test_a_database_that_cannot_be_opened_is_reported_and_signalled(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner
) -> None:
    refusal = DatabaseTooNew("0007", "0001")

    def refuse() -> Shop:
        raise refusal

    login_page = LoginPage(ShopConnection("К1", demo_shop.clock, refuse), runner)
    qtbot.addWidget(login_page)
    with qtbot.waitSignal(login_page.open_failed) as failed:
        login_page.refresh()
    assert failed.args == [refusal]
    assert message(login_page) == str(refusal)
    assert login_page.logins() == []
