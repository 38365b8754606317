"""The line editor's odds grid: new versions, market codes, lines, refusals."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from pos.line.errors import InvalidOdds
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.line_editor_helpers import (
    grid,
    grid_row,
    message,
    open_line_editor,
    pick_event,
    type_into_grid,
    versions,
)
from ui.models.line_editor_model import NEW, VERSION
from ui.pages.line_editor import LineEditorPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner) -> LineEditorPage:
    return open_line_editor(qtbot, boss, runner)


# --- odds -----------------------------------------------------------------------------------


def test_new_odds_typed_in_the_grid_become_version_2(
    qtbot: QtBot, page: LineEditorPage, storage: FakeStorage
) -> None:
    pick_event(qtbot, page, 101)
    row = grid_row(page, "1")
    assert grid(page).model().index(row, VERSION).data() == "1"  # the version now in force

    type_into_grid(qtbot, page, row, NEW, "2,25")

    qtbot.waitUntil(lambda: grid(page).model().index(row, VERSION).data() == "2")
    assert versions(storage, 101, "1") == [(1, Decimal("2.10")), (2, Decimal("2.25"))]
    assert grid(page).model().index(row, 1).data() == "2,25"
    assert message(page, "odds_message") == "1: 2,25, версия 2."
    # The cursor went on to the next market, ready for the next value.
    assert grid(page).currentIndex().row() == row + 1


def test_the_grid_names_each_market_by_the_code_the_cashier_types(
    qtbot: QtBot, page: LineEditorPage
) -> None:
    """One notation everywhere (issue 16): the betting page's, «102 Б2,5»; the words in the
    tooltip as the slip prints them."""
    pick_event(qtbot, page, 101)
    model = grid(page).model()

    markets = [model.index(row, 0).data() for row in range(model.rowCount())]

    assert markets == [
        "1",
        "X",
        "2",
        "1X",
        "X2",
        "12",
        "Б1,5",
        "М1,5",
        "Б2,5",
        "М2,5",
        "Ф1-1",
        "Ф2+1",
        "Ф1-1,5",
        "Ф2+1,5",
        "+ новый исход",
    ]
    tip = model.index(markets.index("Ф1-1,5"), 0).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == "Фора хозяев −1,5 (Ф1-1,5)"
    hints = [label.text() for label in page.findChildren(QLabel)]
    assert any("«Б3,5», «Ф1-2,5»" in hint for hint in hints)


def test_a_new_total_line_is_added_in_the_last_row(
    qtbot: QtBot, page: LineEditorPage, storage: FakeStorage
) -> None:
    pick_event(qtbot, page, 101)
    model = grid(page).model()
    last = model.rowCount() - 1

    type_into_grid(qtbot, page, last, 0, "O3.5")
    qtbot.waitUntil(lambda: grid(page).currentIndex().column() == NEW)  # on to its odds
    type_into_grid(qtbot, page, last, NEW, "2,60")

    qtbot.waitUntil(lambda: model.rowCount() == last + 2)
    # Shown as the cashier types it at the betting page (issue 16), whatever was typed here.
    assert model.index(last, 0).data() == "Б3,5"
    assert message(page, "odds_message") == "Б3,5: 2,60, версия 1."
    assert model.index(last, VERSION).data() == "1"
    assert versions(storage, 101, "O3.5") == [(1, Decimal("2.60"))]


def test_a_handicap_typed_the_russian_way_is_stored_canonically(
    qtbot: QtBot, page: LineEditorPage, storage: FakeStorage
) -> None:
    pick_event(qtbot, page, 101)
    last = grid(page).model().rowCount() - 1

    type_into_grid(qtbot, page, last, 0, "Ф1-2,5")
    type_into_grid(qtbot, page, last, NEW, "5,50")

    qtbot.waitUntil(lambda: versions(storage, 101, "H1-2.5") == [(1, Decimal("5.50"))])
    qtbot.waitUntil(lambda: grid(page).model().index(last, 0).data() == "Ф1-2,5")


def test_a_market_typed_again_in_the_last_row_updates_its_own_row(
    qtbot: QtBot, page: LineEditorPage, storage: FakeStorage
) -> None:
    pick_event(qtbot, page, 101)
    model = grid(page).model()
    last = model.rowCount() - 1

    type_into_grid(qtbot, page, last, 0, "б2,5")
    type_into_grid(qtbot, page, last, NEW, "2,15")

    row = grid_row(page, "Б2,5")
    qtbot.waitUntil(lambda: model.index(row, VERSION).data() == "2")
    assert versions(storage, 101, "O2.5") == [(1, Decimal("2.05")), (2, Decimal("2.15"))]
    assert model.rowCount() == last + 1
    assert model.index(last, NEW).data() == ""  # the last row is free again


def test_odds_set_are_still_shown_after_choosing_another_event(
    qtbot: QtBot, page: LineEditorPage
) -> None:
    pick_event(qtbot, page, 101)
    type_into_grid(qtbot, page, grid_row(page, "2"), NEW, "3,75")
    qtbot.waitUntil(lambda: message(page, "odds_message") == "2: 3,75, версия 2.")

    pick_event(qtbot, page, 102)
    pick_event(qtbot, page, 101)

    assert grid(page).model().index(grid_row(page, "2"), 1).data() == "3,75"


def test_bad_odds_show_the_shops_sentence_and_change_nothing(
    qtbot: QtBot, page: LineEditorPage, storage: FakeStorage
) -> None:
    pick_event(qtbot, page, 101)
    row = grid_row(page, "X")

    type_into_grid(qtbot, page, row, NEW, "1,00")

    qtbot.waitUntil(lambda: message(page, "odds_message") == str(InvalidOdds("1,00")))
    assert versions(storage, 101, "X") == [(1, Decimal("3.30"))]
    assert grid(page).model().index(row, NEW).data() == "1,00"  # kept, to be corrected
    assert grid(page).currentIndex().row() == row


def test_an_unknown_market_is_refused_inline(
    qtbot: QtBot, page: LineEditorPage, storage: FakeStorage
) -> None:
    pick_event(qtbot, page, 101)
    last = grid(page).model().rowCount() - 1
    before = len(storage.data.quotes)

    type_into_grid(qtbot, page, last, 0, "Q7")
    type_into_grid(qtbot, page, last, NEW, "2,00")

    qtbot.waitUntil(lambda: message(page, "odds_message").startswith("Неизвестный исход «Q7»"))
    assert len(storage.data.quotes) == before
    assert grid(page).currentIndex().column() == 0  # back on the market to correct it
