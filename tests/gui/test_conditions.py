"""The «Условия» page by keys (issue 37, p.6): a cashier opens the conditions and prints them for a
player; a manager reads an earlier version from the list of versions kept."""

from __future__ import annotations

from decimal import Decimal

from escpos.printer import Dummy
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QTabBar
from pytestqt.qtbot import QtBot

from pos.core.money import format_roubles
from pos.shop.services import Shop
from tests.gui.widgets import current_tab, open_window, sign_in, tab_to
from tests.unit.printing.escpos_reader import read_job
from ui.main_window import MainWindow
from ui.pages.conditions import ConditionsPage
from ui.tasks import TaskRunner
from ui.workspace_pages import page_of


def _roubles(amount: int) -> str:
    """An amount as the page's text reads back (Qt's plain text has spaces for no-break ones)."""
    return format_roubles(Decimal(amount)).replace("\xa0", " ")


def _conditions_page(qtbot: QtBot, window: MainWindow, login: str, pin: str) -> ConditionsPage:
    """Signed in, «Условия» opened by keys (Ctrl+Shift+Tab from the first page goes round to
    the last one, which is «Условия» for a cashier), read."""
    sign_in(qtbot, window, login, pin)
    window.activateWindow()  # the page keys are the window's shortcuts
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    navigation = window.findChild(QTabBar, "navigation")
    back = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    while current_tab(window) != "Условия":
        index = navigation.currentIndex()
        qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Backtab, back)
        assert navigation.currentIndex() != index
    page = page_of(window.findChildren(ConditionsPage), ConditionsPage)
    assert page is not None
    qtbot.waitUntil(lambda: "1. Сумма возможного выигрыша" in page.text.toPlainText())
    return page


def test_p6_a_cashier_shows_the_conditions_and_prints_them_by_keys(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings, printer: Dummy
) -> None:
    window = open_window(qtbot, demo_shop, runner, ui_state)
    page = _conditions_page(qtbot, window, "anna", "4821")

    assert window.page_titles()[-1] == "Условия"  # after the cashier's Alt+1…8
    assert _roubles(100000) in page.text.toPlainText()
    number = demo_shop.conditions().number
    assert page.version_text().startswith(f"Редакция № {number} от 30.11.2026")
    assert not page.history.isVisible()  # the versions are the manager's
    assert QApplication.focusWidget() is page.text  # PgDn scrolls it at once
    printer.clear()

    qtbot.keyClick(page.text, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)

    qtbot.waitUntil(lambda: "напечатаны" in page.message_text())
    assert page.message_text() == f"Условия приёма ставок (редакция № {number}) напечатаны."
    printed = " ".join(line.strip() for line in read_job(printer.output, "TM-T20II").lines)
    assert "УСЛОВИЯ ПРИЁМА СТАВОК" in printed and "8. Другие условия и ограничения" in printed


def test_p10_a_manager_reads_and_prints_an_earlier_version(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings, printer: Dummy
) -> None:
    old = demo_shop.conditions()
    demo_shop.login("boss", "9911").update_settings(max_payout="90000")
    window = open_window(qtbot, demo_shop, runner, ui_state)
    page = _conditions_page(qtbot, window, "boss", "9911")
    assert _roubles(90000) in page.text.toPlainText()
    assert page.history.count() == old.number + 1 and "действует" in page.version_text()

    tab_to(qtbot, "conditions_history")
    qtbot.keyClick(page.history, Qt.Key.Key_Down)

    assert page.version_text().startswith(f"Редакция № {old.number} ")
    assert "прежняя редакция" in page.version_text()
    assert _roubles(100000) in page.text.toPlainText()
    printer.clear()
    qtbot.keyClick(page.history, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "напечатаны" in page.message_text())
    assert f"(редакция № {old.number})" in page.message_text()
    printed = " ".join(line.strip() for line in read_job(printer.output, "TM-T20II").lines)
    assert f"Редакция № {old.number} от" in printed
