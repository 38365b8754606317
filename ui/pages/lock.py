"""The lock screen: the workspace hidden after the idle time until the user's PIN is typed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRegularExpression, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from pos.core.errors import PosError
from pos.people.errors import UserLocked, UserLockedUntilUnlocked
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.buttons import dialog_buttons

if TYPE_CHECKING:
    from pos.shop.desk import Desk

_MAX_PIN_DIGITS = 8


class LockPage(QWidget):
    """Who is signed in, a PIN field, «Разблокировать» (Enter) and «Выйти».

    `lock(desk, who, minutes)` records the lock in the background; the right PIN emits
    `unlocked`. A user locked out by wrong PINs can only sign out (`sign_out_requested`).
    """

    unlocked = Signal()
    sign_out_requested = Signal()

    def __init__(self, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lock")
        self._runner = runner
        self._desk: Desk | None = None
        self._checking = False
        self._build()

    # --- public -------------------------------------------------------------------------

    def lock(self, desk: Desk, who: str, minutes: int) -> None:
        """Show the lock for `desk` (`who` names them) and record it in the background."""
        self._desk = desk
        self.setEnabled(True)
        self._who.setText(who)
        self._note.setText(
            self.tr("Никаких действий {minutes} мин. Введите свой PIN, чтобы продолжить.").format(
                minutes=minutes
            )
        )
        self._pin.clear()
        self._message.clear_message()
        self._set_refused_for_good(False)
        self._pin.setFocus()
        self._runner.run(desk.lock_screen, on_failure=self._message.show_error, owner=self)

    def release(self) -> None:
        """Forget the user (after the unlock or the sign-out); nothing to press until `lock`."""
        self._desk = None
        self.setEnabled(False)
        self._pin.clear()
        self._message.clear_message()

    def message_text(self) -> str:
        """The line under the PIN (tests)."""
        return self._message.text()

    def unlock(self) -> None:
        """Check the PIN in the background (Enter or «Разблокировать»)."""
        desk, pin = self._desk, self._pin.text()
        if desk is None or not pin or self._checking:
            return
        self._checking = True
        self._message.show_progress(self.tr("Проверка PIN…"))
        self._runner.run(
            lambda: desk.confirm_pin(pin),
            on_success=self._on_confirmed,
            on_failure=self._refused,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        heading = QLabel(self.tr("Окно заблокировано"))
        heading.setProperty("heading", "1")
        self._who = QLabel()
        self._who.setObjectName("lock_user")
        self._who.setProperty("heading", "2")
        self._note = QLabel()
        self._note.setProperty("muted", "true")
        self._note.setWordWrap(True)
        self._pin = QLineEdit()
        self._pin.setObjectName("lock_pin")
        self._pin.setStyleSheet("font-size: 22pt; min-height: 52px;")  # as the sign-in PIN
        self._pin.setEchoMode(QLineEdit.EchoMode.Password)
        self._pin.setMaxLength(_MAX_PIN_DIGITS)
        self._pin.setValidator(
            QRegularExpressionValidator(QRegularExpression(f"[0-9]{{0,{_MAX_PIN_DIGITS}}}"))
        )
        self._pin.setPlaceholderText(self.tr("Введите PIN"))
        self._pin.returnPressed.connect(self._on_pin_return_pressed)
        self._message = MessageLabel()
        self._message.setObjectName("lock_message")
        self._message.setMinimumHeight(self._message.fontMetrics().lineSpacing() * 3)
        buttons, self._sign_out, self._unlock = dialog_buttons(
            ("lock_sign_out", self.tr("Выйти (F12)")),
            ("unlock", self.tr("Разблокировать (Enter)")),
            enter_presses=False,
        )
        self._sign_out.clicked.connect(self._on_sign_out_clicked)
        self._unlock.clicked.connect(self._on_unlock_clicked)

        card = QFrame()
        card.setObjectName("card")
        card.setFixedWidth(560)
        # As high as its words need at its width: a long refusal under the PIN pushes the
        # buttons down instead of sliding under them (issue 34).
        card.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Minimum)
        column = QVBoxLayout(card)
        column.setContentsMargins(28, 24, 28, 24)
        column.setSpacing(10)
        for widget in (heading, self._who, self._note, self._pin, self._message):
            column.addWidget(widget)
        column.addLayout(buttons)
        # Centred by stretches in a row, not by alignment: the row asks the card's height
        # for its own width (Qt asks an aligned item for the page's width), so a long
        # message is given all its lines.
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(card)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(2)
        self.setFocusProxy(self._pin)

    # --- results ------------------------------------------------------------------------

    def _on_confirmed(self, _none: None) -> None:
        self._checking = False
        self.release()
        self.unlocked.emit()

    def _refused(self, exc: PosError) -> None:
        self._checking = False
        self._pin.clear()
        self._message.show_error(exc)
        # Five wrong PINs locked the user: only signing out is left (a manager unlocks).
        self._set_refused_for_good(isinstance(exc, UserLocked | UserLockedUntilUnlocked))
        self._pin.setFocus()

    def _set_refused_for_good(self, refused: bool) -> None:
        self._pin.setVisible(not refused)
        self._unlock.setVisible(not refused)

    # --- slots --------------------------------------------------------------------------

    def _on_pin_return_pressed(self) -> None:
        self.unlock()

    def _on_unlock_clicked(self) -> None:
        self.unlock()

    def _on_sign_out_clicked(self) -> None:
        self.sign_out_requested.emit()
