"""The counter's keys of the «Спрэдбет» page (issue 19): what a key without an account says, a
refusal kept in its dialog, the 5-minute claim, a block by the manager's PIN, the statement, a
paper the printer lost, a close by the bookmaker found on reading again, a new card typed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from pos.accounts.numbers import display_account_number
from pos.core.clock import FixedClock
from pos.core.errors import PosError, PrinterUnavailable
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.spread.bets import SpreadStatus
from pos.spread.errors import SpreadWindowClosed
from pos.spread.numbers import display_spread_number
from pos.till.errors import PaperNotPrinted
from tests.gui.spread_helpers import (
    activate,
    answer,
    choose_bet,
    dialog_of,
    focused,
    loaded,
    open_dialog,
    press,
    row_of,
    settled,
)
from ui.dialogs.desk_call import DeskCallDialog
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.dialogs.margin_calls import MarginCallsDialog
from ui.pages import account_actions
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("quiet_spread_page")
CTRL = Qt.KeyboardModifier.ControlModifier


# --- the counter ----------------------------------------------------------------------------


def test_a_key_that_needs_an_account_says_to_find_one_first(
    qtbot: QtBot, counter_page: SpreadPage
) -> None:
    for key in (Qt.Key.Key_F3, Qt.Key.Key_F4, Qt.Key.Key_F6, Qt.Key.Key_F9):
        press(qtbot, key)

        assert counter_page.dialog is None
        assert counter_page.message_text() == account_actions.NO_ACCOUNT
        assert counter_page.account_card.number_field.hasFocus()


def test_a_refusal_is_said_in_the_dialog_which_stays_open_and_esc_goes_back(
    qtbot: QtBot,
    counter_page: SpreadPage,
    runner: TaskRunner,
    spread_cashier: Desk,
    spread_account: str,
) -> None:
    loaded(qtbot, counter_page, runner, spread_account)
    dialog = open_dialog(qtbot, counter_page, Qt.Key.Key_F6)
    assert isinstance(dialog, DeskCallDialog)

    answer(qtbot, counter_page, runner, "60")  # above BRENT's 50,00 a point (p.27)

    with pytest.raises(PosError) as refused:
        spread_cashier.open_spread(spread_account, "BRENT", "up", stake="60")
    assert dialog.message_text() == str(refused.value)
    assert counter_page.dialog is dialog and focused().objectName() == "stake_per_point"
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: counter_page.dialog is None)
    qtbot.waitUntil(counter_page.account_card.number_field.hasFocus)
    assert counter_page.bets.model.rowCount() == 0


def test_f8_cancels_the_chosen_bet_within_5_minutes_and_says_why_not_after(
    qtbot: QtBot,
    counter_page: SpreadPage,
    runner: TaskRunner,
    spread_cashier: Desk,
    spread_account: str,
    clock: FixedClock,
) -> None:
    first = spread_cashier.open_spread(spread_account, "BRENT", "up", stake="1")
    loaded(qtbot, counter_page, runner, spread_account)
    open_dialog(qtbot, counter_page, Qt.Key.Key_F8)
    answer(qtbot, counter_page, runner)
    assert counter_page.message_text() == (
        f"Ставка {display_spread_number(first.number)} отменена, маржа освобождена."
    )
    assert row_of(counter_page, first.number)[-1] == "отменена"

    late = spread_cashier.open_spread(spread_account, "BRENT", "down", stake="1")
    clock.advance(timedelta(minutes=5, seconds=1))
    press(qtbot, Qt.Key.Key_F5)
    settled(qtbot, runner)
    choose_bet(qtbot, counter_page, late.number)
    dialog = open_dialog(
        qtbot, counter_page, Qt.Key.Key_Delete
    )  # Del in the bets does what F8 does
    answer(qtbot, counter_page, runner)

    assert isinstance(dialog, DeskCallDialog)
    with pytest.raises(SpreadWindowClosed) as refused:
        spread_cashier.cancel_spread(late.number)
    assert dialog.message_text() == str(refused.value)
    assert spread_cashier.spread(late.number).status is SpreadStatus.OPEN


def test_a_cashier_blocks_an_account_with_the_manager_s_pin(
    qtbot: QtBot, counter_page: SpreadPage, runner: TaskRunner, spread: Shop, spread_account: str
) -> None:
    loaded(qtbot, counter_page, runner, spread_account)
    dialog = open_dialog(qtbot, counter_page, Qt.Key.Key_B, CTRL)
    assert isinstance(dialog, DeskCallDialog)
    focused().setText("Игрок просит: азарт")  # type: ignore[attr-defined]
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.manager_dialog is not None)
    manager = dialog.manager_dialog
    assert isinstance(manager, ManagerPinDialog)
    activate(qtbot, manager)
    qtbot.waitUntil(lambda: focused().objectName() == "manager_pin_field")  # boss, the only one

    for key in (Qt.Key.Key_9, Qt.Key.Key_9, Qt.Key.Key_1, Qt.Key.Key_1, Qt.Key.Key_Return):
        press(qtbot, key)
    settled(qtbot, runner)
    qtbot.waitUntil(lambda: counter_page.dialog is None)

    shown = display_account_number(spread_account)
    assert counter_page.message_text() == f"Счёт {shown} заблокирован: Игрок просит: азарт."
    assert counter_page.account_card.texts()["blocked"] == "Счёт заблокирован: Игрок просит: азарт"
    assert spread.account(spread_account).blocked_reason == "Игрок просит: азарт"


def test_ctrl_p_prints_the_statement(
    qtbot: QtBot, counter_page: SpreadPage, runner: TaskRunner, spread_account: str, printer: Dummy
) -> None:
    loaded(qtbot, counter_page, runner, spread_account)
    printer.clear()

    press(qtbot, Qt.Key.Key_P, CTRL)
    settled(qtbot, runner)

    shown = display_account_number(spread_account)
    assert counter_page.message_text() == f"Выписка по счёту {shown} напечатана."
    assert "ВЫПИСКА ПО СЧЁТУ ИГРОКА".encode("cp866") in printer.output


@pytest.mark.warns_in_log  # a printer that fails is the environment failing
def test_a_confirmation_the_printer_lost_leaves_the_bet_standing_said_as_a_warning(
    qtbot: QtBot,
    counter_page: SpreadPage,
    runner: TaskRunner,
    spread: Shop,
    spread_account: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*_args: object) -> None:
        raise PrinterUnavailable("К1", "нет бумаги")

    monkeypatch.setattr(type(spread.station), "print_document", broken)
    loaded(qtbot, counter_page, runner, spread_account)
    open_dialog(qtbot, counter_page, Qt.Key.Key_F6)

    answer(qtbot, counter_page, runner, "1")

    qtbot.waitUntil(lambda: counter_page.dialog is None)
    expected = PaperNotPrinted(
        "Ставка открыта", "подтверждение не напечатано", PrinterUnavailable("К1", "нет бумаги")
    )
    assert counter_page.message_text() == str(expected)
    assert counter_page.account_card.message.kind == "warning"
    [position] = counter_page.bets.model.rows()
    assert position.bet.status is SpreadStatus.OPEN


def test_a_close_by_the_bookmaker_while_the_account_is_shown_pops_up_when_it_is_read_again(
    qtbot: QtBot,
    counter_page: SpreadPage,
    runner: TaskRunner,
    spread: Shop,
    spread_cashier: Desk,
    spread_account: str,
) -> None:
    bet = spread_cashier.open_spread(spread_account, "BRENT", "up", stake="1")
    loaded(qtbot, counter_page, runner, spread_account)
    spread.login("boss", "9911").set_quote("BRENT", bid="73.50", ask="73.54")  # −64 points

    press(qtbot, Qt.Key.Key_F5)  # as the page's timer does every 10 s
    settled(qtbot, runner)

    calls = dialog_of(qtbot, counter_page)
    assert isinstance(calls, MarginCallsDialog)
    assert display_spread_number(bet.number) in calls.text()
    assert row_of(counter_page, bet.number)[-1] == "закрыта букмекером"
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: counter_page.dialog is None)


def test_a_number_typed_over_the_shown_account_drops_it_until_enter(
    qtbot: QtBot,
    counter_page: SpreadPage,
    runner: TaskRunner,
    spread_cashier: Desk,
    spread_account: str,
) -> None:
    spread_cashier.open_spread(spread_account, "BRENT", "up", stake="1")
    loaded(qtbot, counter_page, runner, spread_account)

    press(qtbot, Qt.Key.Key_0)  # the next card, being typed over the selected number

    assert counter_page.spreads is None
    assert counter_page.account_card.texts()["holder"] == "Счёт не выбран"
    assert counter_page.bets.model.rowCount() == 0
    press(qtbot, Qt.Key.Key_F3)  # never onto the previous player's account
    assert counter_page.dialog is None
    assert counter_page.message_text() == account_actions.NO_ACCOUNT
