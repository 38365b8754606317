"""«Претензии» driven by keys (issue 37, p.14–p.16): a manager records a player's claim with
what they presented, decides it with a reason, prints the answer; the list of the period
shows it; the register saves as PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from escpos.printer import Dummy
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit
from pytestqt.qtbot import QtBot

from pos.claims.claims import ClaimState
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.people.users import Role
from pos.shop.desk import Desk
from pos.shop.services import Shop
from ui.pages.claims import STATE, ClaimsPage
from ui.tasks import TaskRunner
from ui.workspace_pages import rows_for


def _type(qtbot: QtBot, field: QLineEdit | QPlainTextEdit, text: str) -> None:
    field.setFocus()
    if text.isascii():
        qtbot.keyClicks(field, text)
    elif isinstance(field, QLineEdit):
        field.setText(text)
    else:
        field.setPlainText(text)


@pytest.fixture
def page(
    qtbot: QtBot, demo_shop: Shop, boss: Desk, runner: TaskRunner, clock: FixedClock
) -> ClaimsPage:
    claims = ClaimsPage(boss, runner, clock)
    qtbot.addWidget(claims)
    claims.resize(1024, 700)
    claims.show()
    claims.refresh()
    qtbot.waitUntil(lambda: "0 претензий" in claims.message_text())
    return claims


def _field(page: ClaimsPage, name: str) -> QLineEdit:
    found = page.field(name)
    assert isinstance(found, QLineEdit)
    return found


def test_p14_p15_p16_a_claim_recorded_decided_and_answered_by_keys(
    qtbot: QtBot, page: ClaimsPage, anna: Desk, printer: Dummy
) -> None:
    number = anna.accept_bet([(101, "1")], stake="10").number
    _type(qtbot, _field(page, "claim_slip"), number)
    _type(qtbot, _field(page, "claim_text"), "Исход засчитан неверно")
    evidence = page.field("claim_evidence")
    assert isinstance(evidence, QPlainTextEdit)
    _type(qtbot, evidence, "чек 17\nзапись камеры наблюдения")
    qtbot.keyClick(page.field("record_claim"), Qt.Key.Key_Space)

    qtbot.waitUntil(lambda: page.table.rowCount() == 1)
    assert "Претензия № 1 по купону" in page.message_text()
    assert "Видеозапись доказательством не является" in page.message_text()
    assert _field(page, "decide_number").text() == "1"  # ready for the decision
    assert page.claims[0].not_taken == ("запись камеры наблюдения",)

    verdict = page.field("decide_verdict")
    assert isinstance(verdict, QComboBox)
    verdict.setFocus()
    qtbot.keyClick(verdict, Qt.Key.Key_Down)  # «удовлетворить»
    _type(qtbot, _field(page, "decide_reason"), "Результат введён с ошибкой")
    _type(qtbot, _field(page, "decide_remedy"), "Исправить результат (п. 21)")
    qtbot.keyClick(_field(page, "decide_remedy"), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.table.item(0, STATE).text() == "удовлетворена")
    assert "решение окончательное" in page.message_text()
    assert "исправлением результата" in page.message_text()  # the money goes the usual way

    printer.clear()
    qtbot.keyClick(page.field("print_answer"), Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: "напечатан" in page.message_text())
    assert "ОТВЕТ НА ПРЕТЕНЗИЮ ИГРОКА".encode("cp866") in printer.output

    _type(qtbot, _field(page, "decide_reason"), "передумали")
    qtbot.keyClick(_field(page, "decide_remedy"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "окончательное" in page.message_text() and "суд" in page.message_text())
    assert page.claims[0].state is ClaimState.UPHELD


def test_p14_an_unknown_slip_is_said_on_the_page(qtbot: QtBot, page: ClaimsPage) -> None:
    _type(qtbot, _field(page, "claim_slip"), "1234567890123")
    _type(qtbot, _field(page, "claim_text"), "где выигрыш")
    qtbot.keyClick(page.field("record_claim"), Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: "Номер купона" in page.message_text())
    assert page.table.rowCount() == 0


def test_the_register_saves_as_pdf(
    qtbot: QtBot, page: ClaimsPage, anna: Desk, boss: Desk, tmp_path: Path, clock: FixedClock
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10").number
    anna.record_claim(slip, text="Коэффициент не тот")
    today = clock.now().date()
    page.save_pdf(str(tmp_path / "claims.pdf"), today, today)
    qtbot.waitUntil(lambda: "листов 1" in page.message_text())
    text = PdfReader(tmp_path / "claims.pdf").pages[0].extract_text()
    assert display_slip_number(slip) in text and "ждёт решения" in text


def test_the_page_is_the_managers(demo_shop: Shop, boss: Desk, anna: Desk) -> None:
    assert anna.role is Role.CASHIER
    assert "Претензии" in [row.title for row in rows_for(boss, [])]
    assert "Претензии" not in [row.title for row in rows_for(anna, [])]
