"""Screenshots of the register of restricted persons (issue 35) at 1366×768 and 1024×700, for
docs/: the manager warned at sign-in, the register loaded on the «Спрэдбет» page with its
version and time, and `identify_every_bet` asking for the document first, a Belarusian
passport's zone filling it with the personal number, the player refused by the register.

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_restricted [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QListWidget, QPlainTextEdit, QPushButton

from pos.people.errors import RestrictedPerson
from tests.screenshots import save, sign_in, wait_until
from tests.screenshots_betting import save_screen
from tests.screenshots_fit import SIZES, build_slip, fit_shop, open_page
from tests.unit.pos.test_mrz import _td3
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages import spread_actions
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner

PERSONAL = "3150395A012PB7"
ZONE = "\n".join(_td3(optional=PERSONAL))


def shoot_size(out_dir: Path, folder: Path, size: tuple[int, int]) -> None:
    """restricted-<w>x<h>-*.png: the sign-in warning, the register loaded, the document asked
    first and filled from the zone, the player refused."""
    prefix = f"restricted-{size[0]}x{size[1]}"
    shop = fit_shop(folder)
    runner = TaskRunner()
    ui_state = QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    window.resize(*size)
    window.move(0, 0)
    window.show()
    users = window.findChild(QListWidget, "users")
    wait_until(lambda: users.count() == 2)
    sign_in(window, "boss", "9911")
    open_page(window, runner, "Спрэдбет")
    save(window, out_dir / f"{prefix}-warned.png")
    register = folder / "perechen-2026-11-30.csv"
    register.write_text(f"личный_номер;документ\n{PERSONAL};\n;HB 2345678\n", encoding="utf-8")
    spread_actions.choose_file = lambda _parent, _kind: str(register)  # type: ignore[assignment]
    window.findChild(QPushButton, "exclusions").click()
    wait_until(lambda: not runner.busy)
    save(window, out_dir / f"{prefix}-loaded.png")
    shop.update_settings(identify_every_bet=True)
    open_page(window, runner, "Ставки")
    build_slip(window)
    page = window.findChild(BettingPage)
    page.confirm()
    wait_until(lambda: page.identity_dialog is not None)
    identity = page.identity_dialog
    assert identity is not None
    identity.findChild(QPlainTextEdit, "mrz").setPlainText(ZONE)
    identity.read_mrz()
    save_screen(window, out_dir / f"{prefix}-document-first.png")
    identity.check()
    wait_until(lambda: identity.message_text() == str(RestrictedPerson()))
    save_screen(window, out_dir / f"{prefix}-refused.png")
    identity.reject()
    window.close()
    runner.shutdown()
    shop.close()


def main(out_dir: Path) -> None:
    """Save restricted-1366x768-*.png and restricted-1024x700-*.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        with tempfile.TemporaryDirectory() as temp:
            shoot_size(out_dir, Path(temp), size)
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
