"""A page's form card: a framed form under its heading, with named fields (issue 37: the
offices', claims' and coupons' pages made the same three pieces each)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QFrame, QLabel, QLineEdit

# Left, top, right, bottom: the cards of the register pages («Претензии», «Купоны»).
MARGINS = (14, 8, 14, 10)


def form_card(
    caption: str, margins: tuple[int, int, int, int] = MARGINS
) -> tuple[QFrame, QFormLayout]:
    """A card (`QFrame#card`) holding a form whose first row is `caption` as a heading."""
    card = QFrame()
    card.setObjectName("card")
    form = QFormLayout(card)
    form.setContentsMargins(*margins)
    form.setVerticalSpacing(6)
    form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    title = QLabel(caption)
    title.setProperty("heading", "2")
    form.addRow(title)
    return card, form


def named_line(name: str, placeholder: str) -> QLineEdit:
    """A field tests find by `name`, showing `placeholder` while empty."""
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setPlaceholderText(placeholder)
    return edit
