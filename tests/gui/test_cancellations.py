"""Cancelling within the window from the betting page (F8, the reason), and the cancellations
page: every slip cancelled within its window, with who, when and why."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QTableWidget, QWidget
from pytestqt.qtbot import QtBot

from pos.betting.errors import ReasonRequired, SlipNotOpen, WindowClosed
from pos.betting.slips import Slip, SlipStatus
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import (
    MINSK,
    betting_page,
    cancel_with_reason,
    countdown,
    issue_single,
)
from ui.dialogs.cancel_reason import CancelReasonDialog
from ui.pages.betting import BettingPage
from ui.pages.cancellations import CancellationsPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner) -> CancellationsPage:
    cancellations_page = CancellationsPage(anna, runner)
    qtbot.addWidget(cancellations_page)
    cancellations_page.show()
    return cancellations_page


def count(page: CancellationsPage) -> str:
    return page.findChild(QLabel, "cancellation_count").text()


def test_no_cancellations_yet(qtbot: QtBot, page: CancellationsPage) -> None:
    page.refresh()

    qtbot.waitUntil(lambda: count(page) == "Отмен в окне 5 минут: 0")
    assert page.rows() == []


def test_cancellations_are_listed_newest_first_with_who_when_and_why(
    qtbot: QtBot, page: CancellationsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    first = anna.accept_bet([(101, "1")], Decimal("10"))
    kept = anna.accept_bet([(102, "X")], Decimal("5"))
    clock.advance(timedelta(minutes=1))
    anna.cancel_in_window(first.number, "Неверно указан исход")
    second = boss.accept_bet([(101, "1"), (102, "O2.5")], Decimal("12.50"), "express")
    clock.advance(timedelta(minutes=2, seconds=30))
    boss.cancel_in_window(second.number, "Неверно указана сумма ставки")

    page.refresh()

    qtbot.waitUntil(lambda: len(page.rows()) == 2)
    assert count(page) == "Отмен в окне 5 минут: 2"
    assert page.rows() == [
        ["30.11.2026 12:03:30", display_slip_number(second.number), "12,50", "boss",
         "Неверно указана сумма ставки"],
        ["30.11.2026 12:01:00", display_slip_number(first.number), "10,00", "anna",
         "Неверно указан исход"],
    ]  # fmt: skip
    assert display_slip_number(kept.number) not in str(page.rows())


def test_f5_reloads(qtbot: QtBot, page: CancellationsPage, anna: Desk) -> None:
    page.refresh()
    qtbot.waitUntil(lambda: count(page) == "Отмен в окне 5 минут: 0")
    slip = anna.accept_bet([(101, "1")], Decimal("10"))
    anna.cancel_in_window(slip.number, "Неверно указан исход")

    qtbot.keyClick(page.findChild(QTableWidget, "cancellations"), Qt.Key.Key_F5)

    qtbot.waitUntil(lambda: count(page) == "Отмен в окне 5 минут: 1")


# --- cancelling from the betting page (F8) ------------------------------------------------


@pytest.fixture
def betting(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    return betting_page(qtbot, anna, runner, clock)


def press_f8(qtbot: QtBot, page: BettingPage, runner: TaskRunner) -> CancelReasonDialog | None:
    """F8 on the betting page; the reason dialog if pos offered the slip for cancelling."""
    qtbot.keyClick(page.findChild(QWidget, "pick"), Qt.Key.Key_F8)
    qtbot.waitUntil(lambda: not runner.busy)
    return page.recent.cancel_dialog


def test_an_empty_reason_keeps_the_dialog_open_with_the_sentence_in_it(
    qtbot: QtBot, betting: BettingPage, storage: FakeStorage, runner: TaskRunner
) -> None:
    slip = issue_single(qtbot, betting, storage)
    dialog = press_f8(qtbot, betting, runner)
    assert dialog is not None

    qtbot.keyClick(dialog.findChild(QComboBox, "reason").lineEdit(), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: dialog.message_text() == str(ReasonRequired()))
    assert dialog.isVisible() and betting.recent.cancel_dialog is dialog
    assert betting.recent.message_text() == ""  # said where the reason is typed, not elsewhere
    assert storage.data.slips[slip.number].status is SlipStatus.OPEN
    dialog.set_reason("Неверно указан исход")
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: betting.recent.cancel_dialog is None)
    assert storage.data.slips[slip.number].status is SlipStatus.CANCELLED


def test_f8_does_not_offer_a_slip_whose_window_is_over(
    qtbot: QtBot,
    betting: BettingPage,
    storage: FakeStorage,
    clock: FixedClock,
    runner: TaskRunner,
) -> None:
    slip = issue_single(qtbot, betting, storage)
    clock.advance(timedelta(minutes=5, seconds=1))
    qtbot.waitUntil(lambda: countdown(betting) == "окно закрыто", timeout=3000)

    assert press_f8(qtbot, betting, runner) is None

    refusal = WindowClosed(slip.number, slip.window_ends_at.astimezone(MINSK))
    assert betting.recent.message_text() == str(refusal)
    assert display_slip_number(slip.number) in str(refusal)  # as printed on the slip
    assert storage.data.slips[slip.number].status is SlipStatus.OPEN


def test_f8_does_not_offer_a_slip_already_cancelled(
    qtbot: QtBot, betting: BettingPage, storage: FakeStorage, runner: TaskRunner
) -> None:
    slip = issue_single(qtbot, betting, storage)
    cancel_with_reason(qtbot, betting, "Неверно указан исход")
    qtbot.waitUntil(lambda: countdown(betting) == "отменён")

    assert press_f8(qtbot, betting, runner) is None

    assert betting.recent.message_text() == str(SlipNotOpen(slip.number, "отменён"))


def test_a_window_that_closes_while_the_reason_is_typed_is_said_in_the_dialog(
    qtbot: QtBot,
    betting: BettingPage,
    storage: FakeStorage,
    clock: FixedClock,
    runner: TaskRunner,
) -> None:
    slip: Slip = issue_single(qtbot, betting, storage)
    dialog = press_f8(qtbot, betting, runner)
    assert dialog is not None
    clock.advance(timedelta(minutes=6))  # the player took too long to say what was wrong
    dialog.set_reason("Неверно указан исход")

    qtbot.keyClick(dialog, Qt.Key.Key_Return)

    refusal = WindowClosed(slip.number, slip.window_ends_at.astimezone(MINSK))
    qtbot.waitUntil(lambda: dialog.message_text() == str(refusal))
    assert dialog.isVisible()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: betting.recent.cancel_dialog is None)
    assert storage.data.slips[slip.number].status is SlipStatus.OPEN
