"""A cashier's whole day in the window, as issue #7 names it: open the shift with a float,
sell, pay a winning slip, cash out with the manager's PIN, an X report, the blind count and
the Z report — and then the audit trail verifies."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from escpos.printer import Dummy
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QTabBar
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import add_leg, issue, type_stake
from tests.gui.payouts_helpers import scan, type_document
from tests.gui.test_main_window import login_page, sign_in
from tests.gui.test_manager_pin import authorise
from tests.gui.test_shift import enter
from tests.gui.widgets import click
from ui.connection import ShopConnection
from ui.dialogs.shift_close import ShiftCloseDialog
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.payouts import PayoutsPage
from ui.pages.till import TillPage
from ui.tasks import TaskRunner


def _yesterdays_winner(shop: Shop, clock: FixedClock) -> str:
    """A slip sold on Monday and won on Tuesday; the clock then stands on Friday morning."""
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    slip = anna.accept_bet([(101, "1")], stake="20")
    anna.close_shift(counted="20")
    clock.advance(timedelta(days=3))
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()
    clock.advance(timedelta(hours=20))  # Friday 4 December, 08:00
    boss.add_event(501, "football", "Ислочь", "Минск", clock.now() + timedelta(hours=10))
    boss.set_odds(501, "1", Decimal("1.90"))
    return slip.number


def _blind_count(qtbot: QtBot, till: TillPage, counted: str) -> ShiftCloseDialog:
    """«Закрыть смену…», the count typed before anything is shown, Enter."""
    card = till.shift_card
    click(qtbot, card, "close_shift")
    qtbot.waitUntil(lambda: isinstance(card.dialog, ShiftCloseDialog))
    closing = card.dialog
    assert isinstance(closing, ShiftCloseDialog)
    assert not closing.findChild(QLabel, "closing_expected").isVisible()
    field = closing.findChild(QLineEdit, "shift_amount")
    qtbot.keyClicks(field, counted)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: closing.shift_closed)
    return closing


def _page(qtbot: QtBot, window: MainWindow, title: str) -> None:
    navigation = window.findChild(QTabBar, "navigation")
    navigation.setCurrentIndex(window.page_titles().index(title))
    qtbot.waitUntil(lambda: not window._runner.busy)


def test_a_cashier_runs_a_whole_day_in_the_window(
    qtbot: QtBot,
    demo_shop: Shop,
    clock: FixedClock,
    runner: TaskRunner,
    ui_state: QSettings,
    storage: FakeStorage,
    printer: Dummy,
) -> None:
    winner = _yesterdays_winner(demo_shop, clock)
    window = MainWindow(ShopConnection.of(demo_shop), runner, ui_state=ui_state)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: login_page(window).logins() == ["anna", "boss"])
    sign_in(qtbot, window, "anna", "4821")

    # 08:00 — the shift opens with 300,00 counted in the drawer.
    _page(qtbot, window, "Касса")
    till = window.findChild(TillPage)
    card = till.shift_card
    click(qtbot, card, "open_shift")
    qtbot.waitUntil(lambda: card.dialog is not None)
    enter(qtbot, card.dialog, "300")
    qtbot.waitUntil(lambda: card.findChild(QLabel, "shift_float").text() == "300,00 руб.")

    # Selling: a single at 1,90 for 50,00.
    _page(qtbot, window, "Ставки")
    betting = window.findChild(BettingPage)
    add_leg(qtbot, betting, "501 1")
    type_stake(qtbot, betting, "50")
    sold = issue(qtbot, betting, storage)
    assert sold.stake == Decimal("50") and sold.cashier == "anna"

    # Paying Monday's winner: 20,00 × 2,10 = 42,00.
    _page(qtbot, window, "Выплаты")
    payouts = window.findChild(PayoutsPage)
    scan(qtbot, payouts, winner)
    assert payouts.quote_card.texts()["amount"] == "42,00 руб."
    type_document(qtbot, payouts)
    with qtbot.waitSignal(payouts.paid_out):
        click(qtbot, payouts, "pay_out")

    # Cash out to the safe: a cashier's needs the manager's PIN.
    _page(qtbot, window, "Касса")
    click(qtbot, card, "cash_out")
    qtbot.waitUntil(lambda: card.dialog is not None)
    cash_out = card.dialog
    enter(qtbot, cash_out, "100", "в сейф")
    qtbot.waitUntil(lambda: getattr(cash_out, "manager_dialog", None) is not None)
    authorise(qtbot, cash_out.manager_dialog, "boss", "9911")  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: card.findChild(QLabel, "shift_cash_out").text() == "100,00 руб.")

    # An X report at noon: the fiscal day stays open.
    printer.clear()
    click(qtbot, till, "x_report")
    qtbot.waitUntil(lambda: "X-ОТЧЁТ".encode("cp866") in printer.output)

    # Evening: the blind count, then expected, counted, difference and the Z report.
    printer.clear()
    closing = _blind_count(qtbot, till, "208")

    # 300 + 50 − 42 − 100 = 208,00: the drawer matches the system to the kopeck.
    assert closing.findChild(QLabel, "closing_expected").text() == "208,00 руб."
    assert closing.findChild(QLabel, "closing_difference").text() == "нет — касса сошлась"
    assert "Z-ОТЧЁТ".encode("cp866") in printer.output
    assert demo_shop.login("anna", "4821").shift() is None
    assert demo_shop.verify().ok
