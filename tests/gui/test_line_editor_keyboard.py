"""The line editor from the keyboard: keys, tab order, the start-time helper, the message."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QTableView, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from pos.line.errors import InvalidEvent
from pos.shop.desk import Desk
from tests.gui.line_editor_helpers import MINSK, child, edit, grid, open_line_editor
from tests.gui.widgets import stands_between
from ui.models.line_editor_model import CODE
from ui.pages.line_editor import LineEditorPage
from ui.tasks import TaskRunner
from ui.widgets.event_form import parse_start


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner) -> LineEditorPage:
    return open_line_editor(qtbot, boss, runner)


# --- keyboard ---------------------------------------------------------------------------------


def test_buttons_show_their_keys(page: LineEditorPage) -> None:
    texts = {button.objectName(): button.text() for button in page.findChildren(QPushButton)}

    assert texts["new_event"] == "Новое событие (Ctrl+N)"
    assert texts["suspend"] == "Приостановить (F7)"
    assert texts["import_line"] == "Загрузить линию из файла… (Ctrl+O)"
    assert texts["save_event"] == "Сохранить (Ctrl+S)"


def test_tab_goes_from_the_filter_to_the_events_and_on_to_the_odds(
    qtbot: QtBot, page: LineEditorPage
) -> None:
    events = child(page, QTableView, "events")
    edit(page, "event_filter").setFocus()

    qtbot.keyClick(edit(page, "event_filter"), Qt.Key.Key_Tab)
    assert events.hasFocus()
    qtbot.keyClick(events, Qt.Key.Key_Tab)
    assert grid(page).hasFocus()


def test_enter_on_an_event_opens_its_odds(qtbot: QtBot, page: LineEditorPage) -> None:
    events = child(page, QTableView, "events")
    events.setFocus()
    qtbot.keyClick(events, Qt.Key.Key_F8)
    events.setCurrentIndex(events.model().index(2, CODE))  # 101

    qtbot.keyClick(events, Qt.Key.Key_Return)

    assert child(page, QTabWidget, "editor_tabs").currentIndex() == 0
    assert grid(page).hasFocus()
    assert child(page, QLabel, "odds_event").text().startswith("101 ")


# --- the start-time helper --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "local"),
    [
        ("05.12.2026 15:00", datetime(2026, 12, 5, 15, 0, tzinfo=MINSK)),
        (" 05.12.2026   15:00 ", datetime(2026, 12, 5, 15, 0, tzinfo=MINSK)),
        ("2026-12-05 15:00", datetime(2026, 12, 5, 15, 0, tzinfo=MINSK)),
        ("2026-12-05T15:00+03:00", datetime(2026, 12, 5, 12, 0, tzinfo=UTC)),
    ],
)
def test_a_typed_start_is_read_in_the_shop_zone(typed: str, local: datetime) -> None:
    assert parse_start(typed, MINSK) == local


@pytest.mark.parametrize(
    "typed", ["", "32.12.2026 15:00", "05.12.2026", "2026-12-05", "2026-12-05 25:00", "завтра"]
)
def test_a_start_that_is_not_a_date_and_time_is_refused(typed: str) -> None:
    with pytest.raises(InvalidEvent, match="время начала"):
        parse_start(typed, MINSK)


def test_the_message_stands_right_under_the_tools(page: LineEditorPage) -> None:
    message = page.findChild(QWidget, "line_editor_message_scroll")
    tools = page.findChild(QWidget, "event_filter")
    table = page.findChild(QWidget, "events")

    assert stands_between(message, tools, table)
