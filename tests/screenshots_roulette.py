"""Screenshots of the roulette board (a manager's), for docs/: roulette.png at 1366×768 and
roulette-1024.png at 1024×700 (issue 36).

Run under a real X server (Xvfb):

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_roulette [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from pathlib import Path

import printing  # noqa: F401 - python-escpos's capability cache set up before escpos loads

# isort: split
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QListWidget

try:  # python -m tests.screenshots_roulette
    from tests.screenshots import demo_shop, open_page, save, sign_in, wait_until
except ImportError:  # python tests/screenshots_roulette.py: the script's folder is on sys.path
    from screenshots import (  # type: ignore[no-redef]
        demo_shop,
        open_page,
        save,
        sign_in,
        wait_until,
    )

from pos.core.clock import FixedClock
from pos.roulette.desk import RouletteDesk
from pos.shop.services import Shop
from ui.app import create_application
from ui.connection import ShopConnection
from ui.games.roulette.board import RoulettePage
from ui.main_window import MainWindow
from ui.tasks import TaskRunner

SIZES = {"roulette.png": (1366, 768), "roulette-1024.png": (1024, 700)}
# The numbers that came up in the draws before the one on sale (one draw cancelled).
SPINS = (17, 0, 32, 5, None, 26, 11, 19, 8, 36, 14)


def roulette_shop() -> Shop:
    """Eleven draws over, one of them cancelled; the twelfth on sale, 1:47 to its start."""
    shop = demo_shop()
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    boss, anna = RouletteDesk(shop.login("boss", "9911")), shop.login("anna", "4821")
    for came_up in SPINS:
        current = boss.draw_board().current
        anna.accept_bet([(current.code, "КР")], "5")
        clock.set(current.starts_at + timedelta(seconds=10))
        if came_up is None:
            boss.cancel_draw(current.code, "шарик вылетел из колеса")
        else:
            boss.record_spin(current.code, came_up)
    clock.set(boss.draw_board().current.starts_at - timedelta(seconds=107))
    return shop


def main(out_dir: Path) -> None:
    """Save the manager's board at the largest and the smallest screen."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    runner = TaskRunner()
    with tempfile.TemporaryDirectory() as temp:
        for name, size in SIZES.items():
            shop = roulette_shop()
            ui_state = QSettings(str(Path(temp) / f"{name}.ini"), QSettings.Format.IniFormat)
            window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
            window.resize(*size)
            window.show()
            users = window.findChild(QListWidget, "users")
            wait_until(lambda: users.count() >= 2)  # noqa: B023 - waited for at once
            sign_in(window, "boss", "9911")
            open_page(window, "Рулетка")
            page = window.findChild(RoulettePage)
            wait_until(lambda: page.board is not None and not runner.busy)  # noqa: B023
            save(window, out_dir / name)
            window.close()
    runner.shutdown()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
