"""Noticing that nobody has touched the terminal for a while (issue #7: the idle lock)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QStackedWidget, QWidget

from ui.tasks import TaskRunner

if TYPE_CHECKING:
    from pos.shop.desk import Desk
    from ui.pages.lock import LockPage

_MS_PER_MINUTE = 60_000
# Keyboard, mouse and touch input: anything a person at the counter does.
_INPUT = frozenset(
    {
        QEvent.Type.KeyPress,
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.MouseMove,
        QEvent.Type.Wheel,
        QEvent.Type.TouchBegin,
        QEvent.Type.TouchUpdate,
    }
)


class IdleWatcher(QObject):
    """Emits `idle` once no input has reached the application for `interval_ms`.

    While watching it filters the application's events (every window, dialogs too), so any
    key or mouse input restarts the countdown; after `idle` it stops until `watch` again.
    """

    idle = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._watching = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_timer_timeout)

    @property
    def watching(self) -> bool:
        """True between `watch` and `stop` (or `idle`)."""
        return self._watching

    @property
    def interval_ms(self) -> int:
        """How long without input before `idle`."""
        return self._timer.interval()

    def set_interval(self, interval_ms: int) -> None:
        """Change the idle time; a countdown under way starts again with it."""
        self._timer.setInterval(interval_ms)
        if self._watching:
            self._start()

    def watch(self) -> None:
        """Start the countdown and restart it on every input."""
        app = QCoreApplication.instance()
        if not self._watching and app is not None:
            app.installEventFilter(self)
            self._watching = True
        self._start()

    def stop(self) -> None:
        """No more countdown (signed out, locked, window closing)."""
        self._timer.stop()
        app = QCoreApplication.instance()
        if self._watching and app is not None:
            app.removeEventFilter(self)
        self._watching = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() in _INPUT:
            self._start()
        return super().eventFilter(watched, event)

    def _start(self) -> None:
        if self._timer.interval() > 0:  # no idle time known yet: nothing to count down
            self._timer.start()

    def _on_timer_timeout(self) -> None:
        self.stop()
        self.idle.emit()


class ScreenLock(QObject):
    """The idle lock of a window's workspace: watches for input, then shows the lock page.

    The idle time is the shop's `idle_lock_minutes` (`set_idle_minutes`) unless
    `idle_lock_ms` overrides it (tests). `guard(desk, workspace, who)` starts watching once
    a user is signed in. When the idle
    time passes, the workspace and the dialogs opened from it (slips, players) are hidden
    behind the lock page; the right PIN brings them back as they were. «Выйти» on the lock
    page emits `sign_out_requested`; `release()` ends it all (signed out, window closing).
    """

    sign_out_requested = Signal()

    def __init__(
        self,
        stack: QStackedWidget,
        runner: TaskRunner,
        parent: QObject,
        *,
        idle_lock_ms: int | None = None,
    ) -> None:
        super().__init__(parent)
        self._stack, self._runner = stack, runner
        self._page: LockPage | None = None
        self._watcher = IdleWatcher(self)
        self._watcher.idle.connect(self._on_watcher_idle)
        self._desk: Desk | None = None
        self._workspace: QWidget | None = None
        self._who = ""
        self._minutes = 0  # the shop's setting, applied once the shop is open (before a sign-in)
        self._override_ms = idle_lock_ms
        self._watcher.set_interval(self.idle_lock_ms)
        self._hidden: list[QWidget] = []
        self._focus: QWidget | None = None

    @property
    def page(self) -> LockPage:
        """The lock page, made at the first lock: it is not needed for the first paint."""
        if self._page is None:
            from ui.pages.lock import LockPage  # noqa: PLC0415 - after the first paint

            self._page = LockPage(self._runner)
            self._page.unlocked.connect(self._on_page_unlocked)
            self._page.sign_out_requested.connect(self.sign_out_requested)
            self._stack.addWidget(self._page)
        return self._page

    @property
    def locked(self) -> bool:
        """True while the lock page hides the workspace."""
        return self._page is not None and self._stack.currentWidget() is self._page

    @property
    def idle_lock_ms(self) -> int:
        """The idle time before the lock, in milliseconds."""
        if self._override_ms is not None:
            return self._override_ms
        return self._minutes * _MS_PER_MINUTE

    @idle_lock_ms.setter
    def idle_lock_ms(self, value: int | None) -> None:
        self._override_ms = value
        self._watcher.set_interval(self.idle_lock_ms)

    def set_idle_minutes(self, minutes: int) -> None:
        """The shop's setting (at start, after settings are saved); a countdown restarts."""
        self._minutes = minutes
        self._watcher.set_interval(self.idle_lock_ms)

    def guard(self, desk: Desk, workspace: QWidget, who: str) -> None:
        """Start watching the signed-in user's workspace."""
        self._desk, self._workspace, self._who = desk, workspace, who
        self._watcher.watch()

    def release(self) -> None:
        """Stop watching and forget the user (signed out, window closing)."""
        self._watcher.stop()
        if self._page is not None:
            self._page.release()
        self._desk, self._workspace, self._hidden, self._focus = None, None, [], None

    def lock(self) -> None:
        """Hide the workspace and its dialogs behind the lock page (the idle time passed)."""
        desk, workspace = self._desk, self._workspace
        if desk is None or workspace is None:
            return
        self._watcher.stop()
        self._focus = QApplication.focusWidget()
        self._hidden = _open_windows_in(workspace)
        for window in self._hidden:
            window.hide()
        workspace.setEnabled(False)
        self._stack.setCurrentWidget(self.page)
        self.page.lock(desk, self._who, self._minutes)
        self.page.setFocus()

    def _unlock(self) -> None:
        workspace = self._workspace
        if workspace is None:
            return
        workspace.setEnabled(True)
        self._stack.setCurrentWidget(workspace)
        windows, self._hidden = self._hidden, []
        for window in windows:
            window.show()
        focus, self._focus = self._focus, None
        if focus is not None and (focus is workspace or _inside(focus, workspace)):
            focus.setFocus()  # e.g. the stake field the cashier was typing in
        self._watcher.watch()

    def _on_watcher_idle(self) -> None:
        self.lock()

    def _on_page_unlocked(self) -> None:
        self._unlock()


def _open_windows_in(workspace: QWidget) -> list[QWidget]:
    """The visible dialogs and windows whose parent chain leads to `workspace`."""
    return [
        window
        for window in QApplication.topLevelWidgets()
        if window.isVisible() and _inside(window, workspace)
    ]


def _inside(widget: QWidget, ancestor: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if parent is ancestor:
            return True
        parent = parent.parentWidget()
    return False
