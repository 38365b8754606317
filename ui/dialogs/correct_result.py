"""Correcting a mistyped result: the corrected fields and the reason, which the audit keeps."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from pos.errors import PosError
from pos.line.events import Event
from pos.settlement.results import Result, result_words
from ui.errors import MessageLabel
from ui.widgets.buttons import dialog_buttons
from ui.widgets.result_form import ResultForm


class CorrectResultDialog(QDialog):
    """The recorded result in editable fields and a reason; "Исправить" emits
    `correction_given(entry, reason)`, Esc goes back.

    The page asks pos and closes the dialog, or calls `show_refusal` (an empty reason, a paid
    slip on the event) and the manager fixes the fields or gives up.
    """

    correction_given = Signal(object, str)

    def __init__(
        self, event: Event, result: Result, zone: ZoneInfo, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("correct_result")
        self.setWindowTitle(self.tr("Исправление результата"))
        self._event = event
        self._busy = False
        self.form = ResultForm()
        self.form.set_zone(zone)
        self.form.show_result(event, result)
        self._build(event, result)
        self.setMinimumWidth(720)

    def set_reason(self, text: str) -> None:
        """Put a reason into the field (tests type Cyrillic this way)."""
        self._reason.setText(text)

    def message_text(self) -> str:
        """The line under the fields (tests)."""
        return self._message.text()

    def submit(self) -> None:
        """Give the corrected result and the reason as typed (pos checks both)."""
        if self._busy:
            return
        self._busy = True
        self._correct_button.setEnabled(False)
        self._message.show_progress(self.tr("Исправление результата…"))
        self.correction_given.emit(self.form.entry(self._event.code), self._reason.text())

    def show_refusal(self, exc: PosError) -> None:
        """pos refused the correction: say why and let the manager change the fields."""
        self._busy = False
        self._correct_button.setEnabled(True)
        self._message.show_error(exc)

    def reject(self) -> None:
        if not self._busy:
            super().reject()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        # A window takes its minimum height, in which the wrapped "Записано: …" is measured
        # narrower than it is shown: the fields below it would be squeezed.
        needed = self.heightForWidth(self.width())
        if needed > self.height():
            self.resize(self.width(), needed)

    # --- building -----------------------------------------------------------------------

    def _build(self, event: Event, result: Result) -> None:
        heading = QLabel(
            self.tr("Событие {code}: {home} — {away}").format(
                code=event.code, home=event.home, away=event.away
            )
        )
        heading.setProperty("heading", "2")
        heading.setWordWrap(True)
        recorded = QLabel(self.tr("Записано: {words}").format(words=result_words(result, event)))
        recorded.setWordWrap(True)
        recorded.setTextFormat(Qt.TextFormat.PlainText)
        recorded.setProperty("muted", "true")
        self._reason = QLineEdit()
        self._reason.setObjectName("correction_reason")
        self._reason.setPlaceholderText(self.tr("например: опечатка в счёте"))
        reason_label = QLabel(self.tr("&Причина исправления"))
        reason_label.setBuddy(self._reason)
        self._message = MessageLabel()
        self._message.setObjectName("correct_result_message")

        buttons, back, self._correct_button = dialog_buttons(
            ("correct_result_back", self.tr("Назад (Esc)")),
            ("correct_result_submit", self.tr("Исправить результат")),
            enter_presses=False,
        )
        back.clicked.connect(self._on_back_clicked)
        self._correct_button.clicked.connect(self._on_correct_button_clicked)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(recorded)
        layout.addWidget(self.form)
        layout.addWidget(reason_label)
        layout.addWidget(self._reason)
        layout.addWidget(self._message)
        layout.addLayout(buttons)
        self._reason.setFocus()

    # --- slots --------------------------------------------------------------------------

    def _on_correct_button_clicked(self) -> None:
        self.submit()

    def _on_back_clicked(self) -> None:
        self.reject()
