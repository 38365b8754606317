"""The betting page's stake paid from an account (p.7, issue 37), driven by keys: F6 at the
confirmation reaches the account field, the number typed or scanned, Enter issues the slip
with no cash; a short free balance is said in the confirmation, nothing issued; the payouts
page refuses the slip's win in cash: it is on the account."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from pos.accounts.ledger import Movement
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.fakeprinter import FlakyDummy
from tests.gui.betting_helpers import (
    add_leg,
    betting_page,
    open_confirmation,
    text_of,
    type_stake,
)
from tests.gui.payouts_helpers import open_payouts, scan
from tests.gui.spread_helpers import sqlite_shop
from tests.gui.widgets import child
from tests.shifts import reopen_shift
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner

D = Decimal


@pytest.fixture
def shop(tmp_path: Path, clock: FixedClock) -> Iterator[Shop]:
    """The demo shop on a SQLite file (accounts need the real database's ledger)."""
    made = sqlite_shop(tmp_path, clock)
    yield made
    made.close()


@pytest.fixture
def account(shop: Shop) -> str:
    """Иванов's account with 100,00 on it."""
    anna = shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, D("100"))
    return number


@pytest.fixture
def page(qtbot: QtBot, shop: Shop, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    return betting_page(qtbot, shop.login("anna", "4821"), runner, clock)


def _pay_from(qtbot: QtBot, page: BettingPage, number: str, stake: str) -> None:
    """A single on 101 at `stake`, F6 at the confirmation, the account typed, Enter."""
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, stake)
    dialog = open_confirmation(qtbot, page)
    qtbot.keyClick(dialog, Qt.Key.Key_F6)
    field = dialog.findChild(QLineEdit, "confirm_account")
    assert field is not None
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field)
    qtbot.keyClicks(field, number)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_p7_the_cashier_pays_the_stake_from_an_account_at_the_confirmation_by_keys(
    qtbot: QtBot, page: BettingPage, shop: Shop, account: str
) -> None:
    _pay_from(qtbot, page, account, "10")
    qtbot.waitUntil(lambda: page.confirm_dialog is None)

    view = shop.account(account)
    assert view.free == D("90.00")
    assert view.statement()[-1].kind is Movement.STAKE
    newest = page.recent.rows()[0][0].split("\n")[0]
    slip = shop.slip(newest.replace("-", ""))
    assert slip.account == account and slip.status is SlipStatus.OPEN
    assert slip.fiscal_receipt_no is None  # no cash moved: no receipt (p.7)
    assert f"Купон {display_slip_number(slip.number)} выдан" in text_of(page, "slip_message")


def test_p7_a_short_free_balance_is_said_in_the_confirmation_and_nothing_is_issued(
    qtbot: QtBot, page: BettingPage, shop: Shop, account: str
) -> None:
    _pay_from(qtbot, page, account, "150")
    dialog = page.confirm_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: "На счёте не хватает" in dialog.message_text())

    assert shop.account(account).free == D("100.00")
    assert dialog.account_number() == account  # kept: Esc goes back, Enter tries again


def test_p7_the_payouts_page_refuses_a_cashless_win_it_is_on_the_account(
    qtbot: QtBot, shop: Shop, account: str, runner: TaskRunner, clock: FixedClock
) -> None:
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    slip = anna.accept_bet([(101, "1")], stake="10", account=account)
    clock.advance(timedelta(days=3))
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()
    clock.advance(timedelta(days=1))
    reopen_shift(anna)
    page = open_payouts(qtbot, anna, runner, clock)

    scan(qtbot, page, slip.number)

    refusal = page.quote_card.texts()["refusal"]
    assert "выигрыш зачислен на счёт №" in refusal
    assert page.quote_card.texts()["amount"] == ""
    assert not child(page, QPushButton, "pay_out").isEnabled()
    assert shop.account(account).free == D("111.00")  # 100 − 10 + 21, on the account


@pytest.mark.warns_in_log  # the failed print is logged as a device failure
def test_p7_a_cashless_slip_whose_paper_failed_is_said_issued_not_refused(
    qtbot: QtBot, tmp_path: Path, clock: FixedClock, runner: TaskRunner
) -> None:
    # The slip is issued and its stake taken from the account when the printer fails: the
    # confirmation closes and the page says to print it again, as for a receipt not printed.
    flaky = FlakyDummy()
    shop = sqlite_shop(tmp_path, clock, flaky)
    try:
        anna = shop.login("anna", "4821")
        number = anna.open_account(document=PASSPORT).number
        anna.deposit(number, D("100"))
        page = betting_page(qtbot, anna, runner, clock)
        flaky.broken = True
        _pay_from(qtbot, page, number, "10")
        qtbot.waitUntil(lambda: page.confirm_dialog is None)

        assert "не напечатано" in text_of(page, "slip_message")
        assert shop.account(number).free == D("90.00")  # taken once, the slip issued
        qtbot.waitUntil(lambda: bool(page.recent.rows()))  # the recent slips read again
        newest = page.recent.rows()[0][0].split("\n")[0]
        assert shop.slip(newest.replace("-", "")).status is SlipStatus.OPEN
    finally:
        shop.close()
