"""The look every read-only table of the window shares: whole rows, one at a time, no grid."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView


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
