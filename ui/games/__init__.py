"""The games' boards in the window (issue 36): what a game's ui room declares, as a manifest."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import QWidget

from pos.errors import PosError

if TYPE_CHECKING:
    from pos.core.clock import Clock
    from pos.people.permissions import Permission
    from pos.shop.desk import Desk
    from ui.errors import MessageLabel
    from ui.tasks import TaskRunner

T = TypeVar("T")


class BoardPage(QWidget):
    """What the window asks of a game's board: a page (so a QWidget; a typing.Protocol cannot
    say that, hence a base class) that is read again when shown and whose picks go on the
    betting page's slip, whichever game it is.

    It also keeps what every board does alike: while shown, a ticker each second
    (`_on_ticker_timeout`) and, once asked (`_keep_fresh`), a reading every few seconds; one
    reading of the board at a time (`_read`); one manager's call at a time (`_manage`);
    refusals on `_message`.
    """

    pick_wanted = Signal(str)  # "1096013 P3", as typed on the betting page: added to the slip

    _runner: TaskRunner
    _message: MessageLabel
    _reading = False  # the board is being read
    _managing = False  # a manager's call is on its way
    _polling = False  # the reloader reads: not the user's work (ui.tasks.TaskRunner quiet)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ticker = QTimer(self)
        self._ticker.setInterval(1000)
        self._ticker.timeout.connect(self._on_ticker_timeout)
        self._reloader = QTimer(self)
        self._reloader.timeout.connect(self._on_reloader_timeout)
        self._refresh_ms = 0  # not read again by itself until `_keep_fresh`

    def refresh(self) -> None:
        """Read the board again (in the background): the window calls it when it is shown."""
        raise NotImplementedError

    def _on_ticker_timeout(self) -> None:
        """Each second while shown (a countdown)."""

    def _on_reloader_timeout(self) -> None:
        self._polling = True
        try:
            self.refresh()
        finally:
            self._polling = False

    def _keep_fresh(self, refresh_ms: int) -> None:
        """Read the board every `refresh_ms` while the page is shown."""
        self._refresh_ms = refresh_ms
        self._reloader.setInterval(refresh_ms)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._ticker.start()
        if self._refresh_ms:
            self._reloader.start()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt's name
        super().hideEvent(event)
        self._ticker.stop()
        self._reloader.stop()

    def _read(self, call: Callable[[], T], show: Callable[[T], None]) -> None:
        """Read the board in the background, once at a time (queued behind any other call)."""
        if self._reading or self._runner.closed:  # the reloader may fire as the window closes
            return
        self._reading = True

        def read(board: T) -> None:
            self._reading = False
            show(board)

        def refused(exc: PosError) -> None:
            self._reading = False
            self._message.show_error(exc)

        self._runner.run(call, on_success=read, on_failure=refused, owner=self, quiet=self._polling)

    def _manage(self, call: Callable[[], T], done: Callable[[T], None]) -> None:
        """A manager's call, one at a time (queued behind a reading of the board, if any)."""
        self._managing = True

        def succeeded(result: T) -> None:
            self._managing = False
            done(result)

        def failed(exc: PosError) -> None:
            self._managing = False
            self._message.show_error(exc)

        self._runner.run(call, on_success=succeeded, on_failure=failed, owner=self)


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
