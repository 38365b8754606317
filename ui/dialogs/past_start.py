"""The line editor's question before it saves a start already past (issue 34)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from pos.line.errors import StartPassed
from ui.widgets.buttons import dialog_buttons


class PastStartDialog(QDialog):
    """Pos's warning, word for word; Enter saves the start as typed (accepted), Esc goes back
    to correct it (rejected). Opened with `open()` (no nested event loop)."""

    def __init__(self, warning: StartPassed, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("past_start")
        self.setWindowTitle(self.tr("Начало события уже прошло"))
        self.setMinimumWidth(640)
        heading = QLabel(self.tr("Начало события уже прошло"))
        heading.setProperty("heading", "2")
        words = QLabel(str(warning))
        words.setObjectName("past_start_words")
        words.setWordWrap(True)
        words.setTextFormat(Qt.TextFormat.PlainText)
        buttons, back, save = dialog_buttons(
            ("past_start_back", self.tr("Исправить время (Esc)")),
            ("past_start_save", self.tr("Сохранить (Enter)")),
        )
        back.clicked.connect(self.reject)
        save.clicked.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 18)
        layout.setSpacing(14)
        layout.addWidget(heading)
        layout.addWidget(words)
        layout.addLayout(buttons)
        save.setFocus()
