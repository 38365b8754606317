"""Cash in or out of the drawer by hand, with its reason (issue #7).

Cash out is a manager's right: a cashier's request is answered with the manager's PIN
dialog, and the desk it grants makes this one cash out.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QWidget

from pos.core.errors import NotPermitted, PosError
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from pos.till.errors import PrintFailed
from pos.till.shifts import CashTransfer, TransferKind
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.dialogs.shift_amount import ShiftAmountDialog
from ui.tasks import TaskRunner


class ShiftTransferDialog(ShiftAmountDialog[CashTransfer]):
    """Amount and reason; Enter records the transfer, emits `transferred(CashTransfer)` and
    closes. Recorded but not printed: emits `print_failed(PrintFailed)` and closes."""

    transferred = Signal(object)
    print_failed = Signal(object)

    def __init__(
        self, desk: Desk, runner: TaskRunner, kind: TransferKind, parent: QWidget | None = None
    ) -> None:
        inward = kind is TransferKind.CASH_IN
        super().__init__(
            runner,
            name="cash_in_dialog" if inward else "cash_out_dialog",
            reason=True,
            parent=parent,
        )
        self.set_texts(
            title=self.tr("Внесение") if inward else self.tr("Изъятие"),
            heading=self.tr("Внесение в кассу") if inward else self.tr("Изъятие из кассы"),
            note=(
                self.tr("Наличные, которые кладутся в кассу (размен из сейфа). ")
                if inward
                else self.tr("Наличные, которые забираются из кассы (в сейф, инкассация). ")
            )
            + self.tr("Причина печатается в документе и записывается в аудит."),
            action=self.tr("Внести (Enter)") if inward else self.tr("Изъять (Enter)"),
        )
        self._desk = desk
        self._kind = kind
        self.manager_dialog: ManagerPinDialog | None = None

    def _request(self, amount: str, reason: str) -> Callable[[], CashTransfer]:
        if self._kind is TransferKind.CASH_IN:
            return partial(self._desk.cash_in, amount, reason)
        return partial(self._desk.cash_out, amount, reason)

    def _answered(self, result: CashTransfer) -> None:
        self.accept()
        self.transferred.emit(result)

    def _refused(self, exc: PosError) -> None:
        if isinstance(exc, PrintFailed):
            self.accept()
            self.print_failed.emit(exc)
            return
        super()._refused(exc)
        if isinstance(exc, NotPermitted) and self._kind is TransferKind.CASH_OUT:
            self._ask_manager(self._amount.text(), self._reason.text())

    def _ask_manager(self, amount: str, reason: str) -> None:
        dialog = ManagerPinDialog(self._desk, self._runner, Permission.CASH_OUT, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # The granted desk makes this one cash out, then it is dropped.
        dialog.granted.connect(lambda granted: self._ask(partial(granted.cash_out, amount, reason)))
        dialog.finished.connect(self._on_manager_dialog_finished)
        self.manager_dialog = dialog
        dialog.open()

    def _on_manager_dialog_finished(self, _result: int) -> None:
        self.manager_dialog = None
