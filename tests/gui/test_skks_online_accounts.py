"""The «Спрэдбет» page, driven by keys, when the СККС does not register an operation (issue
35): a deposit with the controller down and a bet it refuses are shown in their one Russian
sentence, and the account's card shows nothing taken."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from pos.accounts.numbers import display_account_number
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.skks.errors import SkksNoAnswer, SkksRefused
from tests.gui.spread_helpers import (
    answer,
    balance,
    open_dialog,
    press,
    scan_account,
    shown_page,
)
from tests.skks_simulator import SimulatedController
from ui.dialogs.desk_call import DeskCallDialog
from ui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("quiet_spread_page")
D = Decimal


@pytest.fixture
def controller(spread: Shop) -> Iterator[SimulatedController]:
    """The simulator on loopback, the shop reporting to it online."""
    with SimulatedController() as simulated:
        spread.update_settings(skks_url=simulated.url, skks_mode="online", skks_timeout=1)
        yield simulated


@pytest.mark.warns_in_log  # the window logs a device or storage failure as a warning
def test_a_deposit_the_controller_does_not_answer_is_refused_on_the_page(
    qtbot: QtBot,
    spread: Shop,
    spread_cashier: Desk,
    spread_account: str,
    controller: SimulatedController,
    runner: TaskRunner,
    clock: FixedClock,
) -> None:
    page = shown_page(qtbot, spread_cashier, runner, clock)
    scan_account(qtbot, page, runner, display_account_number(spread_account))
    assert page.account_card.texts()["balance"] == balance("500,00", "0,00")
    controller.down = True

    dialog = open_dialog(qtbot, page, Qt.Key.Key_F3)
    assert isinstance(dialog, DeskCallDialog)
    answer(qtbot, page, runner, "200")

    said = dialog.message_text()  # the dialog stays open with pos's answer
    assert said.startswith("СККС не ответила: пополнение счёта не проведено, деньги верните")
    assert said == str(SkksNoAnswer("deposit"))
    assert spread.account(spread_account).free == D("500.00")
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.dialog is None)
    assert page.account_card.texts()["balance"] == balance("500,00", "0,00")


def test_a_bet_the_controller_refuses_is_refused_on_the_page_with_its_reason(
    qtbot: QtBot,
    spread: Shop,
    spread_cashier: Desk,
    spread_account: str,
    controller: SimulatedController,
    runner: TaskRunner,
    clock: FixedClock,
) -> None:
    page = shown_page(qtbot, spread_cashier, runner, clock)
    scan_account(qtbot, page, runner, display_account_number(spread_account))
    controller.refuse_kinds = {"spread_opened": "Вид игры не разрешён"}

    dialog = open_dialog(qtbot, page, Qt.Key.Key_F6)
    assert isinstance(dialog, DeskCallDialog)
    answer(qtbot, page, runner, "1")

    said = dialog.message_text()
    assert said == str(SkksRefused("spread", "Вид игры не разрешён"))
    assert "(Вид игры не разрешён): спрэдбет не открыт" in said
    assert page.account_card.texts()["balance"] == balance("500,00", "0,00")
    held = spread_cashier.account_spreads(spread_account)
    assert [p.bet.status.value for p in held.positions] == ["cancelled"]
    assert (held.account.free, held.account.blocked) == (D("500.00"), D("0.00"))
