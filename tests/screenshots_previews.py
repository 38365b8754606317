"""Screenshots of issue 34's two window findings for docs/: an account's statement shown on a
terminal without a printer (account-preview.png) and the line editor's question before it saves
a start already past (line-past-start.png), at 1366×768. Run under a real X server (Xvfb):

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_previews [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLineEdit, QListWidget, QWidget

from main import open_shop
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.gui.spread_helpers import add_assets, played
from tests.screenshots import NOW, demo_shop, open_page, sign_in, wait_until
from tests.screenshots_spread import child, closed, dialog_shot, load, open_spread_page, opened
from ui.app import create_application
from ui.connection import ShopConnection
from ui.dialogs.past_start import PastStartDialog
from ui.dialogs.print_preview import PrintPreviewDialog
from ui.main_window import MainWindow
from ui.pages.line_editor import LineEditorPage
from ui.tasks import TaskRunner

SIZE = (1366, 768)


def paperless_shop(folder: Path, clock: FixedClock) -> Shop:
    """The «Спрэдбет» demo shop on SQLite with no printer set up: its jobs go to `folder`."""
    shop = open_shop(
        f"sqlite:///{folder / 'shop.db'}",
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        jobs_dir=folder / "prints",
    )
    shop.seed_demo()
    add_assets(shop)
    return shop


def window_on(shop: Shop, runner: TaskRunner, folder: Path, users: int) -> MainWindow:
    """The window at SIZE, the manager signed in."""
    ui_state = QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    window.resize(*SIZE)
    window.move(0, 0)
    window.show()
    listed = child(window, QListWidget, "users")
    wait_until(lambda: listed.count() == users)
    sign_in(window, "boss", "9911")
    return window


def shoot_statement(out_dir: Path, folder: Path) -> None:
    """account-preview.png: Ctrl+P on a player's account, no printer: the statement shown."""
    clock = FixedClock(NOW - timedelta(minutes=40))
    shop = paperless_shop(folder, clock)
    player = played(shop, clock)
    runner = TaskRunner()
    window = window_on(shop, runner, folder, 2)
    page = open_spread_page(window, runner)
    load(page, runner, player)
    closed(page, opened(page))  # the bookmaker's close, shown once
    page.trigger("statement")
    wait_until(lambda: isinstance(page.dialog, PrintPreviewDialog))
    dialog_shot(window, out_dir / "account-preview.png")
    window.close()
    runner.shutdown()
    shop.close()


def shoot_past_start(out_dir: Path, folder: Path) -> None:
    """line-past-start.png: a new event typed to start three hours ago, Ctrl+S: the question."""
    runner = TaskRunner()
    window = window_on(demo_shop(), runner, folder, 3)
    open_page(window, "Редактор линии")
    page = child(window, LineEditorPage)
    wait_until(lambda: not runner.busy and page.model.rowCount() == 10)
    child(window, QWidget, "new_event").click()
    for name, text in (
        ("event_code", "503"),
        ("event_home", "Неман Гродно"),
        ("event_away", "Гомель"),
        ("event_start", "30.11.2026 09:00"),
    ):
        child(page, QLineEdit, name).setText(text)
    child(page, QWidget, "save_event").click()
    wait_until(lambda: page.findChild(PastStartDialog) is not None)
    dialog = page.findChild(PastStartDialog)
    assert dialog is not None
    wait_until(dialog.isVisible)
    dialog_shot(window, out_dir / "line-past-start.png")
    dialog.reject()
    window.close()
    runner.shutdown()


def main(out_dir: Path) -> None:
    """Save account-preview.png and line-past-start.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    for shoot in (shoot_statement, shoot_past_start):
        with tempfile.TemporaryDirectory() as temp:
            shoot(out_dir, Path(temp))
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
