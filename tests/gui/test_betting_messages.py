"""The betting page shows one outcome at a time (issue 16): a refusal, an issue or a lookup."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLineEdit
from pytestqt.qtbot import QtBot

from pos.betting.errors import StakeTooLow
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import (
    _started_event,
    add_leg,
    betting_page,
    cancel_with_reason,
    issue_single,
    open_confirmation,
    pick,
    stake,
    text_of,
    tick,
    type_stake,
)
from tests.gui.test_identity import type_adult
from tests.gui.test_manager_pin import authorise
from tests.gui.widgets import shown_messages
from ui.errors import MessageLabel
from ui.pages.betting import PREVIEW_DELAY_MS, BettingPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    return betting_page(qtbot, anna, runner, clock)


# --- one outcome at a time (issue 16) --------------------------------------------------------


def message(page: BettingPage, name: str) -> MessageLabel:
    return page.findChild(MessageLabel, name)


def refuse_stake(qtbot: QtBot, page: BettingPage) -> None:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "0,50")
    qtbot.keyClick(stake(page), Qt.Key.Key_Return)
    refusal = StakeTooLow(Decimal("0.50"), Decimal("1.00"))
    qtbot.waitUntil(lambda: text_of(page, "slip_message") == str(refusal))


def test_an_underage_refusal_goes_once_the_next_document_is_checked(
    qtbot: QtBot, page: BettingPage
) -> None:
    qtbot.keyClick(pick(page), Qt.Key.Key_F4)
    identity = page.identity_dialog
    assert identity is not None
    type_adult(qtbot, identity, birth="01.01.2008")
    qtbot.keyClick(identity.field("number"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: message(page, "slip_message").kind == "error")
    assert "18" in text_of(page, "slip_message")

    identity.field("birth_date").clear()
    qtbot.keyClicks(identity.field("birth_date"), "15031990")
    qtbot.keyClick(identity.field("number"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.identity_dialog is None)

    assert shown_messages(page) == {"document_state": "Документ проверен: 36 лет"}


def test_a_slip_issued_then_cancelled_shows_only_the_cancellation(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    slip = issue_single(qtbot, page, storage)
    qtbot.waitUntil(lambda: "выдан" in text_of(page, "slip_message"))

    cancel_with_reason(qtbot, page, "Неверно указан исход")

    number = display_slip_number(slip.number)
    qtbot.waitUntil(lambda: "отменён" in page.recent.message_text())
    assert shown_messages(page) == {
        "recent_message": f"Купон {number} отменён. Верните игроку ставку 10,00 руб.",
        "document_state": "Документ не проверялся",
    }


def test_a_refusal_before_the_manager_s_authorisation_goes_with_the_issue(
    qtbot: QtBot, page: BettingPage, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    issue_single(qtbot, page, storage)
    clock.advance(timedelta(minutes=6))
    qtbot.keyClick(pick(page), Qt.Key.Key_F8)  # past its window: refused under the list
    qtbot.waitUntil(lambda: message(page, "recent_message").kind == "error")
    _started_event(boss, clock)
    tick(qtbot, page.findChild(QCheckBox, "agreed_in_play"))
    add_leg(qtbot, page, "401 1")
    type_stake(qtbot, page, "5")
    dialog = open_confirmation(qtbot, page)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.manager_dialog is not None)

    authorise(qtbot, page.manager_dialog, "boss", "9911")

    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    qtbot.waitUntil(lambda: "выдан" in text_of(page, "slip_message"))
    assert set(shown_messages(page)) == {"slip_message", "document_state"}


@pytest.mark.parametrize("field", [pick, stake])
def test_typing_in_the_pick_or_the_stake_clears_the_slip_s_refusal(
    qtbot: QtBot, page: BettingPage, field: object
) -> None:
    refuse_stake(qtbot, page)

    qtbot.keyClicks(field(page), "1")  # type: ignore[operator]

    assert message(page, "slip_message").text() == ""


def test_a_price_preview_due_after_the_runner_closed_does_nothing(
    qtbot: QtBot, page: BettingPage, runner: TaskRunner
) -> None:
    """The last keystroke arms the preview; the window closes the runner before it fires
    (seen as a RuntimeError in CI's Qt event loop): the preview is simply not asked for."""
    qtbot.keyClicks(pick(page), "101 1")
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == 1)
    qtbot.waitUntil(lambda: not runner.busy)
    qtbot.keyClicks(stake(page), "5")  # the preview timer is armed

    runner.shutdown()
    qtbot.wait(PREVIEW_DELAY_MS * 3)  # it fires: no exception reaches the event loop

    assert runner.closed


def test_the_program_filling_the_pick_keeps_the_refusal(qtbot: QtBot, page: BettingPage) -> None:
    refuse_stake(qtbot, page)

    pick(page).setText("102 ")

    assert message(page, "slip_message").kind == "error"


def test_typing_in_the_pick_clears_its_refusal(qtbot: QtBot, page: BettingPage) -> None:
    qtbot.keyClicks(pick(page), "999 1")
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.editor.message_text() != "")

    qtbot.keyClick(pick(page), Qt.Key.Key_Backspace)

    assert page.editor.message_text() == ""


def test_a_slip_found_then_a_slip_issued_shows_only_the_issue(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    lookup = page.findChild(QLineEdit, "lookup")
    qtbot.keyClicks(lookup, "12345")
    qtbot.keyClick(lookup, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: message(page, "lookup_message").kind == "error")
    pick(page).setFocus()

    issue_single(qtbot, page, storage)

    qtbot.waitUntil(lambda: "выдан" in text_of(page, "slip_message"))
    assert set(shown_messages(page)) == {"slip_message", "document_state"}
