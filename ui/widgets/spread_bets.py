"""An account's bets on the «Спрэдбет» page (issue 19): number, asset, direction, open price,
stake open of the whole, margin, the closed parts' result, the open result at the quote in
force and the status. The row chosen is the bet F9 closes and F8 cancels."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QFrame, QHeaderView, QVBoxLayout, QWidget

from pos.spread.bets import SpreadStatus
from pos.spread.use_cases import Position
from ui.models.spread_models import BetsModel
from ui.widgets.spread_assets import card_heading, page_table
from ui.widgets.tables import read_only_rows


class BetsCard(QFrame):
    """The bets' table under its title, and `foot` (the bets' keys) under it.

    Every column is as wide as its words and figures (a status is never cut to «закрыта
    букм…», nor a direction wrapped into taller rows): a narrow window scrolls sideways.
    """

    def __init__(self, title: str, foot: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._number: str | None = None  # the bet chosen
        self.model = BetsModel(self)
        self.view = page_table("spread_bets")
        self.view.setModel(self.model)
        read_only_rows(self.view).setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.selectionModel().currentRowChanged.connect(self._on_view_current_row_changed)
        column = QVBoxLayout(self)
        column.setContentsMargins(12, 8, 12, 10)
        column.setSpacing(6)
        column.addWidget(card_heading(title))
        column.addWidget(self.view, 1)
        column.addWidget(foot)

    def set_positions(self, positions: Sequence[Position]) -> None:
        """Show the bets; the one chosen before stays chosen, else the first open one."""
        number = self._number
        self.model.set_rows(positions)
        row = self.model.row_of(number) if number is not None else None
        if row is None:
            row = next(
                (i for i, p in enumerate(positions) if p.bet.status is SpreadStatus.OPEN),
                0 if positions else None,
            )
        if row is not None:
            self.view.selectRow(row)

    def current(self) -> Position | None:
        """The bet chosen (None: the account has none)."""
        return self.model.row_at(self.view.currentIndex().row())

    def choose(self, number: str | None) -> None:
        """The bet to choose when the bets are shown next (None: the first open one)."""
        self._number = number

    def _on_view_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        position = self.model.row_at(current.row())
        if position is not None:
            self._number = position.bet.number
