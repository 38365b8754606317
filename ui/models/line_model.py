"""A read-only table model of the line: one row per event, odds by market in columns."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor

from pos.line import wording
from pos.line.events import Event, Sport
from pos.line.markets import RESULT_CODES, Market
from pos.line.use_cases import LineRow

# The six result markets get a column each; every other market goes into the summary column.
MAIN_MARKETS = RESULT_CODES
CODE, SPORT, START, MATCH = range(4)
FIRST_ODDS = 4
SUMMARY = FIRST_ODDS + len(MAIN_MARKETS)
COLUMN_COUNT = SUMMARY + 1

_NBSP = "\u00a0"
_NB_HYPHEN = "\u2011"
_MISSING_COLOUR = QColor("#9ca3af")

ModelIndex = QModelIndex | QPersistentModelIndex


def format_odds(odds: Decimal) -> str:
    """Odds the Russian way, with a decimal comma: 2.10 → "2,10"."""
    return f"{odds.quantize(Decimal('0.01')):f}".replace(".", ",")


def market_label(market: str) -> str:
    """A market as the cashier types it at the betting page: O2.5 → Б2,5, H1-1.5 → Ф1-1,5
    (one notation on every screen, issue 16)."""
    return wording.market_code(market)


def _unbroken(name: str) -> str:
    return name.replace(" ", _NBSP).replace("-", _NB_HYPHEN)


def _summary_key(market: str) -> tuple[int, Decimal, str]:
    # Totals first, by line, over before under; then handicaps by size, team 1 before team 2.
    try:
        return Market.from_code(market).reading_key
    except ValueError:  # a code this version does not know goes last, as it is
        return 2, Decimal(0), market


def other_markets(odds: dict[str, Decimal]) -> list[tuple[str, Decimal]]:
    """The totals and handicaps of an event in reading order."""
    rest = [market for market in odds if market not in MAIN_MARKETS]
    return [(market, odds[market]) for market in sorted(rest, key=_summary_key)]


def summary_lines(odds: dict[str, Decimal]) -> list[str]:
    """The totals and handicaps, one line per pair: "Б2.5 2,05 · М2.5 1,78"."""
    lines: dict[tuple[int, Decimal], list[str]] = {}
    for market, value in other_markets(odds):
        # Over and under of one line, or the two teams' handicaps of one size, share a line.
        pair = _summary_key(market)[:2]
        lines.setdefault(pair, []).append(f"{market_label(market)} {format_odds(value)}")
    return [" · ".join(labels) for labels in lines.values()]


def sport_names() -> dict[Sport, str]:
    """The sports as the shop calls them, in the order the line lists them."""
    tr = QCoreApplication.translate
    return {
        Sport.FOOTBALL: tr("line", "Футбол"),
        Sport.HOCKEY: tr("line", "Хоккей"),
        Sport.BASKETBALL: tr("line", "Баскетбол"),
    }


def match_text(event: Event) -> str:
    """ "Home — Away" with no-break spaces and hyphens inside the names: a long match wraps
    after the dash, never inside a team's name."""
    return f"{_unbroken(event.home)} — {_unbroken(event.away)}"


def event_choice(event: Event, zone: ZoneInfo, today: date) -> str:
    """An event as the pick field offers it: «101 Динамо Минск — БАТЭ Борисов, 19:00», the
    day before the time when it is not today (shop-local)."""
    start = event.starts_at.astimezone(zone)
    when = start.strftime("%H:%M" if start.date() == today else "%d.%m %H:%M")
    return f"{event.code} {event.home} — {event.away}, {when}"


class LineRowsModel(QAbstractTableModel):
    """Events of the line, one row each, with start times in the shop's zone (a base)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[LineRow] = []
        self._zone = ZoneInfo("UTC")

    def set_line(self, rows: list[LineRow], zone: ZoneInfo) -> None:
        """Show `rows` (in the order given) with start times in the shop's time zone `zone`."""
        self.beginResetModel()
        self._rows = list(rows)
        self._zone = zone
        self.endResetModel()

    def event_code(self, row: int) -> int:
        """The event code shown in `row`."""
        return self._rows[row].event.code

    def row_of(self, code: int) -> int | None:
        """The row showing event `code`, if it is in the line."""
        return next((r for r, row in enumerate(self._rows) if row.event.code == code), None)

    def line_row(self, row: int) -> LineRow:
        """The event and odds shown in `row`."""
        return self._rows[row]

    def rowCount(self, parent: ModelIndex | None = None) -> int:  # noqa: N802 - Qt override
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def _start(self, event: Event) -> str:
        return event.starts_at.astimezone(self._zone).strftime("%d.%m %H:%M")


class LineTableModel(LineRowsModel):
    """The events of the line as the cashier reads them; nothing here can be edited."""

    def columnCount(self, parent: ModelIndex | None = None) -> int:  # noqa: N802 - Qt override
        return 0 if parent is not None and parent.isValid() else COLUMN_COUNT

    def headerData(  # noqa: N802 - Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._headers()[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(section)
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(column)
        if role == Qt.ItemDataRole.ForegroundRole and self._text(row, column) == "—":
            return _MISSING_COLOUR
        return None

    def _headers(self) -> list[str]:
        return [
            self.tr("Код"),
            self.tr("Спорт"),
            self.tr("Начало"),
            self.tr("Матч"),
            *MAIN_MARKETS,
            self.tr("Тоталы/форы"),
        ]

    def _text(self, row: LineRow, column: int) -> str:
        event = row.event
        if column == CODE:
            return str(event.code)
        if column == SPORT:
            return sport_names().get(event.sport, str(event.sport))
        if column == START:
            return self._start(event)
        if column == MATCH:
            return match_text(event)
        if column == SUMMARY:
            return "\n".join(summary_lines(row.odds))
        return self._odds(row, MAIN_MARKETS[column - FIRST_ODDS])

    def _odds(self, row: LineRow, market: str) -> str:
        odds = row.odds.get(market)
        if odds is not None and market in row.suspended:  # stopped from the board (issue 38)
            return self.tr("стоп")
        return format_odds(odds) if odds is not None else "—"

    @staticmethod
    def _alignment(column: int) -> Qt.AlignmentFlag:
        if column == CODE or FIRST_ODDS <= column < SUMMARY:
            return Qt.AlignmentFlag.AlignCenter
        return Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
