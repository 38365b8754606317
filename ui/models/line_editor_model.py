"""Table models of the line editor: the events as a manager keeps them, and one event's odds."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor

from pos.core.money import format_money
from pos.line.events import Event, OddsQuote
from pos.line.wording import market_words
from ui.errors import ERROR_COLOUR
from ui.models.line_model import (
    MAIN_MARKETS,
    LineRowsModel,
    format_odds,
    market_label,
    match_text,
    other_markets,
    sport_names,
)

CODE, SPORT, START, MATCH, MAX_STAKE, STATE = range(6)
MARKET, CURRENT, VERSION, NEW = range(4)
CODE_ROLE = Qt.ItemDataRole.UserRole

_HINT_COLOUR = QColor("#9ca3af")
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_CENTRE = Qt.AlignmentFlag.AlignCenter

ModelIndex = QModelIndex | QPersistentModelIndex


def market_order(odds: dict[str, Decimal]) -> list[str]:
    """The markets of an event in reading order: results first, then totals and handicaps."""
    main = [market for market in MAIN_MARKETS if market in odds]
    return main + [market for market, _odds in other_markets(odds)]


class EventsModel(LineRowsModel):
    """The events of the line, one row each; the odds stay with the rows for the odds grid."""

    def note_quote(self, quote: OddsQuote) -> None:
        """Remember odds just set, so that the event shows them when it is selected again."""
        row = self.row_of(quote.event_code)
        if row is not None:
            old = self._rows[row]
            odds = {**old.odds, quote.market: quote.odds}
            self._rows[row] = dataclasses.replace(old, odds=odds)

    def columnCount(self, parent: ModelIndex | None = None) -> int:  # noqa: N802 - Qt override
        return 0 if parent is not None and parent.isValid() else STATE + 1

    def headerData(  # noqa: N802 - Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._headers()[section]
        if role == Qt.ItemDataRole.ToolTipRole and section == MAX_STAKE:
            return self.tr("Своя макс. ставка события; пусто — по шапке линии")
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _LEFT
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        event = self._rows[index.row()].event
        # The tooltip repeats the cell: a long match may be elided in a narrow window.
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._text(event, index.column())
        if role == CODE_ROLE:
            return str(event.code)
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == STATE:
            return QColor(ERROR_COLOUR)
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == MAX_STAKE:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    def _headers(self) -> list[str]:
        return [
            self.tr("Код"),
            self.tr("Спорт, турнир"),
            self.tr("Начало"),
            self.tr("Матч"),
            self.tr("Лимит"),
            self.tr("Состояние"),
        ]

    def _text(self, event: Event, column: int) -> str:
        stake = format_money(event.max_stake) if event.max_stake is not None else ""
        sport = sport_names().get(event.sport, str(event.sport))
        texts = (
            str(event.code),
            f"{sport}\n{event.tournament}" if event.tournament else sport,
            self._start(event),
            match_text(event),
            stake,
            self.tr("приостановлено") if event.suspended else "",
        )
        return texts[column]


@dataclass
class OddsRow:
    """One market of the grid; the last row has no market yet and takes a new one."""

    market: str
    odds: Decimal | None = None
    version: int | None = None
    new_text: str = ""
    refused: bool = False


class OddsGridModel(QAbstractTableModel):
    """The odds of one event by market; typing into "new odds" asks for a new version.

    The model only collects what is typed: `odds_entered(row, market, text)` is emitted when a
    new odds value is committed, and the page calls the service; `apply_quote` then shows the
    version the shop stored. The market of the last row is typed as the manager writes it
    (`O3.5`, `ф1-2,5`); pos turns it into the canonical code.
    """

    odds_entered = Signal(int, str, str)
    market_entered = Signal(int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[OddsRow] = []

    def set_odds(
        self, odds: dict[str, Decimal] | None, versions: dict[str, int] | None = None
    ) -> None:
        """Show an event's current odds and versions (None: no event selected, no rows)."""
        self.beginResetModel()
        if odds is None:
            self._rows = []
        else:
            known = versions or {}
            self._rows = [
                OddsRow(market, odds[market], known.get(market)) for market in market_order(odds)
            ]
            self._rows.append(OddsRow(""))
        self.endResetModel()

    def market(self, row: int) -> str:
        """The market of `row` (as typed, for the last row)."""
        return self._rows[row].market

    def is_new_row(self, row: int) -> bool:
        """True for the last row, where a market not yet in the line is typed."""
        return row == len(self._rows) - 1

    def apply_quote(self, row: int, quote: OddsQuote) -> int:
        """Show the version just stored; returns the row now showing that market."""
        shown = self._rows[:-1]  # the last row holds what was typed, not yet a market
        target = next((r for r, item in enumerate(shown) if item.market == quote.market), None)
        if target is None:
            target = len(self._rows) - 1
            self.beginInsertRows(QModelIndex(), target + 1, target + 1)
            self._rows.append(OddsRow(""))
            self.endInsertRows()
        self._rows[target] = OddsRow(quote.market, quote.odds, quote.version)
        if row != target and self.is_new_row(row):
            # Typed as, e.g., "б2,5" in the last row for a market the grid already shows.
            self._rows[row] = OddsRow("")
        self._changed(min(row, target), max(row, target))
        return target

    def mark_refused(self, row: int) -> None:
        """Keep what was typed in `row`, shown in red, so that it can be corrected."""
        if 0 <= row < len(self._rows):
            self._rows[row].refused = True
            self._changed(row, row)

    def rowCount(self, parent: ModelIndex | None = None) -> int:  # noqa: N802 - Qt override
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex | None = None) -> int:  # noqa: N802 - Qt override
        return 0 if parent is not None and parent.isValid() else NEW + 1

    def headerData(  # noqa: N802 - Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            headers = [self.tr("Исход"), self.tr("Текущий"), self.tr("Версия"), self.tr("Новый")]
            return headers[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _LEFT if section == MARKET else _CENTRE
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and (
            index.column() == NEW or (index.column() == MARKET and self.is_new_row(index.row()))
        ):
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        item, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.EditRole:
            return item.market if column == MARKET else item.new_text
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(index.row(), item, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _LEFT if column == MARKET else _CENTRE
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._colour(index.row(), item, column)
        is_tip = role == Qt.ItemDataRole.ToolTipRole and column == MARKET and item.odds is not None
        return market_words(item.market) if is_tip else None

    def setData(  # noqa: N802 - Qt override
        self, index: ModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        if role != Qt.ItemDataRole.EditRole or not self.flags(index) & Qt.ItemFlag.ItemIsEditable:
            return False
        row, text = index.row(), str(value).strip()
        item = self._rows[row]
        if index.column() == MARKET:
            item.market, item.refused = text, False
        else:
            item.new_text, item.refused = text, False
        self._changed(row, row)
        if index.column() == MARKET and text:
            self.market_entered.emit(row)
        elif index.column() == NEW and text:
            self.odds_entered.emit(row, item.market, text)
        return True

    def _display(self, row: int, item: OddsRow, column: int) -> str:
        if column == MARKET:
            if not item.market and self.is_new_row(row):
                return self.tr("+ новый исход")
            if self.is_new_row(row):
                return item.market  # as typed, until the shop has stored it
            return market_label(item.market)  # as the betting page takes it (issue 16)
        if column == CURRENT:
            return format_odds(item.odds) if item.odds is not None else ""
        if column == VERSION:
            return str(item.version) if item.version is not None else "—"
        return item.new_text

    def _colour(self, row: int, item: OddsRow, column: int) -> QColor | None:
        if item.refused and column in (MARKET, NEW):
            return QColor(ERROR_COLOUR)
        if column == MARKET and not item.market and self.is_new_row(row):
            return _HINT_COLOUR
        if column == VERSION and item.version is None:
            return _HINT_COLOUR
        return None

    def _changed(self, first: int, last: int) -> None:
        self.dataChanged.emit(self.index(first, 0), self.index(last, NEW))
