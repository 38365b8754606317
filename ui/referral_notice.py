"""The manager's notice that big stakes wait for a decision (issue 38): a flashing line in the
window's status bar on every page, and a beep when a new one comes."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QWidget

from pos.people.permissions import Permission
from pos.risk.referral_wording import waiting_notice
from ui.errors import ERROR_COLOUR
from ui.tasks import TaskRunner

if TYPE_CHECKING:
    from pos.core.errors import PosError
    from pos.shop.desk import Desk

log = logging.getLogger(__name__)

ASK_MS = 1000  # one cheap count a second (pos.risk.referral_board.waiting_count)
_FLASH = (f"color: white; background: {ERROR_COLOUR}; font-weight: bold; padding: 0 6px;",
          f"color: {ERROR_COLOUR}; font-weight: bold; padding: 0 6px;")  # fmt: skip


class ReferralNotice(QObject):
    """Asks `desk.waiting_referrals()` every second for a manager (Permission.RISK) and
    shows the count in the status bar of the window `page` is in, flashing; beeps when the
    count grows. The «Крупные ставки» page makes it: the window needs no line for it."""

    def __init__(self, desk: Desk, runner: TaskRunner, page: QWidget) -> None:
        super().__init__(page)
        self.label = QLabel()
        self.label.setObjectName("status_referrals")
        self.label.hide()
        page.destroyed.connect(self.label.deleteLater)  # signed out: the notice goes too
        self._desk, self._runner, self._page = desk, runner, page
        self.count = 0
        self._asking = False
        self._flash = 0
        self.timer = QTimer(self)
        self.timer.setInterval(ASK_MS)
        self.timer.timeout.connect(self._on_timer_timeout)
        if desk.may(Permission.RISK):
            self.timer.start()

    def ask(self) -> None:
        """Count the waiting referrals now (tests; the timer does it every second)."""
        if self._asking or self._runner.closed:
            return
        self._asking = True
        self._runner.run(
            self._desk.waiting_referrals, on_success=self._show, on_failure=self._not_read,
            owner=self, quiet=True,
        )  # fmt: skip

    def _show(self, count: int) -> None:
        self._asking = False
        self._attach()
        if count > self.count:
            QApplication.beep()  # a new referral: the manager may be on another page
        self.count = count
        self._flash += 1
        self.label.setText(waiting_notice(count) if count else "")
        self.label.setStyleSheet(_FLASH[self._flash % 2])
        self.label.ensurePolished()
        self.label.setMinimumWidth(self.label.sizeHint().width())
        self.label.setVisible(count > 0)

    def _attach(self) -> None:
        # Into the window's status bar once the page is in the window (after the sign-in).
        window = self._page.window()
        if self.label.parent() is None and isinstance(window, QMainWindow):
            window.statusBar().addWidget(self.label)

    def _not_read(self, exc: PosError) -> None:
        self._asking = False
        log.info("the referrals waiting were not counted: %s", exc)

    def _on_timer_timeout(self) -> None:
        if not self._runner.busy:
            self.ask()
