"""The till page: the register's day, X and Z reports, receipts to print again, a waiting slip."""

from __future__ import annotations

from decimal import Decimal

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFrame, QLabel, QLineEdit, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from pos.betting import printing as slip_printing
from pos.betting.errors import SlipNotIssued
from pos.betting.slips import Slip, SlipStatus
from pos.core.wording import display_slip_number
from pos.shop.demo_registration import demo_register_number
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.errors import ReceiptNotPrinted
from tests.conftest import REGISTER
from tests.fakes import FakeStorage
from tests.gui.conftest import FlakyDummy
from tests.gui.widgets import current_tab, open_window, sign_in
from ui.errors import MessageLabel
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.till import TillPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner) -> TillPage:
    return open_till(qtbot, anna, runner)


def open_till(qtbot: QtBot, desk: Desk, runner: TaskRunner) -> TillPage:
    till = TillPage(desk, runner)
    qtbot.addWidget(till)
    till.resize(1280, 700)
    till.show()
    reload(qtbot, till)
    return till


def reload(qtbot: QtBot, page: TillPage) -> None:
    before = page.state
    page.refresh()
    qtbot.waitUntil(lambda: page.state is not before)


def text(page: QWidget, name: str) -> str:
    return page.findChild(QLabel, name).text()


def button(page: QWidget, name: str) -> QPushButton:
    return page.findChild(QPushButton, name)


def click(qtbot: QtBot, page: QWidget, name: str) -> None:
    """Click a button once it is enabled (buttons wait while a call is running)."""
    target = button(page, name)
    qtbot.waitUntil(target.isEnabled)
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)


def crash_between_print_and_save(desk: Desk, monkeypatch: pytest.MonkeyPatch) -> Slip:
    """The power goes off after the slip printed and before it was confirmed: it waits."""

    def power_cut(*_args: object, **_kwargs: object) -> None:
        raise SystemExit("power cut")

    monkeypatch.setattr(slip_printing, "_confirm", power_cut)
    with pytest.raises(SystemExit):
        desk.accept_bet([(101, "1")], Decimal("10"))
    monkeypatch.undo()
    pending = desk.pending_slip()
    assert pending is not None
    return pending


# --- the register ----------------------------------------------------------------------------


def test_before_the_first_receipt_no_day_is_open(page: TillPage) -> None:
    assert text(page, "register_serial") == REGISTER
    assert text(page, "register_number") == demo_register_number("К1")  # issue 34
    assert text(page, "fiscal_day") == "ещё не открывалась"
    assert text(page, "last_receipt") == "чеков ещё не было"
    assert text(page, "unprinted") == "Все чеки напечатаны."
    assert not button(page, "z_report").isEnabled()
    assert not button(page, "print_receipts").isEnabled()
    assert not page.findChild(QWidget, "pending_slip").isVisible()


def test_the_page_shows_the_open_day_and_the_last_receipt(
    qtbot: QtBot, page: TillPage, anna: Desk
) -> None:
    anna.accept_bet([(101, "1")], Decimal("10"))
    anna.accept_bet([(102, "X")], Decimal("5"))

    reload(qtbot, page)

    assert text(page, "fiscal_day") == "№ 1, открыта с 30.11.2026 12:00"
    assert text(page, "last_receipt") == "№ 2"
    assert button(page, "z_report").isEnabled()


def test_the_registration_number_stands_beside_the_serial(
    qtbot: QtBot, page: TillPage, boss: Desk
) -> None:
    boss.update_settings(register_number="3690-0042")

    reload(qtbot, page)

    assert text(page, "register_number") == "3690-0042"


def test_the_x_report_prints_and_the_day_stays_open(
    qtbot: QtBot, page: TillPage, anna: Desk, printer: Dummy
) -> None:
    anna.accept_bet([(101, "1")], Decimal("10"))
    reload(qtbot, page)
    printer.clear()

    click(qtbot, page, "x_report")

    qtbot.waitUntil(lambda: page.message_text().startswith("X-отчёт напечатан"))
    assert page.message_text() == "X-отчёт напечатан: чеков 1, наличные за смену 10,00 руб."
    assert "X-ОТЧЁТ".encode("cp866") in printer.output
    qtbot.waitUntil(lambda: text(page, "fiscal_day") == "№ 1, открыта с 30.11.2026 12:00")


def test_the_z_report_asks_first_then_closes_the_day(
    qtbot: QtBot, page: TillPage, anna: Desk, printer: Dummy
) -> None:
    anna.accept_bet([(101, "1")], Decimal("10"))
    reload(qtbot, page)
    printer.clear()

    click(qtbot, page, "z_report")
    qtbot.waitUntil(lambda: page.z_confirmation is not None)
    question = page.z_confirmation
    assert "закроет смену № 1" in question.text()
    qtbot.mouseClick(question.findChild(QPushButton, "cancel_z"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.z_confirmation is None)
    assert printer.output == b""
    assert anna.fiscal_state().day_open

    click(qtbot, page, "z_report")
    qtbot.waitUntil(lambda: page.z_confirmation is not None)
    confirm = page.z_confirmation.findChild(QPushButton, "confirm_z")
    qtbot.mouseClick(confirm, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: text(page, "fiscal_day") == "закрыта (последняя — № 1)")
    assert page.message_text() == (
        "Z-отчёт напечатан, смена ККМ № 1 закрыта: чеков 1, наличные за смену 10,00 руб."
    )
    assert "Z-ОТЧЁТ".encode("cp866") in printer.output
    assert not anna.fiscal_state().day_open
    assert not button(page, "z_report").isEnabled()


def test_the_last_z_report_is_printed_again(
    qtbot: QtBot, page: TillPage, anna: Desk, printer: Dummy
) -> None:
    click(qtbot, page, "repeat_z_report")
    qtbot.waitUntil(lambda: page.message_text() != "Печать копии Z-отчёта…")
    assert page.message_text() == "Z-отчётов на этом кассовом аппарате ещё не было."

    anna.accept_bet([(101, "1")], Decimal("10"))
    anna.z_report()
    printer.clear()
    click(qtbot, page, "repeat_z_report")

    qtbot.waitUntil(lambda: page.message_text() == "Копия Z-отчёта смены ККМ № 1 напечатана.")
    assert "Z-ОТЧЁТ".encode("cp866") in printer.output


def test_the_x_report_preview_prints_nothing(
    qtbot: QtBot, page: TillPage, anna: Desk, printer: Dummy
) -> None:
    anna.accept_bet([(101, "1")], Decimal("10"))
    printer.clear()

    click(qtbot, page, "preview_x_report")

    qtbot.waitUntil(lambda: page.preview_dialog is not None)
    preview = page.preview_dialog
    assert preview.isVisible()
    assert preview.paper.texts()[0] == "X-ОТЧЁТ"
    assert "Смена ККМ № 1" in preview.paper.texts()
    assert printer.output == b""
    qtbot.keyClick(preview, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.preview_dialog is None)


# --- receipts left to print ------------------------------------------------------------------


@pytest.mark.warns_in_log
def test_receipts_that_did_not_print_are_printed_again(
    qtbot: QtBot, two_printer_shop: Shop, flaky: FlakyDummy, runner: TaskRunner
) -> None:
    anna = two_printer_shop.login("anna", "4821")
    flaky.broken = True
    with pytest.raises(ReceiptNotPrinted, match="чек № 1"):
        anna.accept_bet([(101, "1")], Decimal("10"))
    page = open_till(qtbot, anna, runner)
    assert text(page, "unprinted") == "Не напечатаны чеки № 1."
    assert button(page, "print_receipts").isEnabled()

    click(qtbot, page, "print_receipts")  # still unplugged
    qtbot.waitUntil(lambda: "не напечатан" in page.message_text())
    assert "Допечатать чеки" in page.message_text()
    flaky.broken = False
    click(qtbot, page, "print_receipts")

    qtbot.waitUntil(lambda: page.message_text() == "Напечатаны чеки № 1.")
    assert "ПРИХОД".encode("cp866") in flaky.output
    qtbot.waitUntil(lambda: text(page, "unprinted") == "Все чеки напечатаны.")
    assert not button(page, "print_receipts").isEnabled()
    assert anna.unprinted_receipts() == []


# --- where the answers appear ----------------------------------------------------------------


def card_message(page: TillPage, card: str) -> str:
    """The message line inside the card `card` (issue 16: the answer stands where it was asked)."""
    (line,) = page.findChild(QFrame, card).findChildren(MessageLabel)
    return line.text()


@pytest.mark.warns_in_log
def test_each_card_answers_in_its_own_line_and_only_the_latest_answer_stands(
    qtbot: QtBot, two_printer_shop: Shop, flaky: FlakyDummy, runner: TaskRunner
) -> None:
    anna = two_printer_shop.login("anna", "4821")
    flaky.broken = True
    with pytest.raises(ReceiptNotPrinted):
        anna.accept_bet([(101, "1")], Decimal("10"))
    page = open_till(qtbot, anna, runner)

    click(qtbot, page, "print_receipts")  # still unplugged: the warning in the receipts card
    qtbot.waitUntil(lambda: "не напечатан" in card_message(page, "receipts_card"))
    assert card_message(page, "reports_card") == ""
    flaky.broken = False
    click(qtbot, page, "x_report")  # answered in the reports card

    qtbot.waitUntil(lambda: card_message(page, "reports_card").startswith("X-отчёт напечатан"))
    assert page.message_text().startswith("X-отчёт напечатан")
    # a receipt still unprinted is a warning: it stays until it is dealt with
    assert "не напечатан" in card_message(page, "receipts_card")
    click(qtbot, page, "print_receipts")
    qtbot.waitUntil(lambda: card_message(page, "receipts_card") == "Напечатаны чеки № 1.")
    assert card_message(page, "reports_card") == ""  # the older answer is gone
    click(qtbot, page, "x_report")
    qtbot.waitUntil(lambda: card_message(page, "reports_card").startswith("X-отчёт напечатан"))
    assert card_message(page, "receipts_card") == ""


def test_an_answered_question_leaves_its_outcome_where_it_stood(
    qtbot: QtBot, window: MainWindow, anna: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    pending = crash_between_print_and_save(anna, monkeypatch)
    sign_in(qtbot, window, "anna", "4821")
    block = question_shown(qtbot, window)
    till = window.findChild(TillPage)
    line = till.findChild(MessageLabel, "recovery_message")
    assert not line.isVisible()  # nothing said yet: no empty line above the cards

    click(qtbot, block, "confirm_pending")

    qtbot.waitUntil(lambda: not block.isVisible())
    qtbot.waitUntil(lambda: line.text().startswith("Купон № "))
    assert line.isVisible()
    assert display_slip_number(pending.number) in line.text()
    for card in ("register_card", "reports_card", "receipts_card"):
        assert card_message(till, card) == ""
    # at the top of the page, where the question stood, above the shift card
    assert (
        line.mapTo(till, line.rect().topLeft()).y()
        < till.shift_card.mapTo(till, till.shift_card.rect().topLeft()).y()
    )


# --- a slip waiting after a crash ------------------------------------------------------------


def question_shown(qtbot: QtBot, window: MainWindow, name: str = "pending_slip") -> QWidget:
    """The till page came forward with the question `name`, its first answer focused."""
    qtbot.waitUntil(lambda: current_tab(window) == "Касса")
    block = window.findChild(QWidget, name)
    qtbot.waitUntil(lambda: block is not None and block.isVisible())
    qtbot.waitUntil(lambda: window.focusWidget() is button(block, "confirm_pending"))
    return block


def test_a_waiting_slip_is_asked_at_sign_in_and_yes_issues_it(
    qtbot: QtBot,
    window: MainWindow,
    demo_shop: Shop,
    anna: Desk,
    storage: FakeStorage,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pending = crash_between_print_and_save(anna, monkeypatch)

    sign_in(qtbot, window, "boss", "9911")

    block = question_shown(qtbot, window)
    assert text(block, "pending_text") == (
        f"Купон № {display_slip_number(pending.number)} отправлен на печать в 12:00:00, "
        "но не подтверждён. Вышел ли он из принтера?"
    )
    assert text(block, "pending_detail") == "Ординар, ставка 10,00 руб., кассир anna."
    click(qtbot, block, "confirm_pending")

    till = window.findChild(TillPage)
    qtbot.waitUntil(lambda: till.message_text().startswith("Купон № "))
    assert till.message_text() == (
        f"Купон № {display_slip_number(pending.number)} выдан: примите ставку 10,00 руб."
    )
    assert demo_shop.slip(pending.number).status is SlipStatus.OPEN
    assert storage.data.slips[pending.number].fiscal_receipt_no == 1
    qtbot.waitUntil(lambda: not block.isVisible())


def test_no_voids_the_waiting_slip(
    qtbot: QtBot,
    window: MainWindow,
    demo_shop: Shop,
    anna: Desk,
    storage: FakeStorage,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pending = crash_between_print_and_save(anna, monkeypatch)
    sign_in(qtbot, window, "anna", "4821")
    block = question_shown(qtbot, window)

    click(qtbot, block, "void_pending")

    qtbot.waitUntil(lambda: not block.isVisible())
    till = window.findChild(TillPage)
    assert "аннулирован" in till.message_text()
    assert storage.data.slips[pending.number].status is SlipStatus.VOID
    with pytest.raises(SlipNotIssued):
        demo_shop.slip(pending.number)
    assert storage.data.cash == []


def test_without_a_waiting_slip_the_sign_in_stays_on_the_betting_page(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner
) -> None:
    sign_in(qtbot, window, "anna", "4821")

    qtbot.waitUntil(lambda: window.findChild(TillPage).state is not None)
    qtbot.waitUntil(lambda: not runner.busy)
    assert current_tab(window) == "Ставки"


@pytest.mark.warns_in_log
def test_a_slip_left_waiting_by_a_failed_bet_is_asked_at_once(
    qtbot: QtBot,
    flaky_shop: Shop,
    flaky: FlakyDummy,
    runner: TaskRunner,
    ui_state: QSettings,
    storage: FakeStorage,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The printer fails and so does the database that should void the slip: it waits."""
    monkeypatch.setattr(slip_printing, "_void_after_failure", lambda *_args: None)
    window = open_window(qtbot, flaky_shop, runner, ui_state)
    sign_in(qtbot, window, "anna", "4821")
    betting = window.findChild(BettingPage)
    qtbot.waitUntil(lambda: not runner.busy)
    flaky.broken = True

    pick = betting.findChild(QLineEdit, "pick")
    qtbot.keyClicks(pick, "101 1")
    qtbot.keyClick(pick, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: betting.draft.rowCount() == 1)
    betting.findChild(QLineEdit, "stake").setText("10")
    betting.confirm()
    qtbot.waitUntil(lambda: betting.confirm_dialog is not None)
    betting.confirm_dialog.confirm()

    qtbot.waitUntil(lambda: "Купон не напечатан" in betting.confirm_dialog.message_text())
    block = question_shown(qtbot, window)
    (waiting,) = storage.data.slips.values()
    assert waiting.status is SlipStatus.PENDING
    assert display_slip_number(waiting.number) in text(block, "pending_text")
    betting.confirm_dialog.reject()
