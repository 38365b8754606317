"""Buttons as the pages make them."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QPushButton


def action_button(name: str, text: str) -> QPushButton:
    """A push button found by `name` in tests, that Enter in a field never presses."""
    button = QPushButton(text)
    button.setObjectName(name)
    button.setAutoDefault(False)
    return button


def primary_button(name: str, text: str) -> QPushButton:
    """`action_button` highlighted as the page's main action."""
    button = action_button(name, text)
    button.setProperty("primary", "true")
    return button


def dialog_buttons(
    back: tuple[str, str], primary: tuple[str, str], *, enter_presses: bool = True
) -> tuple[QHBoxLayout, QPushButton, QPushButton]:
    """A dialog's button row, right-aligned: back (never pressed by Enter), then the primary
    action, highlighted; `back` and `primary` are (object name, text).

    With `enter_presses` the primary button is the dialog's default, pressed by Enter.
    """
    back_button = action_button(*back)
    primary_button = QPushButton(primary[1])
    primary_button.setObjectName(primary[0])
    primary_button.setProperty("primary", "true")
    if enter_presses:
        primary_button.setDefault(True)
    else:
        primary_button.setAutoDefault(False)
    row = QHBoxLayout()
    row.addStretch(1)
    row.addWidget(back_button)
    row.addWidget(primary_button)
    return row, back_button, primary_button
