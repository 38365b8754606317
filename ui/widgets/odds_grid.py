"""The line editor's odds grid: one event's markets, new odds typed and sent with Enter."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from pos.core.errors import PosError
from pos.line.errors import InvalidMarket
from pos.line.events import Event, OddsQuote
from pos.line.use_cases import LineRow
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.models.line_editor_model import CURRENT, MARKET, NEW, VERSION, OddsGridModel
from ui.models.line_model import market_label
from ui.tasks import TaskRunner
from ui.widgets.tables import StretchFloor

_MARKET_FLOOR = 80


class OddsGrid(QWidget):
    """The markets of the selected event; each odds typed becomes a new version (p.10, p.20)."""

    odds_set = Signal(object)

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("odds")
        self._desk = desk
        self._runner = runner
        self._code: int | None = None
        self._model = OddsGridModel(self)
        self._model.odds_entered.connect(self._on_model_odds_entered)
        self._model.market_entered.connect(self._on_model_market_entered)
        self._build()
        self.show_event(None)

    @property
    def model(self) -> OddsGridModel:
        """The grid's model."""
        return self._model

    @property
    def table(self) -> QTableView:
        """The grid itself (for the page's tab order and tests)."""
        return self._table

    def show_event(self, row: LineRow | None) -> None:
        """Show the markets of an event, or nothing when no event is selected."""
        self._code = row.event.code if row is not None else None
        self._model.set_odds(
            row.odds if row is not None else None, row.versions if row is not None else None
        )
        self._event_label.setText(
            self._title(row.event) if row is not None else self.tr("Выберите событие в списке.")
        )
        self._message.clear_message()
        self._table.setEnabled(row is not None)
        if row is not None:
            self._go_to(0, MARKET if self._model.is_new_row(0) else NEW)

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._event_label = QLabel()
        self._event_label.setWordWrap(True)
        font = self._event_label.font()
        font.setBold(True)
        self._event_label.setFont(font)
        self._event_label.setObjectName("odds_event")
        hint = QLabel(
            self.tr("Enter — новая версия. Новый исход — в последней строке: «Б3,5», «Ф1-2,5».")
        )
        hint.setProperty("muted", "true")
        hint.setWordWrap(True)
        self._table = self._build_table()
        self._message = MessageLabel()
        self._message.setObjectName("odds_message")
        self._message.setMinimumHeight(0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.setSpacing(6)
        layout.addWidget(self._event_label)
        layout.addWidget(self._table, 1)
        layout.addWidget(hint)
        layout.addWidget(self._message)

    def _build_table(self) -> QTableView:
        table = QTableView()
        table.setObjectName("odds_grid")
        table.setModel(self._model)
        table.setEditTriggers(
            QAbstractItemView.EditTrigger.AnyKeyPressed
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.DoubleClicked
        )
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # Tab leaves the grid for the next field; the arrows move inside it.
        table.setTabKeyNavigation(False)
        table.setAlternatingRowColors(True)
        table.setShowGrid(False)
        table.verticalHeader().setVisible(False)
        columns = table.horizontalHeader()
        columns.setHighlightSections(False)
        columns.setSectionResizeMode(MARKET, QHeaderView.ResizeMode.Stretch)
        StretchFloor(table, MARKET, _MARKET_FLOOR)  # «Исход» whole; a narrow window scrolls
        for column in (CURRENT, VERSION, NEW):
            columns.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        return table

    # --- slots --------------------------------------------------------------------------

    def _on_model_market_entered(self, row: int) -> None:
        self._go_to(row, NEW)

    def _on_model_odds_entered(self, row: int, market: str, text: str) -> None:
        code, desk = self._code, self._desk
        if code is None:
            return
        self._message.show_progress(self.tr("Сохранение…"))
        self._runner.run(
            lambda: desk.set_odds(code, market, text),
            on_success=lambda quote: self._odds_set(row, quote),
            on_failure=lambda exc: self._odds_refused(row, code, exc),
            owner=self,
        )
        # The manager goes on typing down the grid while the shop stores this one.
        if not self._model.is_new_row(row):
            below = row + 1
            self._go_to(below, MARKET if self._model.is_new_row(below) else NEW)

    # --- results ------------------------------------------------------------------------

    def _odds_set(self, row: int, quote: OddsQuote) -> None:
        self.odds_set.emit(quote)
        if quote.event_code != self._code:
            return
        was_new = self._model.is_new_row(row)
        shown = self._model.apply_quote(row, quote)
        self._message.show_success(
            self.tr("{market}: {odds}, версия {version}.").format(
                market=market_label(quote.market),
                odds=self._model.index(shown, CURRENT).data(),
                version=quote.version,
            )
        )
        if was_new:
            self._go_to(self._model.rowCount() - 1, MARKET)

    def _odds_refused(self, row: int, code: int, exc: PosError) -> None:
        self._message.show_error(exc)
        if code != self._code:
            return
        self._model.mark_refused(row)
        bad_market = isinstance(exc, InvalidMarket) and self._model.is_new_row(row)
        self._go_to(row, MARKET if bad_market else NEW)

    def _go_to(self, row: int, column: int) -> None:
        index = self._model.index(row, column)
        if index.isValid():
            self._table.setCurrentIndex(index)

    @staticmethod
    def _title(event: Event) -> str:
        return f"{event.code} · {event.home} — {event.away}"
