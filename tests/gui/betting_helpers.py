"""Driving the betting page as a cashier does, for its tests and the GUI tests built on it."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from pos.betting.slips import Slip
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from ui.dialogs.confirm_bet import ConfirmBetDialog
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner

MINSK = ZoneInfo("Europe/Minsk")


def pick(page: BettingPage) -> QLineEdit:
    return page.findChild(QLineEdit, "pick")


def stake(page: BettingPage) -> QLineEdit:
    return page.findChild(QLineEdit, "stake")


def text_of(page: BettingPage, name: str) -> str:
    return page.findChild(QLabel, name).text()


def add_leg(qtbot: QtBot, page: BettingPage, typed: str) -> None:
    """Type a leg and Enter; wait until it is on the slip."""
    legs = page.draft.rowCount()
    qtbot.keyClicks(pick(page), typed)
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == legs + 1)
    assert pick(page).text() == ""


def type_stake(qtbot: QtBot, page: BettingPage, typed: str) -> None:
    stake(page).clear()
    qtbot.keyClicks(stake(page), typed)


def open_confirmation(qtbot: QtBot, page: BettingPage) -> ConfirmBetDialog:
    qtbot.keyClick(stake(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.confirm_dialog is not None)
    dialog = page.confirm_dialog
    assert dialog is not None
    return dialog


def issue(qtbot: QtBot, page: BettingPage, storage: FakeStorage) -> Slip:
    """Enter on the stake, Enter on the confirmation; the slip now in storage."""
    before = len(storage.data.slips)
    dialog = open_confirmation(qtbot, page)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    assert len(storage.data.slips) == before + 1
    return max(storage.data.slips.values(), key=lambda slip: slip.number)


def legs_rows(page: BettingPage) -> list[list[str]]:
    model = page.draft
    return [
        [model.data(model.index(r, c)) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def countdown(page: BettingPage) -> str:
    """The countdown of the newest recent slip (its window cell's first line)."""
    return page.recent.rows()[0][1].split("\n")[0]


def kind_names(page: BettingPage) -> list[str]:
    return [str(kind) for kind in page.kinds.kinds()]


def tick(qtbot: QtBot, box: QCheckBox) -> None:
    """Click the box's square, as the cashier does."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def _started_event(boss: Desk, clock: FixedClock) -> None:
    boss.add_event(401, "football", "Ислочь", "Минск", clock.now() - timedelta(minutes=20))
    boss.set_odds(401, "1", Decimal("2.50"))


def issue_single(qtbot: QtBot, page: BettingPage, storage: FakeStorage) -> Slip:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "10")
    return issue(qtbot, page, storage)


def cancel_with_reason(qtbot: QtBot, page: BettingPage, reason: str) -> None:
    qtbot.keyClick(pick(page), Qt.Key.Key_F8)
    qtbot.waitUntil(lambda: page.recent.cancel_dialog is not None)
    dialog = page.recent.cancel_dialog
    dialog.set_reason(reason)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.recent.cancel_dialog is None)


def betting_page(qtbot: QtBot, desk: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    page = BettingPage(desk, runner, clock)
    qtbot.addWidget(page)
    page.resize(1280, 700)
    page.show()
    page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    return page
