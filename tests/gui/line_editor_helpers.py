"""Driving the line editor as a manager does, for its tests."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QTableView, QWidget
from pytestqt.qtbot import QtBot

from pos.line.events import Event
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from ui.pages.line_editor import LineEditorPage
from ui.tasks import TaskRunner

MINSK = ZoneInfo("Europe/Minsk")
EXAMPLE_CSV = Path(__file__).parents[2] / "docs" / "examples" / "line.csv"


def open_line_editor(qtbot: QtBot, desk: Desk, runner: TaskRunner) -> LineEditorPage:
    """The line editor shown for `desk`, the demo line's ten events listed."""
    editor = LineEditorPage(desk, runner)
    qtbot.addWidget(editor)
    editor.resize(1280, 720)
    editor.show()
    editor.refresh()
    qtbot.waitUntil(lambda: editor.model.rowCount() == 10)
    return editor


def child(page: QWidget, kind: type, name: str) -> QWidget:
    found = page.findChild(kind, name)
    assert found is not None, name
    return found


def edit(page: LineEditorPage, name: str) -> QLineEdit:
    return child(page, QLineEdit, name)


def message(page: LineEditorPage, name: str) -> str:
    return child(page, QLabel, name).text()


def grid(page: LineEditorPage) -> QTableView:
    return child(page, QTableView, "odds_grid")


def cell(page: LineEditorPage, code: int, column: int) -> str:
    model = page.model
    row = model.row_of(code)
    assert row is not None, code
    return str(model.data(model.index(row, column))).replace("\u00a0", " ").replace("\u2011", "-")


def grid_row(page: LineEditorPage, market: str) -> int:
    model = grid(page).model()
    return next(r for r in range(model.rowCount()) if model.index(r, 0).data() == market)


def pick_event(qtbot: QtBot, page: LineEditorPage, code: int) -> None:
    """Type the code into the filter and press Enter, as a manager finds an event."""
    qtbot.keyClick(page, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit(page, "event_filter"), str(code))
    qtbot.keyClick(edit(page, "event_filter"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: child(page, QLabel, "odds_event").text().startswith(f"{code} "))


def type_into_grid(qtbot: QtBot, page: LineEditorPage, row: int, column: int, text: str) -> None:
    """Move to a cell, open it with F2, type and press Enter."""
    table = grid(page)
    index = table.model().index(row, column)
    table.setCurrentIndex(index)
    qtbot.keyClick(table, Qt.Key.Key_F2)
    editor = table.indexWidget(index)
    assert isinstance(editor, QLineEdit)
    if text.isascii():
        qtbot.keyClicks(editor, text)
    else:  # keyClicks cannot type Cyrillic (notes/libraries.md §3)
        editor.setText(text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # Qt commits what was typed from the event loop, as it would between two keystrokes.
    qtbot.waitUntil(lambda: table.indexWidget(index) is None)


def versions(storage: FakeStorage, code: int, market: str) -> list[tuple[int, Decimal]]:
    return [
        (q.version, q.odds)
        for q in storage.data.quotes
        if q.event_code == code and q.market == market
    ]


def event(desk: Desk, code: int) -> Event:
    return next(row.event for row in desk.line() if row.event.code == code)
