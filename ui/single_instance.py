"""One window per terminal (issue 34): a lock in the data folder, and a way to call it forward."""

from __future__ import annotations

import logging
import sys
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtWidgets import QWidget

from pos.core.terminal import WindowAlreadyOpen
from ui.command_line import Exit
from ui.fatal import show_fatal_error

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalServer

log = logging.getLogger(__name__)

LOCK_NAME = "window.lock"
_ANSWER_MS = 1_000  # a running window answers at once; a hung one is not waited for


class SingleInstance(QObject):
    """The window's claim on this computer's data folder (this terminal).

    `claim()` takes the lock, or finds it held by a running window: then `call_forward()`
    asks that window to come to the front. The holder listens with `listen()` and emits
    `called` when a second start asks. The command line takes no lock: `create-user`,
    `unlock-user` and the others run while the window is open.
    """

    called = Signal()

    def __init__(self, data_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lock = QLockFile(str(data_dir / LOCK_NAME))
        self._lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
        # One name per data folder: two terminals' folders on one PC do not meet. (A CRC,
        # not a hash from hashlib, whose OpenSSL would load before the first paint.)
        self._name = f"betshop-pos-{zlib.crc32(str(data_dir.resolve()).encode()):08x}"
        self._server: QLocalServer | None = None

    def claim(self) -> bool:
        """Take the lock; False when a running window holds it (a crashed one's is taken)."""
        return self._lock.tryLock(0)

    def listen(self) -> None:
        """Answer a second start's call: `called` is emitted for each (after the first paint:
        QtNetwork is loaded here)."""
        from PySide6.QtNetwork import QLocalServer  # noqa: PLC0415

        QLocalServer.removeServer(self._name)  # left behind by a window that crashed
        self._server = QLocalServer(self)
        self._server.newConnection.connect(self._on_server_new_connection)
        if not self._server.listen(self._name):
            log.warning("a second start cannot call this window: %s", self._server.errorString())

    def call_forward(self) -> bool:
        """Ask the running window to come to the front; True when it answered."""
        from PySide6.QtNetwork import QLocalSocket  # noqa: PLC0415 - a second start only

        socket = QLocalSocket()
        socket.connectToServer(self._name)
        answered = socket.waitForConnected(_ANSWER_MS)
        socket.abort()
        return answered

    def release(self) -> None:
        """Stop listening and give the lock back (at the window's exit)."""
        if self._server is not None:
            self._server.close()
            self._server = None
        self._lock.unlock()

    def _on_server_new_connection(self) -> None:
        assert self._server is not None
        while (connection := self._server.nextPendingConnection()) is not None:
            connection.abort()
            connection.deleteLater()
            log.info("a second start was refused; this window is brought forward")
            self.called.emit()


def bring_forward(window: QWidget) -> None:
    """Show `window` in front, restored if it was minimised (a second start asked)."""
    if window.isMinimized():
        window.showNormal()
    window.raise_()
    window.activateWindow()


def refuse_second_start(instance: SingleInstance, data_dir: Path) -> int:
    """Call the running window forward, say why this start ends, and give its exit code."""
    refusal = WindowAlreadyOpen(str(data_dir), brought_forward=instance.call_forward())
    log.info("start-up refused: %s", refusal)  # the user's to fix: a calm message
    sys.stderr.write(f"{refusal}\n")
    show_fatal_error(str(refusal))
    return Exit.RUNNING
