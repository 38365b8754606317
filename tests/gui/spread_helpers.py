"""A «Спрэдбет» shop on a real SQLite file (the fakes have no spread storage) and driving the
pages of accounts («Спрэдбет», «Спрэдбетэкс») as a cashier does, for their tests, the screen-fit
test and the screenshots."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Protocol, TypeVar

from escpos.printer import Dummy
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from main import open_shop
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests import demo_template
from tests.documents import ID_CARD, PASSPORT
from tests.fakes import PlainPinHasher
from tests.gui.widgets import open_window, sign_in
from ui.dialogs.account_document import AccountDocumentDialog
from ui.main_window import MainWindow
from ui.pages.account_page import AccountPage
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner
from ui.widgets.spread_account import AccountCard

D = Decimal
BRENT = {
    "name": "Нефть Brent, фьючерс",
    "point": D("0.01"),
    "margin_points": 100,
    "maintenance": D("0.5"),
    "min_stake": D("0.10"),
    "max_stake": D("50"),
}
GOLD = {
    "name": "Золото, фьючерс",
    "point": D("0.1"),
    "margin_points": 50,
    "maintenance": D("0.5"),
    "min_stake": D("0.10"),
    "max_stake": D("20"),
}

PageT = TypeVar("PageT", bound=AccountPage)


def add_assets(shop: Shop) -> None:
    """BRENT quoted 74,10 / 74,14 and GOLD 2 010,1 / 2 010,5, by the manager."""
    boss = shop.login("boss", "9911")
    boss.add_asset("BRENT", **BRENT)
    boss.add_asset("GOLD", kind="future", **GOLD)
    boss.set_quote("BRENT", bid=D("74.10"), ask=D("74.14"))
    boss.set_quote("GOLD", bid=D("2010.1"), ask=D("2010.5"))


class CounterPage(Protocol):
    """A page of players' accounts («Спрэдбет», «Спрэдбетэкс»): its account card, and the dialog
    it has open."""

    dialog: QDialog | None

    @property
    def account_card(self) -> AccountCard: ...


def sqlite_shop(folder: Path, clock: FixedClock, printer: Dummy | None = None) -> Shop:
    """The demo shop on a SQLite file in `folder` (anna 4821 cashier, boss 9911 manager,
    anna's shift open)."""
    path = demo_template.sqlite_copy(folder / "shop.db", clock.now())  # seeded once a process
    return open_shop(
        f"sqlite:///{path}",
        clock=clock,
        terminal=demo_template.TERMINAL,
        pin_hasher=PlainPinHasher(),
        printer=printer if printer is not None else Dummy(profile="TM-T20II"),
    )


def spread_shop(folder: Path, clock: FixedClock, printer: Dummy | None = None) -> Shop:
    """`sqlite_shop` with the assets of `add_assets`."""
    shop = sqlite_shop(folder, clock, printer)
    add_assets(shop)
    return shop


def played(shop: Shop, clock: FixedClock) -> str:
    """A morning at the counter on the assets of `add_assets`: Иванов's account with a bet
    closed in part, one closed by the bookmaker at a quote that went against it, one open;
    another player's bet, closed by the bookmaker too. Returns Иванов's account number."""
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    player = anna.open_account(document=PASSPORT).number
    anna.deposit(player, D("1000"))
    other = anna.open_account(document=ID_CARD).number
    anna.deposit(other, D("300"))
    up = anna.open_spread(player, "BRENT", "up", stake=D("1.00"))
    clock.advance(timedelta(minutes=7))
    anna.open_spread(player, "GOLD", "down", stake=D("0.50"))
    anna.open_spread(other, "BRENT", "down", stake=D("1.50"))
    clock.advance(timedelta(minutes=11))
    boss.set_quote("BRENT", bid=D("74.54"), ask=D("74.58"))
    anna.close_spread(up.number, stake=D("0.40"))
    clock.advance(timedelta(minutes=9))
    boss.set_quote("GOLD", bid=D("2015.6"), ask=D("2016.0"))  # 55 points against: called
    clock.advance(timedelta(minutes=3))
    anna.open_spread(player, "GOLD", "up", stake=D("0.30"))
    boss.set_quote("BRENT", bid=D("74.61"), ask=D("74.65"))
    return player


def focused() -> QWidget:
    """The widget the keyboard types into now."""
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def press(qtbot: QtBot, key: Qt.Key, modifiers: Qt.KeyboardModifier | None = None) -> None:
    """A key as the keyboard sends it: to the widget that has the focus."""
    # QTest, as qtbot.keyClick does, with its types.
    QTest.keyClick(focused(), key, modifiers or Qt.KeyboardModifier.NoModifier)


def type_text(qtbot: QtBot, text: str) -> None:
    """Latin letters and digits typed into the focused field (keyClicks cannot type Cyrillic)."""
    QTest.keyClicks(focused(), text)


def settled(qtbot: QtBot, runner: TaskRunner) -> None:
    """Every call the page queued has answered."""
    qtbot.waitUntil(lambda: not runner.busy, timeout=30_000)


def scan_account(qtbot: QtBot, page: CounterPage, runner: TaskRunner, number: str) -> None:
    """A scanner types the card's 11 digits and Enter into the account field."""
    field = page.account_card.number_field
    assert field.hasFocus()
    QTest.keyClicks(field, number)
    QTest.keyClick(field, Qt.Key.Key_Return)
    settled(qtbot, runner)


def open_dialog(
    qtbot: QtBot, page: CounterPage, key: Qt.Key, modifiers: Qt.KeyboardModifier | None = None
) -> QWidget:
    """Press a key of the page and wait for the dialog it opens."""
    press(qtbot, key, modifiers)
    return dialog_of(qtbot, page)


def dialog_of(qtbot: QtBot, page: CounterPage) -> QWidget:
    """The dialog open over the page, once shown and active (the offscreen platform does not
    activate a new window by itself, as a window manager does)."""
    qtbot.waitUntil(lambda: page.dialog is not None and page.dialog.isVisible())
    dialog = page.dialog
    assert dialog is not None
    activate(qtbot, dialog)
    return dialog


def activate(qtbot: QtBot, window: QWidget) -> None:
    """Make `window` the active one, its keys working."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def answer(qtbot: QtBot, page: CounterPage, runner: TaskRunner, *typed: str) -> None:
    """Type into the dialog's fields in turn (Tab between them), Enter, and wait until pos
    has answered; if the dialog closed, until the cursor is back in the account field."""
    dialog = page.dialog
    assert dialog is not None
    for number, text in enumerate(typed):
        if number:
            press(qtbot, Qt.Key.Key_Tab)
        field = focused()
        assert isinstance(field, QLineEdit), field
        field.selectAll()
        type_text(qtbot, text)
    press(qtbot, Qt.Key.Key_Return)
    settled(qtbot, runner)
    if page.dialog is None:
        back_at_field(qtbot, page)


def back_at_field(qtbot: QtBot, page: CounterPage) -> None:
    """The dialog closed, the page's window is active again and its account field has the
    cursor (the offscreen platform activates the window a moment later)."""
    qtbot.waitUntil(page.account_card.number_field.hasFocus)


def fill_document(dialog: AccountDocumentDialog) -> None:
    """The player's passport typed by hand (tests.documents.PASSPORT)."""
    form = dialog.document_form
    for name, text in (
        ("surname", "Иванов"),
        ("name", "Пётр"),
        ("patronymic", "Сергеевич"),
        ("birth_date", "17.05.1990"),
        ("number", "MP 1234567"),
        ("issued_by", "Октябрьский РУВД г. Минска"),
        ("issued_on", "12.03.2015"),
        ("expires_on", "12.03.2030"),
    ):
        form.field(name).setText(text)
    form.set_kind("паспорт")


def shown_page(qtbot: QtBot, desk: Desk, runner: TaskRunner, clock: FixedClock) -> SpreadPage:
    """The page on its own for `desk`, active, read once, the cursor in the account field."""
    return show(qtbot, runner, SpreadPage(desk, runner, clock))


def show(qtbot: QtBot, runner: TaskRunner, page: PageT) -> PageT:
    """An account page (of «Спрэдбет» or «Спрэдбетэкс») shown on its own, active, read once,
    the cursor in its account field."""
    qtbot.addWidget(page)
    page.resize(1280, 720)
    page.show()
    activate(qtbot, page)
    page.refresh()
    settled(qtbot, runner)
    page.setFocus()
    return page


def cashier_window(
    qtbot: QtBot, shop: Shop, runner: TaskRunner, ui_state: QSettings, login: str, pin: str
) -> tuple[MainWindow, SpreadPage]:
    """The window signed in, «Спрэдбет» opened with Alt+7."""
    window = open_window(qtbot, shop, runner, ui_state)
    sign_in(qtbot, window, login, pin)
    activate(qtbot, window)
    press(qtbot, Qt.Key.Key_7, Qt.KeyboardModifier.AltModifier)
    settled(qtbot, runner)
    page = window.findChild(SpreadPage)
    assert page is not None
    return window, page


def row_of(page: SpreadPage, number: str) -> list[str]:
    row = page.bets.model.row_of(number)
    assert row is not None
    return page.bets.model.texts(row)


def choose_bet(qtbot: QtBot, page: SpreadPage, number: str) -> None:
    """Tab to the bets and ↑/↓ to the bet, as the cashier does."""
    while not page.bets.view.hasFocus():
        press(qtbot, Qt.Key.Key_Tab)
    target = page.bets.model.row_of(number)
    assert target is not None
    while page.bets.view.currentIndex().row() != target:
        step = Qt.Key.Key_Down if page.bets.view.currentIndex().row() < target else Qt.Key.Key_Up
        press(qtbot, step)


def submit_document(qtbot: QtBot, page: CounterPage, runner: TaskRunner) -> None:
    """The player's passport typed in the open dialog, Enter from its last field."""
    dialog = page.dialog
    assert isinstance(dialog, AccountDocumentDialog)
    fill_document(dialog)
    dialog.document_form.field("expires_on").setFocus()
    press(qtbot, Qt.Key.Key_Return)
    settled(qtbot, runner)
    qtbot.waitUntil(lambda: page.dialog is None)
    back_at_field(qtbot, page)


def balance(free: str, blocked: str) -> str:
    return f"Свободно: {free} руб.\nЗаблокировано под ставки: {blocked} руб."


def loaded(qtbot: QtBot, page: SpreadPage, runner: TaskRunner, number: str) -> None:
    scan_account(qtbot, page, runner, number)
    assert page.spreads is not None and page.spreads.account.number == number
