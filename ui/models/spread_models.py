"""Read-only table models of «Спрэдбет»: the assets with their quotes, an account's bets, and the
bookmaker's positions per asset (issue 19). Every figure comes from pos; these only word it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, tzinfo
from decimal import Decimal
from typing import Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor

from pos.core.money import format_money
from pos.spread.assets import Quote
from pos.spread.bets import SpreadStatus
from pos.spread.numbers import display_spread_number
from pos.spread.papers import DIRECTION_WORDS, price_text
from pos.spread.use_cases import AssetQuote, Exposure, Position

ModelIndex = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
GAIN = QColor("#1b7f3b")
LOSS = QColor("#b3261e")
MUTED = QColor("#6b7280")
NO_VALUE = "—"


def _tr(text: str) -> str:
    return QCoreApplication.translate("spread", text)


def status_words() -> dict[SpreadStatus, str]:
    """A bet's status as the counter says it."""
    return {
        SpreadStatus.OPEN: _tr("открыта"),
        SpreadStatus.CLOSED: _tr("закрыта"),
        SpreadStatus.CLOSED_BY_BOOKMAKER: _tr("закрыта букмекером"),
        SpreadStatus.CANCELLED: _tr("отменена"),
    }


def signed_money(amount: Decimal) -> str:
    """A result with its sign: "+16,00", "−128,00" (a real minus), "0,00"."""
    text = format_money(abs(amount))
    if amount > 0:
        return f"+{text}"
    return f"\u2212{text}" if amount < 0 else text


def quote_time(quote: Quote, zone: tzinfo, today: date) -> str:
    """When a quote was set, in the shop's zone: the time alone today, else the day too."""
    local = quote.at.astimezone(zone)
    return f"{local:%H:%M}" if local.date() == today else f"{local:%d.%m %H:%M}"


def price_in(price: Decimal, point: Decimal) -> str:
    """A price with as many decimals as the asset's point: 2016 at a point of 0,1 is
    "2016,0", as the bid beside it, "2015,6" (pos keeps prices exact, not their zeros)."""
    return price_text(price, point)


def quote_words(quote: Quote | None, point: Decimal) -> str:
    """The bid and the ask: "74,10 / 74,14" (no quote yet: "—")."""
    if quote is None:
        return NO_VALUE
    return f"{price_in(quote.bid, point)} / {price_in(quote.ask, point)}"


class RowsModel(QAbstractTableModel, Generic[Row]):
    """Rows of one pos DTO each, with headings and per-column text, alignment and colour."""

    HEADINGS: tuple[str, ...] = ()
    RIGHT: frozenset[int] = frozenset()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []

    def set_rows(self, rows: Sequence[Row]) -> None:
        """Show these rows instead of the ones shown."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rows(self) -> list[Row]:
        """The rows shown, in order."""
        return list(self._rows)

    def row_at(self, row: int) -> Row | None:
        """The DTO of a row (None outside the rows)."""
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def texts(self, row: int) -> list[str]:
        """What a row shows, column by column (tests)."""
        return [str(self.index(row, column).data()) for column in range(self.columnCount())]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt
        return 0 if parent.isValid() else len(self.HEADINGS)

    def headerData(  # noqa: N802 - Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _tr(self.HEADINGS[section])
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.row_at(index.row()) if index.isValid() else None
        if row is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if index.column() in self.RIGHT else _LEFT
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._colour(row, index.column())
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(row)
        return None

    def _text(self, row: Row, column: int) -> str:
        raise NotImplementedError

    def _colour(self, row: Row, column: int) -> QColor | None:
        return None

    def _tip(self, row: Row) -> str | None:
        return None


# --- the assets -------------------------------------------------------------------------------

CODE, NAME, BID, ASK, QUOTED, VERSION = range(6)


class AssetsModel(RowsModel[AssetQuote]):
    """One row per asset: code, name, bid, ask, when quoted, the quote's version."""

    HEADINGS = ("Код", "Актив", "Бид", "Аск", "Время", "Версия")
    RIGHT = frozenset({BID, ASK, VERSION})

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._zone: tzinfo | None = None
        self._today: date | None = None

    def set_assets(self, assets: Sequence[AssetQuote], zone: tzinfo, now: datetime) -> None:
        """Show the assets; quote times in `zone`, the day left out for today's."""
        self._zone, self._today = zone, now.astimezone(zone).date()
        self.set_rows(assets)

    def row_of(self, code: str) -> int | None:
        """The row of the asset with this code, if shown."""
        codes = [row.asset.code for row in self._rows]
        return codes.index(code) if code in codes else None

    def _text(self, row: AssetQuote, column: int) -> str:
        quote = row.quote
        if column == CODE:
            return row.asset.code
        if column == NAME:
            return row.asset.name
        if quote is None or self._zone is None or self._today is None:
            return NO_VALUE if column != QUOTED else _tr("нет котировки")
        texts = {
            BID: price_in(quote.bid, row.asset.point),
            ASK: price_in(quote.ask, row.asset.point),
            QUOTED: quote_time(quote, self._zone, self._today),
            VERSION: str(quote.version),
        }
        return texts[column]

    def _colour(self, row: AssetQuote, column: int) -> QColor | None:
        return MUTED if row.quote is None and column != CODE else None


# --- an account's bets ------------------------------------------------------------------------

(
    NUMBER,
    ASSET,
    DIRECTION,
    OPEN_PRICE,
    STAKE,
    MARGIN,
    RESULT,
    OPEN_RESULT,
    STATUS,
) = range(9)


class BetsModel(RowsModel[Position]):
    """One row per bet of the account, newest first as pos lists them."""

    HEADINGS = (
        "№",
        "Актив",
        "Направление",
        "Цена\nоткрытия",
        "Ставка\nза пункт",
        "Маржа",
        "Результат\nзакрытого",
        "Открытый\nрезультат",
        "Статус",
    )
    RIGHT = frozenset({OPEN_PRICE, STAKE, MARGIN, RESULT, OPEN_RESULT})

    def row_of(self, number: str) -> int | None:
        """The row of the bet with this number, if shown."""
        numbers = [row.bet.number for row in self._rows]
        return numbers.index(number) if number in numbers else None

    def _text(self, row: Position, column: int) -> str:
        bet, result = row.bet, row.open_result
        texts = {
            NUMBER: display_spread_number(bet.number),
            ASSET: bet.asset,
            DIRECTION: DIRECTION_WORDS[bet.direction],
            OPEN_PRICE: price_in(bet.open_price, bet.point),
            STAKE: _tr("{open} из {stake}").format(
                open=format_money(bet.stake_open), stake=format_money(bet.stake)
            ),
            MARGIN: format_money(bet.margin_blocked),
            RESULT: signed_money(bet.result),
            OPEN_RESULT: NO_VALUE if result is None else signed_money(result),
            STATUS: status_words()[bet.status],
        }
        return texts[column]

    def _colour(self, row: Position, column: int) -> QColor | None:
        if column == STATUS and row.bet.status is not SpreadStatus.OPEN:
            return LOSS if row.bet.status is SpreadStatus.CLOSED_BY_BOOKMAKER else MUTED
        amount = {RESULT: row.bet.result, OPEN_RESULT: row.open_result}.get(column)
        if amount:
            return GAIN if amount > 0 else LOSS
        return None


# --- the bookmaker's positions ----------------------------------------------------------------

(
    E_ASSET,
    E_QUOTE,
    E_BETS,
    E_UP,
    E_DOWN,
    E_MARGIN,
    E_PLAYERS,
    E_UNCOVERED,
) = range(8)


class ExposureModel(RowsModel[Exposure]):
    """One row per asset: its open bets, stakes up and down, margin, the players' result."""

    HEADINGS = (
        "Актив",
        "Котировка\nбид / аск",
        "Открытых\nставок",
        "Вверх,\nза пункт",
        "Вниз,\nза пункт",
        "Маржа",
        "Результат\nигроков",
        "Убыток\nсверх счетов",
    )
    RIGHT = frozenset({E_BETS, E_UP, E_DOWN, E_MARGIN, E_PLAYERS, E_UNCOVERED})

    def _text(self, row: Exposure, column: int) -> str:
        texts = {
            E_ASSET: row.asset.code,  # the name in its tooltip
            E_QUOTE: quote_words(row.quote, row.asset.point),
            E_BETS: str(row.bets),
            E_UP: format_money(row.up_stake),
            E_DOWN: format_money(row.down_stake),
            E_MARGIN: format_money(row.margin),
            E_PLAYERS: signed_money(row.players_result),
            E_UNCOVERED: format_money(row.uncovered),
        }
        return texts[column]

    def _tip(self, row: Exposure) -> str | None:
        return row.asset.name

    def _colour(self, row: Exposure, column: int) -> QColor | None:
        # The players' gain is the bookmaker's loss: red when they are ahead.
        if column == E_PLAYERS and row.players_result:
            return LOSS if row.players_result > 0 else GAIN
        if column == E_UNCOVERED and row.uncovered:
            return LOSS
        return None
