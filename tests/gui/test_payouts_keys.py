"""The payout page by keys alone (issue 34): Enter on the document's last field goes to
«Выплатить (F9)», Enter presses the focused button, Tab reaches «Выплатить» before «Игрок
отказался», and the refusal is never the default and asks once."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from pos.betting.slips import IdOutcome, SlipStatus
from pos.core.clock import FixedClock
from pos.payouts.errors import PayoutDocumentRequired
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.payouts_helpers import open_payouts, outcomes, scan, type_document, won_slip
from tests.gui.widgets import child
from ui.dialogs.payout_refusal import PayoutRefusalDialog
from ui.pages.payouts import PayoutsPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> PayoutsPage:
    return open_payouts(qtbot, anna, runner, clock)


def _button(page: PayoutsPage, name: str) -> QPushButton:
    button = child(page, QPushButton, name)
    assert isinstance(button, QPushButton)
    return button


def _ready(qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock) -> str:
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)
    type_document(qtbot, page)
    return slip.number


def test_the_pay_button_names_f9(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    _ready(qtbot, page, anna, boss, clock)

    assert page.pay_button_text() == "Выплатить 21,00 руб. (F9)"


def test_enter_on_the_last_field_goes_to_pay_and_enter_there_pays(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    _ready(qtbot, page, anna, boss, clock)
    last = page.document_form.field("expires_on")

    qtbot.keyClick(last, Qt.Key.Key_Return)

    assert QApplication.focusWidget() is _button(page, "pay_out")
    with qtbot.waitSignal(page.paid_out) as paid:
        qtbot.keyClick(_button(page, "pay_out"), Qt.Key.Key_Return)
    assert paid.args[0].amount == 21


def test_tab_from_the_last_field_reaches_pay_before_the_refusal(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    _ready(qtbot, page, anna, boss, clock)
    page.document_form.field("expires_on").setFocus()

    qtbot.keyClick(page.document_form.field("expires_on"), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is _button(page, "pay_out")
    qtbot.keyClick(_button(page, "pay_out"), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is _button(page, "payout_player_refused")


def _ask_refusal(qtbot: QtBot, page: PayoutsPage) -> PayoutRefusalDialog:
    refused = _button(page, "payout_player_refused")
    refused.setFocus()
    qtbot.keyClick(refused, Qt.Key.Key_Return)  # Enter on a focused button presses it
    qtbot.waitUntil(lambda: page.refusal_dialog is not None)
    dialog = page.refusal_dialog
    assert isinstance(dialog, PayoutRefusalDialog)
    return dialog


def test_the_refusal_asks_once_and_enter_there_goes_back(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    boss: Desk,
    clock: FixedClock,
    storage: FakeStorage,
) -> None:
    number = _ready(qtbot, page, anna, boss, clock)
    dialog = _ask_refusal(qtbot, page)
    assert outcomes(storage) == []

    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # the default is «Назад», never the refusal

    qtbot.waitUntil(lambda: page.refusal_dialog is None)
    assert outcomes(storage) == []
    assert page.quote is not None and page.document_form.field("surname").text() == "Иванов"
    assert anna.slip(number).status is SlipStatus.WON


def test_the_refusal_is_recorded_once_confirmed_by_keys(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    boss: Desk,
    clock: FixedClock,
    storage: FakeStorage,
) -> None:
    number = _ready(qtbot, page, anna, boss, clock)
    dialog = _ask_refusal(qtbot, page)
    back = child(dialog, QPushButton, "refusal_back")
    qtbot.waitUntil(lambda: QApplication.focusWidget() is back)  # it opens on «Назад»

    qtbot.keyClick(back, Qt.Key.Key_Tab)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.pay_message_text() == str(PayoutDocumentRequired()))
    assert page.refusal_dialog is None
    assert outcomes(storage) == [IdOutcome.REFUSED]
    assert boss.journal() == []
    assert anna.slip(number).status is SlipStatus.WON
