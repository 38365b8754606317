"""A tab bar drawn as a list down the window's side, its tabs under headings (issue 34)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QTabBar, QWidget

# The colours of the top bar's tabs (ui.app's style sheet), for the list beside the pages.
_TEXT = QColor("#d1d5db")
_HEADING = QColor("#9ca3af")
_HOVER = QColor("#374151")
_SELECTED = QColor("#f3f4f6")
_SELECTED_TEXT = QColor("#111827")
_PADDING = 14  # left and right of a name, and of a heading
# Twenty-two names and six headings within 700 pixels, «Выйти» under them (issues 34, 38).
_ROW_SPACE = 3  # above and below a name
_HEADING_SPACE = 6  # above a heading; less below it


class SideTabs(QTabBar):
    """The workspace's pages as a list down the side: the same QTabBar to the window (its
    index is the page's; Ctrl+Tab and Alt+digit work on it unchanged), each name whole on
    one line, a heading over the first page of each trade. Up and Down go along it.
    `set_side(False)` makes it an ordinary row of tabs again (a window too narrow for it).

    Qt draws a vertical tab bar's names turned on their side, so the tabs are painted here.
    """

    def __init__(
        self, titles: Sequence[str], headings: Sequence[str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self._hovered = -1
        self._side = False
        # The heading over each tab: only where the trade changes.
        self._headings = [
            heading if index == 0 or heading != headings[index - 1] else ""
            for index, heading in enumerate(headings)
        ]
        for title in titles:
            self.addTab(title)

    def set_side(self, side: bool) -> None:
        """Down the side (True) or across the top (False)."""
        self._side = side
        self.setShape(QTabBar.Shape.RoundedWest if side else QTabBar.Shape.RoundedNorth)
        self.setProperty("side", "true" if side else "false")
        if side:  # never what makes the window taller: the list takes the height it is given
            self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Ignored)
        else:
            self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.style().unpolish(self)
        self.style().polish(self)
        self.updateGeometry()
        self.update()

    def side_width(self) -> int:
        """How wide the list is down the side."""
        return max((self._row_width(i) for i in range(self.count())), default=0)

    def groups(self) -> list[tuple[str, list[str]]]:
        """The headings in order, each with the names of the tabs under it."""
        found: list[tuple[str, list[str]]] = []
        for index, heading in enumerate(self._headings):
            if heading:
                found.append((heading, []))
            found[-1][1].append(self.tabText(index))
        return found

    # --- Qt overrides -------------------------------------------------------------------

    def tabSizeHint(self, index: int) -> QSize:  # noqa: N802 - Qt override
        if not self._side:
            return super().tabSizeHint(index)
        return QSize(self.side_width(), self._row_height() + self._heading_height(index))

    def minimumTabSizeHint(self, index: int) -> QSize:  # noqa: N802 - Qt override
        if not self._side:
            return super().minimumTabSizeHint(index)
        return self.tabSizeHint(index)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        if not self._side:
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for index in range(self.count()):
            rect = self.tabRect(index)
            heading = self._heading_height(index)
            if heading:
                self._paint_heading(
                    painter, QRect(rect.x(), rect.y(), rect.width(), heading), index
                )
            self._paint_row(painter, rect.adjusted(0, heading, 0, 0), index)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        # A heading names a trade; only a page's own name opens it.
        if self._side and self._in_heading(event.position().toPoint().y()):
            event.ignore()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        point = event.position().toPoint()
        hovered = -1 if self._in_heading(point.y()) else self.tabAt(point)
        if hovered != self._hovered:
            self._hovered = hovered
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        self._hovered = -1
        self.update()
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        steps = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1}
        step = steps.get(Qt.Key(event.key())) if self._side else None
        if step is None or event.modifiers() != Qt.KeyboardModifier.NoModifier:
            super().keyPressEvent(event)
            return
        index = self.currentIndex() + step
        if 0 <= index < self.count():
            self.setCurrentIndex(index)

    # --- measures and painting ----------------------------------------------------------

    def _heading_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF() - 3, 7))
        font.setBold(True)
        return font

    def _row_width(self, index: int) -> int:
        text = self.fontMetrics().horizontalAdvance(self.tabText(index))
        heading = QFontMetrics(self._heading_font()).horizontalAdvance(self._headings[index])
        return max(text, heading) + 2 * _PADDING

    def _row_height(self) -> int:
        return self.fontMetrics().height() + 2 * _ROW_SPACE

    def _heading_height(self, index: int) -> int:
        if not self._headings[index]:
            return 0
        return QFontMetrics(self._heading_font()).height() + _HEADING_SPACE + _HEADING_SPACE // 3

    def _in_heading(self, y: int) -> bool:
        if not self._side:
            return False
        for index in range(self.count()):
            rect = self.tabRect(index)
            if rect.top() <= y < rect.top() + self._heading_height(index):
                return True
        return False

    def _paint_heading(self, painter: QPainter, rect: QRect, index: int) -> None:
        painter.setFont(self._heading_font())
        painter.setPen(_HEADING)
        text_rect = rect.adjusted(_PADDING, _HEADING_SPACE, -_PADDING, 0)
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignLeft, self._headings[index])

    def _paint_row(self, painter: QPainter, rect: QRect, index: int) -> None:
        selected = index == self.currentIndex()
        if selected or index == self._hovered:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(_SELECTED if selected else _HOVER)
            painter.drawRoundedRect(rect.adjusted(4, 1, 0, -1), 8, 8)
        painter.setFont(self.font())
        painter.setPen(_SELECTED_TEXT if selected else _TEXT)
        text_rect = rect.adjusted(_PADDING, 0, -_PADDING // 2, 0)
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(text_rect, align, self.tabText(index))
