"""How refusals reach the user: a calm inline line, or a message box (STYLE.md B3.6).

The text is always `str(exc)`: `pos/errors.py` words every refusal, the window adds nothing.
Message boxes go through `ask_message_box`, a module function that tests monkeypatch so that
no modal dialog is ever left open.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QDateEdit, QLabel, QLineEdit, QMessageBox, QWidget

from pos.errors import DeviceOrStorageError, PosError

ERROR_COLOUR = "#b3261e"
SUCCESS_COLOUR = "#1b7f3b"
NEUTRAL_COLOUR = "#4b5563"
# The kinds that answer what the cashier did; a progress or a hint answers nothing yet.
OUTCOMES = frozenset({"error", "warning", "success"})
_ANSWERED_BY_EDITING = frozenset({"error", "success"})
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
    `shown(kind)` follows every change ("" when cleared), for a `MessageGroup`.
    """

    shown = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setMinimumHeight(self.fontMetrics().lineSpacing() * 2)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.kind = ""
        self._collapses = False

    def collapse_when_empty(self) -> None:
        """Take no room while there is nothing to say (a line inside a card, where an empty
        reserved line would push the next card off a small screen)."""
        self._collapses = True
        self.setVisible(bool(self.text()))

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

    def clear_unless_warning(self) -> None:
        """Remove the message, unless it is a warning the cashier must not miss (a receipt that
        did not print): that one stays until it is dealt with."""
        if self.kind != "warning":
            self.clear_message()

    def clear_when_edited(self, *fields: QLineEdit | QDateEdit) -> None:
        """Clear a refusal or a confirmation when the cashier edits one of these fields: the
        input it answered is gone. A warning stays until it is dealt with; a hint on what to
        type and a call's progress stay too.

        `textEdited`, not `textChanged`: the program filling or clearing a field (a zone read,
        a new slip) says nothing about the outcome (issue 16). A day field has no such signal:
        `dateChanged` it is, and the program fills one with its signals blocked
        (`ui.widgets.filters.set_period`).
        """
        for field in fields:
            if isinstance(field, QDateEdit):
                field.dateChanged.connect(self._on_field_edited)
            else:
                field.textEdited.connect(self._on_field_edited)

    def _on_field_edited(self, _value: object) -> None:
        if self.kind in _ANSWERED_BY_EDITING:
            self.clear_message()

    def _show(self, text: str, kind: str, colour: str, style: str = "") -> None:
        self.kind = kind
        self.setStyleSheet(f"color: {colour}; {style}")
        self.setText(text)
        if self._collapses:
            self.setVisible(bool(text))
        self.shown.emit(kind)


class MessageGroup(QObject):
    """The message lines of one workflow (a page's cards): each shows its latest outcome only.

    When one line shows an outcome (a refusal, a warning, a confirmation), every other line of
    the group is cleared, so an old refusal never stands beside a newer success (issue 16). A
    warning stays until it is dealt with (`MessageLabel.clear_unless_warning`). A *standing*
    line says a state rather than an outcome (the player's document checked): its outcome
    clears the others, theirs never clear it.
    """

    def __init__(self, parent: QObject, *labels: MessageLabel) -> None:
        super().__init__(parent)
        self._labels: list[MessageLabel] = []
        self._standing: list[MessageLabel] = []
        for label in labels:
            self.add(label)

    def add(self, label: MessageLabel, *, standing: bool = False) -> None:
        """Put this line in the group (standing: never cleared by the others)."""
        (self._standing if standing else self._labels).append(label)
        label.shown.connect(lambda kind: self._on_label_shown(label, kind))

    def clear(self) -> None:
        """Clear every line but the warnings and the standing ones."""
        for label in self._labels:
            label.clear_unless_warning()

    def _on_label_shown(self, shown: MessageLabel, kind: str) -> None:
        if kind not in OUTCOMES:
            return
        for label in self._labels:
            if label is not shown:
                label.clear_unless_warning()
