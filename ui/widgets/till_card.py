"""What the till page's cards share: a heading over a form, a message line that takes no room
while it is empty, a value's label, and how a till action's refusal is shown."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QFrame, QLabel

from pos.core.errors import DeviceOrStorageError, PosError
from pos.till.errors import ReceiptInDoubt, ReceiptsInDoubt
from ui.errors import MessageLabel

NO_VALUE = "—"


def card_form(card: QFrame, name: str, heading: str) -> QFormLayout:
    """Make `card` a card named `name`, with `heading` over the form returned."""
    card.setObjectName(name)
    card.setProperty("card", "true")
    form = QFormLayout(card)
    # A value too long for the narrowest window goes under its label, so that the two
    # cards stay side by side.
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    form.setContentsMargins(24, 18, 24, 20)
    form.setHorizontalSpacing(24)
    form.setVerticalSpacing(10)
    caption = QLabel(heading)
    caption.setProperty("heading", "2")
    form.addRow(caption)
    return form


def message_line(name: str) -> MessageLabel:
    """A card's line: it takes no room while it has nothing to say, so that the cards fit
    1024×700 (issue 16)."""
    line = MessageLabel()
    line.setObjectName(name)
    line.collapse_when_empty()
    return line


def value_label(name: str) -> QLabel:
    """A value the cashier may select and copy (a serial number, a receipt's)."""
    label = QLabel(NO_VALUE)
    label.setObjectName(name)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def show_refusal(line: MessageLabel, exc: PosError) -> bool:
    """Say why a till action was refused in `line`; True when receipts now wait for the
    cashier's answer, so that their questions come forward."""
    if isinstance(exc, DeviceOrStorageError):
        line.show_warning(exc)  # e.g. "не выдавайте деньги", "ответьте, вышел ли"
    else:
        line.show_error(exc)
    return isinstance(exc, ReceiptsInDoubt | ReceiptInDoubt)
