"""Screenshots of the window for docs/, on the in-memory fakes with a fixed clock.

Run under a real X server (Xvfb), so that what is saved is what a screen shows:

    Xvfb :99 -screen 0 1280x800x24 &
    DISPLAY=:99 QT_QPA_PLATFORM=xcb .venv/bin/python tests/screenshots.py [out_dir]
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QLineEdit, QListWidget, QPushButton, QTabBar, QWidget

from main import assemble_shop, game_uis
from pos.core.clock import FixedClock
from pos.errors import PosError
from pos.shop.services import Shop
from printing.profiles import dummy_printer
from ui.app import create_application
from ui.connection import ShopConnection
from ui.games import install as install_boards
from ui.main_window import MainWindow
from ui.tasks import TaskRunner

try:  # python -m tests.screenshots
    from tests.fakes import FakeStorage, PlainPinHasher
except ImportError:  # python tests/screenshots.py: the script's folder is on sys.path
    from fakes import FakeStorage, PlainPinHasher  # type: ignore[no-redef]

WINDOW_SIZE = (1280, 800)
# Every window of the screenshots lists the boards main.py lists, as ui.start gives them to the
# app's own (issue 36).
install_boards(game_uis())
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # 12:00 in Minsk, as in tests/conftest.py


def demo_shop() -> Shop:
    """The demo shop with a named organiser, a register serial and one locked-out cashier."""
    shop = assemble_shop(
        FakeStorage(),
        clock=FixedClock(NOW),
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=dummy_printer(),  # bets print into memory, not into the user's data folder
    )
    shop.seed_demo()
    shop.update_settings(
        shop_name="ООО «Фортуна Бет»",
        address="г. Минск, пр. Независимости, 58",
        licence_number="33000/0000123",
        register_serial="KSA-0042",
    )
    shop.create_user("olga", "5173", "cashier")
    for _ in range(5):
        with contextlib.suppress(PosError):
            shop.login("olga", "0000")
    return shop


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Process events until `condition()` holds.

    Raises:
        TimeoutError: it did not hold within `timeout` seconds.
    """
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the window did not reach the expected state")
        QApplication.processEvents()
        time.sleep(0.01)


def settle(seconds: float = 0.3) -> None:
    """Let pending paints and queued callbacks run."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)


def save(window: QWidget, path: Path) -> None:
    """Save what the window shows."""
    settle()
    if not window.grab().save(str(path)):
        raise OSError(f"could not write {path}")


def sign_in(window: MainWindow, login: str, pin: str) -> None:
    """Sign in through the sign-in page, as a cashier would."""
    users = window.findChild(QListWidget, "users")
    users.setCurrentRow([users.item(r).text() for r in range(users.count())].index(login))
    window.findChild(QLineEdit, "pin").setText(pin)
    window.findChild(QPushButton, "sign_in").click()
    wait_until(lambda: window.desk is not None)


def signed_in_window(
    shop: Shop, folder: Path, size: tuple[int, int], login: str = "boss", pin: str = "9911"
) -> tuple[MainWindow, TaskRunner]:
    """The window on `shop` at `size`, its state kept in `folder`, `login` signed in."""
    runner = TaskRunner()
    ui_state = QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    window.resize(*size)
    window.move(0, 0)
    window.show()
    users = window.findChild(QListWidget, "users")
    wait_until(lambda: users is not None and users.count() == 2)
    sign_in(window, login, pin)
    return window, runner


def at_each_size(
    out_dir: Path,
    shoot: Callable[[Path, Path, tuple[int, int]], object],
    sizes: tuple[tuple[int, int], ...],
) -> None:
    """`shoot(out_dir, folder, size)` at each of `sizes`, each in a folder of its own."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    for size in sizes:
        with tempfile.TemporaryDirectory() as temp:
            shoot(out_dir, Path(temp), size)
    app.processEvents()


def open_page(window: MainWindow, title: str) -> None:
    """Choose a navigation entry by its title."""
    navigation = window.findChild(QTabBar, "navigation")
    navigation.setCurrentIndex(window.page_titles().index(title))


def main(out_dir: Path) -> None:
    """Save login.png, main.png, settings.png and users.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    runner = TaskRunner()
    with tempfile.TemporaryDirectory() as state_dir:
        ui_state = QSettings(str(Path(state_dir) / "ui.ini"), QSettings.Format.IniFormat)
        window = MainWindow(ShopConnection.of(demo_shop()), runner, ui_state=ui_state)
        window.resize(*WINDOW_SIZE)
        window.show()
        users = window.findChild(QListWidget, "users")
        wait_until(lambda: users.count() == 3)
        window.findChild(QLineEdit, "pin").setText("99")
        save(window, out_dir / "login.png")

        sign_in(window, "boss", "9911")
        open_page(window, "Линия")
        wait_until(lambda: window.findChild(QWidget, "line").model().rowCount() == 10)
        save(window, out_dir / "main.png")

        open_page(window, "Пользователи")
        table = window.findChild(QWidget, "users_table")
        wait_until(lambda: table.rowCount() == 3)
        table.selectRow(2)  # olga, locked: the unlock button is ready
        save(window, out_dir / "users.png")

        open_page(window, "Настройки")
        wait_until(lambda: window.findChild(QLineEdit, "min_stake").text() != "")
        save(window, out_dir / "settings.png")
        window.close()
    runner.shutdown()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
