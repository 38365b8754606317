"""Screenshots of the «Условия» page (issue 37, p.6) at 1366×768 and 1024×700, for docs/.

The manager on the fit shop (tests/screenshots_fit.py), so the versions kept are listed beside
the text. Run under a real X server at least as large as the larger size:

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_conditions [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QListWidget

try:  # python -m tests.screenshots_conditions
    from tests.screenshots import save, sign_in, wait_until
    from tests.screenshots_fit import SIZES, fit_shop, open_page
except ImportError:  # python tests/screenshots_conditions.py
    from screenshots import save, sign_in, wait_until  # type: ignore[no-redef]
    from screenshots_fit import SIZES, fit_shop, open_page  # type: ignore[no-redef]

from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.conditions import ConditionsPage
from ui.tasks import TaskRunner


def shoot(out_dir: Path, folder: Path, size: tuple[int, int]) -> Path:
    """conditions-<width>.png: the manager's «Условия», the current version and the list."""
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
    open_page(window, runner, "Условия")
    page = window.findChild(ConditionsPage)
    wait_until(lambda: page.history.count() > 0)
    path = out_dir / f"conditions-{size[0]}.png"
    save(window, path)
    window.close()
    runner.shutdown()
    shop.close()
    return path


def main(out_dir: Path) -> None:
    """Save conditions-1366.png and conditions-1024.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        with tempfile.TemporaryDirectory() as temp:
            shoot(out_dir, Path(temp), size)
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
