"""The «Обязательства» page: the liability of each outcome, worst first (issue 38)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from pos.core.clock import Clock
from pos.shop.desk import Desk
from ui.tasks import TaskRunner


class LiabilityPage(QWidget):
    """Being built (issue 38)."""

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self))

    def refresh(self) -> None:
        """Read again when the page is shown."""
