"""Screenshots of the idle lock and the manager's authorisation for docs/ (issue #7).

Run under a real X server (Xvfb), so that what is saved is what a screen shows:

    xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_lock [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLineEdit, QListWidget, QPushButton

try:  # python -m tests.screenshots_lock
    from tests.screenshots import WINDOW_SIZE, demo_shop, save, sign_in, wait_until
    from tests.screenshots_betting import save_screen
except ImportError:  # python tests/screenshots_lock.py: the script's folder is on sys.path
    from screenshots import (  # type: ignore[no-redef]
        WINDOW_SIZE,
        demo_shop,
        save,
        sign_in,
        wait_until,
    )
    from screenshots_betting import save_screen  # type: ignore[no-redef]

from pos.core.clock import FixedClock
from pos.shop.services import Shop
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.lock import LockPage
from ui.tasks import TaskRunner

# Short enough not to wait, long enough that signing in finishes first.
_IDLE_MS = 1500


def signed_in_window(shop: Shop, runner: TaskRunner, state_dir: str) -> MainWindow:
    """MainWindow at (0, 0) with anna signed in."""
    ui_state = QSettings(str(Path(state_dir) / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state, idle_lock_ms=_IDLE_MS)
    window.resize(*WINDOW_SIZE)
    window.move(0, 0)
    window.show()
    users = window.findChild(QListWidget, "users")
    wait_until(lambda: users.count() == 3)
    sign_in(window, "anna", "4821")
    wait_until(lambda: not runner.busy)
    return window


def locked_screenshot(out_dir: Path, state_dir: str) -> None:
    """locked.png: the window locked itself; one wrong PIN has been typed."""
    runner = TaskRunner()
    window = signed_in_window(demo_shop(), runner, state_dir)
    wait_until(lambda: window.locked)
    window.findChild(QLineEdit, "lock_pin").setText("1234")
    window.findChild(QPushButton, "unlock").click()
    page = window.findChild(LockPage)
    wait_until(lambda: "Неверный PIN" in page.message_text())
    save(window, out_dir / "locked.png")
    window.close()
    runner.shutdown()


def manager_pin_screenshot(out_dir: Path, state_dir: str) -> None:
    """manager_pin.png: a cashier's copy after the 5-minute window waits for the manager."""
    shop = demo_shop()
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    slip = shop.login("anna", "4821").accept_bet([(101, "1"), (102, "O2.5")], "20", "express")
    clock.advance(timedelta(minutes=7, seconds=12))
    runner = TaskRunner()
    window = signed_in_window(shop, runner, state_dir)
    window.screen_lock.idle_lock_ms = 3_600_000  # no lock over the dialogs
    recent = window.findChild(BettingPage).recent
    recent.look_up(slip.number)
    wait_until(lambda: recent.details_dialog is not None and recent.details_dialog.isVisible())
    recent.details_dialog.findChild(QPushButton, "reprint").click()
    wait_until(lambda: recent.manager_dialog is not None and recent.manager_dialog.isVisible())
    recent.manager_dialog.set_login("boss")
    recent.manager_dialog.findChild(QLineEdit, "manager_pin_field").setFocus()
    save_screen(window, out_dir / "manager_pin.png")
    recent.manager_dialog.reject()
    window.close()
    runner.shutdown()


def main(out_dir: Path) -> None:
    """Save locked.png and manager_pin.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as state_dir:
        locked_screenshot(out_dir, state_dir)
        manager_pin_screenshot(out_dir, state_dir)
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
