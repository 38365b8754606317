"""Screenshots of the «Спрэдбет» page for docs/ (issue 19): a player's account loaded with its
bets (one closed in part, one closed by the bookmaker, one open) at 1366×768 and 1024×700, the
bookmaker's close popping up once, and the manager's quote dialog and positions report.

The window on a SQLite shop (the fakes have no spread storage), the manager signed in, so that
every key of the page is on it. Run under a real X server (Xvfb) at least 1366×768:

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_spread [out_dir]

(as a module: it shares the shop of the GUI tests, tests/gui/spread_helpers.py).
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QLineEdit,
    QListWidget,
    QTabBar,
    QWidget,
)

from pos.core.clock import FixedClock
from tests.gui.spread_helpers import played, spread_shop
from tests.screenshots import NOW, save, settle, sign_in, wait_until
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner

SIZES = ((1366, 768), (1024, 700))


W = TypeVar("W", bound=QWidget)


def child(parent: QWidget, kind: type[W], name: str | None = None) -> W:
    """The child widget of this kind (and object name); it must be there."""
    found = parent.findChild(kind, name) if name else parent.findChild(kind)
    assert found is not None, name or kind.__name__
    return found


def open_spread_page(window: MainWindow, runner: TaskRunner) -> SpreadPage:
    child(window, QTabBar, "navigation").setCurrentIndex(window.page_titles().index("Спрэдбет"))
    page = child(window, SpreadPage)
    wait_until(lambda: not runner.busy and page.assets.model.rowCount() == 2)
    return page


def load(page: SpreadPage, runner: TaskRunner, number: str) -> None:
    field = child(page, QLineEdit, "spread_account")
    field.setText(number)
    field.returnPressed.emit()
    wait_until(lambda: not runner.busy and page.spreads is not None)


def opened(page: SpreadPage) -> QDialog:
    """The dialog the page opened, once it is shown."""
    wait_until(lambda: page.dialog is not None)
    assert page.dialog is not None
    return page.dialog


def closed(page: SpreadPage, dialog: QDialog, *, accept: bool = True) -> None:
    (dialog.accept if accept else dialog.reject)()
    wait_until(lambda: page.dialog is None)


def dialog_shot(window: MainWindow, path: Path) -> None:
    """The window with the dialog open over it, as the screen shows them."""
    settle()
    corner = window.mapToGlobal(window.rect().topLeft())
    shot = QApplication.primaryScreen().grabWindow(
        0, corner.x(), corner.y(), window.width(), window.height()
    )
    if not shot.save(str(path)):
        raise OSError(f"could not write {path}")


def shoot(out_dir: Path, folder: Path, size: tuple[int, int], first: bool) -> None:
    """spread-<w>.png; with `first` also spread-call.png, spread-quote.png and
    spread-positions.png."""
    clock = FixedClock(NOW - timedelta(minutes=40))
    shop = spread_shop(folder, clock)
    player = played(shop, clock)
    runner = TaskRunner()
    ui_state = QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    window.resize(*size)
    window.move(0, 0)
    window.show()
    users = child(window, QListWidget, "users")
    wait_until(lambda: users.count() == 2)
    sign_in(window, "boss", "9911")
    page = open_spread_page(window, runner)
    load(page, runner, player)
    calls = opened(page)  # the bookmaker's close, shown once
    if first:
        dialog_shot(window, out_dir / "spread-call.png")
    closed(page, calls)
    page.assets.view.selectRow(0)
    save(window, out_dir / f"spread-{size[0]}.png")
    if first:
        page.trigger("quote")
        quote = opened(page)
        child(quote, QLineEdit, "quote_bid").setText("74,66")
        child(quote, QLineEdit, "quote_ask").setText("74,70")
        dialog_shot(window, out_dir / "spread-quote.png")
        closed(page, quote, accept=False)
        page.trigger("exposure")
        positions = opened(page)
        dialog_shot(window, out_dir / "spread-positions.png")
        closed(page, positions)
    window.close()
    runner.shutdown()
    shop.close()


def main(out_dir: Path) -> None:
    """Save the screenshots of the «Спрэдбет» page into `out_dir`."""
    shoot_sizes(shoot, out_dir)


def shoot_sizes(shoot: Callable[[Path, Path, tuple[int, int], bool], None], out_dir: Path) -> None:
    """`shoot(out_dir, folder, size, first)` at each of SIZES, each in a fresh folder (the
    dialogs with `first` only), under one application."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    for index, size in enumerate(SIZES):
        with tempfile.TemporaryDirectory() as temp:
            shoot(out_dir, Path(temp), size, index == 0)
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
