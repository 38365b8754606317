"""How refusals reach the user: a calm inline line, or a message box (STYLE.md B3.6).

The text is always `str(exc)`: `pos/errors.py` words every refusal, the window adds nothing.
Message boxes go through `ask_message_box`, a module function that tests monkeypatch so that
no modal dialog is ever left open.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from pos.errors import DeviceOrStorageError, PosError

ERROR_COLOUR = "#b3261e"
SUCCESS_COLOUR = "#1b7f3b"
NEUTRAL_COLOUR = "#4b5563"
_WARNING_STYLE = (
    "font-weight: bold; background: #fdecea; border: 2px solid #b3261e; border-radius: 8px; "
    "padding: 8px 12px;"
)


def ask_message_box(parent: QWidget | None, icon: QMessageBox.Icon, text: str) -> None:
    """Show a modal message box with one OK button and wait until it is closed."""
    title = QCoreApplication.translate("errors", "Betshop POS")
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.exec()


def show_error(parent: QWidget | None, exc: PosError) -> None:
    """Show a refusal: information for a domain refusal, a warning for a device or storage one."""
    if isinstance(exc, DeviceOrStorageError):
        icon = QMessageBox.Icon.Warning
    else:
        icon = QMessageBox.Icon.Information
    ask_message_box(parent, icon, str(exc))


class MessageLabel(QLabel):
    """A non-modal line under a form: a refusal in red, a confirmation in green, or progress.

    Better at a counter than a popup: nothing to dismiss, and the cashier keeps typing.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setMinimumHeight(self.fontMetrics().lineSpacing() * 2)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.kind = ""

    def show_error(self, exc: PosError) -> None:
        """Show the refusal's own sentence in red."""
        self._show(str(exc), "error", ERROR_COLOUR)

    def show_warning(self, exc: PosError) -> None:
        """Show a sentence the cashier must not miss (done, but something is left to do)."""
        self._show(str(exc), "warning", ERROR_COLOUR, _WARNING_STYLE)

    def show_info(self, text: str) -> None:
        """Show a neutral answer, in grey."""
        self._show(text, "info", NEUTRAL_COLOUR)

    def show_success(self, text: str) -> None:
        """Show a confirmation in green."""
        self._show(text, "success", SUCCESS_COLOUR)

    def show_progress(self, text: str) -> None:
        """Show what is happening now, in grey."""
        self._show(text, "progress", NEUTRAL_COLOUR)

    def clear_message(self) -> None:
        """Remove the message."""
        self._show("", "", NEUTRAL_COLOUR)

    def _show(self, text: str, kind: str, colour: str, style: str = "") -> None:
        self.kind = kind
        self.setStyleSheet(f"color: {colour}; {style}")
        self.setText(text)
