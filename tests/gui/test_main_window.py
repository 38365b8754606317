"""The main window: sign-in, the pages a role may use, the status bar, and sign-out."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from main import open_shop
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.fakes import FakeStorage, PlainPinHasher
from tests.gui.widgets import current_tab, open_window, sign_in
from ui.connection import ShopConnection
from ui.main_window import GEOMETRY_KEY, MainWindow
from ui.pages.login import LoginPage
from ui.pages.settings import SettingsPage
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner


def login_page(window: MainWindow) -> LoginPage:
    return window.findChild(LoginPage)


def status_texts(window: MainWindow) -> list[str]:
    return [label.text() for label in window.statusBar().findChildren(QLabel) if label.isVisible()]


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
        "СККС не подключена",  # the demo has no controller (issue 35)
        "База: память (тест)",
        "12:00",
    ]


def test_a_cashier_sees_the_line_but_no_users_or_settings(qtbot: QtBot, window: MainWindow) -> None:
    sign_in(qtbot, window, "anna", "4821")

    assert window.page_titles() == [
        "Ставки",
        "Линия",
        "Покер",
        "Отмены",
        "Выплаты",
        "Касса",
        "Спрэдбет",
        "Спрэдбетэкс",
        "Рулетка",  # a board without a slot, after the cashier's last page (issue 36)
        "Условия",  # everyone's, after the boards: Alt+1…8 stay (issue 37, p.6)
    ]
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
        "Спрэдбет",
        "Спрэдбетэкс",
        "Рулетка",  # issue 36
        "Результаты",
        "Редактор линии",  # with the results, in the side list (issue 34)
        "Крупные ставки",  # the risk desk (issue 38)
        "Обязательства",
        "Журнал",
        "Отчёты",
        "Претензии",  # issue 37
        "Купоны",  # issue 37, p.17
        "Пользователи",
        "Пункты",
        "Настройки",
        "Условия",  # issue 37, p.6
        "СККС",  # issue 35
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
    save = window.findChild(QPushButton, "save")
    qtbot.waitUntil(save.isEnabled)  # greyed while the printers card still loads

    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)

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


# --- switching pages by keyboard (issue 16) ------------------------------------------------


def tab_texts(window: MainWindow) -> list[str]:
    navigation = window.findChild(QTabBar, "navigation")
    return [navigation.tabText(index) for index in range(navigation.count())]


def press(qtbot: QtBot, key: Qt.Key, modifiers: Qt.KeyboardModifier) -> None:
    """A key as the keyboard sends it: to the widget that has the focus."""
    focused = QApplication.focusWidget()
    assert focused is not None
    qtbot.keyClick(focused, key, modifiers)


def signed_in_and_active(qtbot: QtBot, window: MainWindow, login: str, pin: str) -> None:
    sign_in(qtbot, window, login, pin)
    window.activateWindow()
    qtbot.waitActive(window)


def test_each_tab_shows_the_number_alt_opens_it_with(qtbot: QtBot, window: MainWindow) -> None:
    sign_in(qtbot, window, "boss", "9911")

    assert tab_texts(window) == [
        "1 Ставки",
        "2 Линия",
        "3 Покер",
        "4 Отмены",
        "5 Выплаты",
        "6 Касса",
        "7 Спрэдбет",
        "8 Спрэдбетэкс",  # the last of the cashier's pages (issue 20)
        "9 Рулетка",  # the games' boards without a slot follow it (issue 36)
        "Результаты",
        "Редактор линии",
        "Крупные ставки",
        "Обязательства",
        "Журнал",
        "Отчёты",
        "Претензии",  # issue 37
        "Купоны",  # issue 37, p.17
        "Пользователи",
        "Пункты",
        "Настройки",
        "Условия",  # issue 37, p.6
        "СККС",  # issue 35
    ]
    assert window.page_titles()[0] == "Ставки"  # the page's name, without its key


def test_ctrl_tab_and_ctrl_shift_tab_go_round_the_pages(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The fakes keep no «Спрэдбет» (tests/fakes.py): its page reads nothing here
    # (tests/gui/test_spread_page.py drives it on SQLite).
    monkeypatch.setattr(SpreadPage, "refresh", lambda _page: None)
    signed_in_and_active(qtbot, window, "anna", "4821")
    control = Qt.KeyboardModifier.ControlModifier
    shift = Qt.KeyboardModifier.ShiftModifier

    press(qtbot, Qt.Key.Key_Tab, control)
    assert current_tab(window) == "Линия"
    press(qtbot, Qt.Key.Key_Backtab, control | shift)
    assert current_tab(window) == "Ставки"
    press(qtbot, Qt.Key.Key_Backtab, control | shift)
    assert current_tab(window) == "Условия"  # everyone's, the last since issue 37
    press(qtbot, Qt.Key.Key_Backtab, control | shift)
    assert current_tab(window) == "Рулетка"  # the cashier's last board since issue 36
    press(qtbot, Qt.Key.Key_Tab, control)
    press(qtbot, Qt.Key.Key_Tab, control)
    assert current_tab(window) == "Ставки"


def test_alt_and_the_tab_s_number_opens_the_page_with_its_first_field_focused(
    qtbot: QtBot, window: MainWindow
) -> None:
    signed_in_and_active(qtbot, window, "anna", "4821")

    press(qtbot, Qt.Key.Key_5, Qt.KeyboardModifier.AltModifier)

    assert current_tab(window) == "Выплаты"
    number = window.findChild(QLineEdit, "payout_number")
    qtbot.waitUntil(number.hasFocus)


def test_typing_right_after_going_back_to_the_bets_lands_in_the_pick_field(
    qtbot: QtBot, window: MainWindow
) -> None:
    signed_in_and_active(qtbot, window, "anna", "4821")
    press(qtbot, Qt.Key.Key_6, Qt.KeyboardModifier.AltModifier)
    assert current_tab(window) == "Касса"

    press(qtbot, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(QApplication.focusWidget(), "101 1")

    assert current_tab(window) == "Ставки"
    assert window.findChild(QLineEdit, "pick").text() == "101 1"


def test_every_page_reached_by_keyboard_has_the_focus_inside_it(
    qtbot: QtBot, tmp_path: Path, clock: FixedClock, runner: TaskRunner, ui_state: QSettings
) -> None:
    # On SQLite: the reports page reads SQL.
    shop = open_shop(
        f"sqlite:///{tmp_path / 'shop.db'}",
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=Dummy(),
    )
    shop.seed_demo()
    window = open_window(qtbot, shop, runner, ui_state)
    signed_in_and_active(qtbot, window, "boss", "9911")
    pages = window.findChild(QTabBar, "navigation")

    for _page in range(pages.count()):
        press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: not runner.busy)
        shown = window.findChild(QStackedWidget, "workspace_pages").currentWidget()
        focused = QApplication.focusWidget()
        assert focused is not None and shown.isAncestorOf(focused), current_tab(window)
    window.close()
    qtbot.waitUntil(lambda: not runner.busy)
    shop.close()


# --- the 24-hour shift announced (issue 16) ----------------------------------------------------


def test_at_sign_in_the_status_bar_says_the_shift_closes_soon_and_counts_down(
    qtbot: QtBot, window: MainWindow, clock: FixedClock
) -> None:
    shift_line = window.statusBar().findChild(QLabel, "status_shift")
    clock.advance(timedelta(hours=23, minutes=20))  # the demo's shift opened at 12:00

    sign_in(qtbot, window, "anna", "4821")

    closes = "Смена закрывается через {}: закройте её и откройте новую."
    qtbot.waitUntil(lambda: shift_line.text() == closes.format("40 минут"))
    assert shift_line.isVisible()
    clock.advance(timedelta(minutes=15))
    qtbot.waitUntil(lambda: shift_line.text() == closes.format("25 минут"))  # the clock's tick


def test_a_shift_far_from_its_end_is_not_announced_and_signing_out_clears_it(
    qtbot: QtBot, window: MainWindow, clock: FixedClock, runner: TaskRunner
) -> None:
    shift_line = window.statusBar().findChild(QLabel, "status_shift")
    sign_in(qtbot, window, "anna", "4821")
    qtbot.waitUntil(lambda: not runner.busy)
    assert not shift_line.isVisible()

    clock.advance(timedelta(hours=23, minutes=30))
    qtbot.waitUntil(shift_line.isVisible)  # from an hour before, at the next tick
    window.sign_out()

    qtbot.waitUntil(lambda: window.desk is None)
    assert not shift_line.isVisible()
