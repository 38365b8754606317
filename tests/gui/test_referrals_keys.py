"""«Крупные ставки» and the cashier's waiting view by keys (issue 38), on a SQLite file: the
manager refuses with F8 (a reason typed) and accepts with Enter on the list; the cashier's
Esc withdraws a referral still waiting; an acceptance as asked is issued at once."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit
from pytestqt.qtbot import QtBot
from shiboken6 import isValid

from main import open_shop
from pos.core.clock import FixedClock
from pos.risk.referrals import Referral
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.gui.betting_helpers import add_leg, betting_page, open_confirmation, stake, type_stake
from ui.dialogs.referral_wait import ReferralWaitDialog
from ui.pages.referrals import ReferralsPage
from ui.tasks import TaskRunner

pytestmark = pytest.mark.integration


@pytest.fixture
def sql_shop(tmp_path: Path, clock: FixedClock) -> Iterator[Shop]:
    shop = open_shop(f"sqlite:///{tmp_path / 'shop.db'}", clock=clock, terminal="К1",
                     pin_hasher=PlainPinHasher(), printer=Dummy())  # fmt: skip
    shop.seed_demo()  # 105 takes at most 2 000,00 a stake
    yield shop
    shop.close()


def _refer(shop: Shop) -> Referral:
    sent = shop.login("anna", "4821").accept_bet(
        [(105, "X")], stake="5000", document=PASSPORT, refer=True
    )
    assert isinstance(sent, Referral)
    return sent


def _board(qtbot: QtBot, shop: Shop, runner: TaskRunner, clock: FixedClock) -> ReferralsPage:
    page = ReferralsPage(shop.login("boss", "9911"), runner, clock)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1)
    return page


def test_the_manager_refuses_with_f8_and_a_reason(
    qtbot: QtBot, sql_shop: Shop, runner: TaskRunner, clock: FixedClock
) -> None:
    sent = _refer(sql_shop)
    page = _board(qtbot, sql_shop, runner, clock)
    assert "на событие 105" in page.findChild(QLabel, "referral_refusal").text()  # the demo's
    reason = page.findChild(QLineEdit, "referral_reason")
    reason.setFocus()
    reason.insert("игрок превысил дневной лимит")  # QTest types ASCII only
    qtbot.keyClick(reason, Qt.Key.Key_F8)

    qtbot.waitUntil(lambda: "отклонена" in page.message_text())
    got = sql_shop.login("anna", "4821").referral(sent.number)
    assert got.status == "refused"
    assert got.decision is not None and got.decision.reason == "игрок превысил дневной лимит"
    qtbot.waitUntil(lambda: page.table.rowCount() == 0)


def test_enter_on_the_list_accepts_as_asked_and_the_cashier_gets_the_slip_at_once(
    qtbot: QtBot, sql_shop: Shop, runner: TaskRunner, clock: FixedClock
) -> None:
    sent = _refer(sql_shop)
    page = _board(qtbot, sql_shop, runner, clock)
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "согласована" in page.message_text())

    waiting = ReferralWaitDialog(sql_shop.login("anna", "4821"), runner, clock, sent, page)
    issued: list[object] = []
    waiting.issued.connect(issued.append)
    waiting.open()
    qtbot.waitUntil(lambda: bool(issued), timeout=5000)  # polled, accepted, issued
    assert issued[0].stake == Decimal("5000.00")  # type: ignore[attr-defined]


def test_esc_while_waiting_withdraws_the_referral(
    qtbot: QtBot, sql_shop: Shop, runner: TaskRunner, clock: FixedClock
) -> None:
    sent = _refer(sql_shop)
    anna = sql_shop.login("anna", "4821")
    waiting = ReferralWaitDialog(anna, runner, clock, sent, None)  # type: ignore[arg-type]
    qtbot.addWidget(waiting)
    waiting.open()
    qtbot.waitUntil(lambda: "осталось 60 с" in waiting.countdown_text())

    qtbot.keyClick(waiting, Qt.Key.Key_Escape)

    qtbot.waitUntil(lambda: not runner.busy)
    qtbot.waitUntil(lambda: anna.referral(sent.number).status == "withdrawn")
    assert not isValid(waiting) or not waiting.isVisible()


def test_a_limit_refusing_at_the_confirmation_closes_it_and_f7_sends_the_stake(
    qtbot: QtBot, sql_shop: Shop, runner: TaskRunner, clock: FixedClock
) -> None:
    anna = sql_shop.login("anna", "4821")
    page = betting_page(qtbot, anna, runner, clock)
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "1500")
    dialog = open_confirmation(qtbot, page)  # priced under the limit
    sql_shop.update_settings(max_stake_per_event=Decimal("1000"))  # lowered meanwhile

    qtbot.keyClick(dialog, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    message = page.findChild(QLabel, "slip_message")
    qtbot.waitUntil(lambda: "F7" in message.text())
    qtbot.keyClick(stake(page), Qt.Key.Key_F7)
    qtbot.waitUntil(lambda: page.findChild(ReferralWaitDialog) is not None)
    qtbot.waitUntil(lambda: sql_shop.login("boss", "9911").waiting_referrals() == 1)


def test_the_betting_page_opened_after_a_restart_shows_its_referral_waiting(
    qtbot: QtBot, sql_shop: Shop, runner: TaskRunner, clock: FixedClock
) -> None:
    sent = _refer(sql_shop)  # sent before the window (re)started

    page = betting_page(qtbot, sql_shop.login("anna", "4821"), runner, clock)

    qtbot.waitUntil(lambda: page.findChild(ReferralWaitDialog) is not None)
    waiting = page.findChild(ReferralWaitDialog)
    assert waiting.referral.number == sent.number
    qtbot.waitUntil(lambda: "ждёт решения менеджера" in waiting.countdown_text())


def test_new_odds_while_waiting_are_shown_and_enter_issues_at_them(
    qtbot: QtBot, sql_shop: Shop, runner: TaskRunner, clock: FixedClock
) -> None:
    sent = _refer(sql_shop)
    boss = sql_shop.login("boss", "9911")
    boss.set_odds(105, "X", Decimal("3.50"))  # was 3,05
    boss.decide_referral(sent.number, stake="2000")
    waiting = ReferralWaitDialog(sql_shop.login("anna", "4821"), runner, clock, sent, None)  # type: ignore[arg-type]
    issued: list[object] = []
    waiting.issued.connect(issued.append)
    qtbot.addWidget(waiting)
    waiting.open()
    qtbot.waitUntil(lambda: "вместо" in waiting.message_text())

    qtbot.keyClick(waiting, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "Коэффициенты изменились" in waiting.message_text())
    qtbot.keyClick(waiting, Qt.Key.Key_Return)  # the player agrees to the new payout

    qtbot.waitUntil(lambda: bool(issued))
    assert issued[0].possible_payout == Decimal("7000.00")  # type: ignore[attr-defined]
