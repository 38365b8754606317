"""Roulette in the window (issue 36): its board, «Рулетка», after the cashier's pages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP

from ui.games import GameUi

if TYPE_CHECKING:
    from pos.core.clock import Clock
    from pos.shop.desk import Desk
    from ui.games.roulette.board import RoulettePage
    from ui.tasks import TaskRunner


def _board(desk: Desk, runner: TaskRunner, clock: Clock) -> RoulettePage:
    # The board and its rules load at the first sign-in, not before the window shows (issue 34).
    from ui.games.roulette.board import RoulettePage  # noqa: PLC0415

    return RoulettePage(desk, runner, clock)


# Everyone sells from the table; entering the number inside the page is the manager's (DRAWS).
UI = GameUi("roulette", str(QT_TRANSLATE_NOOP("MainWindow", "Рулетка")), _board, None, slot=None)
