"""Finding and clicking the widgets of a page, as a cashier would, and a print dialog that
prints to a PDF file (the GUI tests share these)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from pos.shop.services import Shop
from ui.connection import ShopConnection
from ui.errors import MessageLabel
from ui.main_window import MainWindow
from ui.tasks import TaskRunner
from ui.widgets.flow_row import FlowRow


def child(parent: QWidget, kind: type, name: str) -> QWidget:
    """The child widget of this kind and object name (the test fails if there is none)."""
    found = parent.findChild(kind, name)
    assert found is not None, name
    return found


def click(qtbot: QtBot, parent: QWidget, name: str) -> None:
    """Click a button once it is enabled (buttons wait while a call is running)."""
    target = child(parent, QPushButton, name)
    qtbot.waitUntil(target.isEnabled)
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)


def shown_messages(parent: QWidget) -> dict[str, str]:
    """Every message line in sight under `parent` that says something, by name (a dialog closed
    since is not in sight)."""
    return {
        label.objectName(): label.text()
        for label in parent.findChildren(MessageLabel)
        if label.text() and label.isVisible()
    }


def stands_between(widget: QWidget, above: QWidget, below: QWidget) -> bool:
    """`widget` is under `above` and over `below` on their common window (a message line
    right under the controls it answers, over the list)."""
    window = widget.window()
    top = widget.mapTo(window, widget.rect().topLeft()).y()
    bottom = widget.mapTo(window, widget.rect().bottomLeft()).y()
    return (
        above.mapTo(window, above.rect().bottomLeft()).y() < top
        and bottom < below.mapTo(window, below.rect().topLeft()).y()
    )


def top_row(page: QWidget) -> QWidget:
    """The page's own row of controls (its filters, its choice), not one nested in it."""
    (row,) = [row for row in page.findChildren(FlowRow) if row.parentWidget() is page]
    return row


def open_window(qtbot: QtBot, shop: Shop, runner: TaskRunner, ui_state: QSettings) -> MainWindow:
    """The window on `shop`, shown, its sign-in page listing the users."""
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    qtbot.addWidget(window)
    window.show()
    users = window.findChild(QListWidget, "users")
    qtbot.waitUntil(lambda: users.count() > 0)
    return window


def sign_in(qtbot: QtBot, window: MainWindow, login: str, pin: str) -> None:
    """Choose the user on the sign-in page, type the PIN and press Enter."""
    users = window.findChild(QListWidget, "users")
    qtbot.waitUntil(lambda: users.count() > 0)
    users.setCurrentRow([users.item(r).text() for r in range(users.count())].index(login))
    pin_field = window.findChild(QLineEdit, "pin")
    qtbot.keyClicks(pin_field, pin)
    qtbot.keyClick(pin_field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.desk is not None)


def current_tab(window: MainWindow) -> str:
    """The name of the page the navigation shows (its tab may show a number before it)."""
    navigation = window.findChild(QTabBar, "navigation")
    return window.page_titles()[navigation.currentIndex()]


class PdfPrintDialog:
    """Stands for the system print dialog: the manager "chooses" a PDF file at `output`."""

    output: Path

    def __init__(self, printer: QPrinter, _parent: QWidget) -> None:
        self.printer = printer

    def setWindowTitle(self, _title: str) -> None:
        pass

    def exec(self) -> int:
        self.printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        self.printer.setOutputFileName(str(self.output))
        self.printer.setResolution(96)
        return QDialog.DialogCode.Accepted


def tab_to(qtbot: QtBot, name: str, limit: int = 80) -> QWidget:
    """Press Tab until the widget named `name` has the cursor, as a cashier without a mouse
    does (the test fails if Tab never reaches it)."""
    for _ in range(limit):
        focused = QApplication.focusWidget()
        assert focused is not None
        if focused.objectName() == name:
            return focused
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reaches {name}")


def alt_page(qtbot: QtBot, window: MainWindow, runner: TaskRunner, title: str) -> None:
    """Alt and the page's number (the first nine pages), then wait for what it loads."""
    number = window.page_titles().index(title) + 1
    if QApplication.activeWindow() is None:
        # A window manager gives the window back when a dialog closes; offscreen nothing does.
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    focused = QApplication.focusWidget() or window
    qtbot.keyClick(focused, Qt.Key(Qt.Key.Key_0.value + number), Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: current_tab(window) == title)
    qtbot.waitUntil(lambda: not runner.busy)


def focus_on(qtbot: QtBot, name: str) -> QWidget:
    """The widget with the cursor, once it is the one named `name` (a dialog opening takes
    the cursor a moment later)."""
    qtbot.waitUntil(lambda: getattr(QApplication.focusWidget(), "objectName", str)() == name)
    focused = QApplication.focusWidget()
    assert focused is not None
    return focused
