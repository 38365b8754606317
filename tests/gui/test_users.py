"""The users page: a manager sees who is locked out (for a time or for good), unlocks them,
adds users, and types the name each signs the journal with (issue 34)."""

from __future__ import annotations

import contextlib
from datetime import timedelta

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.people.errors import InvalidUser
from pos.people.users import Role
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import FakeStorage
from ui.errors import ERROR_COLOUR
from ui.pages.users import LOGIN, NAME, STATE, UsersPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, demo_shop: Shop, boss: Desk, runner: TaskRunner) -> UsersPage:
    users_page = UsersPage(boss, runner)
    qtbot.addWidget(users_page)
    users_page.show()
    return users_page


def load(qtbot: QtBot, page: UsersPage, count: int) -> None:
    page.refresh()
    qtbot.waitUntil(lambda: table(page).rowCount() == count)


def table(page: UsersPage) -> QTableWidget:
    return page.findChild(QTableWidget, "users_table")


def rows(page: UsersPage) -> list[list[str]]:
    grid = table(page)
    return [
        [grid.item(r, c).text() for c in range(grid.columnCount())] for r in range(grid.rowCount())
    ]


def state_of(page: UsersPage, login: str) -> str:
    return next(row[STATE] for row in rows(page) if row[LOGIN] == login)


def message(page: UsersPage) -> str:
    return page.findChild(QLabel, "users_message").text()


def lock_out(shop: Shop, login: str) -> None:
    for _ in range(5):
        with contextlib.suppress(PosError):
            shop.login(login, "0000")


def test_users_are_listed_with_their_role_and_state(qtbot: QtBot, page: UsersPage) -> None:
    load(qtbot, page, 2)

    assert rows(page) == [
        ["anna", "Соколова Анна Сергеевна", "Кассир", "активен"],
        ["boss", "Климович Дмитрий Петрович", "Менеджер", "активен"],
    ]


@pytest.mark.warns_in_log  # pos logs the lock-out
def test_a_manager_unlocks_a_locked_cashier(qtbot: QtBot, page: UsersPage, demo_shop: Shop) -> None:
    lock_out(demo_shop, "anna")
    load(qtbot, page, 2)
    assert state_of(page, "anna") == "заблокирован до 12:15"
    unlock = page.findChild(QPushButton, "unlock")
    assert not unlock.isEnabled()

    table(page).selectRow(0)
    assert unlock.isEnabled()
    qtbot.mouseClick(unlock, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: state_of(page, "anna") == "активен")
    assert message(page) == "Пользователь «anna» разблокирован."
    assert demo_shop.login("anna", "4821").login == "anna"


def click_row_of(qtbot: QtBot, page: UsersPage, login: str) -> None:
    grid = table(page)
    row = next(r for r in range(grid.rowCount()) if grid.item(r, LOGIN).text() == login)
    cell = grid.visualItemRect(grid.item(row, LOGIN))
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=cell.center())


@pytest.mark.warns_in_log  # pos logs the lock-outs
def test_a_user_locked_for_good_is_shown_as_such_and_a_manager_unlocks_them(
    qtbot: QtBot, page: UsersPage, demo_shop: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    for lasted in (timedelta(minutes=15), timedelta(hours=1), timedelta(days=2)):
        lock_out(demo_shop, "anna")
        clock.advance(lasted)  # the third lock does not run out
    load(qtbot, page, 2)
    assert state_of(page, "anna") == "заблокирован до разблокировки менеджером"
    assert table(page).item(0, STATE).foreground().color() == QColor(ERROR_COLOUR)
    unlock = page.findChild(QPushButton, "unlock")

    click_row_of(qtbot, page, "anna")
    assert unlock.isEnabled()
    qtbot.mouseClick(unlock, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: state_of(page, "anna") == "активен")
    assert message(page) == "Пользователь «anna» разблокирован."
    unlocks = [r for r in storage.data.audit if r.action is AuditAction.UNLOCKED]
    assert [(r.actor, r.detail) for r in unlocks] == [("boss", "anna")]
    assert [r.action for r in storage.data.audit].count(AuditAction.LOCKED_OUT) == 3
    lock_out(demo_shop, "anna")  # the count starts again: 15 minutes, not for good
    page.refresh()
    # Two days later, 13:15 + 15 minutes.
    qtbot.waitUntil(lambda: state_of(page, "anna") == "заблокирован до 13:30")


def test_an_active_user_cannot_be_unlocked(qtbot: QtBot, page: UsersPage) -> None:
    load(qtbot, page, 2)

    table(page).selectRow(1)

    assert not page.findChild(QPushButton, "unlock").isEnabled()


def test_a_manager_adds_a_user(qtbot: QtBot, page: UsersPage, demo_shop: Shop) -> None:
    load(qtbot, page, 2)
    qtbot.keyClicks(page.findChild(QLineEdit, "new_login"), "vera")
    qtbot.keyClicks(page.findChild(QLineEdit, "new_pin"), "5173")
    page.findChild(QComboBox, "new_role").setCurrentIndex(1)

    qtbot.mouseClick(page.findChild(QPushButton, "add_user"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: table(page).rowCount() == 3)
    assert ["vera", "", "Менеджер", "активен"] in rows(page)
    assert demo_shop.login("vera", "5173").role is Role.MANAGER
    assert page.findChild(QLineEdit, "new_login").text() == ""


def test_a_short_pin_is_refused_with_the_shops_sentence(
    qtbot: QtBot, page: UsersPage, demo_shop: Shop
) -> None:
    qtbot.keyClicks(page.findChild(QLineEdit, "new_login"), "vera")
    qtbot.keyClicks(page.findChild(QLineEdit, "new_pin"), "12")

    qtbot.keyClick(page.findChild(QLineEdit, "new_pin"), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: message(page) == str(InvalidUser("pin")))
    assert demo_shop.user_logins() == ["anna", "boss"]


def type_keys(widget: QWidget, text: str) -> None:
    """Key presses carrying `text`, one character each, as a Russian keyboard sends them:
    keyClicks types only ASCII (notes/libraries.md §3)."""
    for char in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            event = QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char)
            QApplication.sendEvent(widget, event)


def test_a_manager_adds_a_user_with_the_name_they_sign_with(
    qtbot: QtBot, page: UsersPage, demo_shop: Shop
) -> None:
    load(qtbot, page, 2)
    qtbot.keyClicks(page.findChild(QLineEdit, "new_login"), "vera")
    type_keys(page.findChild(QLineEdit, "new_name"), "Тарасевич Вера Николаевна")
    qtbot.keyClicks(page.findChild(QLineEdit, "new_pin"), "5173")

    qtbot.keyClick(page.findChild(QLineEdit, "new_pin"), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: table(page).rowCount() == 3)
    assert ["vera", "Тарасевич Вера Николаевна", "Кассир", "активен"] in rows(page)
    assert page.findChild(QLineEdit, "new_name").text() == ""


def test_a_manager_types_a_users_name_and_papers_sign_with_it(
    qtbot: QtBot, page: UsersPage, demo_shop: Shop, storage: FakeStorage
) -> None:
    load(qtbot, page, 2)
    rename = page.findChild(QLineEdit, "rename")
    assert not rename.isEnabled() and not page.findChild(QPushButton, "save_name").isEnabled()
    click_row_of(qtbot, page, "anna")
    assert rename.text() == "Соколова Анна Сергеевна"

    rename.selectAll()
    type_keys(rename, "Соколова-Белая  Анна Сергеевна")
    qtbot.keyClick(rename, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: message(page) == "ФИО пользователя «anna» сохранено.")
    qtbot.waitUntil(lambda: rows(page)[0][NAME] == "Соколова-Белая Анна Сергеевна")
    renamed = [r for r in storage.data.audit if r.action is AuditAction.USER_RENAMED]
    assert [(r.actor, r.detail) for r in renamed] == [
        ("boss", "anna: Соколова-Белая Анна Сергеевна")
    ]
    assert rename.text() == "Соколова-Белая Анна Сергеевна"  # anna is still selected


def test_a_name_too_long_is_refused_with_the_shops_sentence(
    qtbot: QtBot, page: UsersPage, demo_shop: Shop
) -> None:
    load(qtbot, page, 2)
    click_row_of(qtbot, page, "anna")
    rename = page.findChild(QLineEdit, "rename")
    rename.selectAll()
    type_keys(rename, "Я" * 101)

    qtbot.mouseClick(page.findChild(QPushButton, "save_name"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: "Фамилия, имя, отчество сотрудника" in message(page))
    assert rows(page)[0][NAME] == "Соколова Анна Сергеевна"
