"""Screenshots of the till page, the printer settings and the print preview for docs/.

Run under a real X server (Xvfb), so that what is saved is what a screen shows:

    xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_till [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import printing  # noqa: F401 - python-escpos's capability cache set up before escpos loads

# isort: split
from escpos.printer import Dummy
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget, QPushButton, QScrollArea, QWidget

try:  # python -m tests.screenshots_till
    from tests.fakes import FakeStorage, PlainPinHasher
    from tests.screenshots import NOW, WINDOW_SIZE, save, sign_in, wait_until
    from tests.screenshots_betting import build_system, save_screen, workspace
except ImportError:  # python tests/screenshots_till.py: the script's folder is on sys.path
    from fakes import FakeStorage, PlainPinHasher  # type: ignore[no-redef]
    from screenshots import NOW, WINDOW_SIZE, save, sign_in, wait_until  # type: ignore[no-redef]
    from screenshots_betting import (  # type: ignore[no-redef]
        build_system,
        save_screen,
        workspace,
    )

from main import assemble_shop
from pos.betting import printing as slip_printing
from pos.core.clock import FixedClock
from pos.core.printers import make_printer_config
from pos.shop.desk import Desk
from pos.shop.services import Shop
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.cancellations import CancellationsPage
from ui.pages.line import LinePage
from ui.pages.settings import SettingsPage
from ui.pages.till import TillPage
from ui.tasks import TaskRunner


def till_shop(printer: object, jobs_dir: Path) -> Shop:
    """The demo shop with a named organiser and terminal К1's register KSA-0042."""
    shop = assemble_shop(
        FakeStorage(),
        clock=FixedClock(NOW),
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=printer,
        jobs_dir=jobs_dir,
    )
    shop.seed_demo()
    shop.update_settings(
        shop_name="ООО «Фортуна Бет»",
        address="г. Минск, пр. Независимости, 58",
        licence_number="33000/0000123",
        register_serial="KSA-0042",
    )
    return shop


def morning(desk: Desk, clock: FixedClock) -> None:
    """A few slips since the day opened at 09:12, one of them cancelled in its window."""
    clock.set(NOW - timedelta(hours=2, minutes=48))
    desk.accept_bet([(103, "1")], Decimal("15"))
    clock.advance(timedelta(minutes=40))
    wrong = desk.accept_bet([(101, "2"), (105, "O2.5")], Decimal("20"), "express")
    clock.advance(timedelta(minutes=1, seconds=30))
    desk.cancel_in_window(wrong.number, "Неверно указан исход")
    clock.advance(timedelta(hours=1, minutes=20))
    desk.accept_bet([(201, "1"), (202, "O5.5")], Decimal("25"), "express")
    clock.advance(timedelta(minutes=46, seconds=17))


def crash_while_printing(desk: Desk) -> None:
    """The power goes off between the print and its confirmation: the slip waits."""

    def power_cut(*_args: object, **_kwargs: object) -> None:
        raise SystemExit("power cut")

    confirm = slip_printing._confirm
    slip_printing._confirm = power_cut
    try:
        desk.accept_bet([(102, "1")], Decimal("10"))
    except SystemExit:
        pass
    finally:
        slip_printing._confirm = confirm


def till_screenshot(out_dir: Path, jobs_dir: Path, state_dir: str) -> None:
    """till.png: the sign-in after a crash goes to "Касса", where the waiting slip is asked;
    till_answered.png: its answer, said where the question stood."""
    shop = till_shop(Dummy(profile="TM-T20II"), jobs_dir)
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    anna = shop.login("anna", "4821")
    morning(anna, clock)
    crash_while_printing(anna)
    clock.advance(timedelta(minutes=2, seconds=5))
    window, runner = till_at_sign_in(shop, state_dir)
    save(window, out_dir / "till.png")
    till = window.findChild(TillPage)
    window.findChild(QWidget, "pending_slip").findChild(QPushButton, "confirm_pending").click()
    wait_until(lambda: till.message_text().startswith("Купон № "))
    wait_until(lambda: not runner.busy)
    save(window, out_dir / "till_answered.png")  # the answer stands where the question stood
    window.close()
    runner.shutdown()


def till_at_sign_in(
    shop: Shop, state_dir: str, size: tuple[int, int] = WINDOW_SIZE
) -> tuple[MainWindow, TaskRunner]:
    """anna signs in, and the till page comes forward with what waits for her answer."""
    runner = TaskRunner()
    ui_state = QSettings(str(Path(state_dir) / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    window.resize(*size)
    window.show()
    users = window.findChild(QListWidget, "users")
    wait_until(lambda: users.count() == 2)
    sign_in(window, "anna", "4821")
    till = window.findChild(TillPage)
    wait_until(lambda: till.isVisible() and till.state is not None)
    wait_until(lambda: not runner.busy)
    return window, runner


def printer_settings_screenshot(out_dir: Path, jobs_dir: Path) -> None:
    """printer_settings.png: a network slip printer and a fiscal printer on COM3."""
    shop = till_shop(Dummy(profile="TM-T20II"), jobs_dir)
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    boss = shop.login("boss", "9911")
    boss.update_printers(
        make_printer_config(kind="network", target="192.168.1.50:9100", cancel_chinese=True),
        make_printer_config(kind="serial", target="COM3", baudrate=115200, paper_mm=58),
    )
    runner = TaskRunner()
    page = SettingsPage(boss, runner)
    window, navigation = workspace(boss, clock, [("Настройки", page)])
    for label in window.statusBar().findChildren(QLabel):
        if label.text().endswith("Кассир"):
            label.setText("boss — Менеджер")
    window.move(0, 0)
    window.show()
    page.refresh()
    target = page.findChild(QLineEdit, "slip_target")
    wait_until(lambda: target.text() != "" and not runner.busy)
    page.printers.print_test_page(fiscal=False)
    wait_until(lambda: "Проверочная страница" in page.printers.message_text())
    scroll = page.findChild(QScrollArea, "settings_scroll")
    scroll.verticalScrollBar().setValue(page.printers.y() - 14)  # the printers at the top
    navigation.setFocus()
    save(window, out_dir / "printer_settings.png")
    window.close()
    runner.shutdown()


def preview_screenshot(out_dir: Path, jobs_dir: Path) -> None:
    """preview.png: no printer connected, so the slip just issued is shown beside the page."""
    shop = till_shop(None, jobs_dir)
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    anna = shop.login("anna", "4821")
    runner = TaskRunner()
    page = BettingPage(anna, runner, clock)
    pages: list[tuple[str, QWidget]] = [
        ("Ставки", page),
        ("Линия", LinePage(anna, runner)),
        ("Отмены", CancellationsPage(anna, runner)),
        ("Касса", TillPage(anna, runner)),
    ]
    window, _navigation = workspace(anna, clock, pages)
    window.move(0, 0)
    window.show()
    page.refresh()
    wait_until(lambda: not runner.busy)
    build_system(page)
    page.confirm()
    wait_until(lambda: page.confirm_dialog is not None)
    page.confirm_dialog.confirm()
    wait_until(page.preview_panel.isVisible)
    wait_until(lambda: not runner.busy)
    save_screen(window, out_dir / "preview.png")
    window.close()
    runner.shutdown()


def main(out_dir: Path) -> None:
    """Save till.png, printer_settings.png and preview.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        jobs_dir = Path(temp) / "prints"
        till_screenshot(out_dir, jobs_dir, temp)
        printer_settings_screenshot(out_dir, jobs_dir)
        preview_screenshot(out_dir, jobs_dir)
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
