"""The PySide6 window: thin pages over the pos service API."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from pos.services import Shop
from ui.app import GarbageCollector, create_application, install_crash_handler
from ui.main_window import MainWindow
from ui.tasks import TaskRunner


def run(shop: Shop, log_dir: Path, on_shown: Callable[[], None] | None = None) -> int:
    """Show the window for `shop` and run the event loop until it is closed.

    Args:
        shop: the services built by main.py.
        log_dir: the data folder for the rotating log `pos.log`.
        on_shown: called once, when the window is first shown (the startup benchmark).

    Returns:
        The application's exit code.
    """
    app = create_application(sys.argv)
    crash_handler = install_crash_handler(log_dir)
    collector = GarbageCollector()
    collector.start()
    runner = TaskRunner()
    window = MainWindow(shop, runner)
    if on_shown is not None:
        window.first_shown.connect(on_shown)
    window.show()
    try:
        return app.exec()
    finally:
        runner.shutdown()
        collector.stop()
        crash_handler.uninstall()


__all__ = ["run"]
