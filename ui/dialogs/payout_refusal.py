"""Asking once whether the player really refuses to show a document (p.13; issue 34)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from ui.widgets.buttons import dialog_buttons


class PayoutRefusalDialog(QDialog):
    """«Назад» is the default (Enter, Esc): a refusal recorded by mistake cannot be undone.

    «Записать отказ» (Tab to it, then Enter or Space) emits `confirmed` and closes the dialog;
    the page then asks pos to record the refusal.
    """

    confirmed = Signal()

    def __init__(self, slip_number: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("payout_refusal")
        self.setWindowTitle(self.tr("Отказ от выплаты"))
        heading = QLabel(self.tr("Игрок отказался показать документ?"))
        heading.setProperty("heading", "2")
        heading.setWordWrap(True)
        note = QLabel(
            self.tr(
                "Без документа по купону {number} ничего не выплачивается, и отказ записывается."
            ).format(number=slip_number)
        )
        note.setObjectName("refusal_note")
        note.setWordWrap(True)
        buttons, back, refuse = dialog_buttons(
            ("refusal_back", self.tr("Назад (Esc)")),
            ("refusal_confirm", self.tr("Записать отказ")),
            enter_presses=False,
        )
        # Enter goes back unless the cashier moved to «Записать отказ» on purpose.
        back.setDefault(True)
        refuse.setAutoDefault(True)
        refuse.setProperty("primary", "false")
        back.clicked.connect(self._on_back_clicked)
        refuse.clicked.connect(self._on_refuse_clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(note)
        layout.addLayout(buttons)
        self.setMinimumWidth(460)
        self._back: QPushButton = back
        back.setFocus()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self._back.setFocus()  # the dialog opens on the safe answer

    def _on_back_clicked(self) -> None:
        self.reject()

    def _on_refuse_clicked(self) -> None:
        self.confirmed.emit()
        self.accept()
