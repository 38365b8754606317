"""The line editor warns before it saves a start already past (issue 34): Esc goes back to the
start typed, Enter saves it as typed."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from pos.shop.desk import Desk
from tests.gui.line_editor_helpers import child, edit, event, message, open_line_editor, pick_event
from ui.dialogs.past_start import PastStartDialog
from ui.pages.line_editor import LineEditorPage
from ui.tasks import TaskRunner

WARNING = (
    "Начало события 503 (30.11.2026 09:00) уже прошло, ставки на него приниматься не будут: "
    "сохранить событие с этим временем?"
)


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner) -> LineEditorPage:
    return open_line_editor(qtbot, boss, runner)


def _type_new_event(qtbot: QtBot, page: LineEditorPage, start: str) -> None:
    qtbot.keyClick(page, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit(page, "event_code"), "503")
    qtbot.keyClicks(edit(page, "event_home"), "Neman Grodno")
    qtbot.keyClicks(edit(page, "event_away"), "Gomel")
    qtbot.keyClicks(edit(page, "event_start"), start)
    qtbot.keyClick(edit(page, "event_start"), Qt.Key.Key_Return)


def _warning(qtbot: QtBot, page: LineEditorPage) -> PastStartDialog:
    qtbot.waitUntil(lambda: page.findChild(PastStartDialog) is not None)
    dialog = page.findChild(PastStartDialog)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def test_a_start_already_past_is_warned_and_esc_goes_back_to_it(
    qtbot: QtBot, page: LineEditorPage
) -> None:
    _type_new_event(qtbot, page, "30.11.2026 09:00")  # the clock says 12:00 in Minsk

    dialog = _warning(qtbot, page)
    assert child(dialog, QLabel, "past_start_words").text() == WARNING
    assert message(page, "event_message") == ""  # not «Сохранение…»: nothing is being saved
    qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Escape)

    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert page.model.row_of(503) is None  # nothing saved
    qtbot.waitUntil(lambda: QApplication.focusWidget() is edit(page, "event_start"))
    assert edit(page, "event_start").selectedText() == "30.11.2026 09:00"
    assert message(page, "event_message") == ""


def test_enter_in_the_warning_saves_the_start_as_typed(
    qtbot: QtBot, page: LineEditorPage, boss: Desk
) -> None:
    _type_new_event(qtbot, page, "30.11.2026 09:00")

    dialog = _warning(qtbot, page)
    qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.model.row_of(503) is not None)
    assert event(boss, 503).starts_at == datetime(2026, 11, 30, 6, 0, tzinfo=UTC)
    assert message(page, "event_message") == "Событие 503 сохранено: Neman Grodno — Gomel."


def test_a_start_to_come_is_saved_without_a_warning(qtbot: QtBot, page: LineEditorPage) -> None:
    _type_new_event(qtbot, page, "30.11.2026 12:30")

    qtbot.waitUntil(lambda: page.model.row_of(503) is not None)
    assert page.findChild(PastStartDialog) is None


def test_moving_an_events_start_into_the_past_is_warned_too(
    qtbot: QtBot, page: LineEditorPage, boss: Desk
) -> None:
    pick_event(qtbot, page, 101)
    qtbot.keyClick(page, Qt.Key.Key_F8)
    start = edit(page, "event_start")
    start.setText("29.11.2026 19:00")
    qtbot.keyClick(start, Qt.Key.Key_Return)

    dialog = _warning(qtbot, page)
    assert (
        child(dialog, QLabel, "past_start_words")
        .text()
        .startswith("Начало события 101 (29.11.2026 19:00) уже прошло")
    )
    qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert event(boss, 101).starts_at == datetime(2026, 12, 1, 16, 0, tzinfo=UTC)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is start)
