"""The player's account on the pages of accounts, «Спрэдбет» and «Спрэдбетэкс» (issues 19, 20):
the number typed or scanned, then the holder, the free and blocked money and a manager's block
with its reason."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from pos.accounts.numbers import display_account_number
from pos.accounts.use_cases import AccountView
from pos.core.money import format_roubles
from ui.errors import ERROR_COLOUR, MessageLabel
from ui.widgets.buttons import action_button

_NUMBER_STYLE = "QLineEdit#spread_account { font-size: 16pt; min-height: 44px; }"


class AccountCard(QFrame):
    """«Счёт №» and its field: Enter (a scanner ends the number with one) emits
    `load_requested(text)`; editing the number emits `edited()` (the account shown is then
    another's: the page drops it). ↑ and ↓ in the field emit `step_requested(±1)`, so that
    the row the page's next key acts on (the asset of the next bet, the offer to accept) is
    chosen without leaving the field. `hint` says so while no account is shown.
    """

    load_requested = Signal(str)
    edited = Signal()
    step_requested = Signal(int)

    def __init__(self, hint: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._hint = hint
        self.setStyleSheet(_NUMBER_STYLE)
        caption = QLabel(self.tr("Счёт №"))
        caption.setProperty("heading", "2")
        self._number = QLineEdit()
        self._number.setObjectName("spread_account")
        self._number.setPlaceholderText(self.tr("карта счёта или 11 цифр, Enter"))
        self._number.returnPressed.connect(self._on_number_return_pressed)
        self._number.textEdited.connect(self._on_number_text_edited)
        self._number.installEventFilter(self)
        caption.setBuddy(self._number)
        find = action_button("spread_find", self.tr("Найти"))
        find.setToolTip(self.tr("Enter"))
        find.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        find.clicked.connect(self._on_number_return_pressed)
        row = QHBoxLayout()
        row.addWidget(caption)
        row.addWidget(self._number, 1)
        row.addWidget(find)
        self._holder = QLabel()
        self._holder.setObjectName("spread_holder")
        self._holder.setProperty("heading", "2")
        self._holder.setWordWrap(True)
        self._balance = QLabel()
        self._balance.setObjectName("spread_balance")
        self._balance.setWordWrap(True)
        self._blocked = QLabel()
        self._blocked.setObjectName("spread_blocked")
        self._blocked.setWordWrap(True)
        self._blocked.setStyleSheet(f"color: {ERROR_COLOUR}; font-weight: bold;")
        self._blocked.hide()
        self.message = MessageLabel()
        self.message.setObjectName("spread_message")
        self.message.setMinimumHeight(0)
        self.message.collapse_when_empty()
        self.message.clear_when_edited(self._number)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.setSpacing(6)
        layout.addLayout(row)
        layout.addWidget(self._holder)
        layout.addWidget(self._balance)
        layout.addWidget(self._blocked)
        layout.addWidget(self.message)
        layout.addStretch(1)
        self._layout = layout
        self.show_account(None)

    def add_row(self, row: QWidget) -> None:
        """A row at the card's foot (the account's keys)."""
        self._layout.addWidget(row)

    @property
    def number_field(self) -> QLineEdit:
        """Where the number is typed or scanned."""
        return self._number

    def texts(self) -> dict[str, str]:
        """What the card says, by part (tests)."""
        return {
            "holder": self._holder.text(),
            "balance": self._balance.text(),
            "blocked": self._blocked.text() if self._blocked.isVisible() else "",
        }

    def focus_number(self) -> None:
        """The cursor back into the field, its text selected: the next scan replaces it."""
        self._number.setFocus()
        self._number.selectAll()

    def set_number(self, number: str) -> None:
        """Put an account's number into the field, as printed on its card."""
        self._number.setText(display_account_number(number))

    def show_account(self, view: AccountView | None) -> None:
        """The account's holder and balance (None: no account yet)."""
        if view is None:
            self._holder.setText(self.tr("Счёт не выбран"))
            self._balance.setText(self._hint)
            self._blocked.hide()
            return
        self._holder.setText(view.holder)  # the field shows the number
        self._balance.setText(
            self.tr("Свободно: {free}\nЗаблокировано под ставки: {blocked}").format(
                free=format_roubles(view.free), blocked=format_roubles(view.blocked)
            )
        )
        reason = view.blocked_reason
        self._blocked.setText(
            self.tr("Счёт заблокирован: {reason}").format(reason=reason) if reason else ""
        )
        self._blocked.setVisible(reason is not None)

    # --- keyboard -----------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self._number and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            steps = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1}
            if event.key() in steps and not event.modifiers():
                self.step_requested.emit(steps[Qt.Key(event.key())])
                return True
        return super().eventFilter(watched, event)

    # --- slots --------------------------------------------------------------------------

    def _on_number_return_pressed(self) -> None:
        self.load_requested.emit(self._number.text())

    def _on_number_text_edited(self, _text: str) -> None:
        self.edited.emit()
