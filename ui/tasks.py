"""One background worker for service calls, with results delivered back on the GUI thread."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Qt, Signal

from pos.errors import DeviceOrStorageError, PosError
from ui import errors

log = logging.getLogger(__name__)

T = TypeVar("T")
FailureCallback = Callable[[PosError], None]
CrashCallback = Callable[[BaseException], None]


def _report_crash(exc: BaseException) -> None:
    # Looked up at call time, so the hook installed by ui.app.install_crash_handler
    # (or pytest-qt's capturing hook in tests) receives the bug.
    sys.excepthook(type(exc), exc, exc.__traceback__)


class _Callbacks:
    """The callbacks of one call, dropped if the widget they belong to is destroyed first."""

    def __init__(
        self,
        on_success: Callable[[Any], None] | None,
        on_failure: FailureCallback | None,
        owner: QObject | None,
        quiet: bool = False,
    ) -> None:
        self.on_success = on_success
        self.on_failure = on_failure
        self.quiet = quiet
        self.wanted = True
        self._owner = owner
        if owner is not None:
            owner.destroyed.connect(self._on_owner_destroyed)

    def release(self) -> None:
        """Forget the owner once the call has been answered."""
        if self._owner is not None and self.wanted:
            self._owner.destroyed.disconnect(self._on_owner_destroyed)
        self._owner = None

    def _on_owner_destroyed(self, _owner: object = None) -> None:
        # E.g. the workspace of a user who signed out: nobody is left to show the answer.
        self.wanted = False
        self._owner = None


class TaskRunner(QObject):
    """Runs service calls one at a time on a worker thread (Anki's taskman, STYLE.md B3.5).

    `run(fn, on_success=..., on_failure=..., owner=widget)` returns at once; when `fn`
    finishes, exactly one callback is called on the GUI thread: `on_success(result)`, or
    `on_failure(exc)` for a `PosError` (none if `owner` has been destroyed meanwhile). Any
    other exception is a bug and goes to the crash handler (logged, dialog), never silently
    swallowed. `busy_changed(True)` is emitted when work starts and `busy_changed(False)`
    when the last queued call has finished, before its callback runs.

    A `quiet` call (a timer's poll: the referrals waiting, the register, the boards) still
    runs in turn on the one worker but is not work the user started: it neither makes the
    runner `busy` nor disables the buttons, so a key pressed meanwhile is not taken for a
    second press of the same key and dropped.
    """

    busy_changed = Signal(bool)
    _finished = Signal(object)

    def __init__(
        self, parent: QObject | None = None, *, on_crash: CrashCallback | None = None
    ) -> None:
        super().__init__(parent)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pos-worker")
        self._on_crash = on_crash or _report_crash
        self._pending = 0
        self._closed = False
        # Queued: the worker thread emits, the slot runs in this object's (the GUI) thread.
        self._finished.connect(self._on_self_finished, Qt.ConnectionType.QueuedConnection)

    @property
    def closed(self) -> bool:
        """True once `shutdown` ran: nothing more may be queued."""
        return self._closed

    @property
    def busy(self) -> bool:
        """True while a call the user started (not a `quiet` one) is queued or running."""
        return self._pending > 0

    def run(
        self,
        fn: Callable[[], T],
        *,
        on_success: Callable[[T], None] | None = None,
        on_failure: FailureCallback | None = None,
        owner: QObject | None = None,
        quiet: bool = False,
    ) -> Future[T]:
        """Queue `fn` on the worker thread; see the class docstring for the callbacks.

        Raises:
            RuntimeError: the runner was shut down.
        """
        if self._closed:
            raise RuntimeError("TaskRunner is shut down")
        callbacks = _Callbacks(on_success, on_failure, owner, quiet)
        if not quiet:
            self._pending += 1
            if self._pending == 1:
                self.busy_changed.emit(True)
        future = self._executor.submit(fn)
        future.add_done_callback(lambda done: self._finished.emit((done, callbacks)))
        return future

    def shutdown(self) -> None:
        """Wait for the running call to finish and stop the worker (on application exit)."""
        self._closed = True
        self._executor.shutdown(wait=True, cancel_futures=True)

    def _on_self_finished(self, payload: tuple[Future[Any], _Callbacks]) -> None:
        future, callbacks = payload
        callbacks.release()
        if not callbacks.quiet:
            self._pending -= 1
            if self._pending == 0:
                self.busy_changed.emit(False)
        if future.cancelled():
            return
        exc = future.exception()
        if exc is None:
            if callbacks.wanted and callbacks.on_success is not None:
                callbacks.on_success(future.result())
        elif isinstance(exc, PosError):
            self._refused(exc, callbacks)
        else:
            self._on_crash(exc)

    @staticmethod
    def _refused(exc: PosError, callbacks: _Callbacks) -> None:
        # STYLE.md B3.6: the user can fix a domain refusal (INFO); the environment failing
        # is worth a WARNING in the log.
        if isinstance(exc, DeviceOrStorageError):
            log.warning("device or storage failed: %s", exc, exc_info=exc)
        else:
            log.info("refused: %s", exc)
        if not callbacks.wanted:
            return
        if callbacks.on_failure is not None:
            callbacks.on_failure(exc)
        else:
            errors.show_error(None, exc)
