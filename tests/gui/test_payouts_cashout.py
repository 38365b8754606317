"""Cash-out on the payouts page (issue 38): an open slip scanned shows the shop's offer with its
countdown; F7 with the player's document buys it back; a lapsed offer is renewed by F7."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.gui.payouts_helpers import open_payouts, scan, type_document
from tests.gui.widgets import child
from ui.pages.payouts import PayoutsPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(
    qtbot: QtBot, demo_shop: Shop, anna: Desk, runner: TaskRunner, clock: FixedClock
) -> PayoutsPage:
    demo_shop.update_settings(cashout_enabled=True)
    return open_payouts(qtbot, anna, runner, clock)


def _offer_shown(qtbot: QtBot, page: PayoutsPage, runner: TaskRunner) -> None:
    qtbot.waitUntil(lambda: not runner.busy and page.cashout.bar.offer is not None)


def test_an_open_slip_is_bought_back_by_f7_with_the_players_document(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    boss: Desk,
    runner: TaskRunner,
    demo_shop: Shop,
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    boss.set_odds(101, "1", "1.80")

    scan(qtbot, page, slip.number)
    _offer_shown(qtbot, page, runner)

    amount, left, message = page.cashout.bar.texts()
    assert amount == "Пункт выкупит купон за 11,08 руб."
    assert left == "Предложение действует ещё 30 с."
    assert message == ""
    assert page.document_form.isEnabled()
    type_document(qtbot, page)
    with qtbot.waitSignal(page.paid_out) as paid:
        qtbot.keyClick(page.document_form.field("expires_on"), Qt.Key.Key_F7)

    entry = paid.args[0]
    assert entry.is_cashout and entry.amount == Decimal("11.08")
    assert page.message_text() == (
        f"Купон № {display_slip_number(slip.number)} выкуплен за 11,08 руб., "
        f"запись журнала № 1, чек № {entry.fiscal_receipt_no}."
    )
    assert demo_shop.slip(slip.number).status is SlipStatus.CASHED_OUT
    assert not page.cashout.bar.isVisible()


def test_a_lapsed_offer_is_renewed_by_f7_at_the_odds_of_the_moment(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    boss: Desk,
    runner: TaskRunner,
    clock: FixedClock,
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    scan(qtbot, page, slip.number)
    _offer_shown(qtbot, page, runner)
    assert page.cashout.bar.texts()[0] == "Пункт выкупит купон за 9,50 руб."

    clock.advance(timedelta(seconds=31))
    boss.set_odds(101, "1", "1.80")
    page.cashout.bar.tick(clock.now())
    assert page.cashout.bar.texts()[1].startswith("Предложение истекло")
    qtbot.keyClick(child(page, QLineEdit, "payout_number"), Qt.Key.Key_F7)
    qtbot.waitUntil(lambda: not runner.busy)

    assert page.cashout.bar.texts()[:2] == (
        "Пункт выкупит купон за 11,08 руб.",
        "Предложение действует ещё 30 с.",
    )


def test_a_slip_not_bought_back_says_why_and_nothing_is_offered_when_cash_out_is_off(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    runner: TaskRunner,
    demo_shop: Shop,
    clock: FixedClock,
) -> None:
    system = anna.accept_bet([(101, "1"), (102, "O2.5"), (103, "1")], stake="9", kind="system 2/3")
    scan(qtbot, page, system.number)
    qtbot.waitUntil(lambda: not runner.busy)

    assert page.cashout.bar.offer is None
    assert "системы не выкупаются" in page.cashout.bar.texts()[2]
    assert not page.document_form.isEnabled()

    demo_shop.update_settings(cashout_enabled=False)
    page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    single = anna.accept_bet([(101, "1")], stake="10")
    scan(qtbot, page, single.number)
    qtbot.waitUntil(lambda: not runner.busy)
    assert not page.cashout.bar.isVisible()
