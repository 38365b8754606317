"""The «Смена» card of the till page: open with a float, cash in and out, a blind count at
closing, and a refusal to close that names what blocks it (issue #7)."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from pos.betting.slips import SlipStatus
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.money import format_money
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.shifts import TransferKind
from tests.fakeprinter import FlakyDummy
from tests.fakes import FakeStorage
from tests.gui.test_till import click, open_till, reload, text
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.dialogs.shift_amount import ShiftAmountDialog
from ui.dialogs.shift_close import ShiftCloseDialog
from ui.pages.till import TillPage
from ui.tasks import TaskRunner
from ui.widgets.shift_card import ShiftCard


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner) -> TillPage:
    return open_till(qtbot, anna, runner)


def card(page: TillPage) -> ShiftCard:
    return page.shift_card


def ask(qtbot: QtBot, page: TillPage, button: str) -> ShiftAmountDialog:
    """Press one of the card's buttons and wait for its dialog."""
    click(qtbot, card(page), button)
    qtbot.waitUntil(lambda: card(page).dialog is not None)
    dialog = card(page).dialog
    assert isinstance(dialog, ShiftAmountDialog)
    assert dialog.isVisible()
    return dialog


def enter(qtbot: QtBot, dialog: ShiftAmountDialog, amount: str, reason: str = "") -> None:
    """Type the amount (and the reason) and press Enter in the amount field."""
    dialog.set_reason(reason)
    field = dialog.findChild(QLineEdit, "shift_amount")
    field.clear()
    qtbot.keyClicks(field, amount)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def labels(widget: QWidget) -> list[str]:
    return [label.text() for label in widget.findChildren(QLabel) if label.isVisible()]


def shown(qtbot: QtBot, page: TillPage, name: str, value: str) -> None:
    qtbot.waitUntil(lambda: text(card(page), name) == value)


def test_a_shift_opens_with_the_counted_float(qtbot: QtBot, anna: Desk, runner: TaskRunner) -> None:
    anna.close_shift(counted="0")  # the demo's shift
    page = open_till(qtbot, anna, runner)
    assert text(card(page), "shift_closed_note").startswith("Смена не открыта")
    assert card(page).findChild(QWidget, "close_shift").isHidden()

    dialog = ask(qtbot, page, "open_shift")
    enter(qtbot, dialog, "abc")
    qtbot.waitUntil(lambda: "Неверная сумма «abc»" in dialog.message_text())
    enter(qtbot, dialog, "500")

    shown(qtbot, page, "shift_float", "500,00 руб.")
    assert text(card(page), "shift_since") == "с 30.11.2026 12:00, открыл(а) anna"
    assert card(page).message_text() == "Смена открыта, размен 500,00 руб."
    assert card(page).findChild(QWidget, "open_shift").isHidden()
    status = anna.shift()
    assert status is not None and status.shift.opening_cash == Decimal("500")


def test_the_card_says_the_shift_closes_soon_from_an_hour_before_its_24_hours_end(
    qtbot: QtBot, page: TillPage, clock: FixedClock
) -> None:
    """Issue 16: announced before it runs out, not only refused after."""
    ending = card(page).findChild(QLabel, "shift_ending")
    clock.advance(timedelta(hours=22, minutes=59))
    reload(qtbot, page)
    assert ending.isHidden()

    clock.advance(timedelta(minutes=21))
    reload(qtbot, page)

    assert ending.isVisible()
    assert ending.text() == "Смена закрывается через 40 минут: закройте её и откройте новую."


def test_the_card_never_shows_the_expected_cash(
    qtbot: QtBot, page: TillPage, anna: Desk, boss: Desk
) -> None:
    anna.accept_bet([(101, "1")], Decimal("37.50"))
    anna.cash_in("200", "размен из сейфа")
    boss.cash_out("50", "в сейф")
    status = anna.shift()
    assert status is not None and status.summary.expected == Decimal("1187.50")

    reload(qtbot, page)

    assert text(card(page), "shift_cash_in") == "200,00 руб."

    assert text(card(page), "shift_cash_out") == "50,00 руб."
    assert not any(format_money(Decimal("1187.50")) in label for label in labels(page))
    assert not any("37,50" in label for label in labels(card(page)))


def test_cash_in_is_recorded_and_printed(
    qtbot: QtBot, page: TillPage, anna: Desk, printer: Dummy
) -> None:
    dialog = ask(qtbot, page, "cash_in")
    enter(qtbot, dialog, "200", " ")
    qtbot.waitUntil(lambda: "Укажите причину" in dialog.message_text())
    enter(qtbot, dialog, "200", "размен из сейфа")

    shown(qtbot, page, "shift_cash_in", "200,00 руб.")
    assert card(page).message_text() == "Внесение 200,00 руб. записано, документ напечатан."
    assert "ВНЕСЕНИЕ НАЛИЧНЫХ".encode("cp866") in printer.output
    status = anna.shift()
    assert status is not None and status.summary.cash_in == Decimal("200")


def test_a_cashiers_cash_out_needs_the_managers_pin_once(
    qtbot: QtBot, page: TillPage, anna: Desk, storage: FakeStorage
) -> None:
    anna.cash_in("300", "размен из сейфа")
    dialog = ask(qtbot, page, "cash_out")
    enter(qtbot, dialog, "100", "в сейф")

    qtbot.waitUntil(lambda: getattr(dialog, "manager_dialog", None) is not None)
    manager = dialog.manager_dialog  # type: ignore[attr-defined]
    assert isinstance(manager, ManagerPinDialog)
    assert "изъятие наличных" in manager.findChild(QLabel, "manager_heading").text()
    manager.set_login("boss")
    pin = manager.findChild(QLineEdit, "manager_pin_field")
    qtbot.keyClicks(pin, "9911")
    qtbot.keyClick(pin, Qt.Key.Key_Return)

    shown(qtbot, page, "shift_cash_out", "100,00 руб.")
    assert card(page).message_text() == "Изъятие 100,00 руб. записано, документ напечатан."
    qtbot.waitUntil(lambda: card(page).dialog is None)
    outs = [t for t in storage.data.transfers if t.kind is TransferKind.CASH_OUT]
    assert [(t.amount, t.reason) for t in outs] == [(Decimal("100"), "в сейф")]
    assert [r.action for r in storage.data.audit].count(AuditAction.CASH_OUT) == 1


def close_with(qtbot: QtBot, page: TillPage, counted: str) -> ShiftCloseDialog:
    dialog = ask(qtbot, page, "close_shift")
    assert isinstance(dialog, ShiftCloseDialog)
    assert not dialog.findChild(QWidget, "shift_result").isVisible()  # a blind count
    enter(qtbot, dialog, counted)
    qtbot.waitUntil(lambda: dialog.shift_closed)
    return dialog


def test_closing_shows_expected_counted_and_the_shortage_after_the_count(
    qtbot: QtBot, page: TillPage, anna: Desk, printer: Dummy
) -> None:
    anna.accept_bet([(101, "1")], Decimal("10"))
    printer.clear()

    dialog = close_with(qtbot, page, "1005")  # the demo shift's float is 1 000,00

    assert text(dialog, "closing_expected") == "1 010,00 руб."
    assert text(dialog, "closing_counted") == "1 005,00 руб."
    assert text(dialog, "closing_difference") == "недостача 5,00 руб."
    assert "#b3261e" in dialog.findChild(QLabel, "closing_difference").styleSheet()
    assert text(dialog, "closing_z_report") == "Z-отчёт смены ККМ № 1 напечатан: чеков 1."
    assert "Z-ОТЧЁТ".encode("cp866") in printer.output
    assert anna.shift() is None
    qtbot.waitUntil(lambda: not card(page).findChild(QWidget, "open_shift").isHidden())
    assert text(page, "fiscal_day") == "закрыта (последняя — № 1)"
    assert card(page).message_text() == (
        "Смена закрыта: ожидалось 1 010,00 руб., посчитано 1 005,00 руб., разница -5,00 руб."
    )

    qtbot.keyClick(dialog.findChild(QLineEdit, "shift_amount"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: card(page).dialog is None)


def test_a_surplus_is_noted_and_no_z_report_without_receipts(qtbot: QtBot, page: TillPage) -> None:
    dialog = close_with(qtbot, page, "1012,50")

    assert text(dialog, "closing_expected") == "1 000,00 руб."
    assert text(dialog, "closing_difference") == "излишек 12,50 руб."
    assert "не печатался" in text(dialog, "closing_z_report")
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: card(page).dialog is None)


def test_a_waiting_slip_blocks_the_closing_and_is_named(
    qtbot: QtBot, page: TillPage, anna: Desk, storage: FakeStorage
) -> None:
    slip = anna.accept_bet([(101, "1")], Decimal("10"))
    stored = storage.data.slips[slip.number]
    storage.data.slips[slip.number] = dataclasses.replace(stored, status=SlipStatus.PENDING)

    dialog = ask(qtbot, page, "close_shift")
    enter(qtbot, dialog, "10")

    qtbot.waitUntil(lambda: dialog.message_text().startswith("Смену закрыть нельзя"))
    number = display_slip_number(slip.number)  # as printed
    assert f"купон № {number} ждёт подтверждения печати" in dialog.message_text()
    assert not dialog.findChild(QWidget, "shift_result").isVisible()
    assert anna.shift() is not None
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: card(page).dialog is None)


@pytest.mark.warns_in_log
def test_a_z_report_that_did_not_print_is_said_after_the_closing(
    qtbot: QtBot, flaky_shop: Shop, flaky: FlakyDummy, runner: TaskRunner
) -> None:
    anna = flaky_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], Decimal("10"))
    page = open_till(qtbot, anna, runner)
    flaky.broken = True

    dialog = close_with(qtbot, page, "1010")

    assert dialog.message_text().startswith("Z-ОТЧЁТ: не напечатано")
    # the figures of the closing are shown all the same
    assert dialog.findChild(QWidget, "shift_result").isVisible()
    assert dialog.findChild(QLabel, "closing_expected").text() == "1 010,00 руб."
    assert dialog.findChild(QLabel, "closing_difference").text() == "нет — касса сошлась"
    assert dialog.findChild(QLabel, "closing_z_report").text() == "Z-отчёт не напечатан."
    assert anna.shift() is None
    qtbot.waitUntil(lambda: card(page).message_text() == dialog.message_text())
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: card(page).dialog is None)
