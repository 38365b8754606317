"""The offerer's keys on the «Спрэдбетэкс» page (issue 20), on a real SQLite shop: the rest of an
offer withdrawn while its pari stands (p.44, p.45), Esc leaving a dialog with nothing done, pos's
refusal said in the dialog in pos's words, and what a key says when there is nothing to act on."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.exchange.numbers import display_exchange_number
from pos.shop.services import Shop
from tests.gui.exchange_helpers import (
    board_texts,
    fill,
    loaded,
    offer_row,
    pari_row,
    send,
    shown_page,
)
from tests.gui.spread_helpers import balance, open_dialog, press, settled
from ui.pages import account_actions, exchange_actions
from ui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("quiet_exchange_page")
D = Decimal


def test_the_offerer_withdraws_the_rest_by_f8_and_the_pari_concluded_stands(
    qtbot: QtBot, exchange: Shop, accounts: tuple[str, str], runner: TaskRunner, clock: FixedClock
) -> None:
    backer, layer = accounts
    anna = exchange.login("anna", "4821")
    offer = anna.offer_pari(backer, event=101, market="1", side="back", coefficient=D("1.5"),
                            stake=D("100"))  # fmt: skip
    pari = anna.accept_pari(layer, offer.number, stake=D("40"))
    page = shown_page(qtbot, anna, runner, clock)
    loaded(qtbot, page, runner, backer)

    dialog = open_dialog(qtbot, page, Qt.Key.Key_F8)
    note = dialog.findChild(QLabel, "call_note")
    assert note is not None and note.text().endswith("отмене не подлежат (п. 45 Правил).")
    send(qtbot, page, runner)

    assert page.message_text() == (
        f"Предложение № {display_exchange_number(offer.number)} отозвано, его деньги "
        "освобождены. Принятые 40,00 руб. остаются в пари (п. 45)."
    )
    assert offer_row(page, offer.number)[-1] == "отозвано"
    assert pari_row(page, pari.number)[5] == "заключено"
    assert board_texts(page) == []
    assert page.account_card.texts()["balance"] == balance("960,00", "40,00")


def test_esc_leaves_the_offer_dialog_and_nothing_is_offered(
    qtbot: QtBot, exchange: Shop, accounts: tuple[str, str], runner: TaskRunner, clock: FixedClock
) -> None:
    backer, _layer = accounts
    page = shown_page(qtbot, exchange.login("anna", "4821"), runner, clock)
    loaded(qtbot, page, runner, backer)

    open_dialog(qtbot, page, Qt.Key.Key_F6)
    fill(qtbot, "101", "1")
    press(qtbot, Qt.Key.Key_Escape)

    qtbot.waitUntil(lambda: page.dialog is None)
    qtbot.waitUntil(page.account_card.number_field.hasFocus)
    assert exchange.login("anna", "4821").account_exchange(backer).offers == ()


def test_a_refusal_is_pos_s_sentence_in_the_dialog_which_stays_open(
    qtbot: QtBot, exchange: Shop, accounts: tuple[str, str], runner: TaskRunner, clock: FixedClock
) -> None:
    backer, _layer = accounts
    anna = exchange.login("anna", "4821")
    offer = anna.offer_pari(backer, event=101, market="1", side="back", coefficient=D("1.5"),
                            stake=D("100"))  # fmt: skip
    page = shown_page(qtbot, anna, runner, clock)
    loaded(qtbot, page, runner, backer)

    dialog = open_dialog(qtbot, page, Qt.Key.Key_F9)  # his own offer
    press(qtbot, Qt.Key.Key_Return)
    settled(qtbot, runner)

    assert page.dialog is dialog
    with pytest.raises(PosError) as refusal:
        anna.accept_pari(backer, offer.number, stake=D("100"))
    assert dialog.message_text() == str(refusal.value)  # type: ignore[attr-defined]
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.dialog is None)
    qtbot.waitUntil(page.account_card.number_field.hasFocus)


def test_the_keys_say_what_to_find_first(
    qtbot: QtBot, exchange: Shop, accounts: tuple[str, str], runner: TaskRunner, clock: FixedClock
) -> None:
    backer, _layer = accounts
    page = shown_page(qtbot, exchange.login("anna", "4821"), runner, clock)

    press(qtbot, Qt.Key.Key_F9)
    assert page.message_text() == account_actions.NO_ACCOUNT
    loaded(qtbot, page, runner, backer)
    press(qtbot, Qt.Key.Key_F9)
    assert page.message_text() == exchange_actions.NO_OFFER
    press(qtbot, Qt.Key.Key_F7)
    assert page.message_text() == exchange_actions.NO_OWN_OFFER
    assert page.dialog is None and page.account_card.number_field.hasFocus()
