"""Start the window: show it at once, open the shop behind it, run the event loop."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from pos.core.clock import Clock
from pos.core.terminal import RememberedSignIn
from pos.errors import PosError
from ui.app import GarbageCollector, create_application, install_crash_handler
from ui.connection import ShopConnection
from ui.fatal import show_fatal_error
from ui.main_window import MainWindow
from ui.single_instance import SingleInstance, bring_forward, refuse_second_start
from ui.tasks import TaskRunner

if TYPE_CHECKING:
    from pos.shop.services import Shop  # the window starts before the services are loaded
    from ui.games import GameUi

# The exit code when the database cannot be opened (main.Exit.STORAGE).
EXIT_STORAGE = 3


def run(
    open_shop: Callable[[], Shop],
    *,
    terminal: str,
    clock: Clock,
    log_dir: Path,
    boards: Sequence[GameUi],
    on_shown: Callable[[], None] | None = None,
    on_ready: Callable[[], None] | None = None,
    remembered: Callable[[], RememberedSignIn | None] = lambda: None,
    remember: Callable[[RememberedSignIn], None] = lambda _remembered: None,
) -> int:
    """Show the window at once, open the shop in the background, run the event loop.

    Args:
        open_shop: opens (and if need be migrates and seeds) the database; runs on the worker.
        terminal: this terminal's name, shown before the database answers.
        clock: the shop's clock, for the status bar.
        log_dir: the data folder for the rotating log `pos.log`.
        boards: the games' boards the window lists (main.game_uis(), issue 36).
        on_shown: called once, when the window is first shown (the startup benchmark).
        on_ready: called once, when the sign-in page first lists the users.
        remembered: the sign-in list the last start kept, listed while the database opens.
        remember: keeps the list the database gives for the next start.

    Returns:
        The application's exit code: 0, EXIT_STORAGE when the database could not be opened,
        or main.Exit.RUNNING when the window is already open on this computer.
    """
    app = create_application(sys.argv)
    instance = SingleInstance(log_dir)  # one window per terminal (issue 34)
    if not instance.claim():
        return refuse_second_start(instance, log_dir)
    crash_handler = install_crash_handler(log_dir)
    collector = GarbageCollector()
    collector.start()
    runner = TaskRunner()
    connection = ShopConnection(
        terminal, clock, open_shop, remembered=remembered, remember=remember
    )
    window = MainWindow(connection, runner, boards=boards)
    window.open_failed.connect(_give_up)
    instance.called.connect(partial(bring_forward, window))
    if on_shown is not None:
        window.first_shown.connect(on_shown)
    if on_ready is not None:
        window.first_ready.connect(on_ready)
    window.show()
    # Listening waits for the first paint (QtNetwork loads then): a second start meanwhile
    # finds the lock taken, and is refused without bringing this window forward.
    QTimer.singleShot(0, instance.listen)
    # Imported once the window is shown: nothing of it is needed for the first paint (issue 34).
    from ui.demo_quotes import DemoQuotes  # noqa: PLC0415

    demo_quotes = DemoQuotes(connection)  # quotes only on the demo's database (issue 34)
    demo_quotes.start()
    try:
        return app.exec()
    finally:
        demo_quotes.stop()
        runner.shutdown()
        collector.stop()
        crash_handler.uninstall()
        instance.release()


def _give_up(exc: PosError) -> None:
    """Nobody can work without the database: say why, then end with a non-zero code."""
    show_fatal_error(str(exc))
    QApplication.exit(EXIT_STORAGE)


__all__ = ["run"]
