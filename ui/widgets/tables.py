"""The look every read-only table of the window shares: whole rows, one at a time, no grid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QWidget,
)


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
