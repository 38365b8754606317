"""Buttons as the pages make them."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton


def action_button(name: str, text: str) -> QPushButton:
    """A push button found by `name` in tests, that Enter in a field never presses."""
    button = QPushButton(text)
    button.setObjectName(name)
    button.setAutoDefault(False)
    return button
