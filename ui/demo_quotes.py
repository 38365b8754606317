"""Keeps the demo's «Спрэдбет» quotes fresh while the window runs (issue 34)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from pos.errors import PosError
from ui.connection import ShopConnection
from ui.tasks import TaskRunner

REFRESH_MS = 60_000  # a quote lasts 15 minutes by default; the demo moves it every minute


class DemoQuotes(QObject):
    """Asks the shop to quote the demo's assets afresh at start and every minute
    (`Shop.refresh_demo_quotes`); the shop quotes nothing on a real shop's database, and then
    the timer stops for good.

    It has its own worker, as another terminal would: the window's runner and the pages
    watching it are not made busy by it once a minute.
    """

    def __init__(
        self,
        connection: ShopConnection,
        parent: QObject | None = None,
        *,
        every_ms: int = REFRESH_MS,
    ) -> None:
        super().__init__(parent)
        self._connection = connection
        self._runner = TaskRunner(self)
        self._timer = QTimer(self)
        self._timer.setInterval(every_ms)
        self._timer.timeout.connect(self._refresh)

    @property
    def active(self) -> bool:
        """True while the quotes are being kept fresh."""
        return self._timer.isActive()

    def start(self) -> None:
        """Quote once now (opening the shop if the window has not yet), then every minute."""
        self._timer.start()
        QTimer.singleShot(0, self, self._refresh)

    def stop(self) -> None:
        """Stop, and wait for a quote being written (on application exit)."""
        self._timer.stop()
        self._runner.shutdown()

    def _refresh(self) -> None:
        if self._runner.closed or self._runner.busy:
            return
        connection = self._connection
        self._runner.run(
            lambda: connection.open().refresh_demo_quotes(),
            on_success=self._refreshed,
            on_failure=self._not_refreshed,
            owner=self,
        )

    def _refreshed(self, quoted: int) -> None:
        if quoted == 0:
            self._timer.stop()  # not a demo: nothing here is ever quoted by the window

    def _not_refreshed(self, _exc: PosError) -> None:
        # The runner logged it; the window's own pages say what is wrong with the database.
        # The next minute tries again.
        pass
