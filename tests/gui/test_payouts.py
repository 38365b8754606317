"""The payout page: a cashier scans a slip, sees what it pays, takes the document, pays it out."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit, QListWidget, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from pos.betting.slips import IdOutcome, SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import PrinterUnavailable
from pos.core.wording import display_slip_number
from pos.payouts.errors import PayoutNoteNotPrinted
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.errors import ShiftNotOpen
from tests.fakes import FakeStorage
from tests.gui.payouts_helpers import (
    DOCUMENT,
    PLAYER,
    open_payouts,
    outcomes,
    scan,
    type_document,
    won_slip,
)
from tests.gui.widgets import child, click
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.payouts import PayoutsPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> PayoutsPage:
    return open_payouts(qtbot, anna, runner, clock)


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
    assert page.pay_button_text() == "Выплатить 21,00 руб. (F9)"
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
