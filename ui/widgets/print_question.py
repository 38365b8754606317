"""A print that broke or was cut short: did the paper come out? One question, two answers."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

_STYLE = """
QFrame[question="true"] { background: #fff4e0; border: 2px solid #d97706; border-radius: 12px; }
QFrame[question="true"] QLabel { background: transparent; border: none; }
"""


class PrintQuestion(QFrame):
    """The question, what it is about, the advice and the two answers; the owner sends the
    answer to pos.

    The first answer ("it came out") emits `answered(key, True)`, the second
    `answered(key, False)`; `key` is what `ask` was given (a slip or a receipt number).
    """

    answered = Signal(str, bool)

    def __init__(
        self, name: str, answers: tuple[str, str], advice: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setProperty("question", "true")
        self.setStyleSheet(_STYLE)
        self._key = ""
        self._build(answers, advice)

    @property
    def key(self) -> str:
        """What the question is about (the last `ask`)."""
        return self._key

    def ask(self, key: str, question: str, detail: str) -> None:
        """Ask about `key`: the question in large type, the facts under it."""
        self._key = key
        self._question.setText(question)
        self._detail.setText(detail)

    def question_text(self) -> str:
        """The question shown (tests)."""
        return self._question.text()

    def focus_answer(self) -> None:
        """Put the cursor on the first answer (Enter answers, Tab goes to the other)."""
        self._confirm.setFocus()

    def set_answerable(self, answerable: bool) -> None:
        """Enable the answers (not while a call is running)."""
        self._confirm.setEnabled(answerable)
        self._void.setEnabled(answerable)

    # --- building -----------------------------------------------------------------------

    def _build(self, answers: tuple[str, str], advice: str) -> None:
        heading = QLabel(self.tr("Незавершённая печать"))
        heading.setProperty("heading", "2")
        self._question = QLabel()
        self._question.setObjectName("pending_text")
        self._question.setProperty("heading", "2")
        self._question.setWordWrap(True)
        self._detail = QLabel()
        self._detail.setObjectName("pending_detail")
        self._detail.setWordWrap(True)
        hint = QLabel(advice)
        hint.setObjectName("pending_advice")
        hint.setWordWrap(True)
        hint.setProperty("muted", "true")
        self._confirm = QPushButton(answers[0])
        self._confirm.setObjectName("confirm_pending")
        self._confirm.setProperty("primary", "true")
        self._confirm.clicked.connect(self._on_confirm_clicked)
        self._void = QPushButton(answers[1])
        self._void.setObjectName("void_pending")
        self._void.clicked.connect(self._on_void_clicked)
        for button in (self._confirm, self._void):
            button.setAutoDefault(True)  # Enter on the focused answer presses it
        buttons = QHBoxLayout()
        buttons.addWidget(self._confirm)
        buttons.addWidget(self._void)
        buttons.addStretch(1)
        block = QVBoxLayout(self)
        block.setContentsMargins(24, 18, 24, 18)
        block.setSpacing(8)
        for widget in (heading, self._question, self._detail, hint):
            block.addWidget(widget)
        block.addLayout(buttons)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    # --- slots --------------------------------------------------------------------------

    def _on_confirm_clicked(self) -> None:
        self.answered.emit(self._key, True)

    def _on_void_clicked(self) -> None:
        self.answered.emit(self._key, False)
