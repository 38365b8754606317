"""A card of the «Спрэдбетэкс» page (issue 20): a title and a table of offers or paris; the row
chosen stays chosen as the page is read again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from ui.models.exchange_models import BoardModel, OffersModel, ParisModel
from ui.widgets.spread_assets import card_heading, page_table
from ui.widgets.tables import StretchFloor, read_only_rows

ExchangeModel = BoardModel | OffersModel | ParisModel
_EVENT_FLOOR = 190  # a match wraps down to this (its figures in sight at 1024), then it scrolls
# ui.app's style sheet pads a table's item 8 pixels each side, and the text keeps the style's
# focus margin from its rectangle: what a wrapped line really has (issue 20).
_ITEM_PADDING = 2 * 8


class _WrappingDelegate(QStyledItemDelegate):
    """Measures a wrapped item's height at the width its text really has: Qt measures it at
    the column's whole width, so a row came out a line short and its last line was cut to
    «…»."""

    def sizeHint(  # noqa: N802 - Qt override
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        narrower = QStyleOptionViewItem(option)
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
        narrower.rect.setWidth(max(1, option.rect.width() - _ITEM_PADDING - 2 * margin))
        return super().sizeHint(narrower, index)


class TableCard(QFrame):
    """`title` with `head` beside it (the board's search), then
    the table, at least `rows_in_sight` rows high and asking for `rows_wanted` (cards sharing
    a column of the page share what is beyond their least in proportion to what they ask).

    Every column is as wide as its words and figures (an amount is never cut short); on the
    board the event's and outcome's column takes the rest and wraps a long match (a narrow
    window scrolls sideways).
    """

    def __init__(
        self,
        name: str,
        title: str,
        model: ExchangeModel,
        rows_in_sight: int,
        *,
        head: QWidget | None = None,
        rows_wanted: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._number: str | None = None  # the row chosen: its offer's or pari's number
        self.model = model
        self.view = page_table(name)
        self.view.setModel(model)
        board = isinstance(model, BoardModel)
        columns = read_only_rows(self.view, wrap=board)
        columns.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        if board:
            columns.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
            rows = self.view.verticalHeader()
            rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            StretchFloor(self.view, 0, _EVENT_FLOOR)
            self.view.setItemDelegateForColumn(0, _WrappingDelegate(self.view))
        row = self.view.verticalHeader().defaultSectionSize()
        height = row * rows_in_sight + 2 * self.view.frameWidth() + columns.sizeHint().height()
        height += self.view.horizontalScrollBar().sizeHint().height()  # a narrow window's
        self.view.setMinimumHeight(height)
        self.view.selectionModel().currentRowChanged.connect(self._on_view_current_row_changed)
        self._heading = card_heading(title)
        self._more = None if rows_wanted is None else row * (rows_wanted - rows_in_sight)
        column = QVBoxLayout(self)
        column.setContentsMargins(12, 8, 12, 10)
        column.setSpacing(6)
        if head is None:
            column.addWidget(self._heading)
        else:  # in one line (a wrapping row's height-for-width would keep the board's room)
            line = QHBoxLayout()
            line.setSpacing(8)
            line.addWidget(self._heading)
            line.addWidget(head)
            line.addStretch(1)
            column.addLayout(line)
        column.addWidget(self.view, 1)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().sizeHint()
        if self._more is None:
            return hint
        return QSize(hint.width(), self.minimumSizeHint().height() + self._more)

    def set_title(self, text: str) -> None:
        self._heading.setText(text)

    def title(self) -> str:
        return self._heading.text()

    def shown(self) -> None:
        """The rows the model was just given are shown: the one chosen before stays chosen,
        else the first."""
        row = self.model.row_of(self._number) if self._number is not None else None
        if row is None and self.model.rowCount():
            row = 0
        if row is not None:
            self.view.selectRow(row)

    def rows(self) -> Sequence[Any]:
        return self.model.rows()

    def current(self) -> Any:
        """The offer or pari chosen (None: there are none)."""
        return self.model.row_at(self.view.currentIndex().row())

    def choose(self, number: str | None) -> None:
        """The row to choose when the rows are shown next (None: the first)."""
        self._number = number
        row = self.model.row_of(number) if number is not None else None
        if row is not None:
            self.view.selectRow(row)

    def step(self, rows: int) -> None:
        """Choose the row `rows` above (−) or below (+) the one chosen."""
        count = self.model.rowCount()
        if count:
            self.view.selectRow(max(0, min(count - 1, self.view.currentIndex().row() + rows)))

    def _on_view_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        row = self.model.row_at(current.row())
        if row is not None:
            self._number = row.number
