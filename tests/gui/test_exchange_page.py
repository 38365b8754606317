"""The «Спрэдбетэкс» page (issue 20) in the window, driven by keys as cashiers would, on a real
SQLite shop: the issue's «done when» — two players make, accept in part, change and settle a
pari —, the board that names no player and groups by event and outcome, its event field, and
the page's place among the tabs with its keys."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from pos.accounts.numbers import display_account_number
from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.exchange.numbers import display_exchange_number
from pos.exchange.paris import Offer, Pari, PariStatus
from pos.shop.services import Shop
from tests.gui.exchange_helpers import (
    MINSK,
    board_texts,
    chosen_offer,
    chosen_pari,
    exchange_window,
    fill,
    loaded,
    offer_row,
    pari_row,
    send,
    shown_page,
)
from tests.gui.spread_helpers import (
    answer,
    balance,
    focused,
    open_dialog,
    press,
    settled,
    type_text,
)
from tests.gui.widgets import current_tab
from ui.pages.exchange import ExchangePage
from ui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("quiet_exchange_page")
D = Decimal
MATCH = "101 Динамо Минск — БАТЭ Борисов, 01.12 19:00"  # tomorrow, seen from 30.11
HOME_WIN = f"{MATCH}\nПобеда хозяев (1)"  # the event over the outcome, on its first row


# --- the issue's «done when»: steps as the cashier takes them -----------------------------------


def offer_by_keys(qtbot: QtBot, page: ExchangePage, runner: TaskRunner) -> Offer:
    """F6; 101, «1», бэк as it stands, 1,50, 100; Enter: the offer, chosen in the account's."""
    dialog = open_dialog(qtbot, page, Qt.Key.Key_F6)
    assert focused().objectName() == "offer_event"
    fill(qtbot, "101", "1", None, "1,50", "100")
    assert focused() is dialog.findChild(QLineEdit, "offer_stake")
    send(qtbot, page, runner)
    offer = chosen_offer(page)
    shown = display_exchange_number(offer.number)
    assert page.message_text() == (
        f"Предложение № {shown}: 101 · 1, бэк, k 1,50 (кф 2,50), ставка 100,00 руб.; "
        "заблокировано 100,00 руб. Действует до начала события."
    )
    assert offer_row(page, offer.number) == [
        shown, "101 · 1", "бэк", "1,50 (2,50)", "100,00 из 100,00", "0,00", "открыто"
    ]  # fmt: skip
    assert page.account_card.texts()["balance"] == balance("900,00", "100,00")
    return offer


def accept_part_by_keys(
    qtbot: QtBot, page: ExchangePage, runner: TaskRunner, layer: str, offer: Offer
) -> Pari:
    """The second player's card scanned; the offer chosen on the board; F9, 40 for the 100,00
    filled in, Enter: the pari, in his paris."""
    loaded(qtbot, page, runner, layer)
    assert page.board.current() == offer
    open_dialog(qtbot, page, Qt.Key.Key_F9)
    assert focused().objectName() == "accept_stake" and focused().text() == "100,00"  # type: ignore[attr-defined]
    answer(qtbot, page, runner, "40")
    pari = chosen_pari(page)
    assert page.message_text() == (
        f"Пари № {display_exchange_number(pari.number)} заключено: 101 · 1, k 1,50 (кф 2,50), "
        f"ставка 40,00 руб.; счёт {display_account_number(layer)} — лэй, заблокировано "
        "60,00 руб. Заключённое пари не отменяется (п. 45)."
    )
    assert pari_row(page, pari.number)[1:] == [
        "101 · 1", "лэй", "1,50 (2,50)", "40,00", "заключено", "—", "—"
    ]  # fmt: skip
    assert board_texts(page) == [[HOME_WIN, "бэк", "1,50", "2,50", "60,00"]]
    assert page.account_card.texts()["balance"] == balance("440,00", "60,00")
    return pari


def change_by_keys(
    qtbot: QtBot, page: ExchangePage, runner: TaskRunner, backer: str, offer: Offer
) -> None:
    """The offerer's card again; his offer chosen; F7, 1,40 over the 1,50, Enter: the
    unaccepted 60,00 at 1,40, the 40,00 accepted kept at 1,50 in its pari."""
    loaded(qtbot, page, runner, backer)
    assert chosen_offer(page).number == offer.number
    open_dialog(qtbot, page, Qt.Key.Key_F7)
    assert focused().objectName() == "change_coefficient" and focused().text() == "1,50"  # type: ignore[attr-defined]
    answer(qtbot, page, runner, "1,40")
    assert page.message_text() == (
        f"Предложение № {display_exchange_number(offer.number)} изменено: k 1,40 (кф 2,40), "
        "открыто 60,00 руб. из 100,00 руб.; заблокировано 60,00 руб."
    )
    assert offer_row(page, offer.number)[3:] == [
        "1,40 (2,40)", "60,00 из 100,00", "40,00", "открыто"
    ]  # fmt: skip
    assert board_texts(page) == [[HOME_WIN, "бэк", "1,40", "2,40", "60,00"]]


def settle_after_the_match(shop: Shop, clock: FixedClock) -> None:
    """The manager, after the match: 2:1, recorded and settled (through the desk)."""
    clock.set(datetime.combine(clock.now().astimezone(MINSK).date(), time(21, 0), MINSK))
    clock.advance(timedelta(days=1))  # tomorrow 21:00, two hours after the kick-off
    boss = shop.login("boss", "9911")
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()


def test_two_players_offer_accept_in_part_change_and_settle_a_pari_by_keys(
    qtbot: QtBot,
    exchange: Shop,
    accounts: tuple[str, str],
    runner: TaskRunner,
    ui_state: QSettings,
    clock: FixedClock,
) -> None:
    backer, layer = accounts
    window, page = exchange_window(qtbot, exchange, runner, ui_state, "anna", "4821")
    assert current_tab(window) == "Спрэдбетэкс"

    loaded(qtbot, page, runner, backer)
    offer = offer_by_keys(qtbot, page, runner)
    pari = accept_part_by_keys(qtbot, page, runner, layer, offer)
    change_by_keys(qtbot, page, runner, backer, offer)
    settle_after_the_match(exchange, clock)
    press(qtbot, Qt.Key.Key_F5)
    settled(qtbot, runner)

    # The backer's 40,00 at 1,50 won: 60,00 less the 5 % commission; the 60,00 not accepted
    # lapsed at the kick-off (p.46); the layer lost his 60,00.
    assert offer_row(page, offer.number)[-3:] == ["0,00 из 100,00", "40,00", "аннулировано"]
    assert pari_row(page, pari.number)[2:] == [
        "бэк", "1,50 (2,50)", "40,00", "рассчитано", "+57,00", "\u221260,00"
    ]  # fmt: skip
    assert page.account_card.texts()["balance"] == balance("1\u00a0057,00", "0,00")
    assert board_texts(page) == []
    loaded(qtbot, page, runner, layer)
    assert pari_row(page, pari.number)[2:] == [
        "лэй", "1,50 (2,50)", "40,00", "рассчитано", "+57,00", "\u221260,00"
    ]  # fmt: skip
    assert page.account_card.texts()["balance"] == balance("440,00", "0,00")
    settled_pari = exchange.pari(pari.number)
    assert (settled_pari.status, settled_pari.back_result, settled_pari.lay_result) == (
        PariStatus.SETTLED, D("57.00"), D("-60.00")
    )  # fmt: skip
    assert exchange.verify().ok


# --- the page ----------------------------------------------------------------------------------


def test_the_board_groups_offers_by_event_and_outcome_and_names_no_player(
    qtbot: QtBot, exchange: Shop, accounts: tuple[str, str], runner: TaskRunner, clock: FixedClock
) -> None:
    backer, layer = accounts
    anna = exchange.login("anna", "4821")
    for account, event, market, side, k in (
        (backer, 101, "1", "back", "1.50"),
        (layer, 101, "1", "back", "1.45"),
        (layer, 101, "1", "lay", "1.30"),
        (backer, 101, "X", "back", "2.10"),
        (backer, 201, "1", "lay", "0.95"),
    ):
        anna.offer_pari(account, event=event, market=market, side=side, coefficient=D(k),
                        stake=D("50"))  # fmt: skip

    page = shown_page(qtbot, anna, runner, clock)

    hockey = "201 Юность-Минск — Металлург Жлобин, 01.12 18:30"
    assert board_texts(page) == [
        [HOME_WIN, "бэк", "1,45", "2,45", "50,00"],  # a layer's best first
        ["", "бэк", "1,50", "2,50", "50,00"],
        ["", "лэй", "1,30", "2,30", "50,00"],  # a backer's best first
        ["Ничья (X)", "бэк", "2,10", "3,10", "50,00"],
        [f"{hockey}\nПобеда хозяев в основное время (1)", "лэй", "0,95", "1,95", "50,00"],
    ]
    shown = " ".join(" ".join(row) for row in board_texts(page))
    for secret in (*map(display_account_number, accounts), backer, layer, "Иванов", "Ковалёва"):
        assert secret not in shown
    assert page.board.title() == "Доска пари: 5 предложений"


def test_the_event_s_field_filters_the_board_and_pos_refuses_what_is_no_code(
    qtbot: QtBot, exchange: Shop, accounts: tuple[str, str], runner: TaskRunner, clock: FixedClock
) -> None:
    backer, _layer = accounts
    anna = exchange.login("anna", "4821")
    for event in (101, 102, 201):
        anna.offer_pari(backer, event=event, market="X", side="back", coefficient=D("2"),
                        stake=D("10"))  # fmt: skip
    page = shown_page(qtbot, anna, runner, clock)

    press(qtbot, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert page.search_field.hasFocus()
    type_text(qtbot, "102")
    press(qtbot, Qt.Key.Key_Return)
    settled(qtbot, runner)
    assert [row[0][:3] for row in board_texts(page)] == ["102"]
    assert page.search_field.hasFocus()  # the next code typed over this one

    page.search_field.selectAll()
    press(qtbot, Qt.Key.Key_Backspace)
    press(qtbot, Qt.Key.Key_Return)
    settled(qtbot, runner)
    assert [row[0][:3] for row in board_texts(page)] == ["101", "102", "201"]

    type_text(qtbot, "abc")
    press(qtbot, Qt.Key.Key_Return)
    settled(qtbot, runner)
    with pytest.raises(PosError) as refusal:
        anna.board("abc")
    assert page.message_text() == str(refusal.value)
    anna.offer_pari(backer, event=103, market="X", side="back", coefficient=D("2"),
                    stake=D("10"))  # fmt: skip
    press(qtbot, Qt.Key.Key_F5)  # read again with the last code pos took: every event's
    settled(qtbot, runner)
    assert [row[0][:3] for row in board_texts(page)] == ["101", "102", "103", "201"]


@pytest.mark.parametrize(("login", "pin"), [("anna", "4821"), ("boss", "9911")])
def test_alt_8_opens_the_page_after_spread_with_every_key(
    qtbot: QtBot, exchange: Shop, runner: TaskRunner, ui_state: QSettings, login: str, pin: str
) -> None:
    window, page = exchange_window(qtbot, exchange, runner, ui_state, login, pin)

    titles = window.page_titles()
    assert titles[titles.index("Спрэдбет") + 1] == "Спрэдбетэкс"
    assert page.keys.names() == [
        "accept", "offer", "change", "withdraw_offer", "search", "refresh", "open_account",
        "deposit", "withdraw", "statement", "card", "block",
        "movements",  # issue 37, p.7
    ]  # fmt: skip
    assert page.keys.button("accept").text() == "Принять пари (F9)"
    assert page.paris.title() == "Пари счёта: заключённое пари не отменяется (п. 45)"
