"""The keys of the «Спрэдбет» page as buttons, each naming its key (issue 19): the buttons are
the page's key help, set beside what they act on, and a mouse or a finger can use them too."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QPushButton, QWidget

from ui.widgets.flow_row import FlowRow

# Smaller than a page's main buttons: many keys share a card with their table (1024×700).
_STYLE = "QPushButton { font-size: 10pt; min-height: 28px; padding: 1px 10px; }"


class KeyAction(NamedTuple):
    """One action of the page: its name (the button's object name), words and keys."""

    name: str
    text: str
    keys: tuple[QKeySequence, ...]


def key(*parts: Qt.Key | Qt.KeyboardModifier | Qt.Modifier) -> QKeySequence:
    """A key sequence from Qt's keys and modifiers: key(Qt.Modifier.CTRL, Qt.Key.Key_P)."""
    combined = 0
    for part in parts:
        combined |= part.value
    return QKeySequence(combined)


class PageKeys(QObject):
    """Makes the buttons of a page's actions in rows that wrap; each action's keys work
    anywhere on `page` while it is shown. `triggered(name)` follows a key or a click. The
    buttons take no keyboard focus: their keys are the keyboard's way to them."""

    triggered = Signal(str)

    def __init__(self, page: QWidget) -> None:
        super().__init__(page)
        self._page = page
        self._buttons: dict[str, QPushButton] = {}

    def row(self, actions: list[KeyAction], name: str) -> FlowRow:
        """The actions' buttons in a row of their own (`name`: its object name)."""
        row = FlowRow(spacing=4)
        row.setObjectName(name)
        row.setStyleSheet(_STYLE)
        for action in actions:
            row.add(self._button(action))
        return row

    def button(self, name: str) -> QPushButton:
        """The button of an action (tests)."""
        return self._buttons[name]

    def names(self) -> list[str]:
        """Every action with a button, in the order they were made."""
        return list(self._buttons)

    def _button(self, action: KeyAction) -> QPushButton:
        shown = action.keys[0].toString(QKeySequence.SequenceFormat.NativeText)
        button = QPushButton(f"{action.text} ({shown})")
        button.setObjectName(action.name)
        button.setAutoDefault(False)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(lambda _checked=False, name=action.name: self._fire(name))
        self._buttons[action.name] = button
        for sequence in action.keys:
            QShortcut(sequence, self._page, lambda name=action.name: self._fire(name))
        return button

    def _fire(self, name: str) -> None:
        self.triggered.emit(name)
