"""The betting page's expresses and systems: kinds chosen by key, blocks, stakes that split."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from pos.betting.errors import StakeNotSplittable
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import (
    add_leg,
    betting_page,
    issue,
    kind_names,
    legs_rows,
    pick,
    stake,
    text_of,
    type_stake,
)
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    return betting_page(qtbot, anna, runner, clock)


# --- expresses and systems -----------------------------------------------------------------


def test_an_express_of_two_legs(qtbot: QtBot, page: BettingPage, storage: FakeStorage) -> None:
    add_leg(qtbot, page, "101 1")
    add_leg(qtbot, page, "102 O2.5")
    type_stake(qtbot, page, "10")
    qtbot.waitUntil(lambda: text_of(page, "total_odds") == "4,095")
    assert text_of(page, "possible_payout") == "40,95 руб."

    slip = issue(qtbot, page, storage)

    assert str(slip.kind) == "express"
    assert [(leg.event_code, leg.odds) for leg in slip.legs] == [
        (101, Decimal("2.10")),
        (102, Decimal("1.95")),
    ]
    assert slip.possible_payout == Decimal("40.95")


def test_a_system_two_of_three_chosen_by_key(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    for typed in ("101 1", "102 O2.5", "201 2"):
        add_leg(qtbot, page, typed)
    assert kind_names(page) == ["express", "system 2/3"]
    assert str(page.kinds.current()) == "express"

    qtbot.keyClick(stake(page), Qt.Key.Key_F2)
    assert str(page.kinds.current()) == "system 2/3"
    type_stake(qtbot, page, "9")
    qtbot.waitUntil(lambda: text_of(page, "possible_payout") == "47,52 руб.")

    slip = issue(qtbot, page, storage)

    assert str(slip.kind) == "system 2/3"
    assert slip.stake == Decimal("9.00")
    assert slip.possible_payout == Decimal("47.52")


def test_a_system_stake_that_does_not_split_names_the_nearest_stakes(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage, runner: TaskRunner
) -> None:
    for typed in ("101 1", "102 O2.5", "201 2"):
        add_leg(qtbot, page, typed)
    qtbot.keyClick(stake(page), Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    type_stake(qtbot, page, "10")

    refusal = StakeNotSplittable(Decimal("10.00"), 3, Decimal("9.99"), Decimal("10.02"))
    qtbot.waitUntil(lambda: text_of(page, "slip_message") == str(refusal))
    assert text_of(page, "possible_payout") == "—"
    qtbot.keyClick(stake(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not runner.busy)
    assert text_of(page, "slip_message") == str(refusal)
    assert page.confirm_dialog is None
    assert storage.data.slips == {}


def test_a_complex_system_with_an_express_block(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    for typed in ("101 1", "102 O2.5", "201 2", "103 X"):
        add_leg(qtbot, page, typed)
    legs = page.findChild(QTableView, "legs")
    qtbot.keyClick(pick(page), Qt.Key.Key_Down)
    qtbot.keyClick(legs, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)

    qtbot.keyClicks(legs, "+")

    assert [row[0] for row in legs_rows(page)] == ["1 блок", "1 блок", "2", "3"]
    assert kind_names(page) == ["system 2/3"]  # with a block only a system is possible
    assert str(page.kinds.current()) == "system 2/3"  # an express of blocks is no system
    type_stake(qtbot, page, "9")
    qtbot.waitUntil(lambda: text_of(page, "possible_payout") != "—")

    slip = issue(qtbot, page, storage)

    assert str(slip.kind) == "system 2/3"
    assert [[leg.event_code for leg in member] for member in slip.members] == [
        [101, 102],
        [201],
        [103],
    ]


def test_ctrl_b_splits_a_block_again(qtbot: QtBot, page: BettingPage) -> None:
    for typed in ("101 1", "102 O2.5", "201 2"):
        add_leg(qtbot, page, typed)
    page.editor.select_rows([0, 1])
    qtbot.keyClick(pick(page), Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert page.draft.member_count() == 2

    page.editor.select_rows([0])
    qtbot.keyClick(pick(page), Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)

    assert page.draft.member_count() == 3
