"""The payout page: a cashier scans a slip, sees what it pays, takes the document, pays it out."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit, QListWidget, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from pos.betting.slips import IdOutcome, Slip, SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import PosError, PrinterUnavailable
from pos.core.wording import display_slip_number
from pos.payouts.errors import PayoutDocumentRequired, PayoutNoteNotPrinted
from pos.people.errors import InvalidDocument
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.errors import ShiftNotOpen
from tests.fakes import FakeStorage
from tests.gui.widgets import child, click, shown_messages
from tests.shifts import reopen_shift
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.payouts import PayoutsPage
from ui.tasks import TaskRunner

# A Belarusian-looking passport zone with right check digits (tests/unit/pos/test_mrz.py).
BELARUS_TD3 = (
    "P<BLRKAVALIOU<<SIARHEI<<<<<<<<<<<<<<<<<<<<<<",
    "MP34567893BLR9503157M31012073150395A012PB780",
)
PLAYER = "Иванов Пётр Сергеевич"
DOCUMENT = "паспорт MP1234567, выдан 12.03.2015 Октябрьский РУВД г. Минска"


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> PayoutsPage:
    payouts = PayoutsPage(anna, runner, clock)
    qtbot.addWidget(payouts)
    payouts.resize(1280, 720)
    payouts.show()
    payouts.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    return payouts


def won_slip(anna: Desk, boss: Desk, clock: FixedClock, outcome: str = "1") -> Slip:
    """A single on 101 (2.10 for "1"), the match won 2:1 by the hosts and settled; the clock
    then stands on the day the slip is first payable."""
    slip = anna.accept_bet([(101, outcome)], stake="10")
    clock.advance(timedelta(days=3))
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()
    clock.advance(timedelta(days=1))
    reopen_shift(anna)
    return slip


def scan(qtbot: QtBot, page: PayoutsPage, number: str) -> None:
    """A scanner types the number and Enter; the page has answered when the call is done."""
    field = child(page, QLineEdit, "payout_number")
    field.clear()
    qtbot.keyClicks(field, number)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.message_text() != "Поиск купона…")


def type_document(qtbot: QtBot, page: PayoutsPage, *, issued_on: str = "12032015") -> None:
    form = page.document_form
    form.field("surname").setText("Иванов")  # keyClicks cannot type Cyrillic
    form.field("name").setText("Пётр")
    form.field("patronymic").setText("Сергеевич")
    qtbot.keyClicks(form.field("birth_date"), "17051990")
    qtbot.keyClicks(form.field("number"), "MP 1234567")
    form.field("issued_by").setText("Октябрьский РУВД г. Минска")
    qtbot.keyClicks(form.field("issued_on"), issued_on)
    qtbot.keyClicks(form.field("expires_on"), "12032030")


def outcomes(storage: FakeStorage) -> list[IdOutcome]:
    return [check.outcome for check in storage.data.id_checks]


def refusal_of(call: object) -> str:
    with pytest.raises(PosError) as refused:
        call()  # type: ignore[operator]
    return str(refused.value)


# --- paying --------------------------------------------------------------------------------


def test_a_winning_slip_is_paid_to_the_document_shown_and_the_page_waits_for_the_next(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    boss: Desk,
    clock: FixedClock,
    storage: FakeStorage,
) -> None:
    slip = won_slip(anna, boss, clock)

    scan(qtbot, page, slip.number)

    shown = page.quote_card.texts()
    assert shown["heading"] == f"Купон {display_slip_number(slip.number)}"
    assert shown["facts"].startswith("выигрыш | Ординар | 10,00 руб. | 2,10 | ")
    assert shown["lines"] == (
        "1-е событие выигрыш: 101 Динамо Минск — БАТЭ Борисов, Победа хозяев (1) (2,10) — "
        "счёт 2:1\nВыплата: 10,00 руб. × 2,10 = 21,00 руб."
    )
    assert shown["period"] == "Срок выплаты: с 04.12.2026 по 03.01.2027 включительно"
    assert shown["amount"] == "21,00 руб."
    assert shown["refusal"] == ""
    assert page.pay_button_text() == "Выплатить 21,00 руб."
    assert page.document_form.isEnabled()
    assert child(page, QPlainTextEdit, "mrz").hasFocus()  # the document's reader is next

    type_document(qtbot, page)
    with qtbot.waitSignal(page.paid_out) as paid:
        click(qtbot, page, "pay_out")

    entry = paid.args[0]
    assert page.message_text() == (
        f"Выплачено 21,00 руб. по купону № {display_slip_number(slip.number)}, "
        f"запись журнала № 1, чек № {entry.fiscal_receipt_no}."
    )
    journal = boss.journal()
    assert [(e.number, e.player, e.document, str(e.amount)) for e in journal] == [
        (1, PLAYER, DOCUMENT, "21.00")
    ]
    assert anna.slip(slip.number).status is SlipStatus.PAID
    assert outcomes(storage) == [IdOutcome.ACCEPTED]
    # Ready for the next slip: nothing of this player is left.
    assert page.quote is None
    assert page.quote_card.texts()["amount"] == ""
    assert child(page, QLineEdit, "payout_number").text() == ""
    assert child(page, QLineEdit, "payout_number").hasFocus()
    assert all(
        page.document_form.field(name).text() in ("", "..")
        for name in ("surname", "number", "issued_on")
    )
    assert not page.document_form.isEnabled()
    assert not child(page, QPushButton, "pay_out").isEnabled()


def test_with_no_shift_open_a_payable_slip_says_so_before_the_document_is_typed(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    """Issue 16: the cashier learns it at the scan, not after typing the player's document."""
    slip = won_slip(anna, boss, clock)
    status = anna.shift()
    assert status is not None
    anna.close_shift(counted=status.summary.expected)

    scan(qtbot, page, slip.number)

    assert page.message_text() == str(ShiftNotOpen("К1"))
    assert page.quote_card.texts()["amount"] == "21,00 руб."  # what it will pay
    assert not page.document_form.isEnabled()
    assert not child(page, QPushButton, "pay_out").isEnabled()
    assert child(page, QLineEdit, "payout_number").hasFocus()


def test_a_shift_past_its_24_hours_is_said_at_the_scan_too(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = won_slip(anna, boss, clock)
    clock.advance(timedelta(hours=24, minutes=1))

    scan(qtbot, page, slip.number)

    assert page.message_text().startswith("Смена открыта ")
    assert "больше 24 часов" in page.message_text()
    assert not page.document_form.isEnabled()


def test_the_next_slip_never_gets_the_previous_players_document(
    qtbot: QtBot, page: PayoutsPage, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    first = anna.accept_bet([(101, "1")], stake="10")
    second = won_slip(anna, boss, clock)
    scan(qtbot, page, first.number)
    type_document(qtbot, page)

    scan(qtbot, page, second.number)

    assert page.quote is not None and page.quote.slip.number == second.number
    assert page.document_form.field("surname").text() == ""
    assert page.document_form.field("number").text() == ""


def test_the_slip_is_shown_on_paper_when_no_printer_is_connected(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    boss: Desk,
    clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Desk, "printer_virtual", property(lambda _desk: True))
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)
    type_document(qtbot, page)

    click(qtbot, page, "pay_out")

    qtbot.waitUntil(lambda: page.preview_dialog is not None)
    preview = page.preview_dialog
    assert preview.heading_text() == f"Выплата по купону {display_slip_number(slip.number)}"
    texts = preview.paper.texts()
    assert "РАСХОД" in texts and "КВИТАНЦИЯ О ВЫПЛАТЕ" in texts
    assert any(text.startswith("ВЫПЛАЧЕНО") and "21,00" in text for text in texts)
    preview.accept()
    qtbot.waitUntil(lambda: page.preview_dialog is None)


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

    click(qtbot, page, "payout_player_refused")

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
    click(qtbot, page, "payout_player_refused")
    qtbot.waitUntil(lambda: page.pay_message_text() == str(PayoutDocumentRequired()))

    scan(qtbot, page, "12345")

    assert list(shown_messages(page)) == ["payout_lookup_message"]


# --- in the window -------------------------------------------------------------------------


def test_a_scan_while_a_payout_runs_leaves_its_outcome_on_screen(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    boss: Desk,
    clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    other = anna.accept_bet([(102, "X")], stake="3")
    slip = won_slip(anna, boss, clock)
    scan(qtbot, page, slip.number)
    type_document(qtbot, page)
    release = threading.Event()
    real_pay_out = anna.pay_out

    def slow_pay_out(number: str, document: object) -> object:
        release.wait(5)
        return real_pay_out(number, document)  # type: ignore[arg-type]

    monkeypatch.setattr(anna, "pay_out", slow_pay_out)
    click(qtbot, page, "pay_out")
    qtbot.waitUntil(lambda: page.pay_message_text() == "Выплата, печать чека…")

    scan_field = child(page, QLineEdit, "payout_number")
    scan_field.setText(other.number)
    qtbot.keyClick(scan_field, Qt.Key.Key_Return)  # the next player is too quick

    assert page.quote is not None and page.quote.slip.number == slip.number
    release.set()
    qtbot.waitUntil(lambda: page.message_text().startswith("Выплачено 21,00 руб."))


@pytest.mark.warns_in_log
def test_a_note_that_did_not_print_is_printed_again_from_the_page(
    qtbot: QtBot,
    page: PayoutsPage,
    anna: Desk,
    boss: Desk,
    clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slip = won_slip(anna, boss, clock)
    real_pay_out = anna.pay_out

    def note_jammed(number: str, document: object) -> object:
        entry = real_pay_out(number, document)  # type: ignore[arg-type]
        jam = PrinterUnavailable("USB 04b8:0202", "нет бумаги")
        raise PayoutNoteNotPrinted(entry.number, entry.slip_number, entry.amount, jam)

    monkeypatch.setattr(anna, "pay_out", note_jammed)
    scan(qtbot, page, slip.number)
    type_document(qtbot, page)
    click(qtbot, page, "pay_out")
    qtbot.waitUntil(lambda: "квитанция для игрока не напечатана" in page.message_text())
    assert "выдайте игроку 21,00 руб." in page.message_text()
    assert page.quote is None  # the slip is paid: nothing more to pay on it

    click(qtbot, page, "payout_note_again")

    qtbot.waitUntil(lambda: page.message_text() == "Квитанция для игрока напечатана.")
    assert not child(page, QPushButton, "payout_note_again").isVisible()


@pytest.mark.parametrize(
    ("login", "pin", "journal"), [("anna", "4821", False), ("boss", "9911", True)]
)
def test_every_user_pays_out_and_only_a_manager_keeps_the_journal(
    qtbot: QtBot,
    demo_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    login: str,
    pin: str,
    journal: bool,
) -> None:
    window = MainWindow(ShopConnection.of(demo_shop), runner, ui_state=ui_state)
    qtbot.addWidget(window)
    window.show()
    users = window.findChild(QListWidget, "users")
    qtbot.waitUntil(lambda: users.count() == 2)
    users.setCurrentRow([users.item(r).text() for r in range(users.count())].index(login))
    window.findChild(QLineEdit, "pin").setText(pin)
    qtbot.keyClick(window.findChild(QLineEdit, "pin"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.desk is not None)

    titles = window.page_titles()
    assert titles.index("Выплаты") == titles.index("Касса") - 1
    assert ("Журнал" in titles) is journal
    qtbot.waitUntil(lambda: not runner.busy)
