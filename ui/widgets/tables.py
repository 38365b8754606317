"""The look every read-only table shares, and what keeps a narrow window's tables readable."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFontMetrics, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

# The end of an item's line that is never cut short (an amount and its currency): the words
# before it are shortened with «…» instead (issue 16). See AmountKeepingDelegate.
KEPT_ROLE = Qt.ItemDataRole.UserRole + 100
_LINE_SEPARATOR = "\u2028"


def read_only_rows(table: QTableView, *, wrap: bool = False) -> QHeaderView:
    """Make `table` a read-only list of rows; returns its column header for the caller's sizes."""
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setAlternatingRowColors(True)
    table.setShowGrid(False)
    table.setWordWrap(wrap)
    table.verticalHeader().setVisible(False)
    columns = table.horizontalHeader()
    columns.setHighlightSections(False)
    columns.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    return columns


@dataclass(frozen=True)
class CountHeader:
    """A list page's header: a count on the left, "Обновить (F5)" on the right."""

    count: QLabel
    refresh: QPushButton
    layout: QHBoxLayout


def count_header(
    page: QWidget, count_name: str, refresh_name: str, on_refresh: Callable[[], None]
) -> CountHeader:
    """Build the header; F5 anywhere on `page` does what the button does."""
    count = QLabel()
    count.setObjectName(count_name)
    count.setProperty("heading", "2")
    refresh = QPushButton(QCoreApplication.translate("tables", "Обновить (F5)"))
    refresh.setObjectName(refresh_name)
    refresh.clicked.connect(on_refresh)
    QShortcut(QKeySequence(Qt.Key.Key_F5), page, on_refresh)
    layout = QHBoxLayout()
    layout.addWidget(count)
    layout.addStretch(1)
    layout.addWidget(refresh)
    return CountHeader(count, refresh, layout)


def keep_end(line: str, kept: str, metrics: QFontMetrics, width: int) -> str:
    """`line` fitted to `width` by shortening its words, never `kept`, the end it finishes with.

    «Система 2/3 · 4 500,00 руб.» becomes «Систе… · 4 500,00 руб.», never «Система 2/3 · 4 5…».
    """
    if not kept or not line.endswith(kept) or metrics.horizontalAdvance(line) <= width:
        return line
    words = line[: len(line) - len(kept)]
    room = width - metrics.horizontalAdvance(kept)
    return metrics.elidedText(words, Qt.TextElideMode.ElideRight, max(0, room)) + kept


class AmountKeepingDelegate(QStyledItemDelegate):
    """Paints each line of an item with its KEPT_ROLE end whole, the words before it elided."""

    def initStyleOption(  # noqa: N802 - Qt override
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        kept = index.data(KEPT_ROLE)
        if not isinstance(kept, str) or not option.text:
            return
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        text_rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, widget)
        # The style leaves this margin on each side of the text inside its rectangle.
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
        width = text_rect.width() - 2 * margin
        # displayText() has turned the item's line breaks into Unicode line separators.
        lines = option.text.replace("\n", _LINE_SEPARATOR).split(_LINE_SEPARATOR)
        option.text = _LINE_SEPARATOR.join(
            keep_end(line, kept, option.fontMetrics, width) for line in lines
        )


class StretchFloor(QObject):
    """Keeps a table's stretching column at least `width` wide (a match's teams): where the
    other columns leave it less, the table scrolls sideways instead (issue 16)."""

    def __init__(self, table: QTableView, column: int, width: int) -> None:
        super().__init__(table)
        self._table = table
        self._column = column
        self._width = width
        table.viewport().installEventFilter(self)
        table.horizontalHeader().sectionResized.connect(self._on_header_section_resized)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Resize:
            self._fit()
        return super().eventFilter(watched, event)

    def _fit(self) -> None:
        header = self._table.horizontalHeader()
        others = sum(
            header.sectionSize(column)
            for column in range(header.count())
            if column != self._column and not header.isSectionHidden(column)
        )
        squeezed = self._table.viewport().width() - others < self._width
        mode = QHeaderView.ResizeMode.Interactive if squeezed else QHeaderView.ResizeMode.Stretch
        if header.sectionResizeMode(self._column) != mode:
            header.setSectionResizeMode(self._column, mode)
        if squeezed and header.sectionSize(self._column) != self._width:
            header.resizeSection(self._column, self._width)

    def _on_header_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column != self._column:  # another column took or gave back room
            self._fit()


def share_out(room: int, shares: list[int], floors: list[int]) -> list[int]:
    """Column widths in proportion to `shares` filling `room`, none below its floor.

    A column under its floor gets it from the columns above theirs, in proportion to what
    they have to spare; if they have too little, every column is at least its floor and
    the total is wider than `room` (the table scrolls sideways).
    """
    total = sum(shares) or 1
    widths = [max(0, room * share // total) for share in shares]
    deficit = sum(max(0, floor - width) for width, floor in zip(widths, floors, strict=True))
    spare = [max(0, width - floor) for width, floor in zip(widths, floors, strict=True)]
    if deficit == 0:
        return widths
    if deficit >= sum(spare):
        return [max(width, floor) for width, floor in zip(widths, floors, strict=True)]
    given = sum(spare)
    return [
        floor if width <= floor else width - -(-deficit * extra // given)  # rounded up
        for width, floor, extra in zip(widths, floors, spare, strict=True)
    ]
