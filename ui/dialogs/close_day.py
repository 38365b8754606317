"""Asking before the Z report: it closes the cash register's fiscal day for good."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QMessageBox, QWidget


class CloseDayDialog(QMessageBox):
    """ "Закрыть смену" emits `close_confirmed`; "Отмена" (the default, and Esc) does nothing.

    Opened with `open()` (window-modal, no nested event loop), so tests click its buttons.
    """

    close_confirmed = Signal()

    def __init__(self, day_no: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("close_day")
        self.setIcon(QMessageBox.Icon.Question)
        self.setWindowTitle(self.tr("Z-отчёт"))
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(
            self.tr(
                "Z-отчёт закроет смену № {day} кассового аппарата. Чеки этой смены больше не "
                "добавить: следующий чек откроет новую смену.\n\n"
                "Закрыть смену и напечатать Z-отчёт?"
            ).format(day=day_no)
        )
        self._close = self.addButton(self.tr("Закрыть смену"), QMessageBox.ButtonRole.AcceptRole)
        self._close.setObjectName("confirm_z")
        cancel = self.addButton(self.tr("Отмена"), QMessageBox.ButtonRole.RejectRole)
        cancel.setObjectName("cancel_z")
        self.setDefaultButton(cancel)
        self.setEscapeButton(cancel)
        self.buttonClicked.connect(self._on_button_clicked)

    def _on_button_clicked(self, button: object) -> None:
        if button is self._close:
            self.close_confirmed.emit()
