"""Bank transfers on the page of accounts (issue 37, p.7), driven by keys on a real SQLite shop:
over the account's movements (Ctrl+M, each with its kind) the manager records a transfer from
the bank statement (Ctrl+T) and sends the money back to the bank account it came from
(Ctrl+Shift+T); he loads a bank statement file (Ctrl+L); a cashier's transfer asks for the
manager's PIN."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from pos.accounts.numbers import display_account_number
from pos.accounts.transfer_rules import Direction, iban_with_checks
from pos.shop.services import Shop
from tests.gui.spread_helpers import (
    answer,
    back_at_field,
    balance,
    dialog_of,
    open_dialog,
    press,
    scan_account,
    settled,
)
from ui.dialogs import transfer_forms
from ui.dialogs.account_movements import MovementsDialog
from ui.dialogs.desk_call import DeskCallDialog
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("quiet_spread_page")
D = Decimal
CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = CTRL | Qt.KeyboardModifier.ShiftModifier
BANK = iban_with_checks("ALFA30120000012345678901")


def transfer_form(qtbot: QtBot, page: SpreadPage, keys: Qt.KeyboardModifier) -> QWidget:
    """Ctrl+M, the movements; there Ctrl+T (in) or Ctrl+Shift+T (out): the transfer's form."""
    movements = open_dialog(qtbot, page, Qt.Key.Key_M, CTRL)
    assert isinstance(movements, MovementsDialog)
    press(qtbot, Qt.Key.Key_T, keys)
    qtbot.waitUntil(lambda: page.dialog is not None and page.dialog is not movements)
    return dialog_of(qtbot, page)


def test_p7_the_manager_records_a_transfer_reads_the_movements_and_sends_it_back(
    qtbot: QtBot, spread: Shop, spread_account: str, office_page: SpreadPage, runner: TaskRunner
) -> None:
    page, number = office_page, spread_account
    shown = display_account_number(number)
    scan_account(qtbot, page, runner, number)

    dialog = transfer_form(qtbot, page, CTRL)
    assert dialog.objectName() == "transfer_in_dialog"
    answer(qtbot, page, runner, "200,00", "Ivanov P. S.", "124", "27.11.2026", BANK)
    assert page.message_text() == f"Перевод зачислен на счёт {shown}. Свободно: 700,00 руб."
    assert page.account_card.texts()["balance"] == balance("700,00", "0,00")

    dialog = transfer_form(qtbot, page, CTRL)  # the same order again: refused
    answer(qtbot, page, runner, "200,00", "Ivanov P. S.", "124", "27.11.2026", "")
    assert isinstance(dialog, DeskCallDialog) and page.dialog is dialog
    assert "№ 124 от 27.11.2026 уже записано" in dialog.message_text()
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.dialog is None)
    back_at_field(qtbot, page)

    movements = open_dialog(qtbot, page, Qt.Key.Key_M, CTRL)
    assert isinstance(movements, MovementsDialog)
    rows = movements.texts()
    assert [row[1] for row in rows] == ["Пополнение", "Перевод на счёт (безнал.)"]
    assert rows[1][2:] == ["п/п № 124 от 27.11.2026", "200,00", "700,00"]
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.dialog is None)
    back_at_field(qtbot, page)

    dialog = transfer_form(qtbot, page, CTRL_SHIFT)
    assert dialog.objectName() == "transfer_out_dialog"
    answer(qtbot, page, runner, "700", "77")  # to the only bank account that paid in
    assert page.message_text() == f"Перевод со счёта {shown} записан. Свободно: 0,00 руб."
    boss = spread.login("boss", "9911")
    sent = boss.account_transfers(number)[-1]
    assert (sent.direction, sent.amount, sent.bank_account) == (Direction.OUT, D("700"), BANK)
    assert spread.account(number).free == D("0.00")


def test_p7_a_bank_statement_file_is_loaded_from_the_page(
    qtbot: QtBot,
    spread_account: str,
    office_page: SpreadPage,
    runner: TaskRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "vypiska.csv"
    path.write_bytes(
        "дата;поручение;сумма;плательщик;счёт_плательщика;счёт_игрока\n"
        f"27.11.2026;31;5,00;Иванов П. С.;{BANK};{display_account_number(spread_account)}\n"
        .encode("cp1251")
    )  # fmt: skip
    monkeypatch.setattr(transfer_forms, "choose_bank_file", lambda _parent: str(path))
    press(qtbot, Qt.Key.Key_L, CTRL)
    settled(qtbot, runner)
    assert office_page.message_text() == (
        "Выписка «vypiska.csv» загружена: платежей 1 на 5,00 руб., счетов 1."
    )
    path.write_bytes(path.read_bytes().replace(b"5,00", b"5,001"))
    press(qtbot, Qt.Key.Key_L, CTRL)
    settled(qtbot, runner)
    assert office_page.message_text().startswith(
        "Выписка «vypiska.csv» не загружена, ничего не зачислено: строка 2: Неверная сумма"
    )


def test_p7_a_cashiers_transfer_asks_for_the_managers_pin(
    qtbot: QtBot, counter_page: SpreadPage, spread_account: str, runner: TaskRunner
) -> None:
    page = counter_page
    scan_account(qtbot, page, runner, spread_account)
    dialog = transfer_form(qtbot, page, CTRL)
    answer(qtbot, page, runner, "10", "Ivanov", "5", "27.11.2026", "")
    assert isinstance(dialog, DeskCallDialog)
    qtbot.waitUntil(lambda: dialog.manager_dialog is not None)
    pin = dialog.manager_dialog
    assert isinstance(pin, ManagerPinDialog)
    pin.reject()
    qtbot.waitUntil(lambda: page.dialog is dialog)
    dialog_of(qtbot, page)
