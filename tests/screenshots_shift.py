"""Screenshots of the «Смена» card on the till page and of a shift's closing, for docs/.

Run under a real X server (Xvfb), so that what is saved is what a screen shows:

    xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_shift [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from pathlib import Path

import printing  # noqa: F401 - python-escpos's capability cache set up before escpos loads

# isort: split
from escpos.printer import Dummy
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QListWidget, QPushButton

try:  # python -m tests.screenshots_shift
    from tests.fakes import FakeStorage, PlainPinHasher
    from tests.screenshots import NOW, WINDOW_SIZE, open_page, save, sign_in, wait_until
    from tests.screenshots_betting import save_screen
    from tests.screenshots_till import morning
except ImportError:  # python tests/screenshots_shift.py: the script's folder is on sys.path
    from fakes import FakeStorage, PlainPinHasher  # type: ignore[no-redef]
    from screenshots import (  # type: ignore[no-redef]
        NOW,
        WINDOW_SIZE,
        open_page,
        save,
        sign_in,
        wait_until,
    )
    from screenshots_betting import save_screen  # type: ignore[no-redef]
    from screenshots_till import morning  # type: ignore[no-redef]

from main import assemble_shop
from pos.core.clock import FixedClock
from pos.people.permissions import Permission
from pos.shop.services import Shop
from ui.app import create_application
from ui.connection import ShopConnection
from ui.dialogs.shift_close import ShiftCloseDialog
from ui.main_window import MainWindow
from ui.pages.till import TillPage
from ui.tasks import TaskRunner


def shift_shop(jobs_dir: Path) -> Shop:
    """The demo shop at 09:00, its demo shift closed, anna's shift opened with a 500 float,
    a morning of slips, 200 put in from the safe and 100 taken out with the manager."""
    clock = FixedClock(NOW - timedelta(hours=3))
    shop = assemble_shop(
        FakeStorage(),
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=Dummy(profile="TM-T20II"),
        jobs_dir=jobs_dir,
    )
    shop.seed_demo()
    shop.update_settings(
        shop_name="ООО «Фортуна Бет»",
        address="г. Минск, пр. Независимости, 58",
        licence_number="33000/0000123",
        register_serial="KSA-0042",
    )
    anna = shop.login("anna", "4821")
    anna.close_shift(counted="0")  # the demo's own shift
    clock.advance(timedelta(minutes=4))
    anna.open_shift(cash="500")
    morning(anna, clock)  # 09:12 to 11:59
    anna.cash_in("200", "Размен из сейфа")
    clock.advance(timedelta(minutes=1))
    granted = anna.authorised_by("boss", "9911", Permission.CASH_OUT)
    granted.cash_out("100", "Сдача в сейф")
    clock.set(NOW)
    return shop


def main(out_dir: Path) -> None:
    """Save shift.png (the open shift's card) and shift_closed.png (the closing's result)."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    runner = TaskRunner()
    with tempfile.TemporaryDirectory() as temp:
        shop = shift_shop(Path(temp) / "prints")
        ui_state = QSettings(str(Path(temp) / "ui.ini"), QSettings.Format.IniFormat)
        window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
        window.resize(*WINDOW_SIZE)
        window.show()
        users = window.findChild(QListWidget, "users")
        wait_until(lambda: users.count() == 2)
        sign_in(window, "anna", "4821")
        open_page(window, "Касса")
        till = window.findChild(TillPage)
        wait_until(lambda: till.isVisible() and till.state is not None and not runner.busy)
        save(window, out_dir / "shift.png")

        till.shift_card.findChild(QPushButton, "close_shift").click()
        dialog = till.shift_card.dialog
        assert isinstance(dialog, ShiftCloseDialog)
        dialog.set_amount("635,50")  # 4,50 short of the 640,00 expected
        dialog.submit()
        wait_until(lambda: dialog.shift_closed and not runner.busy)
        save_screen(window, out_dir / "shift_closed.png")
        dialog.accept()
        window.close()
    runner.shutdown()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
