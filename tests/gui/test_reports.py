"""The reports page: a manager picks a report, reads it, saves it as PDF and CSV, prints it —
on a real SQLite database, since the reports are SQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from escpos.printer import Dummy
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDateEdit, QWidget
from pytestqt.qtbot import QtBot

import ui.pdf_print
from main import open_shop
from pos.core.clock import FixedClock
from pos.reports.tables import NO_OPERATIONS, ReportKind
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.gui.widgets import PdfPrintDialog, child, click, stands_between, top_row
from ui.pages.reports import ReportsPage
from ui.tasks import TaskRunner

TODAY = date(2026, 11, 30)


@pytest.fixture
def sql_shop(tmp_path: Path, clock: FixedClock) -> Iterator[Shop]:
    shop = open_shop(
        f"sqlite:///{tmp_path / 'shop.db'}",
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=Dummy(),
    )
    shop.seed_demo()
    anna = shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")
    anna.accept_bet([(102, "X"), (201, "1")], stake="25,50", kind="express")
    wrong = anna.accept_bet([(103, "1")], stake="5")
    anna.cancel_in_window(wrong.number, "не тот исход")
    yield shop
    shop.close()


@pytest.fixture
def page(qtbot: QtBot, sql_shop: Shop, runner: TaskRunner, clock: FixedClock) -> ReportsPage:
    reports = ReportsPage(sql_shop.login("boss", "9911"), runner, clock)
    qtbot.addWidget(reports)
    reports.resize(1280, 720)
    reports.show()
    return reports


def _show(qtbot: QtBot, page: ReportsPage, kind: ReportKind) -> None:
    if page.kind() is kind:
        page.refresh()
    else:
        page.choose(kind)
    qtbot.waitUntil(lambda: page.report is not None and page.report.kind is kind)
    qtbot.waitUntil(lambda: not page._runner.busy)


def _cells(page: ReportsPage) -> list[list[str]]:
    table = page.table
    return [
        [table.item(r, c).text() if table.item(r, c) else "" for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def test_the_turnover_is_shown_with_its_totals(qtbot: QtBot, page: ReportsPage) -> None:
    page.set_period(TODAY, TODAY)
    _show(qtbot, page, ReportKind.TURNOVER)

    assert page.heading_text() == (
        "Оборот по дням и видам спорта\nПериод: с 30.11.2026 по 30.11.2026"
    )
    assert _cells(page) == [
        ["30.11.2026", "несколько видов", "1", "25,50", "0", "0,00", "25,50"],
        ["30.11.2026", "футбол", "2", "15,00", "1", "5,00", "10,00"],
        ["Итого", "", "3", "40,50", "1", "5,00", "35,50"],
    ]
    assert page.table.item(2, 3).font().bold()
    assert "Оборот = ставки" in page.notes_text()


def test_a_snapshot_report_has_no_period_to_choose(qtbot: QtBot, page: ReportsPage) -> None:
    _show(qtbot, page, ReportKind.LIABILITIES)

    assert not child(page, QDateEdit, "report_from").isEnabled()
    assert page.heading_text().endswith("По состоянию на 30.11.2026 12:00")
    # the largest possible payout first: the express (180,34) before the single (21,00)
    assert [row[0] for row in _cells(page)] == ["102", "201", "101", "Итого"]
    _show(qtbot, page, ReportKind.CANCELLATIONS)
    assert child(page, QDateEdit, "report_to").isEnabled()


def test_an_empty_report_says_so(qtbot: QtBot, page: ReportsPage) -> None:
    _show(qtbot, page, ReportKind.EXPIRED)

    assert _cells(page)[0][0] == NO_OPERATIONS
    assert page.table.rowCount() == 1


def test_a_reversed_period_is_refused_with_pos_s_sentence(qtbot: QtBot, page: ReportsPage) -> None:
    page.set_period(TODAY, date(2026, 11, 1))
    page.refresh()
    qtbot.waitUntil(lambda: "Период задан неверно" in page.message_text())


def test_changing_the_period_clears_the_refusal_it_answered(
    qtbot: QtBot, page: ReportsPage
) -> None:
    page.set_period(TODAY, date(2026, 11, 1))
    page.refresh()
    qtbot.waitUntil(lambda: "Период задан неверно" in page.message_text())
    last = child(page, QDateEdit, "report_to")
    last.setFocus()

    qtbot.keyClick(last, Qt.Key.Key_Up)

    assert page.message_text() == ""


@pytest.mark.parametrize(
    ("button", "suffix"), [("save_report_pdf", "pdf"), ("save_report_csv", "csv")]
)
def test_save_writes_the_report_where_the_manager_chose(
    qtbot: QtBot,
    page: ReportsPage,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    button: str,
    suffix: str,
) -> None:
    page.set_period(TODAY, TODAY)
    _show(qtbot, page, ReportKind.CANCELLATIONS)
    target = tmp_path / "отмены"  # the suffix is added

    def choose(_parent: QWidget, _title: str, suggested: str, _filter: str) -> tuple[str, str]:
        assert suggested.endswith(f"cancellations_2026-11-30_2026-11-30.{suffix}")
        return str(target), ""

    monkeypatch.setattr(ui.pdf_print.QFileDialog, "getSaveFileName", staticmethod(choose))
    click(qtbot, page, button)
    qtbot.waitUntil(lambda: "Отчёт сохранён" in page.message_text())

    saved = target.with_suffix(f".{suffix}")
    if suffix == "pdf":
        text = PdfReader(saved).pages[0].extract_text()
        assert "Отмены купонов в течение 5 минут" in text and "не тот исход" in text
    else:
        assert "не тот исход" in saved.read_bytes().decode("utf-8-sig")


def test_print_sends_the_report_to_the_printer_chosen(
    qtbot: QtBot, page: ReportsPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _show(qtbot, page, ReportKind.SHIFTS)
    PdfPrintDialog.output = tmp_path / "printed.pdf"
    monkeypatch.setattr(ui.pdf_print, "QPrintDialog", PdfPrintDialog)

    click(qtbot, page, "print_report")

    qtbot.waitUntil(lambda: "отправлен на печать: листов 1" in page.message_text())
    assert len(PdfReader(PdfPrintDialog.output).pages) == 1


def test_the_message_stands_right_under_the_report_s_choice(page: ReportsPage) -> None:
    message = page.findChild(QWidget, "report_message")
    title = page.findChild(QWidget, "report_title")

    assert stands_between(message, top_row(page), title)
