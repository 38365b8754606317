"""«Спрэдбетэкс» (issue 20) on a real SQLite shop: its players, a day of offers and paris on the
demo line, and driving its page as a cashier does, for its tests, the screen-fit test and the
screenshots."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.exchange.paris import Offer, Pari
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import ID_CARD, PASSPORT, PASSPORT_HB
from tests.gui.spread_helpers import (
    activate,
    focused,
    press,
    scan_account,
    settled,
    show,
    type_text,
)
from tests.gui.widgets import open_window, sign_in
from ui.main_window import MainWindow
from ui.models.exchange_models import BoardModel, OffersModel, ParisModel
from ui.pages.exchange import ExchangePage
from ui.tasks import TaskRunner

D = Decimal
MINSK = ZoneInfo("Europe/Minsk")  # the demo shop's zone
# The players of `exchange_day`: others than those of «Спрэдбет»'s day (tests.gui.spread_helpers
# .played), so that both days can be played in one shop (the screen-fit test).
DAY_PLAYERS = (
    PASSPORT_HB,
    replace(PASSPORT_HB, surname="Лукашевич", name="Ольга", patronymic="Ивановна",
            number="KB 3456789"),
    replace(ID_CARD, surname="Новик", name="Игорь", patronymic="Павлович", number="KH 1122334"),
    replace(ID_CARD, surname="Кравченко", name="Елена", patronymic="Юрьевна",
            number="KH 5566778"),
)  # fmt: skip


def players(desk: Desk) -> tuple[str, str]:
    """Иванов's account with 1 000,00 and Ковалёва's with 500,00. Returns their numbers."""
    first = desk.open_account(document=PASSPORT).number
    desk.deposit(first, D("1000"))
    second = desk.open_account(document=ID_CARD).number
    desk.deposit(second, D("500"))
    return first, second


def exchange_day(shop: Shop, clock: FixedClock) -> str:
    """A day of «Спрэдбетэкс» on the demo line, to look at: offers on five events from four
    players, paris concluded on them; then the clock goes to tomorrow 18:20, after 102's start
    (16:30), its result is recorded and settled, its open offers lapsed. Шевчук has an offer
    open, one accepted in part, one withdrawn and one lapsed, and three paris: one concluded,
    two settled. Returns Шевчук's account number."""
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    numbers = []
    for document in DAY_PLAYERS:
        number = anna.open_account(document=document).number
        anna.deposit(number, D("1000"))
        numbers.append(number)
    player, second, third, fourth = numbers

    def offer(account: str, event: int, market: str, side: str, k: str, stake: str) -> str:
        made = anna.offer_pari(
            account, event=event, market=market, side=side, coefficient=D(k), stake=D(stake)
        )
        return made.number

    first = offer(player, 101, "1", "back", "1.50", "100")
    anna.accept_pari(second, first, stake=D("40"))
    offer(player, 104, "X", "lay", "2.20", "50")
    offer(second, 101, "1", "lay", "1.40", "200")
    offer(third, 101, "1", "back", "1.45", "150")
    offer(fourth, 104, "O2.5", "back", "0.95", "120")
    total = offer(third, 102, "O2.5", "back", "0.95", "300")
    anna.accept_pari(player, total, stake=D("100"))
    home = offer(fourth, 102, "1", "lay", "0.80", "90")
    anna.accept_pari(player, home, stake=D("50"))
    offer(player, 102, "2", "back", "3.10", "30")  # open at the start: lapses
    withdrawn = offer(player, 201, "2", "lay", "1.90", "60")
    anna.withdraw_offer(withdrawn)
    offer(second, 201, "1", "back", "1.05", "80")
    offer(fourth, 201, "O5.5", "lay", "0.90", "250")
    offer(third, 103, "X2", "back", "0.50", "500")
    offer(fourth, 105, "H1+1.5", "lay", "0.25", "1000")
    today = clock.now().astimezone(MINSK).date()
    clock.set(datetime.combine(today + timedelta(days=1), time(18, 20), MINSK))
    boss.record_result(102, 2, 1, source="АБФФ")
    boss.settle()
    return player


def fill(qtbot: QtBot, *typed: str | None) -> None:
    """Type into the open dialog's fields in turn, Tab between them (None: leave the field as
    it is), without sending."""
    for number, text in enumerate(typed):
        if number:
            press(qtbot, Qt.Key.Key_Tab)
        if text is not None:
            field = focused()
            assert isinstance(field, QLineEdit), field
            field.selectAll()
            type_text(qtbot, text)


def send(qtbot: QtBot, page: ExchangePage, runner: TaskRunner) -> None:
    """Enter in the dialog: pos answers, the dialog closes, the cursor is back in the field."""
    press(qtbot, Qt.Key.Key_Return)
    settled(qtbot, runner)
    qtbot.waitUntil(lambda: page.dialog is None)
    qtbot.waitUntil(page.account_card.number_field.hasFocus)


def chosen_offer(page: ExchangePage) -> Offer:
    offer = page.offers.current()
    assert isinstance(offer, Offer)
    return offer


def chosen_pari(page: ExchangePage) -> Pari:
    pari = page.paris.current()
    assert isinstance(pari, Pari)
    return pari


def fill_exchange(qtbot: QtBot, page: ExchangePage, shop: Shop, runner: TaskRunner) -> None:
    """The board with offers on several events and a player's account with its offers (open,
    accepted in part, withdrawn, lapsed) and paris (concluded, settled) on «Спрэдбетэкс»."""
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    number = exchange_day(shop, clock)
    page.refresh()
    page.load_account(number)
    qtbot.waitUntil(lambda: page.holding is not None and not runner.busy, timeout=30_000)
    assert page.board.model.rowCount() > 4
    assert page.offers.model.rowCount() == 4 and page.paris.model.rowCount() == 3


def board_texts(page: ExchangePage) -> list[list[str]]:
    """The board as shown, row by row."""
    model = page.board.model
    assert isinstance(model, BoardModel)
    return [model.texts(row) for row in range(model.rowCount())]


def offer_row(page: ExchangePage, number: str) -> list[str]:
    """The account's offer as its row shows it."""
    model = page.offers.model
    assert isinstance(model, OffersModel)
    row = model.row_of(number)
    assert row is not None, number
    return model.texts(row)


def pari_row(page: ExchangePage, number: str) -> list[str]:
    """The account's pari as its row shows it."""
    model = page.paris.model
    assert isinstance(model, ParisModel)
    row = model.row_of(number)
    assert row is not None, number
    return model.texts(row)


def loaded(qtbot: QtBot, page: ExchangePage, runner: TaskRunner, number: str) -> None:
    """The card scanned into the account's field: the account with its offers and paris."""
    page.account_card.focus_number()
    scan_account(qtbot, page, runner, number)
    assert page.holding is not None and page.holding.account.number == number


def shown_page(qtbot: QtBot, desk: Desk, runner: TaskRunner, clock: FixedClock) -> ExchangePage:
    """The page on its own for `desk`, active, read once, the cursor in the account field."""
    return show(qtbot, runner, ExchangePage(desk, runner, clock))


def exchange_window(
    qtbot: QtBot, shop: Shop, runner: TaskRunner, ui_state: QSettings, login: str, pin: str
) -> tuple[MainWindow, ExchangePage]:
    """The window signed in, «Спрэдбетэкс» opened with Alt+8."""
    window = open_window(qtbot, shop, runner, ui_state)
    sign_in(qtbot, window, login, pin)
    activate(qtbot, window)
    press(qtbot, Qt.Key.Key_8, Qt.KeyboardModifier.AltModifier)
    settled(qtbot, runner)
    page = window.findChild(ExchangePage)
    assert page is not None
    qtbot.waitUntil(page.account_card.number_field.hasFocus)
    assert focused() is page.account_card.number_field
    return window, page
