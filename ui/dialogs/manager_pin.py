"""A manager allows one action on a cashier's terminal with their PIN (issue #7)."""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCompleter,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from pos.errors import PosError
from pos.people.permissions import WORDS, Permission
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.buttons import dialog_buttons

_MAX_PIN_DIGITS = 8


class ManagerPinDialog(QDialog):
    """The manager's login and PIN; «Разрешить» (Enter) asks pos, «Отмена» (Esc) goes back.

    On success `granted(Desk)` is emitted with a desk that may do the one action once; the
    caller uses it for that one call and drops it. A refusal (wrong PIN, a cashier's PIN, a
    locked manager, or no PIN typed, which pos counts as no try) is shown under the form, the
    PIN field is cleared and the dialog stays open.
    """

    granted = Signal(object)

    def __init__(
        self,
        desk: Desk,
        runner: TaskRunner,
        permission: Permission,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("manager_pin")
        self.setWindowTitle(self.tr("Разрешение менеджера"))
        self._desk = desk
        self._runner = runner
        self._permission = permission
        self._asking = False
        self._build()
        self.setMinimumWidth(560)
        runner.run(
            desk.manager_logins,
            on_success=self._offer_logins,
            on_failure=self._message.show_error,
            owner=self,
        )

    def set_login(self, login: str) -> None:
        """Put a manager's login into the field (tests, screenshots)."""
        self._login.setText(login)

    def message_text(self) -> str:
        """The line under the form (tests)."""
        return self._message.text()

    def allow(self) -> None:
        """Check the manager's PIN in the background (Enter or «Разрешить»)."""
        if self._asking:
            return
        desk, permission = self._desk, self._permission
        login, pin = self._login.text(), self._pin.text()
        self._set_asking(True)
        self._message.show_progress(self.tr("Проверка PIN менеджера…"))
        self._runner.run(
            lambda: desk.authorised_by(login, pin, permission),
            on_success=self._allowed,
            on_failure=self._refused,
            owner=self,
        )

    def reject(self) -> None:
        # Esc while pos checks the PIN would hide the answer from the cashier.
        if not self._asking:
            super().reject()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        heading = QLabel(
            self.tr("Нужно разрешение менеджера: {action}").format(action=WORDS[self._permission])
        )
        heading.setObjectName("manager_heading")
        heading.setProperty("heading", "2")
        heading.setWordWrap(True)
        note = QLabel(self.tr("Менеджер вводит своё имя и PIN. Разрешение действует один раз."))
        note.setProperty("muted", "true")
        note.setWordWrap(True)
        self._login = QLineEdit()
        self._login.setObjectName("manager_login")
        self._login.setPlaceholderText(self.tr("имя менеджера"))
        self._pin = QLineEdit()
        self._pin.setObjectName("manager_pin_field")
        self._pin.setEchoMode(QLineEdit.EchoMode.Password)
        self._pin.setMaxLength(_MAX_PIN_DIGITS)
        self._pin.setValidator(
            QRegularExpressionValidator(QRegularExpression(f"[0-9]{{0,{_MAX_PIN_DIGITS}}}"))
        )
        self._pin.setPlaceholderText(self.tr("PIN"))
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        form.addRow(self.tr("Менеджер"), self._login)
        form.addRow(self.tr("PIN-код"), self._pin)
        self._message = MessageLabel()
        self._message.setObjectName("manager_message")
        buttons, self._back, self._allow = dialog_buttons(
            ("manager_cancel", self.tr("Отмена (Esc)")),
            ("manager_allow", self.tr("Разрешить (Enter)")),
        )
        self._back.clicked.connect(self._on_back_clicked)
        self._allow.clicked.connect(self._on_allow_clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(note)
        layout.addLayout(form)
        layout.addWidget(self._message)
        layout.addLayout(buttons)
        self._login.setFocus()

    # --- results ------------------------------------------------------------------------

    def _offer_logins(self, logins: list[str]) -> None:
        """Complete the managers' names as typed; with one manager, name them at once."""
        completer = QCompleter(logins, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._login.setCompleter(completer)
        if len(logins) == 1 and not self._login.text():
            self._login.setText(logins[0])
            self._pin.setFocus()

    def _allowed(self, granted: Desk) -> None:
        self._set_asking(False)
        self._message.clear_message()
        self.accept()
        self.granted.emit(granted)

    def _refused(self, exc: PosError) -> None:
        self._set_asking(False)
        self._pin.clear()
        self._message.show_error(exc)
        self._pin.setFocus()

    def _set_asking(self, asking: bool) -> None:
        self._asking = asking
        for widget in (self._login, self._pin, self._back, self._allow):
            widget.setEnabled(not asking)

    # --- slots --------------------------------------------------------------------------

    def _on_allow_clicked(self) -> None:
        self.allow()

    def _on_back_clicked(self) -> None:
        self.reject()
