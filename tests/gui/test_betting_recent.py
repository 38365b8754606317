"""The betting page's recent slips: the 5-minute cancellation window and the slip lookup."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from pos.betting.errors import InvalidSlipNumber
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import (
    betting_page,
    cancel_with_reason,
    countdown,
    issue_single,
    pick,
)
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner
from ui.widgets.legs_table import LegsTable
from ui.widgets.slip_editor import split_pick


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    return betting_page(qtbot, anna, runner, clock)


def test_the_just_issued_slip_is_cancelled_within_its_window(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage, clock: FixedClock
) -> None:
    slip = issue_single(qtbot, page, storage)
    clock.advance(timedelta(minutes=4))
    qtbot.waitUntil(lambda: countdown(page) == "01:00", timeout=3000)

    cancel_with_reason(qtbot, page, "Неверно указан исход")

    number = display_slip_number(slip.number)
    qtbot.waitUntil(
        lambda: (
            page.recent.message_text()
            == f"Купон {number} отменён. Верните игроку ставку 10,00 руб."
        )
    )
    cancelled = storage.data.slips[slip.number]
    assert cancelled.status is SlipStatus.CANCELLED
    assert cancelled.cancellation is not None
    assert cancelled.cancellation.reason == "Неверно указан исход"
    assert countdown(page) == "отменён"


def test_recent_slips_are_listed_after_a_refresh(
    qtbot: QtBot, page: BettingPage, anna: Desk
) -> None:
    slip = anna.accept_bet([(101, "1"), (102, "O2.5")], Decimal("20"), "express")

    page.refresh()

    number = display_slip_number(slip.number)
    qtbot.waitUntil(
        lambda: page.recent.rows() == [[f"{number}\nЭкспресс · 20,00 руб.", "05:00\nдо 12:05:00"]]
    )


# --- the slip lookup -----------------------------------------------------------------------


def test_a_scanned_number_shows_the_slip_and_its_copy_is_counted(
    qtbot: QtBot, page: BettingPage, anna: Desk, demo_shop: Shop
) -> None:
    slip = anna.accept_bet([[(101, "1"), (102, "O2.5")], (201, "2"), (103, "X")], "9", "system 2/3")
    qtbot.keyClick(pick(page), Qt.Key.Key_F6)
    lookup = page.findChild(QLineEdit, "lookup")
    qtbot.keyClicks(lookup, slip.number)
    qtbot.keyClick(lookup, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.recent.details_dialog is not None)
    details = page.recent.details_dialog

    fields = details.field_texts()
    assert fields["Статус"] == "принят, ждёт результатов"
    assert fields["Вид ставки"] == "Сложная система 2/3"
    assert fields["Ставка"] == "9,00 руб."
    assert fields["Претензии до"] == "30.11.2026 12:05:00"
    assert fields["Копий напечатано"] == "0"
    legs = details.findChild(LegsTable, "details_legs").cell_texts()
    assert [row[0] for row in legs] == ["1 блок", "1 блок", "2", "3"]
    assert legs[0][-1] == "в. 1"

    qtbot.keyClick(details, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)

    qtbot.waitUntil(lambda: details.message_text() == "Повторная печать учтена: копия № 1.")
    assert details.field_texts()["Копий напечатано"] == "1"
    assert demo_shop.slip(slip.number).reprints == 1
    qtbot.keyClick(details, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.recent.details_dialog is None)


@pytest.mark.parametrize("shape", ["scanned", "printed"])
def test_a_slip_is_found_by_the_scanners_digits_and_by_its_printed_number(
    qtbot: QtBot, page: BettingPage, anna: Desk, shape: str
) -> None:
    slip = anna.accept_bet([(101, "1")], Decimal("10"))
    typed = slip.number if shape == "scanned" else display_slip_number(slip.number)
    lookup = page.findChild(QLineEdit, "lookup")

    qtbot.keyClicks(lookup, typed)
    qtbot.keyClick(lookup, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.recent.details_dialog is not None)
    details = page.recent.details_dialog
    assert details.slip.number == slip.number
    details.reject()


def test_a_mistyped_number_is_refused_inline(qtbot: QtBot, page: BettingPage) -> None:
    lookup = page.findChild(QLineEdit, "lookup")
    qtbot.keyClicks(lookup, "1234567890123")
    qtbot.keyClick(lookup, Qt.Key.Key_Return)

    qtbot.waitUntil(
        lambda: page.recent.lookup_message_text() == str(InvalidSlipNumber("1234567890123"))
    )
    assert page.recent.details_dialog is None


@pytest.mark.parametrize(
    ("typed", "parts"),
    [("101 1", ("101", "1")), ("  102   O2.5 ", ("102", "O2.5")), ("102б2,5", ("102", "б2,5"))],
)
def test_a_typed_leg_is_split_into_code_and_market(typed: str, parts: tuple[str, str]) -> None:
    assert split_pick(typed) == parts
