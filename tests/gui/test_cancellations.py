"""The cancellations page: every slip cancelled within its window, with who, when and why."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTableWidget
from pytestqt.qtbot import QtBot

from pos.clock import FixedClock
from pos.desk import Desk
from pos.slipnumbers import display_slip_number
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
