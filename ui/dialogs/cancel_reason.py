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

from pos.errors import PosError
from ui.errors import MessageLabel
from ui.widgets.buttons import dialog_buttons


class CancelReasonDialog(QDialog):
    """A reason to pick or type; Enter emits `reason_given(text)`, Esc goes back.

    The reason is sent as typed and the dialog waits for pos: the caller closes it once the
    slip is cancelled, or shows the refusal inside it (`show_refusal`: an empty reason, a
    window that closed meanwhile), where the cashier types (issue 16).
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
        self._message = MessageLabel()
        self._message.setObjectName("cancel_message")
        self._message.setMinimumHeight(0)
        # The dialog grows to show a sentence whole; it was sized before there was one and
        # cut the empty reason's refusal at the bottom (issue 34).
        self._message.shown.connect(self._on_message_shown)
        self._asking = False

        buttons, self._back_button, self._cancel_button = dialog_buttons(
            ("cancel_back", self.tr("Назад (Esc)")),
            ("cancel_slip_confirm", self.tr("Отменить купон (Enter)")),
        )
        self._back_button.clicked.connect(self._on_back_clicked)
        self._cancel_button.clicked.connect(self._on_cancel_button_clicked)

        layout = self._layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(note)
        layout.addWidget(self._reason)
        layout.addWidget(self._message)
        layout.addLayout(buttons)
        self._reason.setFocus()

    def set_reason(self, text: str) -> None:
        """Put a reason into the field (tests type Cyrillic this way)."""
        self._reason.setEditText(text)

    def message_text(self) -> str:
        """The line under the reason (tests)."""
        return self._message.text()

    def submit(self) -> None:
        """Give the reason as typed; ignored while pos answers the one given before."""
        if self._asking:
            return
        self._set_asking(True)
        self._message.show_progress(self.tr("Отмена купона…"))
        self.reason_given.emit(self._reason.currentText())

    def show_refusal(self, exc: PosError) -> None:
        """pos refused: say why here; the cashier corrects the reason or goes back (Esc)."""
        self._set_asking(False)
        self._message.show_error(exc)
        self._reason.setFocus()

    def reject(self) -> None:
        # Esc while pos cancels would hide whether the stake is to be returned.
        if not self._asking:
            super().reject()

    def _set_asking(self, asking: bool) -> None:
        self._asking = asking
        for widget in (self._reason, self._back_button, self._cancel_button):
            widget.setEnabled(not asking)

    def _on_message_shown(self, _kind: str) -> None:
        layout = self._layout
        layout.activate()
        need = layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth() else 0
        if need > self.height():
            self.resize(self.width(), need)

    def _on_cancel_button_clicked(self) -> None:
        self.submit()

    def _on_back_clicked(self) -> None:
        self.reject()
