"""The assets and their quotes on the «Спрэдбет» page (issue 19): code, name, bid, ask, when
quoted and the version; the row chosen is the next bet's asset, kept as the quotes change."""

from __future__ import annotations

from datetime import datetime, tzinfo

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QFrame, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from pos.spread.use_cases import AssetQuote
from ui.models.spread_models import NAME, AssetsModel
from ui.widgets.tables import StretchFloor, read_only_rows

_NAME_FLOOR = 110  # an asset's name wraps down to this, then the table scrolls sideways
_LINES_IN_SIGHT = 7  # the heading and three rows, however many keys share the card


def card_heading(text: str) -> QLabel:
    """The quiet title of a card of the page."""
    heading = QLabel(text)
    heading.setProperty("muted", "true")
    return heading


def page_table(name: str) -> QTableView:
    """A read-only table of the page: Tab goes on to the next table, not to the next cell."""
    table = QTableView()
    table.setObjectName(name)
    table.setTabKeyNavigation(False)
    table.setHorizontalScrollMode(QTableView.ScrollMode.ScrollPerPixel)
    table.setMinimumHeight(table.fontMetrics().lineSpacing() * _LINES_IN_SIGHT)
    return table


class AssetsCard(QFrame):
    """The assets' table under its title, and `foot` (the manager's keys) under it."""

    def __init__(self, title: str, foot: QWidget | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._code: str | None = None  # the asset chosen
        self.model = AssetsModel(self)
        self.view = page_table("spread_assets")
        self.view.setModel(self.model)
        columns = read_only_rows(self.view, wrap=True)
        columns.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        columns.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        StretchFloor(self.view, NAME, _NAME_FLOOR)
        self.view.selectionModel().currentRowChanged.connect(self._on_view_current_row_changed)
        column = QVBoxLayout(self)
        column.setContentsMargins(12, 8, 12, 10)
        column.setSpacing(6)
        column.addWidget(card_heading(title))
        column.addWidget(self.view, 1)
        if foot is not None:
            column.addWidget(foot)

    def set_assets(self, assets: list[AssetQuote], zone: tzinfo, now: datetime) -> None:
        """Show the assets (times in `zone`), the one chosen before still chosen."""
        code = self._code
        self.model.set_assets(assets, zone, now)
        row = self.model.row_of(code) if code is not None else None
        if assets:
            self.view.selectRow(row if row is not None else 0)

    def current(self) -> AssetQuote | None:
        """The asset chosen (None: there are none)."""
        return self.model.row_at(self.view.currentIndex().row())

    def listed(self, code: str) -> AssetQuote | None:
        """The asset with this code and its quote, as shown."""
        row = self.model.row_of(code)
        return self.model.row_at(row) if row is not None else None

    def choose(self, code: str) -> None:
        """Keep this asset chosen (one just saved), now and after the next reading."""
        self._code = code
        row = self.model.row_of(code)
        if row is not None:
            self.view.selectRow(row)

    def step(self, rows: int) -> None:
        """Choose the asset `rows` above (−) or below (+) the one chosen."""
        count = self.model.rowCount()
        if count:
            self.view.selectRow(max(0, min(count - 1, self.view.currentIndex().row() + rows)))

    def _on_view_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        listed = self.model.row_at(current.row())
        if listed is not None:
            self._code = listed.asset.code
