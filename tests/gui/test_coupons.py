"""«Купоны» driven by keys (issue 37, p.17): a manager registers a coupon whose money came by
postal order, the player's data typed from the coupon; after the result the win is paid in
cash by the payment list; a coupon paid from a bank account goes back only there."""

from __future__ import annotations

from datetime import timedelta

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit
from pytestqt.qtbot import QtBot

from pos.accounts.transfer_rules import iban_with_checks
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.shifts import reopen_shift
from tests.unit.printing.escpos_reader import read_job
from ui.pages.coupons import STATE, CouponsPage
from ui.tasks import TaskRunner
from ui.widgets.document_form import DocumentForm

PLAYER_BANK = iban_with_checks("ALFA30120000012345678901")


@pytest.fixture
def page(
    qtbot: QtBot, demo_shop: Shop, boss: Desk, runner: TaskRunner, clock: FixedClock
) -> CouponsPage:
    coupons = CouponsPage(boss, runner, clock)
    qtbot.addWidget(coupons)
    coupons.resize(1024, 700)
    coupons.show()
    coupons.refresh()
    qtbot.waitUntil(lambda: "Купонов пока нет" in coupons.message_text())
    return coupons


def _type(qtbot: QtBot, field: QLineEdit, text: str) -> None:
    field.setFocus()
    if text.isascii():
        qtbot.keyClicks(field, text)
    else:  # the offscreen platform types no Cyrillic by keys
        field.setText(text)


def _line(page: CouponsPage, name: str) -> QLineEdit:
    found = page.field(name)
    assert isinstance(found, QLineEdit)
    return found


def _choose(qtbot: QtBot, page: CouponsPage, name: str, data: str) -> None:
    combo = page.field(name)
    assert isinstance(combo, QComboBox)
    combo.setFocus()
    target = combo.findData(data)
    assert target >= 0, data
    while combo.currentIndex() != target:
        key = Qt.Key.Key_Down if combo.currentIndex() < target else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)


def _player(qtbot: QtBot, form: DocumentForm) -> None:
    for name, text in (
        ("surname", "Иванов"),
        ("name", "Пётр"),
        ("birth_date", "12031985"),
        ("number", "MP1234567"),
        ("issued_by", "Фрунзенский РУВД г. Минска"),
        ("issued_on", "01022015"),
        ("expires_on", "01022035"),
    ):
        _type(qtbot, form.field(name), text)


def _register(qtbot: QtBot, page: CouponsPage, *, postal: bool) -> None:
    _type(qtbot, _line(page, "coupon_number"), "К-0042")
    _type(qtbot, _line(page, "coupon_legs"), "101 1")
    _type(qtbot, _line(page, "coupon_stake"), "10")
    _choose(qtbot, page, "coupon_paid_by", "postal" if postal else "transfer")
    _type(qtbot, _line(page, "coupon_order"), "125")
    _type(qtbot, _line(page, "coupon_order_date"), "01122026")
    _player(qtbot, page.document_form)
    if not postal:
        _type(qtbot, _line(page, "coupon_bank"), PLAYER_BANK)
    _line(page, "coupon_bank").setFocus()
    qtbot.keyClick(_line(page, "coupon_bank"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.table.rowCount() == 1)


def _won(demo_shop: Shop, boss: Desk, clock: FixedClock) -> None:
    clock.advance(timedelta(days=5))
    boss.record_result(101, 2, 1, source="АБФФ", ended_at=clock.now())
    demo_shop.settle()
    clock.advance(timedelta(days=1))


def test_p17_a_postal_coupon_registered_and_paid_by_the_list_by_keys(
    qtbot: QtBot,
    page: CouponsPage,
    demo_shop: Shop,
    boss: Desk,
    clock: FixedClock,
    printer: Dummy,
) -> None:
    printer.clear()
    _register(qtbot, page, postal=True)

    assert "Купон № К-0042 зарегистрирован" in page.message_text()
    slip = page.coupons[0][1]
    assert page.table.item(0, STATE).text() == "принят"
    assert "по купону №" in "\n".join(read_job(printer.output, "TM-T20II").lines)
    assert _line(page, "pay_slip").text() == slip.number  # ready for its payment

    _won(demo_shop, boss, clock)
    reopen_shift(boss)
    _choose(qtbot, page, "pay_how", "list")
    _player(qtbot, page.document_form)  # the player's document shown at the till
    qtbot.keyClick(page.field("pay_coupon"), Qt.Key.Key_Space)

    qtbot.waitUntil(lambda: "Выплачено по ведомости" in page.message_text())
    assert demo_shop.slip(slip.number).status is SlipStatus.PAID
    assert [entry.slip_number for entry in demo_shop.journal()] == [slip.number]
    qtbot.waitUntil(lambda: page.table.item(0, STATE).text() == "выплачен")


def test_p17_a_coupon_paid_by_transfer_is_refused_elsewhere_then_paid_back_by_keys(
    qtbot: QtBot, page: CouponsPage, demo_shop: Shop, boss: Desk, clock: FixedClock
) -> None:
    _register(qtbot, page, postal=False)
    slip = page.coupons[0][1]
    _won(demo_shop, boss, clock)

    _choose(qtbot, page, "pay_how", "list")
    qtbot.keyClick(page.field("pay_coupon"), Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: f"только на счёт {PLAYER_BANK}" in page.message_text())

    _choose(qtbot, page, "pay_how", "transfer")
    _type(qtbot, _line(page, "pay_order"), "77")
    qtbot.keyClick(page.field("pay_coupon"), Qt.Key.Key_Space)

    qtbot.waitUntil(lambda: f"отправлен на счёт {PLAYER_BANK}" in page.message_text())
    assert demo_shop.slip(slip.number).status is SlipStatus.PAID
    assert demo_shop.journal() == []
