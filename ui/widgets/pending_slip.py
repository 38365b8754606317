"""The slip sent to the printer before a crash and never confirmed: did it come out?"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from pos.money import format_money
from pos.slipnumbers import display_slip_number
from pos.slips import Slip
from ui.models.slip_model import kind_name

_STYLE = """
QFrame#pending_slip { background: #fff4e0; border: 2px solid #d97706; border-radius: 12px; }
QFrame#pending_slip QLabel { background: transparent; border: none; }
"""


class PendingSlipBlock(QFrame):
    """The question and its two answers; the page sends the answer to pos.

    "Да" emits `confirm_requested(number)`, "Нет" emits `void_requested(number)`.
    """

    confirm_requested = Signal(str)
    void_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pending_slip")
        self.setStyleSheet(_STYLE)
        self._number = ""
        self._build()

    def show_slip(self, slip: Slip, zone: ZoneInfo) -> None:
        """Ask about this slip."""
        self._number = slip.number
        sent = slip.issued_at.astimezone(zone).strftime("%H:%M:%S")
        self._question.setText(
            self.tr(
                "Купон № {number} отправлен на печать в {sent}, но не подтверждён. "
                "Вышел ли он из принтера?"
            ).format(number=display_slip_number(slip.number), sent=sent)
        )
        blocks = any(len(member) > 1 for member in slip.members)
        self._detail.setText(
            self.tr("{kind}, ставка {stake} руб., кассир {cashier}.").format(
                kind=kind_name(slip.kind, blocks=blocks),
                stake=format_money(slip.stake),
                cashier=slip.cashier,
            )
        )

    def question_text(self) -> str:
        """The question shown (tests)."""
        return self._question.text()

    def focus_answer(self) -> None:
        """Put the cursor on "Да" (Enter answers, Tab goes to "Нет")."""
        self._confirm.setFocus()

    def set_answerable(self, answerable: bool) -> None:
        """Enable the answers (not while a call is running)."""
        self._confirm.setEnabled(answerable)
        self._void.setEnabled(answerable)

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        heading = QLabel(self.tr("Незавершённая печать"))
        heading.setProperty("heading", "2")
        self._question = QLabel()
        self._question.setObjectName("pending_text")
        self._question.setProperty("heading", "2")
        self._question.setWordWrap(True)
        self._detail = QLabel()
        self._detail.setObjectName("pending_detail")
        self._detail.setWordWrap(True)
        advice = QLabel(
            self.tr(
                "Посмотрите в лоток принтера. Вышел — отдайте купон игроку и примите ставку. "
                "Не вышел — купон аннулируется: ставка не принята, деньги не берите."
            )
        )
        advice.setWordWrap(True)
        advice.setProperty("muted", "true")
        self._confirm = QPushButton(self.tr("Да, купон вышел — выдать"))
        self._confirm.setObjectName("confirm_pending")
        self._confirm.setProperty("primary", "true")
        self._confirm.clicked.connect(self._on_confirm_clicked)
        self._void = QPushButton(self.tr("Нет — аннулировать"))
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
        for widget in (heading, self._question, self._detail, advice):
            block.addWidget(widget)
        block.addLayout(buttons)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    # --- slots --------------------------------------------------------------------------

    def _on_confirm_clicked(self) -> None:
        self.confirm_requested.emit(self._number)

    def _on_void_clicked(self) -> None:
        self.void_requested.emit(self._number)
