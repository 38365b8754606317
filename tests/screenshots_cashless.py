"""Screenshots of the bet paid from a player's account (p.7, issue 37) at 1366×768 and 1024×700:
the betting page's confirmation with the account typed (F6), over the page; then the slip is
issued, its preview (with «оплачено со счёта № …») checked shown. For docs/cashless-1366.png
and docs/cashless-1024.png.

Run under a real X server (Xvfb) at least as large as the larger size:

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_cashless [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLineEdit, QListWidget

try:  # python -m tests.screenshots_cashless
    from tests.documents import ID_CARD
    from tests.screenshots import settle, sign_in, wait_until
    from tests.screenshots_fit import build_slip, fit_shop, open_page
except ImportError:  # python tests/screenshots_cashless.py: the script's folder is on sys.path
    from documents import ID_CARD  # type: ignore[no-redef]
    from screenshots import settle, sign_in, wait_until  # type: ignore[no-redef]
    from screenshots_fit import build_slip, fit_shop, open_page  # type: ignore[no-redef]

from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner

SIZES = {"1366": (1366, 768), "1024": (1024, 700)}


def _screen(path: Path, size: tuple[int, int]) -> None:
    """The screen's top-left `size`: the window and the dialog over it, as the cashier sees."""
    settle()
    screen = QGuiApplication.primaryScreen()
    if not screen.grabWindow(0, 0, 0, *size).save(str(path)):
        raise OSError(f"could not write {path}")


def shoot(out_dir: Path, folder: Path, name: str, size: tuple[int, int]) -> None:
    """cashless-<name>.png: the confirmation with the account typed; then the slip issued from
    the account, its preview shown beside the page (no printer)."""
    shop = fit_shop(folder)
    anna = shop.login("anna", "4821")
    account = anna.open_account(document=ID_CARD).number
    anna.deposit(account, Decimal("10000"))
    anna.sign_out()
    runner = TaskRunner()
    ui_state = QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    window.resize(*size)
    window.move(0, 0)
    window.show()
    wait_until(lambda: window.findChild(QListWidget, "users").count() == 2)
    sign_in(window, "anna", "4821")
    open_page(window, runner, "Ставки")
    build_slip(window)
    page = window.findChild(BettingPage)
    page.confirm()
    wait_until(lambda: page.confirm_dialog is not None)
    dialog = page.confirm_dialog
    dialog.findChild(QLineEdit, "confirm_account").setText(account)
    _screen(out_dir / f"cashless-{name}.png", size)
    dialog.confirm()
    wait_until(lambda: page.confirm_dialog is None and not runner.busy)
    wait_until(page.preview_panel.isVisible)
    window.close()
    runner.shutdown()
    shop.close()


def main(out_dir: Path) -> None:
    """Save cashless-1366.png and cashless-1024.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, size in SIZES.items():
        with tempfile.TemporaryDirectory() as temp:
            shoot(out_dir, Path(temp), name, size)
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
