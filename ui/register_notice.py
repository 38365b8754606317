"""The warning at a manager's sign-in that the register of restricted persons is stale or was
never loaded (issue 35), shown in the status bar as the shift's end is."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

from pos.people.permissions import Permission
from ui.errors import ERROR_COLOUR
from ui.tasks import TaskRunner

if TYPE_CHECKING:
    from pos.accounts.exclusions import RegisterStatus
    from pos.core.errors import PosError
    from pos.shop.desk import Desk

log = logging.getLogger(__name__)

ASK_MS = 60_000


class RegisterNotice(QObject):
    """Asks `desk.restricted_register()` once, at sign-in, for a user who loads the register,
    and shows its warning (pos words it) in `bar` until the workspace (`parent`) is gone."""

    def __init__(self, desk: Desk, runner: TaskRunner, bar: QStatusBar, parent: QWidget) -> None:
        super().__init__(parent)
        # One line (the whole sentence in its tooltip): the status bar never makes the window
        # taller (issue 16).
        self.label = QLabel()
        self.label.setObjectName("status_register")
        self.label.setStyleSheet(f"color: {ERROR_COLOUR}; font-weight: bold;")
        self.label.hide()
        bar.addWidget(self.label, 1)
        parent.destroyed.connect(self.label.deleteLater)  # signed out: the notice goes too
        self._desk, self._runner = desk, runner
        if desk.may(Permission.SELF_EXCLUSION):
            self._ask()
            # Asked again now and then: a register loaded (or gone stale) meanwhile shows.
            self.timer = QTimer(self)
            self.timer.setInterval(ASK_MS)
            self.timer.timeout.connect(self._on_timer_timeout)
            self.timer.start()

    def _ask(self, *, quiet: bool = False) -> None:
        self._runner.run(
            self._desk.restricted_register,
            on_success=self._show,
            on_failure=self._not_read,
            owner=self,
            quiet=quiet,
        )

    def _show(self, status: RegisterStatus) -> None:
        warning = status.warning()
        self.label.setText(warning or "")
        # A few words, shown whole: the database's path gives way to them.
        # Polished first: a label still hidden measures its words without the bold font and
        # they overflowed onto the СККС's beside them at 1024 pixels.
        self.label.ensurePolished()
        self.label.setMinimumWidth(self.label.sizeHint().width())
        self.label.setToolTip(status.words())
        self.label.setVisible(warning is not None)

    def _not_read(self, exc: PosError) -> None:
        # The runner logged a storage failure; the manager's page shows the register anyway.
        log.info("the register of restricted persons was not read at sign-in: %s", exc)

    def _on_timer_timeout(self) -> None:
        if not self._runner.closed and not self._runner.busy:
            self._ask(quiet=True)
