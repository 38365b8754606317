"""The «Спрэдбетэкс» page (issue 20): the board of bets between players by event and outcome, the
player's account scanned or typed with its offers and paris, and the counter's actions, each by
a key."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from pos.accounts.accounts import Account
from pos.accounts.use_cases import AccountView
from pos.core.clock import Clock
from pos.core.errors import PosError
from pos.core.wording import plural
from pos.exchange.paris import Offer
from pos.line.events import Event
from pos.line.wording import market_code
from pos.shop.desk import Desk
from ui.models.exchange_models import BoardModel, OffersModel, ParisModel
from ui.pages import account_actions
from ui.pages import exchange_actions as actions
from ui.pages.account_page import AccountPage
from ui.pages.exchange_calls import ExchangeCalls
from ui.tasks import TaskRunner
from ui.widgets.exchange_tables import TableCard
from ui.widgets.flow_row import group
from ui.widgets.spread_account import AccountCard
from ui.widgets.spread_keys import PageKeys

REFRESH_MS = 10_000  # the board (and the account shown) are read again this often
_STEPS = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1}
_CARD_WIDTH = 412  # the account's number in its field at 16 pt, its caption and «Найти»


class ExchangePage(AccountPage):
    """The board, the account's offers and its paris on the left; the account on the right.

    Every key calls a use case of the desk (`ui.pages.exchange_calls`, in the background) and
    the page shows its answer or its refusal (`str(exc)`); after each the cursor is back in
    the account's field, ready for the next card. The board names no player (p.52). The
    field over the board takes an event's code: Enter shows that event's offers only, an
    empty field every event's.
    """

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(desk, runner, clock, REFRESH_MS, parent)
        self._events: dict[int, Event] = {}
        self._holding: actions.Holding | None = None
        self._filter = ""  # the event code the board shows, as typed ("": every event)
        self._wanted = ""  # the one the next reading asks for (a code typed: if pos takes it)
        self._actions = ExchangeCalls(desk, runner, self, self)
        self._build()

    # --- public -------------------------------------------------------------------------

    @property
    def search_field(self) -> QLineEdit:
        """The event's code over the board."""
        return self._search

    @property
    def board(self) -> TableCard:
        """The open offers; the row chosen is the one F9 accepts."""
        return self._board

    @property
    def offers(self) -> TableCard:
        """The account's offers; the row chosen is the one F7 changes and F8 withdraws."""
        return self._offers

    @property
    def paris(self) -> TableCard:
        """The account's paris."""
        return self._paris

    @property
    def keys(self) -> PageKeys:
        return self._keys

    @property
    def holding(self) -> actions.Holding | None:
        """The account shown with its offers and paris (None: no account)."""
        return self._holding

    def load_account(self, text: str) -> None:
        """Ask pos for the account typed or scanned, with its offers and paris."""
        self._card.message.show_progress(self.tr("Поиск счёта…"))
        self._runner.run(
            partial(actions.holding, self._desk, text),
            on_success=self._show_loaded,
            on_failure=self.refused,
            owner=self,
        )

    def search(self) -> None:
        """Show the offers on the event typed over the board (every event's: none typed)."""
        self._wanted = self._search.text().strip()
        self._board.choose(None)
        self.refresh()

    def trigger(self, name: str) -> None:
        """Do the action of a key (`ui.pages.exchange_actions.key_rows` names them)."""
        if self.dialog is None:
            self._actions.trigger(name)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        # ↑ and ↓ in the event's field choose on the board, as they do in the account's.
        if watched is self._search and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in _STEPS and not event.modifiers():
                self._board.step(_STEPS[Qt.Key(event.key())])
                return True
        return super().eventFilter(watched, event)

    # --- what the calls ask of the page (ui.pages.exchange_calls.ExchangeHost) -----------

    def shown_account(self) -> AccountView | None:
        """The account shown, or None with the hint to find one first."""
        if self._holding is None:
            self._card.message.show_info(account_actions.NO_ACCOUNT)
            self._card.focus_number()
            return None
        return self._holding.account

    def chosen_offer(self) -> Offer | None:
        offer: Offer | None = self._board.current()
        if offer is None:
            self._card.message.show_info(actions.NO_OFFER)
        return offer

    def chosen_own_offer(self) -> Offer | None:
        if self.shown_account() is None:
            return None
        offer: Offer | None = self._offers.current()
        if offer is None:
            self._card.message.show_info(actions.NO_OWN_OFFER)
        return offer

    def offer_about(self, offer: Offer) -> str:
        return self._board_model.about(offer.event, offer.market)

    def typed_outcome(self) -> tuple[str, str]:
        offer: Offer | None = self._board.current()
        if offer is None:
            return self._filter, ""
        return str(offer.event), market_code(offer.market)

    def focus_search(self) -> None:
        self._search.setFocus()
        self._search.selectAll()

    def account_opened(self, account: Account) -> None:
        self._card.set_number(account.number)
        self._card.message.show_success(account_actions.opened_account(account))
        self._runner.run(
            partial(actions.holding, self._desk, account.number),
            on_success=self._show_holding,
            on_failure=self.refused,
            owner=self,
        )

    def offer_made(self, offer: Offer) -> None:
        self._offers.choose(offer.number)
        self.answered(actions.offered(offer))

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        rows = actions.key_rows()
        self._keys = PageKeys(self)
        self._keys.triggered.connect(self.trigger)
        self._board_model = BoardModel(self)
        self._board = TableCard(
            "exchange_board", "", self._board_model, 2, head=self._search_row(), rows_wanted=6
        )
        self._card = AccountCard(
            self.tr(
                "Отсканируйте карту счёта или введите номер и нажмите Enter; новый счёт — F2. "
                "↑↓ в поле выбирают предложение на доске; Tab — к полю события, доске, "
                "предложениям и пари счёта."
            )
        )
        self._card.load_requested.connect(self.load_account)
        self._card.edited.connect(self._on_card_edited)
        self._card.step_requested.connect(self._board.step)
        self._card.setMinimumWidth(_CARD_WIDTH)  # the number whole in its field
        self._card.setMaximumWidth(_CARD_WIDTH)
        note = QLabel(actions.RULES)
        note.setObjectName("exchange_rules")
        note.setProperty("muted", "true")
        note.setWordWrap(True)
        self._card.add_row(note)
        # Every key by the account: the tables want the page's height.
        for keys, name in ((rows.paris, "pari_keys"), (rows.board, "board_keys")):
            self._card.add_row(self._keys.row(keys, name))
        self._card.add_row(self._keys.row(rows.account, "account_keys"))
        title = self.tr("Предложения счёта (Tab, ↑↓)")
        self._offers_model = OffersModel(self)
        self._offers = TableCard("exchange_offers", title, self._offers_model, 1, rows_wanted=3)
        self._paris_model = ParisModel(self)
        paris = actions.PARIS
        self._paris = TableCard("exchange_paris", paris, self._paris_model, 1, rows_wanted=3)
        self._show_board_title()
        column = QVBoxLayout()
        column.setSpacing(8)
        # No stretch factors: short of room, each table gives up its share of what it asks
        # beyond its least (with them, Qt keeps the board whole and squeezes the others).
        column.addWidget(self._board)
        column.addWidget(self._offers)
        column.addWidget(self._paris)
        layout = QHBoxLayout(self)
        # Margins a little narrower than «Спрэдбет»'s: every column of the account's tables
        # in sight at 1366 pixels.
        layout.setContentsMargins(10, 10, 10, 8)
        layout.setSpacing(8)
        layout.addLayout(column, 1)
        layout.addWidget(self._card)
        QWidget.setTabOrder(self._card.number_field, self._search)
        QWidget.setTabOrder(self._search, self._board.view)
        QWidget.setTabOrder(self._board.view, self._offers.view)
        QWidget.setTabOrder(self._offers.view, self._paris.view)
        self.setFocusProxy(self._card.number_field)

    def _search_row(self) -> QWidget:
        self._search = QLineEdit()
        self._search.setObjectName("exchange_event")
        self._search.setPlaceholderText(self.tr("код, Enter"))
        self._search.setToolTip(self.tr("Код события и Enter; пустое поле и Enter — все события"))
        self._search.setFixedWidth(self._search.fontMetrics().horizontalAdvance("0" * 12))
        self._search.returnPressed.connect(self.search)
        self._search.installEventFilter(self)
        caption = QLabel(self.tr("Событие:"))
        caption.setBuddy(self._search)
        return group(caption, self._search)

    # --- showing ------------------------------------------------------------------------

    def _show_board_title(self) -> None:
        # The event shown is in the field beside it (empty: every event).
        count = plural(self._board_model.rowCount(), "предложение", "предложения", "предложений")
        self._board.set_title(self.tr("Доска пари: {count}").format(count=count))

    def _reading_call(self) -> Callable[[], actions.PageRead]:
        """The zone, the line's events, the board of the event asked for, the account shown."""
        number = self._holding.account.number if self._holding is not None else None
        return partial(actions.read_page, self._desk, self._wanted, number)

    def _show_read(self, read: actions.PageRead) -> None:
        self._filter, self._zone, self._events = read.event, read.zone, read.events
        self._board_model.show(read.board, read.events, read.zone, self._clock.now())
        self._board.shown()
        self._show_board_title()
        shown = self._holding.account.number if self._holding is not None else None
        if read.holding is not None and read.holding.account.number == shown:
            self._show_holding(read.holding)
        self._read_over()

    def _read_refused(self, exc: PosError) -> None:
        self._wanted = self._filter  # not a code: the board stays as it was
        super()._read_refused(exc)

    def _show_loaded(self, holding: actions.Holding) -> None:
        self._card.message.clear_message()
        self._offers.choose(None)
        self._show_holding(holding)
        self._card.set_number(holding.account.number)
        self._card.focus_number()

    def _show_holding(self, holding: actions.Holding | None) -> None:
        self._holding = holding
        now = self._clock.now()
        self._card.show_account(holding.account if holding is not None else None)
        offers = holding.exchange.offers if holding is not None else ()
        paris = holding.exchange.paris if holding is not None else ()
        self._offers_model.show(offers, self._events, self._zone, now)
        self._offers.shown()
        self._paris_model.account = holding.account.number if holding is not None else ""
        self._paris_model.show(paris, self._events, self._zone, now)
        self._paris.shown()

    # --- slots --------------------------------------------------------------------------

    def _on_card_edited(self) -> None:
        if self._holding is not None:  # another card is being typed: not this account's
            self._show_holding(None)
