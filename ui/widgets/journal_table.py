"""The payout journal's entries as the journal page lists them, with the law's column headings
as tooltips."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from pos.core.money import format_money
from pos.core.wording import display_slip_number
from pos.payouts.journal import COLUMNS, JournalEntry
from ui.widgets.tables import StretchFloor, read_only_rows

NUMBER, PAID_AT, PLAYER, DOCUMENT, AMOUNT, RECEIPT, REGISTER, CASHIER, SLIP, NOTE = range(10)
DATE_FORMAT = "%d.%m.%Y\n%H:%M"
_CORRECTION_COLOUR = QColor("#6b7280")
_ITEM_PADDING = 16  # left and right, as ui.app's style sheet pads every table item
_WIDTHS = {PLAYER: 150, NOTE: 180}  # wrapped; the document takes what is left
_DOCUMENT_FLOOR = 160
# The column of the appendix (pos.payouts.journal.COLUMNS) each of ours shows, for its tooltip.
_LAW_COLUMN = {NUMBER: 0, PAID_AT: 1, PLAYER: 2, DOCUMENT: 3, AMOUNT: 4, RECEIPT: 5, REGISTER: 6}


class _PaddedWrapDelegate(QStyledItemDelegate):
    """Measures wrapped text in the width it is painted in (as ui.widgets.results_table does:
    the style sheet's item padding is added to the height but not taken off the width)."""

    def sizeHint(  # noqa: N802 - Qt override
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        narrowed = QStyleOptionViewItem(option)
        narrowed.rect = option.rect.adjusted(0, 0, -_ITEM_PADDING, 0)
        return super().sizeHint(narrowed, index)


class JournalTable(QTableWidget):
    """№, date, player, document, amount, receipt №, register serial, cashier, slip №, and
    for a correction «исправляет № N: reason» (its row in grey)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 10, parent)
        self.setObjectName("journal")
        self._entries: list[JournalEntry] = []
        labels = [
            self.tr("№"),
            self.tr("Дата"),
            self.tr("Игрок"),
            self.tr("Документ"),
            self.tr("Сумма"),
            self.tr("Чек №"),
            self.tr("КСА"),
            self.tr("Кассир"),
            self.tr("Купон"),
            self.tr("Примечание"),
        ]
        self.setHorizontalHeaderLabels(labels)
        for column, law in _LAW_COLUMN.items():
            header = self.horizontalHeaderItem(column)
            if header is not None:
                header.setToolTip(COLUMNS[law])
        columns = read_only_rows(self, wrap=True)
        self.setItemDelegate(_PaddedWrapDelegate(self))
        columns.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        columns.setSectionResizeMode(DOCUMENT, QHeaderView.ResizeMode.Stretch)
        # A narrow window scrolls the table sideways; the document keeps a readable width.
        StretchFloor(self, DOCUMENT, _DOCUMENT_FLOOR)
        # The player and the note wrap in a given width; the document, the longest, takes the
        # rest; the other columns are as wide as their one-line texts.
        for column, width in _WIDTHS.items():
            columns.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            self.setColumnWidth(column, width)
        columns.sectionResized.connect(self._on_columns_section_resized)

    def set_entries(self, entries: list[JournalEntry], zone: ZoneInfo) -> None:
        """Show `entries` (in number order), their times in the shop's `zone`."""
        self._entries = list(entries)
        self.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            for column, text in enumerate(_cells(entry, zone)):
                item = QTableWidgetItem(text)
                if column in (NUMBER, AMOUNT, RECEIPT):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
                else:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                if entry.is_correction:
                    item.setForeground(_CORRECTION_COLOUR)
                self.setItem(row, column, item)
        self.resizeRowsToContents()

    def entries(self) -> list[JournalEntry]:
        """The entries shown, in order."""
        return list(self._entries)

    def selected_entry(self) -> JournalEntry | None:
        """The entry of the selected row, if one is selected."""
        rows = self.selectionModel().selectedRows()
        if not rows or not 0 <= rows[0].row() < len(self._entries):
            return None
        return self._entries[rows[0].row()]

    def select_number(self, number: int) -> bool:
        """Select the entry with this number; False when it is not shown."""
        for row, entry in enumerate(self._entries):
            if entry.number == number:
                self.selectRow(row)
                return True
        return False

    def texts(self) -> list[list[str]]:
        """The texts of every row (tests)."""
        return [
            [item.text() if (item := self.item(r, c)) else "" for c in range(self.columnCount())]
            for r in range(self.rowCount())
        ]

    def _on_columns_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column in (PLAYER, DOCUMENT, NOTE):
            self.resizeRowsToContents()


def _cells(entry: JournalEntry, zone: ZoneInfo) -> list[str]:
    note = ""
    if entry.corrects is not None:
        note = QCoreApplication.translate("journal", "исправляет №\u00a0{number}: {reason}").format(
            number=entry.corrects, reason=entry.reason
        )
    elif entry.is_cashout:  # issue 38: a slip bought back, not a win paid
        note = entry.reason
    return [
        str(entry.number),
        entry.paid_at.astimezone(zone).strftime(DATE_FORMAT),
        entry.player,
        entry.document,
        format_money(entry.amount),
        str(entry.fiscal_receipt_no),
        entry.register_serial,
        entry.cashier,
        display_slip_number(entry.slip_number) if entry.slip_number else "",
        note,
    ]
