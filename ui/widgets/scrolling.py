"""A part of a page that scrolls up and down when the window is too low for it (issue 16)."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

_MIN_HEIGHT = 160  # a few fields in sight at the least
_FRAME_ALLOWANCE = 48  # a window's title bar and frame
# The area, its viewport and the content, not the scroll bar (a child of the area too).
_TRANSPARENT = (
    "QScrollArea#{name}, QScrollArea#{name} > QWidget#qt_scrollarea_viewport,"
    " QScrollArea#{name} > QWidget#qt_scrollarea_viewport > QWidget {{ background: transparent; }}"
)


class VerticalScroll(QScrollArea):
    """`content` as wide as the area and never narrower than its own minimum: no sideways
    scrolling, only up and down, on the background of the card it is in."""

    def __init__(self, content: QWidget, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setStyleSheet(_TRANSPARENT.format(name=name))
        self.setWidget(content)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        widget = self.widget()
        if widget is None:  # taken out with takeWidget(): an empty area's own hint
            return super().minimumSizeHint()
        content = widget.minimumSizeHint()
        return QSize(content.width() + self._bar_width(), min(content.height(), _MIN_HEIGHT))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        widget = self.widget()
        if widget is None:
            return super().sizeHint()
        content = widget.sizeHint()
        return QSize(content.width() + self._bar_width(), content.height())

    def _bar_width(self) -> int:
        return self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()


def as_high_as_fits(window: QWidget) -> None:
    """Give a dialog its preferred height where the screen has it (Qt's first size is at most
    two thirds of the screen), else the screen's: its VerticalScroll scrolls the rest."""
    screen = window.screen().availableGeometry()
    wanted = min(window.sizeHint().height(), screen.height() - _FRAME_ALLOWANCE)
    if wanted > window.height():
        window.resize(window.width(), wanted)
