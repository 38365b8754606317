"""A cashless day through the window (issue 37, "Done when"), by keys on one SQLite shop: the
manager records a bank transfer onto a player's account, the cashier takes a bet paid from it
(F6 at the confirmation), the result pays the win onto the account, and the manager's transfer
out to the bank account it came from empties it. No cash and no receipt on the way (p.7)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from pos.accounts.ledger import Movement
from pos.accounts.transfer_rules import iban_with_checks
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.gui.betting_helpers import add_leg, betting_page, open_confirmation, type_stake
from tests.gui.spread_helpers import answer, scan_account
from tests.gui.test_transfers import CTRL, CTRL_SHIFT, transfer_form
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("quiet_spread_page")
D = Decimal
BANK = iban_with_checks("ALFA30120000012345678901")


def test_p7_a_transfer_a_cashless_bet_its_win_on_the_account_and_a_transfer_out_empties_it(
    qtbot: QtBot, spread: Shop, office_page: SpreadPage, runner: TaskRunner, clock: FixedClock
) -> None:
    anna, boss = spread.login("anna", "4821"), spread.login("boss", "9911")
    number = anna.open_account(document=PASSPORT).number  # nothing on it yet
    drawer = _drawer(anna)

    scan_account(qtbot, office_page, runner, number)  # the manager, from the bank statement
    transfer_form(qtbot, office_page, CTRL)
    answer(qtbot, office_page, runner, "50,00", "Ivanov P. S.", "124", "27.11.2026", BANK)
    assert spread.account(number).free == D("50.00")

    page = betting_page(qtbot, anna, runner, clock)  # the cashier: 101 «1» at 2,10, 20,00
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "20")
    dialog = open_confirmation(qtbot, page)
    qtbot.keyClick(dialog, Qt.Key.Key_F6)
    field = dialog.findChild(QLineEdit, "confirm_account")
    assert field is not None
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field)
    qtbot.keyClicks(field, number)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    slip = spread.slip(page.recent.rows()[0][0].split("\n")[0].replace("-", ""))
    assert (slip.account, slip.fiscal_receipt_no) == (number, None)
    assert spread.account(number).free == D("30.00")

    clock.advance(timedelta(days=3))  # 101 played: the home side won
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()
    assert spread.slip(slip.number).status is SlipStatus.PAID  # credited, never in cash
    assert spread.account(number).free == D("72.00")  # 30,00 + 20,00 × 2,10

    page.close()  # back at the manager's page, the account read again
    office_page.activateWindow()
    field = office_page.account_card.number_field
    field.setFocus()
    field.clear()
    qtbot.waitUntil(field.hasFocus)
    scan_account(qtbot, office_page, runner, number)
    transfer_form(qtbot, office_page, CTRL_SHIFT)
    answer(qtbot, office_page, runner, "72", "77")  # to the only bank account that paid in
    view = spread.account(number)
    assert view.free == D("0.00")
    assert [line.kind for line in view.statement()] == [
        Movement.TRANSFER_IN,
        Movement.STAKE,
        Movement.SLIP_WIN,
        Movement.TRANSFER_OUT,
    ]
    assert _drawer(anna) == drawer  # the drawer never saw it


def _drawer(desk: Desk) -> Decimal:
    status = desk.shift()
    assert status is not None
    return status.shift.drawer
