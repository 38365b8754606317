"""The results page's list: every event of the line with its result, started events first."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from pos.settlement.results import STATUS_WORDS, Result, ResultStatus
from pos.settlement.use_cases import ResultRow
from ui.widgets.tables import StretchFloor, read_only_rows

CODE, MATCH, START, RESULT, SOURCE, RECORDED_BY = range(6)
START_FORMAT = "%d.%m %H:%M"
_WAITING_COLOUR = QColor("#b3261e")
_ITEM_PADDING = 16  # left and right, as ui.app's style sheet pads every table item
_SOURCE_WIDTH = 140  # "протокол матча АБФФ" in two lines; the match takes the rest
_MATCH_FLOOR = 160


class _PaddedWrapDelegate(QStyledItemDelegate):
    """Measures wrapped text in the width it is painted in.

    The style sheet's item padding (`QTableView::item { padding: 4px 8px; }` in ui.app) is
    added to the height but not taken off the width that text wraps in, so a match that
    paints on three lines got a row for two and was cut with "…".
    """

    def sizeHint(  # noqa: N802 - Qt override
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        narrowed = QStyleOptionViewItem(option)
        narrowed.rect = option.rect.adjusted(0, 0, -_ITEM_PADDING, 0)
        return super().sizeHint(narrowed, index)


class ResultsTable(QTableWidget):
    """Code, match, published start, result, source, who recorded it (and «испр.» if corrected).

    An event that has started and has no result yet says «ждёт» in red; a status is named
    short here (its full words are the cell's tooltip, the card and the confirmation).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 6, parent)
        self.setObjectName("results")
        self._rows: list[ResultRow] = []
        self.setHorizontalHeaderLabels(
            [
                self.tr("Код"),
                self.tr("Матч"),
                self.tr("Начало"),
                self.tr("Результат"),
                self.tr("Источник"),
                self.tr("Записал"),
            ]
        )
        columns = read_only_rows(self, wrap=True)
        columns.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        columns.setSectionResizeMode(MATCH, QHeaderView.ResizeMode.Stretch)
        StretchFloor(self, MATCH, _MATCH_FLOOR)  # a narrow window scrolls, never «Ма…»
        columns.setSectionResizeMode(SOURCE, QHeaderView.ResizeMode.Fixed)
        columns.resizeSection(SOURCE, _SOURCE_WIDTH)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.setItemDelegate(_PaddedWrapDelegate(self))

    def set_rows(self, rows: list[ResultRow], zone: ZoneInfo, now: datetime) -> None:
        """Show `rows`, keeping the selected event selected (no selection signal meanwhile)."""
        selected = self.selected_row()
        self._rows = rows
        self.blockSignals(True)
        self.setRowCount(len(rows))
        for index, row in enumerate(rows):
            for column, text in enumerate(self._cells(row, zone, now)):
                item = QTableWidgetItem(text)
                if column == RESULT and row.result is None:
                    item.setForeground(_WAITING_COLOUR)
                elif column == RESULT and row.result is not None:
                    item.setToolTip(STATUS_WORDS[row.result.status])
                self.setItem(index, column, item)
        self.blockSignals(False)
        if selected is None or not self.select_code(selected.event.code):
            self.clearSelection()

    def selected_row(self) -> ResultRow | None:
        """The selected event and its result."""
        rows = self.selectionModel().selectedRows()
        return self._rows[rows[0].row()] if rows else None

    def select_code(self, code: int) -> bool:
        """Select event `code`; False when it is not in the list."""
        for index, row in enumerate(self._rows):
            if row.event.code == code:
                self.selectRow(index)
                return True
        return False

    def texts(self) -> list[list[str]]:
        """The texts of every row (tests)."""
        return [
            [_text(self.item(r, c)) for c in range(self.columnCount())]
            for r in range(self.rowCount())
        ]

    def _cells(self, row: ResultRow, zone: ZoneInfo, now: datetime) -> list[str]:
        event, result = row.event, row.result
        start = event.starts_at.astimezone(zone).strftime(START_FORMAT)
        match = f"{event.home} — {event.away}"
        if result is None:
            waiting = self.tr("ждёт") if event.starts_at <= now else ""
            return [str(event.code), match, start, waiting, "", ""]
        recorded_by = result.recorded_by
        if result.corrections:
            recorded_by = self.tr("{who}\nиспр.").format(who=recorded_by)
        return [
            str(event.code),
            match,
            start,
            self._result_text(result),
            result.source,
            recorded_by,
        ]

    def _result_text(self, result: Result) -> str:
        if result.status is not ResultStatus.FINISHED:
            short = {
                ResultStatus.POSTPONED: self.tr("перенесено"),
                ResultStatus.INTERRUPTED: self.tr("прервано"),
                ResultStatus.CANCELLED: self.tr("отменено"),
                ResultStatus.SHARED_FIRST: self.tr("1-е место поделено"),
            }
            return short[result.status]
        if result.venue_swapped:
            return self.tr("{score}\nполе гостей").format(score=result.score)
        return result.score


def _text(item: QTableWidgetItem | None) -> str:
    return item.text() if item is not None else ""
