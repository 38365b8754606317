"""Finding and clicking the widgets of a page, as a cashier would (the GUI tests share these)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QWidget
from pytestqt.qtbot import QtBot


def child(parent: QWidget, kind: type, name: str) -> QWidget:
    """The child widget of this kind and object name (the test fails if there is none)."""
    found = parent.findChild(kind, name)
    assert found is not None, name
    return found


def click(qtbot: QtBot, parent: QWidget, name: str) -> None:
    """Click a button once it is enabled (buttons wait while a call is running)."""
    target = child(parent, QPushButton, name)
    qtbot.waitUntil(target.isEnabled)
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)
