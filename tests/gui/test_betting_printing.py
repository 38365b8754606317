"""The betting page and its printers: the preview without one, a slip or receipt that did not
print.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton
from pytestqt.qtbot import QtBot

from main import assemble_shop
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import REGISTER
from tests.fakes import FakeStorage, PlainPinHasher
from tests.gui.betting_helpers import (
    add_leg,
    betting_page,
    cancel_with_reason,
    countdown,
    issue_single,
    open_confirmation,
    stake,
    type_stake,
)
from tests.gui.conftest import FlakyDummy
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    return betting_page(qtbot, anna, runner, clock)


def test_with_a_printer_no_preview_is_shown(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage, runner: TaskRunner
) -> None:
    issue_single(qtbot, page, storage)

    qtbot.waitUntil(lambda: not runner.busy)
    assert not page.preview_panel.isVisible()


def test_without_a_printer_each_slip_is_shown_in_the_one_preview_panel(
    qtbot: QtBot,
    storage: FakeStorage,
    clock: FixedClock,
    runner: TaskRunner,
    tmp_path: Path,
) -> None:
    storage.data.serials["К1"] = REGISTER
    shop = assemble_shop(
        storage, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), jobs_dir=tmp_path
    )
    shop.seed_demo()
    page = betting_page(qtbot, shop.login("anna", "4821"), runner, clock)

    first = issue_single(qtbot, page, storage)

    window = page.preview_panel
    qtbot.waitUntil(window.isVisible)
    assert window.heading_text() == f"Купон {display_slip_number(first.number)}"
    assert f"Купон № {display_slip_number(first.number)}" in window.paper.texts()
    assert "не подключён" in window.note_text()
    assert list(tmp_path.iterdir())  # the job went to a file

    second = issue_single(qtbot, page, storage)

    qtbot.waitUntil(lambda: window.heading_text() == f"Купон {display_slip_number(second.number)}")
    assert page.preview_panel is window
    assert f"Купон № {display_slip_number(second.number)}" in window.paper.texts()


@pytest.mark.warns_in_log
def test_a_slip_whose_receipt_did_not_print_is_issued_with_a_warning(
    qtbot: QtBot,
    two_printer_shop: Shop,
    flaky: FlakyDummy,
    storage: FakeStorage,
    clock: FixedClock,
    runner: TaskRunner,
) -> None:
    page = betting_page(qtbot, two_printer_shop.login("anna", "4821"), runner, clock)
    flaky.broken = True
    changed: list[bool] = []
    page.till_changed.connect(lambda: changed.append(True))

    slip = issue_single(qtbot, page, storage)

    message = page.findChild(QLabel, "slip_message")
    qtbot.waitUntil(lambda: message.kind == "warning")
    number = display_slip_number(slip.number)  # as printed, as everywhere on screen
    assert message.text().startswith(f"Ставка принята, купон № {number} выдан")
    assert "чек № 1 не напечатан" in message.text()
    assert "Допечатать чеки" in message.text()
    assert page.draft.rowCount() == 0
    assert stake(page).text() == ""
    qtbot.waitUntil(lambda: len(page.recent.rows()) == 1)
    assert page.recent.rows()[0][0].startswith(display_slip_number(slip.number))
    assert slip.status is SlipStatus.OPEN
    assert changed == [True]

    add_leg(qtbot, page, "102 X")  # typing the next bet keeps the warning in view
    qtbot.waitUntil(lambda: not runner.busy)
    assert message.kind == "warning"


@pytest.mark.warns_in_log
def test_a_slip_that_did_not_print_is_not_issued(
    qtbot: QtBot,
    flaky_shop: Shop,
    flaky: FlakyDummy,
    clock: FixedClock,
    runner: TaskRunner,
) -> None:
    page = betting_page(qtbot, flaky_shop.login("anna", "4821"), runner, clock)
    flaky.broken = True
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "10")
    dialog = open_confirmation(qtbot, page)

    with qtbot.waitSignal(page.till_changed):
        qtbot.keyClick(dialog, Qt.Key.Key_Return)

    assert "Ставка НЕ принята" in dialog.message_text()
    assert page.draft.rowCount() == 1  # kept, to try again once the printer is back
    dialog.reject()


def test_the_slip_details_show_the_print_preview(
    qtbot: QtBot, page: BettingPage, anna: Desk
) -> None:
    slip = anna.accept_bet([(101, "1")], Decimal("10"))
    page.recent.look_up(slip.number)
    qtbot.waitUntil(lambda: page.recent.details_dialog is not None)
    details = page.recent.details_dialog

    qtbot.mouseClick(details.findChild(QPushButton, "preview_print"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: page.recent.preview_dialog is not None)
    preview = page.recent.preview_dialog
    assert preview.isVisible()
    assert f"Купон № {display_slip_number(slip.number)}" in preview.paper.texts()
    qtbot.keyClick(preview, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.recent.preview_dialog is None)
    assert details.isVisible()
    details.reject()


@pytest.mark.warns_in_log
def test_a_cancellation_whose_return_receipt_did_not_print_is_done_with_a_warning(
    qtbot: QtBot,
    flaky_shop: Shop,
    flaky: FlakyDummy,
    storage: FakeStorage,
    clock: FixedClock,
    runner: TaskRunner,
) -> None:
    page = betting_page(qtbot, flaky_shop.login("anna", "4821"), runner, clock)
    slip = issue_single(qtbot, page, storage)
    flaky.broken = True

    with qtbot.waitSignal(page.till_changed):
        cancel_with_reason(qtbot, page, "Неверно указан исход")

    assert "отменён" in page.recent.message_text()
    assert "Допечатать чеки" in page.recent.message_text()
    assert storage.data.slips[slip.number].status is SlipStatus.CANCELLED
    qtbot.waitUntil(lambda: countdown(page) == "отменён")
