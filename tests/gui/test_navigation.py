"""The manager's side list of pages by trade, every name whole (issue 34); the cashier's tabs."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QTabBar, QToolButton
from pytestqt.qtbot import QtBot

from tests.gui.widgets import current_tab, sign_in
from ui.app import create_application
from ui.main_window import MainWindow
from ui.navigation import WorkspaceFrame
from ui.widgets.side_tabs import SideTabs

MANAGER_GROUPS = [
    ("Касса и ставки", ["1 Ставки", "2 Линия", "3 Покер", "4 Отмены", "5 Выплаты", "6 Касса"]),
    ("Счета игроков", ["7 Спрэдбет", "8 Спрэдбетэкс"]),
    ("Игры", ["9 Рулетка"]),  # the boards without a slot (issue 36)
    # The line, its results and the risk desk (issue 38).
    ("Линия и риски", ["Результаты", "Редактор линии", "Крупные ставки", "Обязательства"]),
    ("Журнал и отчёты", ["Журнал", "Отчёты", "Претензии", "Купоны"]),
    ("Люди и настройки", ["Пользователи", "Пункты", "Настройки", "Условия", "СККС"]),
]


def navigation_of(window: MainWindow) -> QTabBar:
    navigation = window.findChild(QTabBar, "navigation")
    assert navigation is not None
    return navigation


def names_cut_short(window: MainWindow) -> list[str]:
    """The page names not wholly in sight: past the navigation's edge, past the window's, or
    narrower than their words; scroll arrows shown count as a name hidden behind them."""
    navigation = navigation_of(window)
    shown = QRect(navigation.mapTo(window, QPoint(0, 0)), navigation.size())
    metrics = navigation.fontMetrics()
    found = []
    for index in range(navigation.count()):
        text = navigation.tabText(index)
        rect = navigation.tabRect(index)
        in_window = QRect(rect.topLeft() + shown.topLeft(), rect.size())
        if not navigation.rect().contains(rect) or not window.rect().contains(in_window):
            found.append(f"{text}: out of sight")
        elif metrics.horizontalAdvance(text) > rect.width():
            found.append(f"{text}: cut short")
    arrows = [b for b in navigation.findChildren(QToolButton) if b.isVisible()]
    return found + (["scroll arrows shown"] if arrows else [])


def test_the_manager_sees_every_page_name_whole_at_1366(qtbot: QtBot, window: MainWindow) -> None:
    # Issue 34: at 1366 px the fifteen tabs hid behind scroll arrows («П…»).
    create_application([])  # the application's font and style sheet
    window.resize(QSize(1366, 768))
    sign_in(qtbot, window, "boss", "9911")
    qtbot.wait(50)

    # «СККС» since issue 35, «Рулетка» since 36, «Претензии», «Купоны», «Условия» since 37
    assert len(window.page_titles()) == 22
    assert window.findChild(WorkspaceFrame).on_side
    assert names_cut_short(window) == []


def test_too_narrow_for_the_list_the_tabs_go_across_the_top_and_back_when_wider(
    qtbot: QtBot, window: MainWindow
) -> None:
    # At 1024 pixels the widest pages need all of them (tests/gui/test_screen_fit.py).
    create_application([])
    window.resize(QSize(1024, 700))
    sign_in(qtbot, window, "boss", "9911")
    frame = window.findChild(WorkspaceFrame)
    navigation = navigation_of(window)
    qtbot.waitUntil(lambda: not frame.on_side)
    assert navigation.shape() is QTabBar.Shape.RoundedNorth
    assert window.minimumSizeHint().width() <= 1024

    window.resize(QSize(1366, 768))

    qtbot.waitUntil(lambda: frame.on_side)
    assert navigation.shape() is QTabBar.Shape.RoundedWest


def test_the_manager_s_pages_are_listed_down_the_side_under_their_trades(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(QSize(1366, 768))
    sign_in(qtbot, window, "boss", "9911")

    navigation = navigation_of(window)
    assert isinstance(navigation, SideTabs)
    assert navigation.groups() == MANAGER_GROUPS
    assert navigation.shape() is QTabBar.Shape.RoundedWest


def test_a_click_on_a_name_in_the_side_list_opens_its_page(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(QSize(1366, 768))
    sign_in(qtbot, window, "boss", "9911")
    navigation = navigation_of(window)
    users = window.page_titles().index("Пользователи")

    # On the name, below its trade's heading (the first of a group carries it above).
    name = navigation.tabRect(users)
    qtbot.mouseClick(
        navigation, Qt.MouseButton.LeftButton, pos=QPoint(name.center().x(), name.bottom() - 6)
    )

    assert current_tab(window) == "Пользователи"


def test_a_click_on_a_heading_opens_nothing(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(QSize(1366, 768))
    sign_in(qtbot, window, "boss", "9911")
    navigation = navigation_of(window)
    accounts = window.page_titles().index("Спрэдбет")
    heading = navigation.tabRect(accounts).topLeft() + QPoint(20, 4)

    qtbot.mouseClick(navigation, Qt.MouseButton.LeftButton, pos=heading)

    assert current_tab(window) == "Ставки"


def test_up_and_down_go_along_the_side_list(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(QSize(1366, 768))
    sign_in(qtbot, window, "boss", "9911")
    navigation = navigation_of(window)
    navigation.setFocus()

    qtbot.keyClick(navigation, Qt.Key.Key_Down)
    qtbot.keyClick(navigation, Qt.Key.Key_Down)
    assert current_tab(window) == "Покер"
    qtbot.keyClick(navigation, Qt.Key.Key_Up)
    assert current_tab(window) == "Линия"


def test_the_cashier_keeps_the_tabs_across_the_top_every_name_whole(
    qtbot: QtBot, window: MainWindow
) -> None:
    create_application([])
    window.resize(QSize(1366, 768))
    sign_in(qtbot, window, "anna", "4821")
    qtbot.wait(50)

    navigation = navigation_of(window)
    assert not isinstance(navigation, SideTabs)
    assert not window.findChild(WorkspaceFrame).on_side
    assert navigation.shape() is QTabBar.Shape.RoundedNorth
    assert names_cut_short(window) == []
