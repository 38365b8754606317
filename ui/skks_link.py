"""The СККС link in the status bar and its background sender (issue 35): the outbox is sent off
the GUI thread, on a worker of its own, every few seconds while messages wait."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QStatusBar, QWidget

from pos.core.link_settings import connected
from pos.skks.link_words import NOT_CONNECTED, link_words
from ui.connection import ShopConnection
from ui.tasks import TaskRunner
from ui.widgets.elided_label import ElidedLabel

if TYPE_CHECKING:
    from pos.core.errors import PosError
    from pos.core.settings import ShopSettings
    from pos.skks.sending import Sent
    from pos.skks.use_cases import SkksStatus

log = logging.getLogger(__name__)

TICK_MS = 5_000  # how often the link is read, and the outbox sent while messages wait
AFTER_WORK_MS = 300  # the window's worker went idle: an operation may have queued a message
_LEAST = "СККС: 12 не…35 мин."  # what the status bar keeps room for at the least
_GAP = 12  # pixels between two of the status bar's widgets


class SkksLink(QObject):
    """Shows the link in `bar` («СККС не подключена», «СККС: на связи», what waits) and sends
    what waits every TICK_MS.

    It has its own worker, as DemoQuotes has: a sending waits for the controller up to
    `skks_timeout` seconds, and the window's worker (bets, payouts) must not wait behind it.
    One call at a time on that worker, so two sendings never overlap. `stop()` (the window's
    close) stops the timer and joins the worker. Nothing is read before the shop is open and
    its settings known (`apply_settings`); a shop without a controller is never asked.
    """

    def __init__(
        self, connection: ShopConnection, bar: QStatusBar, parent: QObject, window: TaskRunner
    ) -> None:
        super().__init__(parent)
        self._connection = connection
        self._runner = TaskRunner(self)
        self._connected = False
        # Cut in its middle rather than widening the window: the count and the age stay in
        # sight beside a manager's warnings at 1024 pixels (the tooltip has it whole).
        self.label = ElidedLabel(NOT_CONNECTED, mode=Qt.TextElideMode.ElideMiddle)
        self.label.setObjectName("status_skks")
        bar.addPermanentWidget(self.label)
        bar.installEventFilter(self)  # its width decides how much room the words claim
        self._fit_label()
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._on_timer_timeout)
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(AFTER_WORK_MS)
        self._soon.timeout.connect(self.refresh)
        # The window's worker done with an operation: it may have queued a message.
        window.busy_changed.connect(self._on_window_busy_changed)

    @property
    def busy(self) -> bool:
        """True while a reading or a sending is on its way."""
        return self._runner.busy

    @property
    def stopped(self) -> bool:
        """True once `stop` ran: the timer is off and the worker joined."""
        return self._runner.closed and not self.timer.isActive()

    def apply_settings(self, settings: ShopSettings) -> None:
        """The shop's settings as last loaded or saved: start or stop watching the link."""
        self._connected = connected(settings)
        if not self._connected:
            self._set_words(NOT_CONNECTED)
            self.timer.stop()
            return
        if not self.timer.isActive() and not self._runner.closed:
            self.timer.start()
        self.refresh()

    def refresh_soon(self) -> None:
        """Read the link again shortly (after an operation; several in a row read it once)."""
        if self._connected:
            self._soon.start()

    def refresh(self) -> None:
        """Read the link now, in the background, unless a call is already on its way."""
        if not self._connected or self._runner.closed or self._runner.busy:
            return
        connection = self._connection
        self._runner.run(
            lambda: connection.open().skks_status(),
            on_success=self._show,
            on_failure=self._not_read,
            owner=self,
        )

    def stop(self) -> None:
        """Stop reading and sending, and wait for a call on its way (the window closes)."""
        self.timer.stop()
        self._soon.stop()
        self._runner.shutdown()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        # Resized, or a neighbour shown or reworded (a manager's warning at sign-in).
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self._fit_label()
        return False

    # --- results -------------------------------------------------------------------------

    def _fit_label(self) -> None:
        """Claim room for the whole words where the bar has it beside the others (the
        database's path is cut first), for «СККС: 12 не…35 мин.» at the least."""
        bar = self.label.parentWidget()
        if bar is None:
            return
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        others = [
            widget
            for widget in bar.findChildren(QWidget, options=direct)
            if widget is not self.label and widget.isVisible()
        ]
        # A neighbour's own minimum counts (the register's warning claims its whole words).
        claimed = sum(max(w.minimumWidth(), w.minimumSizeHint().width()) + _GAP for w in others)
        room = bar.width() - claimed - _GAP
        whole = self.label.sizeHint().width()  # the words with the style's padding
        metrics = self.label.fontMetrics()
        padding = whole - metrics.horizontalAdvance(self.label.text())
        least = min(whole, padding + metrics.horizontalAdvance(_LEAST))  # short words whole
        self.label.setMinimumWidth(max(least, min(whole, room)))

    def _set_words(self, words: str) -> None:
        self.label.setText(words)
        self._fit_label()

    def _on_timer_timeout(self) -> None:
        self.refresh()

    def _on_window_busy_changed(self, busy: bool) -> None:
        if not busy:
            self.refresh_soon()

    def _show(self, status: SkksStatus) -> None:
        self._set_words(link_words(status, self._connection.clock.now()))
        if status.connected and status.unsent and not self._runner.closed:
            # What waits is sent at once; the next reading shows what is left.
            connection = self._connection
            self._runner.run(
                lambda: connection.open().skks_send(),
                on_success=self._sent,
                on_failure=self._not_sent,
                owner=self,
            )

    def _sent(self, sent: Sent) -> None:
        if sent.answers:
            log.info("СККС: %d registered, %d answered", sent.registered, len(sent.answers))
            self.refresh()

    def _not_sent(self, exc: PosError) -> None:
        # The runner logged it; the next tick tries again.
        log.info("СККС: the outbox not sent this time: %s", exc)

    def _not_read(self, exc: PosError) -> None:
        log.info("СККС: the link not read this time: %s", exc)
