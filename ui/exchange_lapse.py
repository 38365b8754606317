"""The lapse of «Спрэдбетэкс» offers at their event's start (issue 20, p.46), asked of pos every
30 seconds while a user is signed in at this window, whatever page is shown: nobody has to touch
an offer for its unaccepted part to lapse and its money to be freed."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from ui.tasks import TaskRunner

if TYPE_CHECKING:
    from pos.core.errors import PosError
    from pos.exchange.paris import Offer
    from pos.shop.desk import Desk

log = logging.getLogger(__name__)

LAPSE_MS = 30_000


class OfferLapses(QObject):
    """Calls `desk.lapse_offers()` on the worker every LAPSE_MS, from its making until its
    parent (the signed-in workspace) is gone.

    Quietly: what lapsed and a refusal are logged, never shown (the pages that show offers read
    them again by themselves); a call still on its way is not asked again on top of it. A bug
    goes to the crash handler as any other (ui.tasks), and then it asks no more: one crash
    dialog, not one every 30 seconds.
    """

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._asking = False
        self.timer = QTimer(self)
        self.timer.setInterval(LAPSE_MS)
        self.timer.timeout.connect(self._on_timer_timeout)
        self.timer.start()

    @property
    def asking(self) -> bool:
        """True while a call is on its way."""
        return self._asking

    def _lapsed(self, offers: list[Offer]) -> None:
        self._asking = False
        if offers:
            log.info("%d offers lapsed at their events' start", len(offers))

    def _refused(self, exc: PosError) -> None:
        # The runner has logged it (a storage failure as a WARNING); the next tick tries again.
        self._asking = False
        log.info("offers not lapsed this time: %s", exc)

    def _on_timer_timeout(self) -> None:
        if self._asking or self._runner.closed:
            return
        self._asking = True
        self._runner.run(
            self._desk.lapse_offers, on_success=self._lapsed, on_failure=self._refused,
            owner=self, quiet=True,
        )  # fmt: skip
