"""The betting page's refusals: a low stake, a double Enter, and bets on events in play."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox
from pytestqt.qtbot import QtBot

from pos.betting.errors import EventStarted, StakeTooLow
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.people.permissions import WORDS, Permission
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import (
    MINSK,
    _started_event,
    add_leg,
    betting_page,
    issue,
    open_confirmation,
    pick,
    stake,
    text_of,
    tick,
    type_stake,
)
from tests.gui.test_manager_pin import authorise
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    return betting_page(qtbot, anna, runner, clock)


# --- refusals and the double Enter ---------------------------------------------------------


def test_a_stake_below_the_minimum_is_refused_and_no_slip_is_issued(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "0,50")

    qtbot.keyClick(stake(page), Qt.Key.Key_Return)

    refusal = StakeTooLow(Decimal("0.50"), Decimal("1.00"))
    qtbot.waitUntil(lambda: text_of(page, "slip_message") == str(refusal))
    assert page.confirm_dialog is None
    assert storage.data.slips == {}


def test_a_double_enter_on_the_confirmation_issues_one_slip(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "10")
    dialog = open_confirmation(qtbot, page)

    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    assert len(storage.data.slips) == 1


def test_a_confirmation_sent_twice_with_its_key_issues_one_slip(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage, runner: TaskRunner
) -> None:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "10")
    dialog = open_confirmation(qtbot, page)

    # As if the first answer were lost and the request sent again.
    dialog.confirmed.emit(dialog.request_key)
    dialog.confirmed.emit(dialog.request_key)

    qtbot.waitUntil(lambda: page.confirm_dialog is None and not runner.busy)
    assert len(storage.data.slips) == 1
    assert len(page.recent.rows()) == 1


def test_ticking_in_play_asks_no_pin_so_empty_enters_lock_nobody_out(
    qtbot: QtBot, page: BettingPage, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    """Issue 16: the tick opened the manager's PIN dialog at once, and five Enters on its
    empty PIN locked the only manager out for 15 minutes."""
    _started_event(boss, clock)
    in_play = page.findChild(QCheckBox, "agreed_in_play")

    tick(qtbot, in_play)
    for _ in range(5):
        qtbot.keyClick(pick(page), Qt.Key.Key_Return)

    assert in_play.isChecked()
    assert page.manager_dialog is None
    assert storage.data.users["boss"].failed_pins == 0
    add_leg(qtbot, page, "401 1")  # priced as agreed: the manager's PIN comes at issue


def test_a_cashier_takes_a_bet_in_play_the_manager_agreeing_it_with_the_pin_at_issue(
    qtbot: QtBot, page: BettingPage, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    _started_event(boss, clock)
    in_play = page.findChild(QCheckBox, "agreed_in_play")
    tick(qtbot, in_play)
    add_leg(qtbot, page, "401 1")
    type_stake(qtbot, page, "5")
    dialog = open_confirmation(qtbot, page)

    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # issue: now the manager comes over
    qtbot.waitUntil(lambda: page.manager_dialog is not None)
    assert dialog.message_text() == str(NotPermitted(WORDS[Permission.AGREE_IN_PLAY]))
    authorise(qtbot, page.manager_dialog, "boss", "9911")

    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    assert page.manager_dialog is None
    slip = max(storage.data.slips.values(), key=lambda slip: slip.number)
    assert slip.agreed_in_play and slip.cashier == "anna"
    assert not in_play.isChecked()  # the next bet in play needs the manager again
    assert [r.action for r in storage.data.audit].count(AuditAction.AUTHORISED) == 1


def test_without_the_manager_a_bet_in_play_is_not_issued(
    qtbot: QtBot, page: BettingPage, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    _started_event(boss, clock)
    qtbot.keyClicks(pick(page), "401 1")
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    refusal = EventStarted(401, (clock.now() - timedelta(minutes=20)).astimezone(MINSK))
    qtbot.waitUntil(lambda: page.editor.message_text() == str(refusal))  # not ticked: refused
    in_play = page.findChild(QCheckBox, "agreed_in_play")
    tick(qtbot, in_play)
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == 1)
    type_stake(qtbot, page, "5")
    dialog = open_confirmation(qtbot, page)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.manager_dialog is not None)

    qtbot.keyClick(page.manager_dialog, Qt.Key.Key_Escape)  # no manager at hand

    qtbot.waitUntil(lambda: page.manager_dialog is None)
    assert dialog.isVisible()
    assert dialog.message_text() == str(NotPermitted(WORDS[Permission.AGREE_IN_PLAY]))
    assert storage.data.slips == {}
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    assert page.draft.rowCount() == 1 and in_play.isChecked()


def test_a_started_event_needs_the_in_play_agreement(
    qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock, storage: FakeStorage
) -> None:
    page = BettingPage(boss, runner, clock)  # p.22: the manager agrees it
    qtbot.addWidget(page)
    page.resize(1280, 700)
    page.show()
    page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    _started_event(boss, clock)
    qtbot.keyClicks(pick(page), "401 1")
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    refusal = EventStarted(401, (clock.now() - timedelta(minutes=20)).astimezone(MINSK))
    qtbot.waitUntil(lambda: page.editor.message_text() == str(refusal))

    page.findChild(QCheckBox, "agreed_in_play").setChecked(True)
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == 1)
    type_stake(qtbot, page, "5")
    slip = issue(qtbot, page, storage)

    assert slip.agreed_in_play
    assert not page.findChild(QCheckBox, "agreed_in_play").isChecked()
