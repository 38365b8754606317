"""A read-only table of a slip's legs, as the confirmation and the slip details show them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from pos.betting.slips import Leg
from ui.models.slip_model import BLOCK_COLOUR, CODE, MATCH, MEMBER, ODDS, leg_cells
from ui.widgets.tables import StretchFloor

VERSION = ODDS + 1
_MAX_ROWS_SHOWN = 6  # a dialog with them within 700 pixels (issue 16); more rows scroll
_MATCH_FLOOR = 160


class LegsTable(QTableWidget):
    """Member number, code, match, market in words and odds; optionally the odds version."""

    def __init__(self, *, versions: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(0, VERSION + 1 if versions else VERSION, parent)
        tr = QCoreApplication.translate
        labels = [tr("slip", "№"), tr("slip", "Код"), tr("slip", "Матч"), tr("slip", "Исход")]
        labels.append(tr("slip", "Коэф."))
        if versions:
            labels.append(tr("slip", "Версия"))
        self.setHorizontalHeaderLabels(labels)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setShowGrid(False)
        self.setWordWrap(False)  # one line a leg, so the table's height is known before it shows
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setHighlightSections(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(MATCH, QHeaderView.ResizeMode.Stretch)
        StretchFloor(self, MATCH, _MATCH_FLOOR)  # a narrow card scrolls, never «Энергет…»

    def set_members(self, members: Sequence[Sequence[Leg]]) -> None:
        """Show the legs of `members`; the legs of an express block share a number and a tint."""
        rows = [(i, leg, len(member) > 1) for i, member in enumerate(members) for leg in member]
        self.setRowCount(len(rows))
        tr = QCoreApplication.translate
        for row, (member, leg, block) in enumerate(rows):
            number = str(member + 1)
            label = tr("slip", "{number} блок").format(number=number) if block else number
            cells = [label, *leg_cells(leg)]
            if self.columnCount() > VERSION:
                cells.append(tr("slip", "в. {version}").format(version=leg.odds_version))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column in (MEMBER, CODE, ODDS, VERSION):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if block:
                    item.setBackground(BLOCK_COLOUR)
                self.setItem(row, column, item)
        self.resizeRowsToContents()
        # As tall as its rows, up to six of them: the rest of the dialog stays in view.
        shown = sum(self.rowHeight(row) for row in range(min(self.rowCount(), _MAX_ROWS_SHOWN)))
        header = self.horizontalHeader().sizeHint().height()
        self.setFixedHeight(header + shown + 2 * self.frameWidth() + 2)

    def cell_texts(self) -> list[list[str]]:
        """Every row's texts (tests, screenshots)."""
        return [
            [item.text() if (item := self.item(r, c)) else "" for c in range(self.columnCount())]
            for r in range(self.rowCount())
        ]
