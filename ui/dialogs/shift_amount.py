"""The form the shift dialogs share: an amount (and a reason), one desk call, its answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from pos.errors import PosError
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.buttons import dialog_buttons

# What the subclass's desk call answers: a Shift, a ShiftClosing, a CashTransfer.
Answer = TypeVar("Answer")


class ShiftAmountDialog(QDialog, Generic[Answer]):
    """An amount field (and with `reason`, a reason field); Enter sends them as typed.

    Subclasses name the desk call in `_request` and take its answer in `_answered`; pos refuses
    a wrong amount or an empty reason with its own sentence, shown under the form, and the
    dialog stays open. Esc goes back, except while pos is answering.
    """

    def __init__(
        self,
        runner: TaskRunner,
        *,
        name: str,
        reason: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setMinimumWidth(520)
        self._runner = runner
        self._asking = False
        self._heading = QLabel()
        self._heading.setObjectName("shift_heading")
        self._heading.setProperty("heading", "2")
        self._note = QLabel()
        self._note.setProperty("muted", "true")
        self._note.setWordWrap(True)
        self._amount = QLineEdit()
        self._amount.setObjectName("shift_amount")
        self._amount.setPlaceholderText(self.tr("0,00"))
        self._reason = QLineEdit()
        self._reason.setObjectName("shift_reason")
        self._reason.setMaxLength(200)
        self._form = QFormLayout()
        self._form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self._form.addRow(self.tr("Сумма, руб."), self._amount)
        if reason:
            self._form.addRow(self.tr("Причина"), self._reason)
        else:
            self._reason.hide()
        self._message = MessageLabel()
        self._message.setObjectName("shift_dialog_message")
        buttons, self._back, self._primary = dialog_buttons(
            ("shift_back", self.tr("Отмена (Esc)")), ("shift_submit", "")
        )
        self._back.clicked.connect(self._on_back_clicked)
        self._primary.clicked.connect(self._on_primary_clicked)
        self._column = QVBoxLayout(self)
        self._column.setContentsMargins(20, 16, 20, 16)
        self._column.setSpacing(10)
        self._column.addWidget(self._heading)
        self._column.addWidget(self._note)
        self._column.addLayout(self._form)
        self._column.addWidget(self._message)
        self._column.addStretch(1)
        self._column.addLayout(buttons)
        self._amount.setFocus()

    def set_texts(self, *, title: str, heading: str, note: str, action: str) -> None:
        """The window title, the heading, the note under it and the main button's text."""
        self.setWindowTitle(title)
        self._heading.setText(heading)
        self._note.setText(note)
        self._primary.setText(action)

    def set_amount(self, text: str) -> None:
        """Put an amount into the field (tests, screenshots)."""
        self._amount.setText(text)

    def set_reason(self, text: str) -> None:
        """Put a reason into the field (tests type Cyrillic this way)."""
        self._reason.setText(text)

    def message_text(self) -> str:
        """The line under the form (tests)."""
        return self._message.text()

    def submit(self) -> None:
        """Send the amount (and reason) to pos in the background (Enter or the main button)."""
        if self._asking:
            return
        amount, reason = self._amount.text(), self._reason.text()
        self._ask(self._request(amount, reason))

    def reject(self) -> None:
        # Esc while pos answers would hide whether the money was recorded.
        if not self._asking:
            super().reject()

    # --- for the subclasses -------------------------------------------------------------

    def _request(self, amount: str, reason: str) -> Callable[[], Answer]:
        """The desk call to run on the worker thread: a bound desk method with its arguments,
        never holding the dialog (the worker must not drop the last reference to a widget)."""
        raise NotImplementedError

    def _answered(self, result: Answer) -> None:
        """Pos accepted: show or pass on its answer."""
        raise NotImplementedError

    def _ask(self, fn: Callable[[], Answer]) -> None:
        self._set_asking(True)
        self._message.show_progress(self.tr("Запись…"))
        self._runner.run(fn, on_success=self._succeeded, on_failure=self._failed, owner=self)

    def _succeeded(self, result: Answer) -> None:
        self._set_asking(False)
        self._message.clear_message()
        self._answered(result)

    def _failed(self, exc: PosError) -> None:
        self._set_asking(False)
        self._refused(exc)

    def _refused(self, exc: PosError) -> None:
        """Pos refused: say why under the form, for the cashier to correct."""
        self._message.show_error(exc)
        self._amount.setFocus()

    def _set_asking(self, asking: bool) -> None:
        self._asking = asking
        for widget in (self._amount, self._reason, self._back, self._primary):
            widget.setEnabled(not asking)

    # --- slots --------------------------------------------------------------------------

    def _on_primary_clicked(self) -> None:
        self.submit()

    def _on_back_clicked(self) -> None:
        self.reject()
