"""The idle lock (issue #7): the window hides the workspace after the idle time until the PIN."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QTabBar
from pytestqt.qtbot import QtBot

from pos.core.audit import AuditAction
from pos.people.errors import WrongPin
from pos.shop.services import Shop
from tests.fakes import FakeStorage
from tests.gui.test_main_window import audit_actions, login_page
from tests.gui.widgets import sign_in
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.lock import LockPage
from ui.tasks import TaskRunner

IDLE_MS = 400


@pytest.fixture
def window(qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings) -> MainWindow:
    main_window = MainWindow(
        ShopConnection.of(demo_shop), runner, ui_state=ui_state, idle_lock_ms=IDLE_MS
    )
    qtbot.addWidget(main_window)
    main_window.show()
    qtbot.waitUntil(lambda: login_page(main_window).logins() == ["anna", "boss"])
    return main_window


def lock_page(window: MainWindow) -> LockPage:
    return window.findChild(LockPage)


def lock_pin(window: MainWindow) -> QLineEdit:
    return window.findChild(QLineEdit, "lock_pin")


def wait_locked(qtbot: QtBot, window: MainWindow, runner: TaskRunner) -> None:
    qtbot.waitUntil(lambda: window.locked, timeout=3000)
    qtbot.waitUntil(lambda: not runner.busy)


def type_lock_pin(qtbot: QtBot, window: MainWindow, pin: str) -> None:
    qtbot.keyClicks(lock_pin(window), pin)
    qtbot.keyClick(lock_pin(window), Qt.Key.Key_Return)


def test_the_window_locks_after_the_idle_time_and_hides_the_workspace(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner, storage: FakeStorage
) -> None:
    sign_in(qtbot, window, "anna", "4821")
    assert not window.locked

    wait_locked(qtbot, window, runner)

    assert window.centralWidget().currentWidget() is lock_page(window)
    assert not window.findChild(QTabBar, "navigation").isVisible()
    assert not window.findChild(BettingPage).isVisible()
    assert window.findChild(QLabel, "lock_user").text() == "anna — Кассир"
    assert lock_pin(window).hasFocus()
    assert audit_actions(storage)[-1] is AuditAction.SCREEN_LOCKED


def test_input_before_the_idle_time_keeps_the_window_open(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner
) -> None:
    sign_in(qtbot, window, "anna", "4821")
    stake = window.findChild(QLineEdit, "stake")

    for _ in range(6):  # 1.2 s in all, never more than half the idle time without a key
        qtbot.wait(IDLE_MS // 2)
        qtbot.keyClick(stake, Qt.Key.Key_Shift)
        assert not window.locked

    wait_locked(qtbot, window, runner)


def test_the_sign_in_page_never_locks(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.wait(IDLE_MS * 2)

    assert not window.locked
    assert window.centralWidget().currentWidget() is login_page(window)


def test_a_wrong_pin_is_refused_with_its_message_and_counted(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner, storage: FakeStorage
) -> None:
    sign_in(qtbot, window, "anna", "4821")
    wait_locked(qtbot, window, runner)

    type_lock_pin(qtbot, window, "0000")

    qtbot.waitUntil(lambda: lock_page(window).message_text() == str(WrongPin("anna", 4)))
    assert window.locked
    assert lock_pin(window).text() == ""
    assert audit_actions(storage)[-1] is AuditAction.WRONG_PIN
    assert storage.data.users["anna"].failed_pins == 1


def test_the_right_pin_unlocks_back_to_the_same_page(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner, storage: FakeStorage
) -> None:
    sign_in(qtbot, window, "anna", "4821")
    navigation = window.findChild(QTabBar, "navigation")
    navigation.setCurrentIndex(window.page_titles().index("Касса"))
    wait_locked(qtbot, window, runner)

    type_lock_pin(qtbot, window, "4821")

    qtbot.waitUntil(lambda: not window.locked)
    assert navigation.isVisible()
    assert navigation.currentIndex() == window.page_titles().index("Касса")
    assert window.desk is not None
    assert audit_actions(storage)[-2:] == [AuditAction.SCREEN_LOCKED, AuditAction.SCREEN_UNLOCKED]
    # Watching again: left alone, the window locks once more.
    wait_locked(qtbot, window, runner)


def test_an_open_dialog_is_hidden_while_locked_and_shown_again_after(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner
) -> None:
    sign_in(qtbot, window, "anna", "4821")
    betting = window.findChild(BettingPage)
    betting.check_document()
    dialog = betting.identity_dialog
    assert dialog is not None and dialog.isVisible()

    wait_locked(qtbot, window, runner)

    assert not dialog.isVisible()
    assert betting.identity_dialog is dialog  # hidden, not closed
    type_lock_pin(qtbot, window, "4821")
    qtbot.waitUntil(lambda: not window.locked)
    assert dialog.isVisible()
    dialog.reject()


@pytest.mark.warns_in_log  # pos logs the lock-out as a WARNING
def test_five_wrong_pins_lock_the_user_and_leave_only_sign_out(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner, storage: FakeStorage
) -> None:
    sign_in(qtbot, window, "anna", "4821")
    wait_locked(qtbot, window, runner)

    for attempt in range(5):
        type_lock_pin(qtbot, window, "0000")
        qtbot.waitUntil(lambda n=attempt: audit_actions(storage).count(AuditAction.WRONG_PIN) > n)
        qtbot.waitUntil(lambda: not runner.busy)

    assert "заблокирован" in lock_page(window).message_text()
    assert AuditAction.LOCKED_OUT in audit_actions(storage)
    assert not lock_pin(window).isVisible()
    assert not window.findChild(QPushButton, "unlock").isVisible()
    assert window.findChild(QPushButton, "lock_sign_out").isVisible()
    assert window.locked


def test_sign_out_on_the_lock_screen_returns_to_the_sign_in_page(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner, storage: FakeStorage
) -> None:
    sign_in(qtbot, window, "boss", "9911")
    wait_locked(qtbot, window, runner)

    qtbot.mouseClick(window.findChild(QPushButton, "lock_sign_out"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: window.desk is None)
    assert window.centralWidget().currentWidget() is login_page(window)
    assert audit_actions(storage)[-1] is AuditAction.SIGNED_OUT
    qtbot.wait(IDLE_MS * 2)
    assert not window.locked


def test_the_idle_time_is_the_shop_setting_reread_after_saving(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner
) -> None:
    window.screen_lock.idle_lock_ms = None  # the shop's setting, not the tests' shortcut
    assert window.screen_lock.idle_lock_ms == 15 * 60_000
    sign_in(qtbot, window, "boss", "9911")
    navigation = window.findChild(QTabBar, "navigation")
    navigation.setCurrentIndex(window.page_titles().index("Настройки"))
    minutes = window.findChild(QLineEdit, "idle_lock_minutes")
    qtbot.waitUntil(lambda: minutes.text() == "15")
    minutes.setText("5")
    save = window.findChild(QPushButton, "save")
    qtbot.waitUntil(save.isEnabled)  # greyed while the printers card still loads

    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: window.screen_lock.idle_lock_ms == 5 * 60_000)
    assert not window.locked
