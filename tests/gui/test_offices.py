"""The chain in the window (issue 18): a manager opens an office and registers a terminal by
keys on «Пункты»; the head reads each office's journal and the chain's report; a manager of
one office sees only theirs."""

from __future__ import annotations

from datetime import timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit
from pytestqt.qtbot import QtBot

from main import assemble_shop
from pos.core.clock import FixedClock
from pos.reports.tables import ReportKind
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.fakes import FakeStorage, PlainPinHasher
from tests.shifts import reopen_shift
from ui.pages.journal import JournalPage
from ui.pages.offices import CODE, TERMINALS, OfficesPage
from ui.pages.reports import ReportsPage
from ui.tasks import TaskRunner


def _type(qtbot: QtBot, field: QLineEdit, text: str) -> None:
    field.setFocus()
    if text.isascii():
        qtbot.keyClicks(field, text)
    else:  # keyClicks cannot type Cyrillic (notes/libraries.md §3)
        field.setText(text)


def _rows(page: OfficesPage) -> list[list[str]]:
    table = page.table
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


@pytest.fixture
def offices(qtbot: QtBot, demo_shop: Shop, boss: Desk, runner: TaskRunner) -> OfficesPage:
    page = OfficesPage(boss, runner)
    qtbot.addWidget(page)
    page.show()
    page.refresh()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1)
    return page


def test_a_manager_opens_an_office_and_registers_a_terminal_by_keys(
    qtbot: QtBot, offices: OfficesPage, demo_shop: Shop
) -> None:
    _type(qtbot, offices.field("new_office_code"), "m2")
    _type(qtbot, offices.field("new_office_name"), "Пункт приёма ставок № 2")
    _type(qtbot, offices.field("new_office_address"), "г. Гродно, ул. Советская, 1")
    qtbot.keyClick(offices.field("new_office_address"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: offices.table.rowCount() == 2)
    assert "Пункт M2 добавлен" in offices.message_text()

    _type(qtbot, offices.field("register_terminal_name"), "К5")
    office = offices.findChild(QComboBox, "register_terminal_office")
    office.setFocus()
    qtbot.keyClick(office, Qt.Key.Key_Down)  # M1 → M2
    _type(qtbot, offices.field("register_terminal_serial"), "KSA-0005")
    qtbot.keyClick(offices.field("register_terminal_serial"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "зарегистрирован" in offices.message_text())
    qtbot.waitUntil(lambda: _rows(offices)[1][TERMINALS] == "К5")
    assert [row[CODE] for row in _rows(offices)] == ["M1", "M2"]
    assert demo_shop.terminals()["К5"] == "M2"


def test_a_bad_office_code_is_refused_with_a_sentence(qtbot: QtBot, offices: OfficesPage) -> None:
    _type(qtbot, offices.field("new_office_code"), "М 2!")
    _type(qtbot, offices.field("new_office_name"), "Пункт")
    _type(qtbot, offices.field("new_office_address"), "г. Минск")
    qtbot.keyClick(offices.field("new_office_address"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "Код пункта" in offices.message_text())
    assert offices.table.rowCount() == 1


@pytest.fixture
def chain(demo_shop: Shop, storage: FakeStorage, clock: FixedClock) -> tuple[Desk, Desk]:
    """Two offices with a payout in each journal; returns the head and M1's manager."""
    demo_shop.add_office("M2", name="Пункт приёма ставок № 2", address="г. Гродно")
    demo_shop.register_terminal("К5", office="M2", register_serial="KSA-0005")
    storage.data.register_numbers["К5"] = "00000005-РБ"  # a shift opens only with it (issue 34)
    demo_shop.create_user("chief", "7777", "head")
    demo_shop.update_settings(payout_anywhere=True)
    chief = demo_shop.login("chief", "7777")
    slips = [chief.accept_bet([(101, "1")], stake=s).number for s in ("10", "20", "30")]
    clock.advance(timedelta(days=2))
    chief.record_result(101, 2, 1, source="АБФФ")
    chief.settle()
    clock.advance(timedelta(days=1))
    reopen_shift(chief)
    chief.pay_out(slips[0], PASSPORT)
    m2 = assemble_shop(storage, clock=clock, terminal="К5", pin_hasher=PlainPinHasher())
    there = m2.login("chief", "7777")
    there.open_shift(cash="1000")
    there.pay_out(slips[1], PASSPORT)
    there.pay_out(slips[2], PASSPORT)
    return chief, demo_shop.login("boss", "9911")


def test_the_head_reads_each_offices_journal(
    qtbot: QtBot, chain: tuple[Desk, Desk], runner: TaskRunner, clock: FixedClock
) -> None:
    head, _boss = chain
    page = JournalPage(head, runner, clock)
    qtbot.addWidget(page)
    page.show()
    page.refresh()
    qtbot.waitUntil(lambda: page.office_choice.count() == 2)
    qtbot.waitUntil(lambda: page.table.rowCount() == 1)
    assert page.office_choice.isVisibleTo(page)
    page.office_choice.setFocus()
    qtbot.keyClick(page.office_choice, Qt.Key.Key_Down)  # M2
    qtbot.waitUntil(lambda: page.table.rowCount() == 2)
    assert "Записей: 2" in page.totals_text()


def test_a_manager_of_one_office_sees_only_its_journal(
    qtbot: QtBot, chain: tuple[Desk, Desk], runner: TaskRunner, clock: FixedClock
) -> None:
    _head, boss = chain
    page = JournalPage(boss, runner, clock)
    qtbot.addWidget(page)
    page.show()
    page.refresh()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1)
    assert page.office_choice.count() == 1 and not page.office_choice.isVisibleTo(page)


def test_only_the_head_is_offered_the_chains_report(
    qtbot: QtBot, chain: tuple[Desk, Desk], runner: TaskRunner, clock: FixedClock
) -> None:
    """The figures themselves come from the database (tests/integration/test_chain.py); the
    page offers the chain's report to its head alone."""
    head, boss = chain
    offered = []
    for desk in (head, boss):
        page = ReportsPage(desk, runner, clock)
        qtbot.addWidget(page)
        kinds = page.findChild(QComboBox, "report_kind")
        offered.append([kinds.itemData(i) for i in range(kinds.count())])
    assert ReportKind.OFFICES in offered[0] and ReportKind.OFFICES not in offered[1]
