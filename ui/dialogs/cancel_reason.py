"""Asking why a slip is cancelled within its 5-minute window (p.8); the reason is recorded."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from ui.widgets.buttons import dialog_buttons


class CancelReasonDialog(QDialog):
    """A reason to pick or type; Enter emits `reason_given(text)` and closes, Esc goes back.

    The reason is sent as typed: pos refuses an empty one with its own sentence.
    """

    reason_given = Signal(str)

    def __init__(self, slip_number: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cancel_reason")
        self.setWindowTitle(self.tr("Отмена купона"))
        heading = QLabel(self.tr("Отменить купон {number}?").format(number=slip_number))
        heading.setProperty("heading", "2")
        note = QLabel(self.tr("Ставка возвращается игроку. Укажите, что было заполнено неверно:"))
        note.setProperty("muted", "true")
        note.setWordWrap(True)
        self._reason = QComboBox()
        self._reason.setObjectName("reason")
        self._reason.setEditable(True)
        self._reason.addItems(
            [
                "",
                self.tr("Неверно указан исход"),
                self.tr("Неверно указано событие"),
                self.tr("Неверно указана сумма ставки"),
                self.tr("Неверно указан вид ставки"),
            ]
        )
        self._reason.setCurrentIndex(0)
        self._reason.setMinimumWidth(460)

        buttons, back, self._cancel_button = dialog_buttons(
            ("cancel_back", self.tr("Назад (Esc)")),
            ("cancel_slip_confirm", self.tr("Отменить купон (Enter)")),
        )
        back.clicked.connect(self._on_back_clicked)
        self._cancel_button.clicked.connect(self._on_cancel_button_clicked)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(note)
        layout.addWidget(self._reason)
        layout.addLayout(buttons)
        self._reason.setFocus()

    def set_reason(self, text: str) -> None:
        """Put a reason into the field (tests type Cyrillic this way)."""
        self._reason.setEditText(text)

    def submit(self) -> None:
        """Give the reason as typed and close."""
        reason = self._reason.currentText()
        self.accept()
        self.reason_given.emit(reason)

    def _on_cancel_button_clicked(self) -> None:
        self.submit()

    def _on_back_clicked(self) -> None:
        self.reject()
