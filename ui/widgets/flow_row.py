"""A row of controls that goes on in a second line where the window is too narrow (issue 16)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QWidget

_Line = list[tuple[QWidget, int]]
_SIZED = Qt.WidgetAttribute.WA_Resized  # set once the widget has been given a size
_HIDDEN_ON_PURPOSE = Qt.WidgetAttribute.WA_WState_ExplicitShowHide


class FlowRow(QWidget):
    """Its widgets left to right at their preferred widths, wrapping where the width runs out.

    With `last_right` the last widget keeps to the right end of its line (a page's main
    button, as after a stretch in a QHBoxLayout); with `fill` the widgets of a line share its
    width and keep to its top (cards side by side). It is as narrow as its widest widget,
    and as high as its lines need at the width it has.

    A widget rather than a QLayout subclass: a Python layout holds its items' wrappers, which
    PySide can drop under it while Qt still uses them (seen as «Internal C++ object
    (QWidgetItem) already deleted» when a sibling widget was deleted).
    """

    def __init__(
        self,
        *widgets: QWidget,
        spacing: int = 8,
        last_right: bool = False,
        fill: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._widgets: list[QWidget] = []
        self._gap = spacing
        self._last_right = last_right
        self._fill = fill
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        for widget in widgets:
            self.add(widget)

    def add(self, widget: QWidget) -> None:
        """Put `widget` at the end of the row."""
        widget.setParent(self)
        if not (widget.isHidden() and widget.testAttribute(_HIDDEN_ON_PURPOSE)):
            widget.show()  # as a layout shows what is added to it, unless it was hidden
        widget.installEventFilter(self)
        self._widgets.append(widget)
        self._changed()

    def part(self, index: int) -> QWidget:
        """The widget at `index` in the row (a page hides one it does not need)."""
        return self._widgets[index]

    def remove(self, widget: QWidget) -> None:
        """Take `widget` out of the row (it stays this widget's child until reparented)."""
        if widget in self._widgets:
            widget.removeEventFilter(self)
            self._widgets.remove(widget)
            self._changed()

    def widgets(self) -> list[QWidget]:
        """The widgets of the row, in order."""
        return list(self._widgets)

    # --- sizes --------------------------------------------------------------------------

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return self._arrange(width, apply=False)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Everything in one line."""
        shown = self._shown()
        width = sum(widget.sizeHint().width() for widget in shown)
        width += self._gap * max(0, len(shown) - 1)
        height = max((widget.sizeHint().height() for widget in shown), default=0)
        return QSize(width, height)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """As narrow as the widest widget; as high as the lines need at the width it has now
        (all in one line before it has one), so that the window is never made too low."""
        width = max((_least(widget).width() for widget in self._shown()), default=0)
        now = self.width() if self.testAttribute(_SIZED) else self.sizeHint().width()
        return QSize(width, self.heightForWidth(max(width, now)))

    # --- arranging ----------------------------------------------------------------------

    def _shown(self) -> list[QWidget]:
        return [widget for widget in self._widgets if not widget.isHidden()]

    def _lines(self, width: int) -> list[_Line]:
        """The widgets of each line, each with its width."""
        lines: list[_Line] = [[]]
        used = 0
        for widget in self._shown():
            widget_width = max(min(widget.sizeHint().width(), width), _least(widget).width())
            if lines[-1] and used + self._gap + widget_width > width:
                lines.append([])
                used = 0
            used += (self._gap if lines[-1] else 0) + widget_width
            lines[-1].append((widget, widget_width))
        return [line for line in lines if line]

    def _filled(self, line: _Line, width: int) -> _Line:
        """The line's widgets widened alike to take the whole width."""
        spare = width - sum(widget_width for _widget, widget_width in line)
        spare -= self._gap * (len(line) - 1)
        share, rest = divmod(max(0, spare), len(line))
        return [
            (widget, widget_width + share + (1 if index < rest else 0))
            for index, (widget, widget_width) in enumerate(line)
        ]

    def _arrange(self, width: int, *, apply: bool) -> int:
        """Place the widgets in `width` (or only measure); returns the height they take."""
        shown = self._shown()
        top = 0
        for number, fitted in enumerate(self._lines(width)):
            top += self._gap if number else 0
            height = max(widget.sizeHint().height() for widget, _width in fitted)
            line = self._filled(fitted, width) if self._fill else fitted
            left = 0
            for widget, widget_width in line:
                if apply:
                    if self._last_right and widget is shown[-1]:
                        left = width - widget_width
                    widget_height = min(height, widget.sizeHint().height())
                    below = 0 if self._fill else (height - widget_height) // 2
                    corner = QPoint(left, top + below)
                    widget.setGeometry(QRect(corner, QSize(widget_width, widget_height)))
                left += widget_width + self._gap
            top += height
        return top

    def _changed(self) -> None:
        self.updateGeometry()
        self._arrange(self.width(), apply=True)

    # --- Qt overrides -------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._arrange(self.width(), apply=True)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # a widget's size hint changed
            self._changed()
        return super().event(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self._changed()
        return super().eventFilter(watched, event)


def _least(widget: QWidget) -> QSize:
    """The least room a widget takes: its minimum size, else its minimum size hint."""
    return widget.minimumSizeHint().expandedTo(widget.minimumSize())


def group(*widgets: QWidget, stretch_last: bool = False) -> QWidget:
    """Widgets that stay together on one line of a FlowRow (a label and its field)."""
    box = QWidget()
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(8)
    for widget in widgets:
        row.addWidget(widget)
    if stretch_last:
        row.setStretch(len(widgets) - 1, 1)
    return box
