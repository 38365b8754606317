"""The line page: the demo events with Russian sports, shop-local times and comma odds."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from ui.models.line_model import (
    CODE,
    FIRST_ODDS,
    MATCH,
    SPORT,
    START,
    SUMMARY,
    LineTableModel,
    format_odds,
    market_label,
    summary_lines,
)
from ui.pages.line import LinePage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner) -> LinePage:
    line_page = LinePage(anna, runner)
    qtbot.addWidget(line_page)
    line_page.show()
    line_page.refresh()
    qtbot.waitUntil(lambda: line_page.model.rowCount() == 10)
    return line_page


def cell(model: LineTableModel, code: int, column: int) -> str:
    rows = [r for r in range(model.rowCount()) if model.event_code(r) == code]
    text = model.data(model.index(rows[0], column))
    # The match keeps its names together with no-break spaces and hyphens.
    return str(text).replace("\u00a0", " ").replace("\u2011", "-")


def headers(model: LineTableModel) -> list[str]:
    return [
        model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        for c in range(model.columnCount())
    ]


def test_the_line_shows_the_ten_demo_events_in_start_order(page: LinePage) -> None:
    model = page.model

    codes = [model.event_code(row) for row in range(model.rowCount())]
    assert codes == [102, 201, 101, 103, 104, 202, 301, 203, 105, 302]
    assert headers(model) == [
        "Код", "Спорт", "Начало", "Матч", "1", "X", "2", "1X", "X2", "12", "Тоталы/форы",
    ]  # fmt: skip


def test_started_matches_follow_the_coming_ones_the_latest_first(
    qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    # Issue 34: yesterday's finished matches were listed first.
    clock.set(datetime(2026, 12, 1, 16, 30, tzinfo=UTC))  # 102, 201 and 101 have started
    page = LinePage(anna, runner)
    qtbot.addWidget(page)
    page.show()

    page.refresh()

    qtbot.waitUntil(lambda: page.model.rowCount() == 10)
    codes = [page.model.event_code(row) for row in range(page.model.rowCount())]
    assert codes == [103, 104, 202, 301, 203, 105, 302, 101, 201, 102]


def test_an_event_row_reads_as_the_cashier_expects(page: LinePage) -> None:
    model = page.model

    assert cell(model, 101, CODE) == "101"
    assert cell(model, 101, SPORT) == "Футбол"
    assert cell(model, 101, START) == "01.12 19:00"  # tomorrow, Minsk time
    assert cell(model, 101, MATCH) == "Динамо Минск — БАТЭ Борисов"
    odds = [cell(model, 101, FIRST_ODDS + i) for i in range(6)]
    assert odds == ["2,10", "3,30", "3,40", "1,30", "1,68", "1,32"]


def test_totals_and_handicaps_are_summarised_in_pairs(page: LinePage) -> None:
    summary = cell(page.model, 101, SUMMARY).split("\n")

    assert summary == [
        "Б1,5 1,36 · М1,5 3,10",
        "Б2,5 2,05 · М2,5 1,78",
        "Ф1-1 3,40 · Ф2+1 1,30",
        "Ф1-1,5 4,20 · Ф2+1,5 1,22",
    ]


def test_sports_are_named_in_russian_and_missing_odds_are_a_dash(page: LinePage) -> None:
    model = page.model

    assert cell(model, 201, SPORT) == "Хоккей"
    assert cell(model, 301, SPORT) == "Баскетбол"
    assert cell(model, 301, FIRST_ODDS + 1) == "—"  # no draw in basketball


def test_no_odds_are_shown_with_a_decimal_point(page: LinePage) -> None:
    model = page.model

    for row in range(model.rowCount()):
        for column in range(FIRST_ODDS, SUMMARY + 1):  # the totals' lines too (issue 16)
            text = model.data(model.index(row, column))
            assert "." not in text, text


def test_the_table_is_read_only(page: LinePage) -> None:
    table = page.findChild(QTableView, "line")
    index = page.model.index(0, FIRST_ODDS)

    assert table.editTriggers() == QTableView.EditTrigger.NoEditTriggers
    assert not page.model.flags(index) & Qt.ItemFlag.ItemIsEditable


def test_f5_reloads_changed_odds(qtbot: QtBot, page: LinePage, boss: Desk) -> None:
    boss.set_odds(101, "1", Decimal("2.25"))

    qtbot.keyClick(page.findChild(QTableView, "line"), Qt.Key.Key_F5)

    qtbot.waitUntil(lambda: cell(page.model, 101, FIRST_ODDS) == "2,25")


@pytest.mark.parametrize(
    ("market", "label"),
    [("O2.5", "Б2,5"), ("U165.5", "М165,5"), ("H1-1.5", "Ф1-1,5"), ("H2+1", "Ф2+1")],
)
def test_market_labels_are_the_codes_the_cashier_types(market: str, label: str) -> None:
    assert market_label(market) == label


def test_odds_are_formatted_with_a_comma_and_two_decimals() -> None:
    assert format_odds(Decimal("2.1")) == "2,10"
    assert format_odds(Decimal("1000")) == "1000,00"


def test_an_event_with_only_result_odds_has_an_empty_summary() -> None:
    assert summary_lines({"1": Decimal("1.50"), "2": Decimal("2.50")}) == []
