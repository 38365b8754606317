"""The second step of entering a result: the result in words, read before it is recorded."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from pos.errors import PosError
from ui.errors import MessageLabel
from ui.widgets.buttons import dialog_buttons


class ConfirmResultDialog(QDialog):
    """The words pos made of the typed result; Enter records it, Esc goes back to the form.

    "Подтвердить" emits `confirmed`; the page records the result and closes the dialog, or
    calls `show_refusal` with pos's answer. Opened with `open()` (no nested event loop).
    """

    confirmed = Signal()

    def __init__(self, words: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("confirm_result")
        self.setWindowTitle(self.tr("Проверка результата"))
        self._recording = False
        self._build(words)
        self.setMinimumWidth(760)

    def words_text(self) -> str:
        """What the manager is asked to check (tests)."""
        return self._words.text()

    def message_text(self) -> str:
        """The line under the words (tests)."""
        return self._message.text()

    def confirm(self) -> None:
        """Record the result (Enter or the button); ignored while it is being recorded."""
        if self._recording:
            return
        self._recording = True
        self._set_buttons_enabled(False)
        self._message.show_progress(self.tr("Запись результата…"))
        self.confirmed.emit()

    def show_refusal(self, exc: PosError) -> None:
        """pos refused: say why; the manager goes back to the form with Esc."""
        self._recording = False
        self._message.show_error(exc)
        self._set_buttons_enabled(True)
        self._back_button.setFocus()

    def reject(self) -> None:
        # Esc while the result is being recorded would hide whether it was.
        if not self._recording:
            super().reject()

    # --- building -----------------------------------------------------------------------

    def _build(self, words: str) -> None:
        heading = QLabel(self.tr("Проверьте результат по протоколу перед записью"))
        heading.setProperty("heading", "2")
        self._words = QLabel(self.tr("Проверьте: {words}").format(words=words))
        self._words.setObjectName("result_words")
        self._words.setProperty("heading", "1")
        self._words.setWordWrap(True)
        self._words.setTextFormat(Qt.TextFormat.PlainText)
        self._words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        note = QLabel(
            self.tr(
                "Ставки рассчитываются по первому записанному результату (п.21): исправить "
                "его можно только с причиной, пока по событию ничего не выплачено."
            )
        )
        note.setProperty("muted", "true")
        note.setWordWrap(True)
        self._message = MessageLabel()
        self._message.setObjectName("confirm_result_message")
        self._message.setMinimumHeight(0)

        buttons, self._back_button, self._confirm_button = dialog_buttons(
            ("confirm_result_back", self.tr("Исправить ввод (Esc)")),
            ("confirm_result_record", self.tr("Подтвердить (Enter)")),
        )
        self._back_button.clicked.connect(self._on_back_button_clicked)
        self._confirm_button.clicked.connect(self._on_confirm_button_clicked)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 18)
        layout.setSpacing(14)
        layout.addWidget(heading)
        layout.addWidget(self._words)
        layout.addWidget(note)
        layout.addWidget(self._message)
        layout.addLayout(buttons)
        self._confirm_button.setFocus()

    def _set_buttons_enabled(self, enabled: bool) -> None:
        self._confirm_button.setEnabled(enabled)
        self._back_button.setEnabled(enabled)

    # --- slots --------------------------------------------------------------------------

    def _on_confirm_button_clicked(self) -> None:
        self.confirm()

    def _on_back_button_clicked(self) -> None:
        self.reject()
