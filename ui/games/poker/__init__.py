"""Bet-on-Poker in the window (issue 36): its board, «Покер» at Alt+3, for every user."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP

from ui.games import GameUi

if TYPE_CHECKING:
    from pos.core.clock import Clock
    from pos.shop.desk import Desk
    from ui.games.poker.board import DrawsPage
    from ui.tasks import TaskRunner


def _board(desk: Desk, runner: TaskRunner, clock: Clock) -> DrawsPage:
    # The board and its rules load at the first sign-in, not before the window shows (issue 34).
    from ui.games.poker.board import DrawsPage  # noqa: PLC0415

    return DrawsPage(desk, runner, clock)


# Everyone sells the hands; entering the cards inside the page is the manager's (DRAWS).
# QT_TRANSLATE_NOOP marks the title for lupdate in the window's context; its stub says object.
UI = GameUi("poker", str(QT_TRANSLATE_NOOP("MainWindow", "Покер")), _board, slot=2)
