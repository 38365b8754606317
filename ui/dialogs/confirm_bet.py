"""The confirmation step: what will be printed, read out to the player before the slip is issued."""

from __future__ import annotations

import uuid
from decimal import Decimal

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from pos.betting.pricing import PricedBet
from pos.core.money import format_money
from pos.errors import PosError
from ui.errors import MessageLabel
from ui.models.slip_model import format_total_odds, kind_name, years
from ui.widgets.buttons import dialog_buttons
from ui.widgets.legs_table import LegsTable


class ConfirmBetDialog(QDialog):
    """Kind, legs with odds, stake and possible payout; Enter issues, Esc goes back; F6 goes
    to the account the stake is paid from (p.7, issue 37: typed or scanned; empty, cash).

    The dialog is opened with `open()` (window-modal, never a nested event loop). Its
    `request_key` is made once, when the dialog is built: however many times the cashier
    presses Enter, and even if the answer is lost and the issue is retried, pos issues at
    most one slip for this confirmation. The page closes the dialog once the slip is issued.
    """

    confirmed = Signal(str)

    def __init__(
        self,
        priced: PricedBet,
        *,
        agreed_in_play: bool = False,
        document_age: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("confirm_bet")
        self.setWindowTitle(self.tr("Подтверждение ставки"))
        self.priced = priced
        self.request_key = uuid.uuid4().hex
        self._issuing = False
        self._build(priced, agreed_in_play, document_age)
        self.setMinimumWidth(900)

    @property
    def issuing(self) -> bool:
        """True from the confirming Enter until pos answers."""
        return self._issuing

    def confirm(self) -> None:
        """Issue the slip (Enter or the button); ignored while the first request is under way."""
        if self._issuing:
            return
        self._issuing = True
        self._confirm_button.setEnabled(False)
        self._back_button.setEnabled(False)
        self._account.setReadOnly(True)
        self._message.show_progress(self.tr("Выдача купона…"))
        self.confirmed.emit(self.request_key)

    def show_refusal(self, exc: PosError) -> None:
        """pos refused: say why; Enter tries again with the same key, Esc goes back."""
        self._issuing = False
        self._message.show_error(exc)
        # A refusal of two or three lines (the СККС's, issue 35) makes the dialog taller
        # rather than squeezing the slip's rows above it.
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.resize(self.width(), max(self.height(), self.heightForWidth(self.width())))
        self._confirm_button.setEnabled(True)
        self._back_button.setEnabled(True)
        self._account.setReadOnly(False)
        self._confirm_button.setFocus()

    def account_number(self) -> str | None:
        """The account typed to pay the stake from (p.7); None: the stake is cash."""
        return self._account.text().strip() or None

    def message_text(self) -> str:
        """The line under the slip (tests)."""
        return self._message.text()

    def reject(self) -> None:
        # Esc while the slip is being issued would hide its outcome from the cashier.
        if not self._issuing:
            super().reject()

    # --- building -----------------------------------------------------------------------

    def _build(self, priced: PricedBet, agreed_in_play: bool, document_age: int | None) -> None:
        heading = QLabel(self.tr("Проверьте купон вместе с игроком"))
        heading.setProperty("heading", "2")
        legs = LegsTable()
        legs.setObjectName("confirm_legs")
        legs.set_members(priced.members)

        blocks = any(len(member) > 1 for member in priced.members)
        form = QFormLayout()
        form.setHorizontalSpacing(24)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        form.addRow(self.tr("Вид ставки"), self._value(kind_name(priced.kind, blocks=blocks)))
        form.addRow(self.tr("Ставка"), self._value(self._rub(priced.stake)))
        form.addRow(self.tr("Коэффициент"), self._value(format_total_odds(priced.total_odds)))
        payout = self._value(self._rub(priced.possible_payout))
        payout.setObjectName("confirm_payout")
        payout.setProperty("heading", "1")
        form.addRow(self.tr("Возможный выигрыш"), payout)
        if agreed_in_play:
            form.addRow(self.tr("В игре"), self._value(self.tr("согласовано с менеджером")))
        if document_age is not None:
            checked = self.tr("проверен, игроку {age}").format(age=years(document_age))
            form.addRow(self.tr("Документ"), self._value(checked))
        form.addRow(self.tr("Оплата со счёта (F6)"), self._build_account())

        self._message = MessageLabel()
        self._message.setObjectName("confirm_message")
        self._message.setMinimumHeight(0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(legs, 1)
        layout.addLayout(form)
        layout.addWidget(self._message)
        layout.addLayout(self._build_buttons())

    def _build_buttons(self) -> QHBoxLayout:
        buttons, self._back_button, self._confirm_button = dialog_buttons(
            ("confirm_back", self.tr("Назад (Esc)")),
            ("confirm_issue", self.tr("Выдать купон (Enter)")),
        )
        self._back_button.clicked.connect(self._on_back_button_clicked)
        self._confirm_button.clicked.connect(self._on_confirm_button_clicked)
        self._confirm_button.setFocus()
        return buttons

    def _build_account(self) -> QLineEdit:
        """The account the stake is paid from (p.7): no cash and no receipt; F6 reaches it and
        Enter in it issues the slip as on the button."""
        self._account = QLineEdit()
        self._account.setObjectName("confirm_account")
        self._account.setPlaceholderText(self.tr("номер счёта с карты; пусто — наличными"))
        self._account.setMaxLength(40)
        shortcut = QShortcut(QKeySequence(Qt.Key.Key_F6), self)
        shortcut.activated.connect(self._on_account_shortcut_activated)
        return self._account

    @staticmethod
    def _value(text: str) -> QLabel:
        label = QLabel(text)
        label.setProperty("heading", "2")
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def _rub(self, amount: Decimal) -> str:
        return self.tr("{amount} руб.").format(amount=format_money(amount))

    # --- slots --------------------------------------------------------------------------

    def _on_confirm_button_clicked(self) -> None:
        self.confirm()

    def _on_back_button_clicked(self) -> None:
        self.reject()

    def _on_account_shortcut_activated(self) -> None:
        self._account.setFocus()
        self._account.selectAll()
