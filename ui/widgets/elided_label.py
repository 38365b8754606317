"""A one-line label that shortens its words with «…» to the width it is given (issue 16)."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

_MIN_CHARACTERS = 6  # what it shows at the least: «Enter…», «База:…»


class ElidedLabel(QLabel):
    """Words that may be cut short (a hint, a path), never an amount: those wrap instead.

    `text()` stays the whole text, and so does the tooltip while the words are cut.
    """

    def __init__(
        self,
        text: str = "",
        parent: QWidget | None = None,
        *,
        mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight,
    ) -> None:
        super().__init__(parent)
        self._mode = mode
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - QLabel's name
        """Show `text`, cut short to the width if it must be."""
        super().setText(text)
        self._update_tooltip()

    def elided_text(self) -> str:
        """The text as it is painted in the current width (tests)."""
        return self.fontMetrics().elidedText(self.text(), self._mode, self.contentsRect().width())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        margins = self.contentsMargins()
        width = self.fontMetrics().averageCharWidth() * _MIN_CHARACTERS
        height = super().minimumSizeHint().height()
        return QSize(width + margins.left() + margins.right(), height)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            self.contentsRect(),
            int(self.alignment()),
            self.palette(),
            self.isEnabled(),
            self.elided_text(),
            self.foregroundRole(),
        )
        painter.end()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._update_tooltip()

    def _update_tooltip(self) -> None:
        self.setToolTip(self.text() if self.elided_text() != self.text() else "")
