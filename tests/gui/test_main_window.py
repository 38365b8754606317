"""The main window: sign-in, the pages a role may use, the status bar, and sign-out."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from pos.audit import AuditAction
from pos.services import Shop
from tests.fakes import FakeStorage
from tests.gui.widgets import sign_in
from ui.connection import ShopConnection
from ui.main_window import GEOMETRY_KEY, MainWindow
from ui.pages.login import LoginPage
from ui.pages.settings import SettingsPage
from ui.tasks import TaskRunner


def login_page(window: MainWindow) -> LoginPage:
    return window.findChild(LoginPage)


def status_texts(window: MainWindow) -> list[str]:
    return [label.text() for label in window.statusBar().findChildren(QLabel)]


def audit_actions(storage: FakeStorage) -> list[AuditAction]:
    return [record.action for record in storage.data.audit]


def test_the_window_opens_on_the_sign_in_page_titled_with_shop_and_terminal(
    window: MainWindow,
) -> None:
    assert window.windowTitle() == "Betshop POS — ООО «Букмекерская контора», терминал К1"
    assert window.page_titles() == []
    assert status_texts(window) == [
        "Терминал К1",
        "Вход не выполнен",
        "База: память (тест)",
        "12:00",
    ]


def test_a_cashier_sees_the_line_but_no_users_or_settings(qtbot: QtBot, window: MainWindow) -> None:
    sign_in(qtbot, window, "anna", "4821")

    assert window.page_titles() == ["Ставки", "Линия", "Покер", "Отмены", "Выплаты", "Касса"]
    assert window.findChild(SettingsPage) is None
    assert "anna — Кассир" in status_texts(window)


def test_a_manager_sees_line_users_and_settings(qtbot: QtBot, window: MainWindow) -> None:
    sign_in(qtbot, window, "boss", "9911")

    assert window.page_titles() == [
        "Ставки",
        "Линия",
        "Покер",
        "Отмены",
        "Выплаты",
        "Касса",
        "Результаты",
        "Журнал",
        "Отчёты",
        "Редактор линии",
        "Пользователи",
        "Настройки",
    ]
    assert "boss — Менеджер" in status_texts(window)


def test_the_line_is_loaded_after_sign_in(qtbot: QtBot, window: MainWindow) -> None:
    sign_in(qtbot, window, "anna", "4821")
    window.findChild(QTabBar, "navigation").setCurrentIndex(1)

    line = window.findChild(QWidget, "line")
    qtbot.waitUntil(lambda: line.model().rowCount() == 10)


@pytest.mark.parametrize("key", [Qt.Key.Key_F12, "ctrl+q"])
def test_sign_out_returns_to_the_sign_in_page_and_is_recorded(
    qtbot: QtBot, window: MainWindow, storage: FakeStorage, key: Qt.Key | str
) -> None:
    sign_in(qtbot, window, "anna", "4821")
    window.activateWindow()
    qtbot.waitActive(window)

    if key == "ctrl+q":
        qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    else:
        qtbot.keyClick(window, Qt.Key.Key_F12)

    qtbot.waitUntil(lambda: window.desk is None)
    assert window.centralWidget().currentWidget() is login_page(window)
    assert window.page_titles() == []
    assert "Вход не выполнен" in status_texts(window)
    assert audit_actions(storage)[-1] is AuditAction.SIGNED_OUT


def test_the_sign_out_button_signs_out(qtbot: QtBot, window: MainWindow) -> None:
    sign_in(qtbot, window, "boss", "9911")

    qtbot.mouseClick(window.findChild(QPushButton, "sign_out"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: window.desk is None)


def test_the_manager_opens_the_pages_from_the_navigation(qtbot: QtBot, window: MainWindow) -> None:
    sign_in(qtbot, window, "boss", "9911")
    navigation = window.findChild(QTabBar, "navigation")

    navigation.setCurrentIndex(window.page_titles().index("Настройки"))

    min_stake = window.findChild(QLineEdit, "min_stake")
    qtbot.waitUntil(lambda: min_stake.text() == "1,00")
    assert min_stake.isVisible()


def test_saved_settings_update_the_title(qtbot: QtBot, window: MainWindow, demo_shop: Shop) -> None:
    sign_in(qtbot, window, "boss", "9911")
    navigation = window.findChild(QTabBar, "navigation")
    navigation.setCurrentIndex(window.page_titles().index("Настройки"))
    name = window.findChild(QLineEdit, "shop_name")
    qtbot.waitUntil(lambda: name.text() != "")
    name.setText("ООО «Фортуна Бет»")

    qtbot.mouseClick(window.findChild(QPushButton, "save"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: "Фортуна" in window.windowTitle())
    assert window.windowTitle() == "Betshop POS — ООО «Фортуна Бет», терминал К1"
    assert demo_shop.settings().min_stake == Decimal("1.00")


def test_first_shown_then_first_ready_are_emitted_once(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings
) -> None:
    """The window is shown before the shop is asked for anything; ready follows once the
    sign-in page lists the users."""
    main_window = MainWindow(ShopConnection.of(demo_shop), runner, ui_state=ui_state)
    qtbot.addWidget(main_window)
    events: list[str] = []
    main_window.first_shown.connect(lambda: events.append("shown"))
    main_window.first_ready.connect(lambda: events.append("ready"))

    with qtbot.waitSignal(main_window.first_shown):
        main_window.show()
    assert events == ["shown"]
    with qtbot.waitSignal(main_window.first_ready):
        pass
    main_window.hide()
    main_window.show()
    main_window.sign_out()  # nobody signed in: nothing happens

    assert events == ["shown", "ready"]
    qtbot.waitUntil(lambda: not runner.busy)


def test_the_geometry_is_remembered_as_ui_state(
    qtbot: QtBot, window: MainWindow, ui_state: QSettings
) -> None:
    window.close()

    assert isinstance(ui_state.value(GEOMETRY_KEY), QByteArray)


def test_closing_while_signed_in_records_the_sign_out(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner, storage: FakeStorage
) -> None:
    sign_in(qtbot, window, "anna", "4821")

    window.close()

    qtbot.waitUntil(lambda: not runner.busy)
    assert audit_actions(storage)[-1] is AuditAction.SIGNED_OUT
