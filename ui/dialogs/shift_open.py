"""Opening the terminal's shift with the float counted in the drawer (issue #7)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from pos.shop.desk import Desk
from pos.till.shifts import Shift
from ui.dialogs.shift_amount import ShiftAmountDialog
from ui.tasks import TaskRunner


class ShiftOpenDialog(ShiftAmountDialog[Shift]):
    """The counted float; Enter opens the shift, emits `opened(Shift)` and closes."""

    opened = Signal(object)

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(runner, name="shift_open", parent=parent)
        self.set_texts(
            title=self.tr("Открытие смены"),
            heading=self.tr("Открыть смену"),
            note=self.tr(
                "Пересчитайте размен в кассе и введите сумму. Без открытой смены ставки, "
                "выплаты, внесения и изъятия не принимаются."
            ),
            action=self.tr("Открыть смену (Enter)"),
        )
        self._desk = desk

    def _request(self, amount: str, reason: str) -> Callable[[], Shift]:
        return partial(self._desk.open_shift, amount)

    def _answered(self, result: Shift) -> None:
        self.accept()
        self.opened.emit(result)
