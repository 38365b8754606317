"""«Обязательства» driven by keys (issue 38): the worst outcome first, F5 and the page's own
rereading, Ctrl+S suspending and resuming the chosen outcome, an event's cap typed in, the
board saved as CSV and PDF."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.line.quote_errors import OutcomeSuspended
from pos.reports.use_cases import ReportFormat
from pos.shop.desk import Desk
from pos.shop.services import Shop
from ui.models.line_model import FIRST_ODDS
from ui.pages import liability as liability_page
from ui.pages.liability import CAP, EVENT, NET, OUTCOME, PAYOUT, LiabilityPage
from ui.pages.line import LinePage
from ui.tasks import TaskRunner


@pytest.fixture
def page(
    qtbot: QtBot, demo_shop: Shop, boss: Desk, anna: Desk, runner: TaskRunner, clock: FixedClock
) -> LiabilityPage:
    anna.accept_bet([(101, "1")], stake="100")  # 210,00 if Динамо wins
    anna.accept_bet([(101, "X")], stake="10")
    anna.accept_bet([(101, "1"), (102, "1")], stake="5", kind="express")
    board = LiabilityPage(boss, runner, clock)
    qtbot.addWidget(board)
    board.resize(1024, 700)
    board.show()
    qtbot.waitUntil(lambda: board.table.rowCount() == 3)
    return board


def _cell(page: LiabilityPage, row: int, column: int) -> str:
    item = page.table.item(row, column)
    assert item is not None
    return item.text()


def _field(page: LiabilityPage, name: str) -> QLineEdit:
    found = page.field(name)
    assert isinstance(found, QLineEdit)
    return found


def test_the_worst_outcome_comes_first_and_f5_reads_a_new_bet(
    qtbot: QtBot, page: LiabilityPage, anna: Desk
) -> None:
    assert (_cell(page, 0, EVENT), _cell(page, 0, OUTCOME)) == (
        "Динамо Минск\nБАТЭ Борисов",
        "101 1",
    )
    assert _cell(page, 0, PAYOUT) == "229,42"  # 210,00 and the express's 19,42
    assert _cell(page, 0, NET) == "114,42"  # less the event's stakes: 100 + 10 + 5
    assert "Худший: 101 Динамо Минск — БАТЭ Борисов, исход 1" in page.message_text()
    assert _cell(page, 0, CAP) == "1\u00a0000\u00a0000,00"  # the setting
    anna.accept_bet([(102, "2")], stake="300")

    qtbot.keyClick(page.table, Qt.Key.Key_F5)

    qtbot.waitUntil(lambda: page.table.rowCount() == 4)
    assert _cell(page, 0, OUTCOME) == "102 2"


def test_the_page_reads_itself_again_while_shown(
    qtbot: QtBot, demo_shop: Shop, boss: Desk, anna: Desk, runner: TaskRunner,
    clock: FixedClock, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setattr(liability_page, "REFRESH_MS", 50)
    board = LiabilityPage(boss, runner, clock)
    qtbot.addWidget(board)
    board.show()
    qtbot.waitUntil(lambda: "Открытых ставок" in board.message_text())
    anna.accept_bet([(101, "2")], stake="10")
    qtbot.waitUntil(lambda: board.table.rowCount() == 1)  # no key pressed


def test_ctrl_s_suspends_the_chosen_outcome_and_again_resumes_it(
    qtbot: QtBot, page: LiabilityPage, anna: Desk
) -> None:
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)

    qtbot.waitUntil(lambda: _cell(page, 0, OUTCOME) == "101 1\nстоп")
    assert "Приём ставок на исход 1 события 101 приостановлен." in page.message_text()
    with pytest.raises(OutcomeSuspended):
        anna.accept_bet([(101, "1")], stake="10")
    qtbot.keyClick(page.table, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: _cell(page, 0, OUTCOME) == "101 1")
    assert "возобновлён" in page.message_text()
    anna.accept_bet([(101, "1")], stake="10")


def test_an_events_cap_is_typed_in_and_its_rows_show_it(qtbot: QtBot, page: LiabilityPage) -> None:
    event = _field(page, "liability_event")
    event.setFocus()
    qtbot.keyClicks(event, "102")
    qtbot.keyClick(event, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.table.rowCount() == 1)
    cap = _field(page, "liability_cap")
    cap.setFocus()
    qtbot.keyClicks(cap, "5000")
    qtbot.keyClick(cap, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: _cell(page, 0, CAP) == "5\u00a0000,00")
    assert "Предел выплаты по исходу события 102: 5\u00a0000,00 руб." in page.message_text()


def test_the_board_saves_as_csv_and_pdf(qtbot: QtBot, page: LiabilityPage, tmp_path: Path) -> None:
    csv_path, pdf_path = tmp_path / "board.csv", tmp_path / "board.pdf"
    page.save(str(csv_path), ReportFormat.CSV)
    qtbot.waitUntil(csv_path.exists)
    text = csv_path.read_text(encoding="utf-8-sig")
    assert "Обязательства по исходам" in text
    assert "101 Динамо Минск — БАТЭ Борисов;1;2;105,00;229,42;114,42" in text
    page.save(str(pdf_path), ReportFormat.PDF)
    qtbot.waitUntil(lambda: "board.pdf" in page.message_text())
    words = "".join(p.extract_text() for p in PdfReader(pdf_path).pages)
    assert "Обязательства по исходам" in words and "229,42" in words
    assert page.board is not None and page.board.rows[0].chain.payout == Decimal("229.42")


def test_the_line_page_shows_an_outcome_suspended_from_the_board(
    qtbot: QtBot, boss: Desk, anna: Desk, runner: TaskRunner
) -> None:
    boss.suspend_outcome(101, "1")
    line = LinePage(anna, runner)
    qtbot.addWidget(line)
    line.show()
    line.refresh()
    qtbot.waitUntil(lambda: line.model.rowCount() == 10)
    row = next(r for r in range(line.model.rowCount()) if line.model.event_code(r) == 101)
    cells = [line.model.data(line.model.index(row, FIRST_ODDS + n)) for n in range(3)]
    assert cells == ["стоп", "3,30", "3,40"]  # 1, X, 2
