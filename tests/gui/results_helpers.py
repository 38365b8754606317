"""Driving the results page as a manager does, for its tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from PySide6.QtWidgets import QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.settlement.results import Result
from pos.shop.desk import Desk
from tests.gui.widgets import child
from ui.pages.results import ResultsPage
from ui.tasks import TaskRunner

MINSK = ZoneInfo("Europe/Minsk")
MATCH_101 = "Динамо Минск 2 : 1 БАТЭ Борисов — победа хозяев (Динамо Минск); источник: АБФФ"


def open_results(qtbot: QtBot, desk: Desk, runner: TaskRunner, clock: FixedClock) -> ResultsPage:
    """The page on Wednesday 2 December, 12:00 in Minsk: the matches of the 1st are over."""
    clock.advance(timedelta(days=2))
    results = ResultsPage(desk, runner, clock)
    qtbot.addWidget(results)
    results.resize(1280, 720)
    results.show()
    reload(qtbot, results)
    return results


def reload(qtbot: QtBot, page: ResultsPage, until: Callable[[], bool] | None = None) -> None:
    page.refresh()
    qtbot.waitUntil(until or (lambda: len(page.rows()) == 10))


def row_of(page: ResultsPage, code: int) -> list[str]:
    return next(row for row in page.rows() if row[0] == str(code))


def type_score(qtbot: QtBot, parent: QWidget, home: int, away: int) -> None:
    for name, goals in (("result_home", home), ("result_away", away)):
        spin = child(parent, QSpinBox, name)
        spin.selectAll()
        qtbot.keyClicks(spin, str(goals))


def fill_in(qtbot: QtBot, page: ResultsPage, code: int, home: int, away: int) -> None:
    """Select the event and type its score; the source is set (no Cyrillic through keyClicks)."""
    assert page.select_event(code)
    type_score(qtbot, page, home, away)
    page.card.form.set_source("АБФФ")


def result_of(desk: Desk, code: int) -> Result | None:
    return next(row.result for row in desk.results() if row.event.code == code)


def start_of(desk: Desk, code: int) -> datetime:
    return next(row.event.starts_at for row in desk.results() if row.event.code == code)
