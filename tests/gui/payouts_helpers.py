"""Driving the payout page as a cashier does, for its tests and the GUI tests built on it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from pos.betting.slips import IdOutcome, Slip
from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.widgets import child, click
from tests.shifts import reopen_shift
from ui.pages.payouts import PayoutsPage
from ui.tasks import TaskRunner

# A Belarusian-looking passport zone with right check digits (tests/unit/pos/test_mrz.py).
BELARUS_TD3 = (
    "P<BLRKAVALIOU<<SIARHEI<<<<<<<<<<<<<<<<<<<<<<",
    "MP34567893BLR9503157M31012073150395A012PB780",
)
PLAYER = "Иванов Пётр Сергеевич"
DOCUMENT = "паспорт MP1234567, выдан 12.03.2015 Октябрьский РУВД г. Минска"


def open_payouts(qtbot: QtBot, desk: Desk, runner: TaskRunner, clock: FixedClock) -> PayoutsPage:
    """The payout page shown for `desk`, its first refresh done."""
    payouts = PayoutsPage(desk, runner, clock)
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


def refuse(qtbot: QtBot, page: PayoutsPage) -> None:
    """«Игрок отказался», and «Записать отказ» when the page asks once (issue 34)."""
    click(qtbot, page, "payout_player_refused")
    qtbot.waitUntil(lambda: page.refusal_dialog is not None)
    dialog = page.refusal_dialog
    assert dialog is not None
    click(qtbot, dialog, "refusal_confirm")
    qtbot.waitUntil(lambda: page.refusal_dialog is None)
