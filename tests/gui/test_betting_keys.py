"""The betting page's way from the legs to the stake by keys alone (issue 34): F3 goes to the
stake and the hints say so, Tab leaves the legs, and the fields take no endless text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QTableView
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import add_leg, betting_page, issue, pick, stake, text_of
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner
from ui.widgets.elided_label import ElidedLabel


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    return betting_page(qtbot, anna, runner, clock)


def _legs(page: BettingPage) -> QTableView:
    legs = page.findChild(QTableView, "legs")
    assert legs is not None
    return legs


def _hint(page: BettingPage) -> str:
    (hint,) = page.editor.findChildren(ElidedLabel)
    return hint.text()


def test_f3_goes_from_the_pick_field_to_the_stake_and_the_hint_says_so(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    add_leg(qtbot, page, "101 1")
    assert QApplication.focusWidget() is pick(page)

    qtbot.keyClick(pick(page), Qt.Key.Key_F3)

    qtbot.waitUntil(lambda: QApplication.focusWidget() is stake(page))
    assert "F3 — к ставке" in _hint(page)
    stake_label = [label for label in page.findChildren(QLabel) if label.buddy() is stake(page)]
    assert [label.text() for label in stake_label] == ["Ставка, руб. (F3)"]
    qtbot.keyClicks(stake(page), "10")
    qtbot.waitUntil(lambda: text_of(page, "possible_payout") == "21,00 руб.")
    assert issue(qtbot, page, storage).stake == 10


def test_f3_goes_to_the_stake_from_the_legs_too(qtbot: QtBot, page: BettingPage) -> None:
    add_leg(qtbot, page, "101 1")
    qtbot.keyClick(pick(page), Qt.Key.Key_Down)
    assert QApplication.focusWidget() is _legs(page)

    qtbot.keyClick(_legs(page), Qt.Key.Key_F3)

    qtbot.waitUntil(lambda: QApplication.focusWidget() is stake(page))


def test_tab_leaves_the_legs_for_the_stake(qtbot: QtBot, page: BettingPage) -> None:
    add_leg(qtbot, page, "101 1")
    add_leg(qtbot, page, "102 2")
    qtbot.keyClick(pick(page), Qt.Key.Key_Down)
    assert QApplication.focusWidget() is _legs(page)

    qtbot.keyClick(_legs(page), Qt.Key.Key_Tab)

    assert QApplication.focusWidget() is stake(page)


def test_the_pick_and_stake_fields_take_no_endless_text(qtbot: QtBot, page: BettingPage) -> None:
    # Another room refuses 4 301-digit strings by length; the fields never hold one (issue 34).
    for field in (pick(page), stake(page)):
        field.setFocus()
        qtbot.keyClicks(field, "1" * 200)
        assert 0 < len(field.text()) <= 64, field.objectName()
