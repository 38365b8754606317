"""The «Спрэдбет» page (issue 19) in the window, driven by keys as a cashier and a manager
would, on a real SQLite shop: the issue's whole scenario, the widgets saying what pos answered
and the desk what was recorded; the page's place among the tabs and its keys by role."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit, QTabBar
from pytestqt.qtbot import QtBot

from pos.accounts.ledger import Movement
from pos.accounts.numbers import display_account_number
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from pos.spread.bets import SpreadBet, SpreadStatus
from pos.spread.numbers import display_spread_number
from tests.gui.spread_helpers import (
    activate,
    answer,
    balance,
    cashier_window,
    choose_bet,
    dialog_of,
    focused,
    open_dialog,
    press,
    row_of,
    scan_account,
    settled,
    shown_page,
    submit_document,
)
from tests.gui.widgets import current_tab
from ui.dialogs.margin_calls import MarginCallsDialog
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("quiet_spread_page")
D = Decimal
CTRL = Qt.KeyboardModifier.ControlModifier
PLAYER = "Иванов Пётр Сергеевич"
OFFICE_KEYS = [
    "quote", "quotes_file", "new_asset", "edit_asset", "exposure", "exclusions", "bank_file",
]  # fmt: skip


# --- the issue's «done when»: steps as the cashier and the manager take them --------------


def open_account_by_keys(qtbot: QtBot, page: SpreadPage, runner: TaskRunner) -> str:
    """F2, the passport, Enter: the account opened and shown. Returns its number."""
    open_dialog(qtbot, page, Qt.Key.Key_F2)
    submit_document(qtbot, page, runner)
    assert page.spreads is not None
    number = page.spreads.account.number
    shown = display_account_number(number)
    assert page.message_text() == f"Счёт {shown} открыт на имя {PLAYER}; карта счёта напечатана."
    assert page.account_card.number_field.text() == shown
    assert page.account_card.texts() == {
        "holder": PLAYER,
        "balance": balance("0,00", "0,00"),
        "blocked": "",
    }
    return number


def bet_by_keys(qtbot: QtBot, page: SpreadPage, runner: TaskRunner, key: Qt.Key) -> SpreadBet:
    """F6 or F7 on the asset chosen, the stake typed: the new bet, chosen in the bets."""
    before = {position.bet.number for position in page.bets.model.rows()}
    open_dialog(qtbot, page, key)
    answer(qtbot, page, runner, "1" if key == Qt.Key.Key_F6 else "2")
    [bet] = [p.bet for p in page.bets.model.rows() if p.bet.number not in before]
    assert page.bets.current() is not None and page.bets.current().bet == bet  # type: ignore[union-attr]
    return bet


def quote_by_keys(qtbot: QtBot, office: SpreadPage, runner: TaskRunner, *prices: str) -> str:
    """Ctrl+R on BRENT, the bid, Tab, the ask, Enter: what the manager's page says."""
    activate(qtbot, office)
    open_dialog(qtbot, office, Qt.Key.Key_R, CTRL)
    answer(qtbot, office, runner, *prices)
    return office.message_text()


def close_part_by_keys(qtbot: QtBot, page: SpreadPage, runner: TaskRunner, up: SpreadBet) -> None:
    """F5, Tab to the bets, ↑↓ to the bet up, F9: 0,40 of its 1,00 closed."""
    activate(qtbot, page.window())
    press(qtbot, Qt.Key.Key_F5)
    settled(qtbot, runner)
    assert row_of(page, up.number)[7] == "+40,00"  # its open result at the new quote
    choose_bet(qtbot, page, up.number)
    open_dialog(qtbot, page, Qt.Key.Key_F9)
    assert isinstance(focused(), QLineEdit) and focused().text() == "1,00"  # type: ignore[attr-defined]
    answer(qtbot, page, runner, "0,40")
    assert page.message_text() == (
        f"Ставка {display_spread_number(up.number)}: закрыто 0,40 руб. за пункт по 74,54, "
        "результат +16,00 руб. на счёте, маржа 40,00 руб. освобождена."
    )
    assert row_of(page, up.number)[4:8] == ["0,60 из 1,00", "60,00", "+16,00", "+24,00"]


def see_the_call_once(
    qtbot: QtBot, page: SpreadPage, runner: TaskRunner, number: str, down: SpreadBet
) -> None:
    """The card scanned: the bookmaker's close pops up, Enter, and it never pops up again."""
    activate(qtbot, page.window())
    scan_account(qtbot, page, runner, number)
    calls = dialog_of(qtbot, page)
    assert isinstance(calls, MarginCallsDialog)
    assert calls.text() == (
        f"Ставка {display_spread_number(down.number)} · BRENT · вниз (продажа): закрыта "
        "букмекером 30.11.2026 12:00 по цене 74,74; закрыто 2,00 руб. за пункт, результат "
        "\u2212128,00 руб., маржа освобождена 200,00 руб."
    )
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.dialog is None)
    qtbot.waitUntil(page.account_card.number_field.hasFocus)
    assert row_of(page, down.number)[-1] == "закрыта букмекером"
    assert page.account_card.texts()["balance"] == balance("328,00", "60,00")
    press(qtbot, Qt.Key.Key_Return)  # loaded again: shown once, so not again
    settled(qtbot, runner)
    assert page.dialog is None


def withdraw_by_keys(qtbot: QtBot, page: SpreadPage, runner: TaskRunner, shop: Shop) -> None:
    """F4, 100 typed, the passport, Enter: paid out with a journal entry and a receipt."""
    open_dialog(qtbot, page, Qt.Key.Key_F4)
    assert focused().objectName() == "withdraw_amount"
    for key in (Qt.Key.Key_1, Qt.Key.Key_0, Qt.Key.Key_0):
        press(qtbot, key)
    submit_document(qtbot, page, runner)
    [entry] = shop.login("boss", "9911").journal()[-1:]
    assert page.spreads is not None
    number = page.spreads.account.number
    assert (entry.account_number, entry.amount, entry.player) == (number, D("100.00"), PLAYER)
    assert page.message_text() == (
        f"Выплачено 100,00 руб. со счёта {display_account_number(number)}: запись журнала "
        f"№ {entry.number}, чек № {entry.fiscal_receipt_no}."
    )


def test_a_player_opens_an_account_bets_is_called_by_the_bookmaker_and_withdraws_by_keys(
    qtbot: QtBot, spread: Shop, runner: TaskRunner, ui_state: QSettings, clock: FixedClock
) -> None:
    window, page = cashier_window(qtbot, spread, runner, ui_state, "anna", "4821")
    field = page.account_card.number_field
    assert current_tab(window) == "Спрэдбет" and field.hasFocus()
    assert page.assets.model.texts(0) == ["BRENT", "Нефть Brent, фьючерс", "74,10", "74,14",
                                          "12:00", "1"]  # fmt: skip

    number = open_account_by_keys(qtbot, page, runner)
    qtbot.waitUntil(field.hasFocus)  # after each action, back where the next card is scanned
    open_dialog(qtbot, page, Qt.Key.Key_F3)
    answer(qtbot, page, runner, "500")
    shown = display_account_number(number)
    assert page.message_text() == f"Счёт {shown} пополнен, чек напечатан. Свободно: 500,00 руб."
    qtbot.waitUntil(field.hasFocus)
    press(qtbot, Qt.Key.Key_Down)  # ↓ and ↑ in the field choose the asset of the next bet
    assert page.assets.current().asset.code == "GOLD"  # type: ignore[union-attr]
    press(qtbot, Qt.Key.Key_Up)
    up = bet_by_keys(qtbot, page, runner, Qt.Key.Key_F6)
    assert page.message_text() == (
        f"Ставка {display_spread_number(up.number)} открыта: BRENT вверх (покупка) по 74,14, "
        "1,00 руб. за пункт, маржа 100,00 руб. Отмена — в течение 5 минут (F8)."
    )
    down = bet_by_keys(qtbot, page, runner, Qt.Key.Key_F7)
    assert row_of(page, down.number) == [
        display_spread_number(down.number), "BRENT", "вниз (продажа)", "74,10", "2,00 из 2,00",
        "200,00", "0,00", "\u22128,00", "открыта",
    ]  # fmt: skip
    assert page.account_card.texts()["balance"] == balance("200,00", "300,00")

    office = shown_page(qtbot, spread.login("boss", "9911"), runner, clock)
    assert quote_by_keys(qtbot, office, runner, "74,54", "74,58") == (
        "Котировки установлены: BRENT 74,54 / 74,58 (версия 2). Ни одна ставка не закрыта."
    )
    close_part_by_keys(qtbot, page, runner, up)
    qtbot.waitUntil(field.hasFocus)
    assert quote_by_keys(qtbot, office, runner, "74,70", "74,74") == (
        "Котировки установлены: BRENT 74,70 / 74,74 (версия 3). Букмекер закрыл (п. 36): 1 ставку."
    )
    see_the_call_once(qtbot, page, runner, number, down)
    withdraw_by_keys(qtbot, page, runner, spread)
    qtbot.waitUntil(field.hasFocus)

    view = spread.account(number)
    assert (view.free, view.blocked) == (D("228.00"), D("60.00"))
    assert [line.kind for line in view.statement()] == [
        Movement.DEPOSIT, Movement.BLOCK, Movement.BLOCK, Movement.RELEASE, Movement.GAIN,
        Movement.RELEASE, Movement.LOSS, Movement.WITHDRAWAL,
    ]  # fmt: skip
    assert spread.spread(down.number).status is SpreadStatus.CLOSED_BY_BOOKMAKER
    assert spread.spread(up.number).stake_open == D("0.60")
    assert spread.verify().ok


# --- the page in the window ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("login", "pin", "office_keys"), [("anna", "4821", []), ("boss", "9911", OFFICE_KEYS)]
)
def test_alt_7_opens_the_page_for_a_cashier_and_a_manager_the_office_keys_for_the_manager(
    qtbot: QtBot,
    spread: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    login: str,
    pin: str,
    office_keys: list[str],
) -> None:
    window, page = cashier_window(qtbot, spread, runner, ui_state, login, pin)

    navigation = window.findChild(QTabBar, "navigation")
    assert navigation is not None
    assert navigation.tabText(navigation.currentIndex()) == "7 Спрэдбет"
    assert page.account_card.number_field.hasFocus()
    assert page.keys.names() == [
        *office_keys, "open_account", "deposit", "withdraw", "statement", "card", "block",
        "movements",  # issue 37, p.7
        "up", "down", "close", "cancel", "refresh",
    ]  # fmt: skip
    assert page.keys.button("cancel").text() == "Отмена за 5 мин (F8)"
