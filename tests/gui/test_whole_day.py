"""A cashier's whole day in the window, as issue #7 names it: open the shift with a float,
sell, pay a winning slip, cash out with the manager's PIN, an X report, the blind count and
the Z report — and then the audit trail verifies."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from escpos.printer import Dummy
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget, QTabBar
from pytestqt.qtbot import QtBot

from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import add_leg, issue, type_stake
from tests.gui.payouts_helpers import BELARUS_TD3, scan, type_document
from tests.gui.test_main_window import login_page, sign_in
from tests.gui.test_manager_pin import authorise
from tests.gui.test_shift import enter
from tests.gui.widgets import alt_page, click, focus_on, tab_to
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


def _sign_in_by_keys(qtbot: QtBot, window: MainWindow, login: str, pin: str) -> None:
    users = window.findChild(QListWidget, "users")
    users.setFocus()
    qtbot.keyClicks(users, login)  # the list finds the name typed
    qtbot.keyClick(users, Qt.Key.Key_Tab)
    qtbot.keyClicks(focus_on(qtbot, "pin"), pin)
    qtbot.keyClick(focus_on(qtbot, "pin"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.desk is not None)


def _shift_by_keys(qtbot: QtBot, button: str, amount: str) -> None:
    """Tab to the shift card's button, Space, the amount and Enter."""
    qtbot.keyClick(tab_to(qtbot, button), Qt.Key.Key_Space)
    field = focus_on(qtbot, "shift_amount")
    qtbot.keyClicks(field, amount)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def _sell_by_keys(qtbot: QtBot, betting: BettingPage, leg: str, stake: str) -> None:
    """The leg and Enter, F3 to the stake, Enter, Enter on the confirmation."""
    field = focus_on(qtbot, "pick")
    qtbot.keyClicks(field, leg)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: betting.draft.rowCount() == 1)
    qtbot.keyClick(field, Qt.Key.Key_F3)
    qtbot.keyClicks(focus_on(qtbot, "stake"), stake)
    qtbot.keyClick(focus_on(qtbot, "stake"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: betting.confirm_dialog is not None)
    qtbot.keyClick(betting.confirm_dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: betting.confirm_dialog is None and betting.draft.rowCount() == 0)


def _cancel_by_keys(qtbot: QtBot, betting: BettingPage) -> None:
    """F8 on the slip just issued, a reason chosen with ↓, Enter."""
    qtbot.keyClick(focus_on(qtbot, "pick"), Qt.Key.Key_F8)
    qtbot.waitUntil(lambda: betting.recent.cancel_dialog is not None)
    reason = focus_on(qtbot, "reason")
    qtbot.keyClick(reason, Qt.Key.Key_Down)
    qtbot.keyClick(reason, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: betting.recent.cancel_dialog is None)


def _pay_by_keys(qtbot: QtBot, payouts: PayoutsPage, number: str) -> None:
    """The number and Enter, the zone read, what it lacks typed, Enter from field to field
    down to «Выплатить (F9)», and Enter there."""
    field = focus_on(qtbot, "payout_number")
    qtbot.keyClicks(field, number)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: payouts.quote is not None)
    zone = focus_on(qtbot, "mrz")
    for line in BELARUS_TD3:
        qtbot.keyClicks(zone, line)
        qtbot.keyClick(zone, Qt.Key.Key_Return)
    for name, typed in (("issued_by", "MVD Minsk"), ("issued_on", "01022021"), ("expires_on", "")):
        qtbot.keyClicks(focus_on(qtbot, name), typed)  # the expiry was read from the zone
        qtbot.keyClick(focus_on(qtbot, name), Qt.Key.Key_Return)
    with qtbot.waitSignal(payouts.paid_out):
        qtbot.keyClick(focus_on(qtbot, "pay_out"), Qt.Key.Key_Return)


def test_a_new_cashier_s_day_runs_by_keys_alone(
    qtbot: QtBot,
    demo_shop: Shop,
    clock: FixedClock,
    runner: TaskRunner,
    ui_state: QSettings,
    storage: FakeStorage,
) -> None:
    """Issue 34: sign in, open the shift, bet, cancel a slip, pay a winner and close the shift
    with no mouse: the keys the window names (F3, F8, F9, Alt and a digit, Tab, Enter)."""
    winner = _yesterdays_winner(demo_shop, clock)
    window = MainWindow(ShopConnection.of(demo_shop), runner, ui_state=ui_state)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: login_page(window).logins() == ["anna", "boss"])
    _sign_in_by_keys(qtbot, window, "anna", "4821")

    alt_page(qtbot, window, runner, "Касса")
    card = window.findChild(TillPage).shift_card
    _shift_by_keys(qtbot, "open_shift", "300")
    qtbot.waitUntil(lambda: card.findChild(QLabel, "shift_float").text() == "300,00 руб.")

    alt_page(qtbot, window, runner, "Ставки")
    betting = window.findChild(BettingPage)
    _sell_by_keys(qtbot, betting, "501 1", "50")
    _sell_by_keys(qtbot, betting, "501 1", "20")
    _cancel_by_keys(qtbot, betting)  # the 20,00 slip was wrong
    sold = sorted(storage.data.slips.values(), key=lambda slip: slip.number)[-2:]
    assert [slip.status for slip in sold] == [SlipStatus.OPEN, SlipStatus.CANCELLED]

    alt_page(qtbot, window, runner, "Выплаты")
    _pay_by_keys(qtbot, window.findChild(PayoutsPage), winner)

    alt_page(qtbot, window, runner, "Касса")
    _shift_by_keys(qtbot, "close_shift", "308")  # the blind count
    qtbot.waitUntil(lambda: isinstance(card.dialog, ShiftCloseDialog) and card.dialog.shift_closed)

    # 300 + 50 + 20 − 20 − 42 = 308,00: the drawer matches to the kopeck.
    closing = card.dialog
    assert closing.findChild(QLabel, "closing_difference").text() == "нет — касса сошлась"
    assert demo_shop.login("anna", "4821").shift() is None
