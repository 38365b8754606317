"""The manager's reports on a real database, SQLite and PostgreSQL: a day's figures read
back from each report, as a table, as CSV and as PDF (issue #7)."""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.reports.tables import NO_OPERATIONS, Report, ReportKind
from pos.reports.use_cases import ReportFormat
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.shifts import reopen_shift

pytestmark = pytest.mark.integration
D = Decimal
TODAY = date(2026, 11, 30)  # the clock fixture's day in Minsk


@pytest.fixture
def boss(db_shop: Shop) -> Desk:
    return db_shop.login("boss", "9911")


@pytest.fixture
def day(db_shop: Shop) -> dict[str, str]:
    """A morning's selling at К1: two singles, an express over two sports, one cancelled."""
    anna = db_shop.login("anna", "4821")
    single = anna.accept_bet([(101, "1")], stake="10,00")
    express = anna.accept_bet([(102, "X"), (201, "1")], stake="25,50", kind="express")
    wrong = anna.accept_bet([(103, "1")], stake="5,00")
    anna.cancel_in_window(wrong.number, "не тот исход")
    anna.cash_in("100,00", "размен из сейфа")
    return {"single": single.number, "express": express.number, "wrong": wrong.number}


def _rows(report: Report) -> list[tuple[object, ...]]:
    return [tuple(row) for row in report.rows]


def test_turnover_by_day_and_sport(boss: Desk, day: dict[str, str]) -> None:
    report = boss.report(ReportKind.TURNOVER, TODAY, TODAY)

    assert report.title == "Оборот по дням и видам спорта"
    assert report.period == "Период: с 30.11.2026 по 30.11.2026"
    assert _rows(report) == [
        ("30.11.2026", "несколько видов", 1, D("25.50"), 0, D("0.00"), D("25.50")),
        ("30.11.2026", "футбол", 2, D("15.00"), 1, D("5.00"), D("10.00")),
    ]
    assert report.totals == ("Итого", "", 3, D("40.50"), 1, D("5.00"), D("35.50"))


def test_open_liabilities_by_event_count_each_slip_once_in_the_total(
    boss: Desk, day: dict[str, str]
) -> None:
    report = boss.report(ReportKind.LIABILITIES, TODAY, TODAY)

    by_code = {row[0]: row for row in report.rows}
    assert set(by_code) == {101, 102, 201}  # not 103: its slip was cancelled
    assert by_code[101][4:] == (1, D("10.00"), D("21.00"), D("21.00"))
    assert by_code[102][4:7] == by_code[201][4:7] == (1, D("25.50"), by_code[102][6])
    assert report.totals is not None
    assert report.totals[4:7] == (2, D("35.50"), D("21.00") + by_code[102][6])
    assert report.period == "По состоянию на 30.11.2026 12:00"


def test_cancellations_name_who_and_why(boss: Desk, day: dict[str, str]) -> None:
    (row,) = boss.report(ReportKind.CANCELLATIONS, TODAY, TODAY).rows

    assert row[0] == day["wrong"]
    assert row[3:] == ("К1", "anna", "anna", D("5.00"), "не тот исход")


def test_the_shift_report_shows_the_cash_to_the_kopeck(
    db_shop: Shop, boss: Desk, day: dict[str, str]
) -> None:
    anna = db_shop.login("anna", "4821")
    closing = anna.close_shift(counted="1135,00")

    (row,) = boss.report(ReportKind.SHIFTS, TODAY, TODAY).rows

    assert row[1] == "К1"
    # float, slips, stakes, returns, payouts, slips bought back (issue 38), deposits,
    # withdrawals, cash in, cash out, expected, counted, difference
    assert row[4:] == (
        D("1000.00"), 3, D("40.50"), D("5.00"), D("0.00"), D("0.00"), D("0.00"), D("0.00"),
        D("100.00"), D("0.00"), D("1135.50"), D("1135.00"), D("-0.50"),
    )  # fmt: skip
    assert closing.expected == D("1135.50")


def test_the_shift_report_totals_only_what_adds_up(
    db_shop: Shop, boss: Desk, day: dict[str, str], clock: FixedClock, tmp_path: Path
) -> None:
    """Issue 34: the «Итого» row added the floats and the expected and counted cash of the
    shifts, though the second shift's float is the first one's cash counted again."""
    anna = db_shop.login("anna", "4821")
    clock.advance(timedelta(minutes=10))
    anna.close_shift(counted="1135,00")
    clock.advance(timedelta(minutes=10))
    anna.open_shift(cash="1135,00")
    clock.advance(timedelta(minutes=10))
    anna.accept_bet([(104, "1")], stake="20,00")
    clock.advance(timedelta(minutes=10))
    anna.close_shift(counted="1156,00")

    report = boss.report(ReportKind.SHIFTS, TODAY, TODAY)
    assert len(report.rows) == 2 and report.totals is not None
    totals = dict(zip((column.title for column in report.columns), report.totals, strict=True))
    assert (totals["Ставки"], totals["Купонов"], totals["Внесено"]) == (D("60.50"), 4, D("100.00"))
    assert totals["Разница"] == D("0.50")  # 0,50 short, then 1,00 over: it adds up
    for balance in ("Размен", "Ожидалось", "Пересчитано"):
        assert totals[balance] == "", balance
    pdf = tmp_path / "shifts.pdf"
    boss.export_report(ReportKind.SHIFTS, pdf, TODAY, TODAY)
    text = PdfReader(pdf).pages[0].extract_text()
    assert "2 270,50" not in text.replace("\xa0", " ")  # 1135,50 + 1135,00: no such sum
    assert "не складываются" in text


def test_unpaid_winnings_near_their_limit_and_then_expired(
    db_shop: Shop, boss: Desk, clock: FixedClock, day: dict[str, str]
) -> None:
    clock.advance(timedelta(days=2))  # 2 December: the result, ended now, comes in
    boss.record_result(101, 2, 1, source="АБФФ")
    db_shop.settle()
    assert boss.report(ReportKind.UNPAID, TODAY, TODAY).empty  # a month to go

    clock.advance(timedelta(days=27))  # 29 December: the last day is 2 January
    (row,) = boss.report(ReportKind.UNPAID, TODAY, TODAY).rows
    assert (row[0], row[3], row[4]) == (day["single"], "выигрыш", D("21.00"))
    assert row[5:] == ("02.12.2026", "03.12.2026", "02.01.2027", 4)

    expired = boss.report(ReportKind.EXPIRED, date(2027, 1, 1), date(2027, 1, 31))
    assert expired.empty  # not yet: it can still be paid

    clock.advance(timedelta(days=5))  # 3 January 2027
    assert boss.report(ReportKind.UNPAID, TODAY, TODAY).empty
    (row,) = boss.report(ReportKind.EXPIRED, date(2027, 1, 1), date(2027, 1, 31)).rows
    assert (row[0], row[4], row[-1]) == (day["single"], D("21.00"), "02.01.2027")
    assert boss.report(ReportKind.EXPIRED, date(2027, 1, 3), date(2027, 1, 31)).empty


def test_a_paid_slip_is_neither_unpaid_nor_expired(
    db_shop: Shop, boss: Desk, clock: FixedClock, day: dict[str, str]
) -> None:
    clock.advance(timedelta(days=2))
    boss.record_result(101, 2, 1, source="АБФФ")
    db_shop.settle()
    clock.advance(timedelta(days=27))
    anna = db_shop.login("anna", "4821")
    reopen_shift(anna)
    anna.pay_out(day["single"], PASSPORT)

    assert boss.report(ReportKind.UNPAID, TODAY, TODAY).empty
    clock.advance(timedelta(days=5))
    assert boss.report(ReportKind.EXPIRED, date(2027, 1, 1), date(2027, 1, 31)).empty


@pytest.mark.parametrize("kind", list(ReportKind))
def test_every_report_saves_as_pdf_and_csv_with_its_title_and_page_numbers(
    kind: ReportKind, db_shop: Shop, boss: Desk, day: dict[str, str], tmp_path: Path
) -> None:
    report = boss.report(kind, TODAY, TODAY)
    pdf, table = tmp_path / "report.pdf", tmp_path / "report.csv"

    pages = boss.export_report(kind, pdf, TODAY, TODAY)
    boss.export_report(kind, table, TODAY, TODAY, ReportFormat.CSV)

    reader = PdfReader(pdf)
    assert len(reader.pages) == pages
    first = reader.pages[0].extract_text()
    assert report.title in first
    assert report.period in first
    assert "Лист 1 из" in first
    assert db_shop.settings().shop_name in first
    lines = list(csv.reader(io.StringIO(table.read_text("utf-8-sig")), delimiter=";"))
    assert lines[0] == [report.title]
    assert lines[3] == [column.title for column in report.columns]
    assert len(lines) >= 4 + len(report.rows)
    with db_shop.unit_of_work() as uow:
        saved = [r for r in uow.audit.recent(5) if r.action is AuditAction.REPORT_SAVED]
    assert len(saved) == 2 and saved[0].actor == "boss"


@pytest.mark.parametrize("kind", list(ReportKind))
def test_an_empty_report_says_no_operations(kind: ReportKind, boss: Desk, tmp_path: Path) -> None:
    later = date(2027, 6, 1)
    report = boss.report(kind, later, later)
    assert report.empty and report.totals is None  # no open slips in the demo line yet

    boss.export_report(kind, tmp_path / "r.pdf", later, later)
    boss.export_report(kind, tmp_path / "r.csv", later, later, ReportFormat.CSV)

    assert NO_OPERATIONS in PdfReader(tmp_path / "r.pdf").pages[0].extract_text()
    assert NO_OPERATIONS in (tmp_path / "r.csv").read_text("utf-8-sig")
