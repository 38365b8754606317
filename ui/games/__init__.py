"""The games' boards in the window (issue 36): what a game's ui room declares, as a manifest."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from pos.core.clock import Clock
    from pos.people.permissions import Permission
    from pos.shop.desk import Desk
    from ui.tasks import TaskRunner


class BoardPage(QWidget):
    """What the window asks of a game's board: a page (so a QWidget; a typing.Protocol cannot
    say that, hence a base class) that is read again when shown and whose picks go on the
    betting page's slip, whichever game it is."""

    pick_wanted = Signal(str)  # "1096013 P3", as typed on the betting page: added to the slip

    def refresh(self) -> None:
        """Read the board again (in the background): the window calls it when it is shown."""
        raise NotImplementedError


@dataclass(frozen=True)
class GameUi:
    """A game's board as the window lists it (Odoo's manifest): the game's registry key (the
    board is listed only while the shop sells that game, pos.games), its tab's title (a source
    text in the MainWindow translation context), how the page is made, who may open it
    (None: every user, a cashier sells from it) and its place among the pages (None: after
    the cashier's last, so no other page's Alt key moves)."""

    game_key: str
    title: str
    factory: Callable[[Desk, TaskRunner, Clock], BoardPage]
    permission: Permission | None = None
    slot: int | None = None


_installed: tuple[GameUi, ...] = ()


def installed() -> tuple[GameUi, ...]:
    """The boards of a window given none (`MainWindow(boards=None)`): the tests' and the
    screenshots' windows, which install `main.game_uis()` as ui.start gives them to its own."""
    return _installed


def install(boards: Sequence[GameUi]) -> tuple[GameUi, ...]:
    """Make `boards` the installed ones; returns those before."""
    global _installed
    before, _installed = _installed, tuple(boards)
    return before


@contextmanager
def installing(boards: Sequence[GameUi]) -> Iterator[tuple[GameUi, ...]]:
    """`boards` installed for the `with` block, those before back after it (tests)."""
    before = install(boards)
    try:
        yield installed()
    finally:
        install(before)
