"""The payout page's refusals, and one outcome shown at a time (issue 16)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from pos.betting.slips import IdOutcome, SlipStatus
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.payouts.errors import PayoutDocumentRequired
from pos.people.errors import InvalidDocument
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.payouts_helpers import (
    BELARUS_TD3,
    open_payouts,
    outcomes,
    refusal_of,
    refuse,
    scan,
    type_document,
    won_slip,
)
from tests.gui.widgets import child, click, shown_messages
from tests.shifts import reopen_shift
from ui.pages.payouts import PayoutsPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> PayoutsPage:
    return open_payouts(qtbot, anna, runner, clock)


# --- refusals ------------------------------------------------------------------------------


def test_a_wrong_check_code_is_refused_and_nothing_is_shown(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock)
    wrong = slip.number[:-1] + str((int(slip.number[-1]) + 1) % 10)

    scan(qtbot, page, wrong)

    assert page.message_text() == refusal_of(lambda: anna.payout_quote(wrong))
    assert "контрольный код" in page.message_text()
    assert page.quote is None
    assert not child(page, QPushButton, "pay_out").isEnabled()
    field = child(page, QLineEdit, "payout_number")
    assert field.hasFocus() and field.selectedText() == wrong  # the next scan replaces it


def test_a_slip_is_not_paid_before_the_day_after_its_last_event(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    clock.advance(timedelta(days=3))
    reopen_shift(anna)
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()

    scan(qtbot, page, slip.number)

    shown = page.quote_card.texts()
    number = display_slip_number(slip.number)
    assert shown["refusal"].startswith(f"Выплата по купону № {number} — с 04.12.2026")
    assert shown["amount"] == ""
    assert shown["period"] == "Срок выплаты: с 04.12.2026 по 03.01.2027 включительно"
    assert not page.document_form.isEnabled()
    assert not child(page, QPushButton, "pay_out").isEnabled()
    assert not child(page, QPushButton, "payout_player_refused").isEnabled()


def test_the_printed_number_typed_by_hand_finds_the_slip_as_the_scanners_digits_do(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock)

    scan(qtbot, page, display_slip_number(slip.number))  # 00000001-234-56, read off the paper

    assert page.quote is not None and page.quote.slip.number == slip.number
    assert page.quote_card.texts()["amount"] == "21,00 руб."


def test_a_lost_slip_is_explained_and_not_paid(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock, outcome="2")

    scan(qtbot, page, slip.number)

    shown = page.quote_card.texts()
    assert shown["facts"].startswith("проигрыш | ")
    assert shown["lines"].endswith("Ординар проигран: выплаты нет.")
    assert shown["refusal"] == (
        f"Купон № {display_slip_number(slip.number)} проигрышный — проигранные ставки не "
        "выплачиваются."
    )
    assert shown["period"] == ""
    assert not child(page, QPushButton, "pay_out").isEnabled()


def test_a_paid_slip_says_when_and_under_which_entry(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)
    type_document(qtbot, page)
    click(qtbot, page, "pay_out")
    qtbot.waitUntil(lambda: page.message_text().startswith("Выплачено"))

    scan(qtbot, page, slip.number)

    shown = page.quote_card.texts()
    assert "уже выплачен" in shown["refusal"]
    assert shown["paid"].startswith("Выплачено 21,00 руб. 04.12.2026 12:00: запись журнала № 1")


def test_a_document_without_its_issue_date_is_refused_with_pos_s_sentence(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    boss: Desk,
    clock: FixedClock,
    storage: FakeStorage,
) -> None:
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)
    type_document(qtbot, page, issued_on="")

    click(qtbot, page, "pay_out")

    qtbot.waitUntil(lambda: page.pay_message_text() != "Выплата, печать чека…")
    assert page.pay_message_text() == str(InvalidDocument("issued_on_missing"))
    assert boss.journal() == []
    assert outcomes(storage) == [IdOutcome.INVALID]
    # The quote and the document stay, for the date to be typed in.
    assert page.quote is not None
    assert page.document_form.field("surname").text() == "Иванов"


def test_after_a_zone_is_read_the_issue_date_and_authority_are_asked_for(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)
    zone = child(page, QPlainTextEdit, "mrz")

    qtbot.keyClicks(zone, BELARUS_TD3[0])
    qtbot.keyClick(zone, Qt.Key.Key_Return)
    qtbot.keyClicks(zone, BELARUS_TD3[1])
    qtbot.keyClick(zone, Qt.Key.Key_Return)

    form = page.document_form
    assert (form.field("surname").text(), form.field("number").text()) == ("KAVALIOU", "MP3456789")
    assert form.field("birth_date").text() == "15.03.1995"
    issued_by = form.field("issued_by")
    assert issued_by.text() == ""  # «BLR» is the state, not the authority and place
    assert "BLR" in issued_by.placeholderText()
    assert issued_by.hasFocus()
    assert issued_by.property("invalid") == "true"
    assert form.field("issued_on").property("invalid") == "true"
    assert page.pay_message_text().startswith("Зона прочитана. Впишите, кем выдан документ")

    issued_by.setText("Фрунзенский РУВД г. Минска")
    qtbot.keyClicks(form.field("issued_on"), "01022021")
    with qtbot.waitSignal(page.paid_out) as paid:
        qtbot.keyClick(issued_by, Qt.Key.Key_F9)

    assert paid.args[0].player == "KAVALIOU SIARHEI"
    assert paid.args[0].document.endswith("выдан 01.02.2021 Фрунзенский РУВД г. Минска")


def test_the_player_refusing_to_show_a_document_is_recorded_and_not_paid(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    boss: Desk,
    clock: FixedClock,
    storage: FakeStorage,
) -> None:
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)

    refuse(qtbot, page)

    qtbot.waitUntil(lambda: page.pay_message_text() == str(PayoutDocumentRequired()))
    assert outcomes(storage) == [IdOutcome.REFUSED]
    assert boss.journal() == []
    assert anna.slip(slip.number).status is SlipStatus.WON


def test_esc_clears_the_page(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)
    type_document(qtbot, page)

    qtbot.keyClick(page.document_form.field("number"), Qt.Key.Key_Escape)

    assert page.quote is None
    assert page.document_form.field("surname").text() == ""
    assert child(page, QLineEdit, "payout_number").text() == ""


# --- one outcome at a time (issue 16) --------------------------------------------------------


def test_a_refusal_then_a_payout_leaves_only_the_payout_s_outcome(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)
    type_document(qtbot, page, issued_on="")
    click(qtbot, page, "pay_out")
    qtbot.waitUntil(lambda: page.pay_message_text() == str(InvalidDocument("issued_on_missing")))

    qtbot.keyClicks(page.document_form.field("issued_on"), "12032015")
    with qtbot.waitSignal(page.paid_out):
        qtbot.keyClick(page.document_form.field("issued_on"), Qt.Key.Key_F9)

    qtbot.waitUntil(lambda: page.message_text().startswith("Выплачено"))
    assert list(shown_messages(page)) == ["payout_lookup_message"]


def test_typing_in_the_document_clears_the_payout_s_refusal(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)
    type_document(qtbot, page, issued_on="")
    click(qtbot, page, "pay_out")
    qtbot.waitUntil(lambda: page.pay_message_text() == str(InvalidDocument("issued_on_missing")))

    qtbot.keyClicks(page.document_form.field("issued_on"), "1")

    assert page.pay_message_text() == ""


def test_typing_in_the_number_clears_its_refusal(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number[:-1] + str((int(slip.number[-1]) + 1) % 10))
    assert "контрольный код" in page.message_text()

    qtbot.keyClick(child(page, QLineEdit, "payout_number"), Qt.Key.Key_Backspace)

    assert page.message_text() == ""


def test_a_refused_scan_clears_the_outcome_of_the_payout_before(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)
    refuse(qtbot, page)
    qtbot.waitUntil(lambda: page.pay_message_text() == str(PayoutDocumentRequired()))

    scan(qtbot, page, "12345")

    assert list(shown_messages(page)) == ["payout_lookup_message"]
