"""The line editor: a manager keeps events, odds, suspensions and the header from the keyboard."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QTableView, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from pos.betting.errors import EventSuspended
from pos.line.errors import InvalidEvent, InvalidOdds, LineFileRejected
from pos.line.events import Event, Sport
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.widgets import stands_between
from ui.models.line_editor_model import (
    CODE,
    MATCH,
    MAX_STAKE,
    NEW,
    SPORT,
    START,
    STATE,
    VERSION,
)
from ui.pages import line_editor
from ui.pages.line_editor import LineEditorPage
from ui.tasks import TaskRunner
from ui.widgets.event_form import parse_start

MINSK = ZoneInfo("Europe/Minsk")
EXAMPLE_CSV = Path(__file__).parents[2] / "docs" / "examples" / "line.csv"


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner) -> LineEditorPage:
    editor = LineEditorPage(boss, runner)
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


# --- events -------------------------------------------------------------------------------


def test_the_events_show_code_sport_start_in_shop_time_and_match(page: LineEditorPage) -> None:
    assert cell(page, 101, CODE) == "101"
    assert cell(page, 101, START) == "01.12 19:00"  # tomorrow, Minsk time
    assert cell(page, 101, MATCH) == "Динамо Минск — БАТЭ Борисов"
    assert cell(page, 201, SPORT) == "Хоккей"
    assert cell(page, 101, STATE) == ""


def test_typing_a_code_filters_the_events(qtbot: QtBot, page: LineEditorPage) -> None:
    table = child(page, QTableView, "events")

    qtbot.keyClicks(edit(page, "event_filter"), "20")

    codes = [table.model().index(r, CODE).data() for r in range(table.model().rowCount())]
    assert codes == ["201", "202", "203"]


def test_a_manager_adds_an_event_from_the_keyboard(
    qtbot: QtBot, page: LineEditorPage, boss: Desk
) -> None:
    qtbot.keyClick(page, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert child(page, QTabWidget, "editor_tabs").currentIndex() == 1
    qtbot.keyClicks(edit(page, "event_code"), "501")
    qtbot.keyClick(child(page, QWidget, "event_sport"), Qt.Key.Key_Down)  # hockey
    qtbot.keyClicks(edit(page, "event_tournament"), "Extraliga")
    qtbot.keyClicks(edit(page, "event_home"), "Neman Grodno")
    qtbot.keyClicks(edit(page, "event_away"), "Gomel")
    qtbot.keyClicks(edit(page, "event_start"), "05.12.2026 15:00")
    qtbot.keyClicks(edit(page, "event_max_stake"), "250")

    qtbot.keyClick(edit(page, "event_max_stake"), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.model.row_of(501) is not None)
    added = event(boss, 501)
    assert (added.sport, added.tournament, added.home, added.away) == (
        Sport.HOCKEY, "Extraliga", "Neman Grodno", "Gomel",
    )  # fmt: skip
    assert added.starts_at == datetime(2026, 12, 5, 12, 0, tzinfo=UTC)  # 15:00 in Minsk
    assert added.max_stake == Decimal("250.00")
    assert message(page, "event_message") == "Событие 501 сохранено: Neman Grodno — Gomel."
    assert child(page, QLabel, "odds_event").text().startswith("501 ")  # ready for its odds


def test_cyrillic_team_names_are_saved_as_typed(
    qtbot: QtBot, page: LineEditorPage, boss: Desk
) -> None:
    qtbot.keyClick(page, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit(page, "event_code"), "502")
    edit(page, "event_home").setText("Цмоки-Минск")
    edit(page, "event_away").setText("Руна Минск")
    qtbot.keyClicks(edit(page, "event_start"), "06.12.2026 19:30")

    qtbot.keyClick(page, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)

    qtbot.waitUntil(lambda: page.model.row_of(502) is not None)
    assert (event(boss, 502).home, event(boss, 502).away) == ("Цмоки-Минск", "Руна Минск")


def test_a_manager_corrects_an_events_start(qtbot: QtBot, page: LineEditorPage, boss: Desk) -> None:
    pick_event(qtbot, page, 101)
    qtbot.keyClick(page, Qt.Key.Key_F8)
    start = edit(page, "event_start")
    assert start.text() == "01.12.2026 19:00"
    assert edit(page, "event_code").isReadOnly()

    start.setText("02.12.2026 18:30")
    qtbot.keyClick(start, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: cell(page, 101, START) == "02.12 18:30")
    assert event(boss, 101).starts_at == datetime(2026, 12, 2, 15, 30, tzinfo=UTC)


def test_a_start_that_is_not_a_date_is_refused_in_russian(
    qtbot: QtBot, page: LineEditorPage, boss: Desk
) -> None:
    pick_event(qtbot, page, 101)
    edit(page, "event_start").setText("завтра")

    qtbot.keyClick(edit(page, "event_start"), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: message(page, "event_message").startswith("Событие не сохранено"))
    assert "«завтра»" in message(page, "event_message")
    assert event(boss, 101).starts_at == datetime(2026, 12, 1, 16, 0, tzinfo=UTC)


def test_an_empty_code_gets_the_shops_sentence(qtbot: QtBot, page: LineEditorPage) -> None:
    qtbot.keyClick(page, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit(page, "event_home"), "A")
    qtbot.keyClicks(edit(page, "event_away"), "B")
    qtbot.keyClicks(edit(page, "event_start"), "05.12.2026 15:00")

    qtbot.keyClick(edit(page, "event_start"), Qt.Key.Key_Return)

    expected = str(InvalidEvent("код события — целое число от 1 до 999999"))
    qtbot.waitUntil(lambda: message(page, "event_message") == expected)


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


# --- suspension and the header --------------------------------------------------------------


def test_f7_suspends_and_resumes_the_selected_event(
    qtbot: QtBot, page: LineEditorPage, anna: Desk
) -> None:
    pick_event(qtbot, page, 101)
    suspend = child(page, QPushButton, "suspend")
    assert suspend.text() == "Приостановить (F7)"

    qtbot.keyClick(page, Qt.Key.Key_F7)

    qtbot.waitUntil(lambda: cell(page, 101, STATE) == "приостановлено")
    assert message(page, "line_editor_message") == "Приём ставок на событие 101 приостановлен."
    assert suspend.text() == "Возобновить (F7)"
    with pytest.raises(EventSuspended):
        anna.accept_bet([(101, "1")], stake=Decimal("10"))

    qtbot.waitUntil(suspend.isEnabled)
    qtbot.keyClick(page, Qt.Key.Key_F7)

    qtbot.waitUntil(lambda: cell(page, 101, STATE) == "")
    assert not event(anna, 101).suspended
    assert suspend.text() == "Приостановить (F7)"


def test_the_hockey_limit_is_set_in_the_line_header(
    qtbot: QtBot, page: LineEditorPage, boss: Desk
) -> None:
    hockey = edit(page, "limit_hockey")
    qtbot.keyClicks(hockey, "300,00")

    qtbot.keyClick(hockey, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: message(page, "limits_message") == "Шапка линии сохранена.")
    assert boss.sport_limits() == {Sport.HOCKEY: Decimal("300.00")}
    assert hockey.text() == "300,00"


# --- line files -------------------------------------------------------------------------------


def test_the_example_csv_is_loaded_through_the_file_chooser(
    qtbot: QtBot, page: LineEditorPage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(line_editor, "choose_line_file", lambda _parent: str(EXAMPLE_CSV))

    qtbot.keyClick(page, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)

    qtbot.waitUntil(lambda: page.model.rowCount() == 16)
    assert message(page, "line_editor_message") == (
        "Добавлено событий: 6, новых коэффициентов: 54."
    )
    assert cell(page, 404, MAX_STAKE) == "500,00"  # its own maximum stake


def test_a_broken_csv_names_every_bad_row(
    qtbot: QtBot, page: LineEditorPage, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.csv"
    broken.write_text(
        "Код;Спорт;Хозяева;Гости;Начало;1;2\n"
        "601;футбол;А;Б;05.12.2026 15:00;2,10;3,40\n"
        "602;футбол;В;Г;завтра;2,10;3,40\n"
        "603;футбол;Д;Е;05.12.2026 18:00;0,5;3,40\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(line_editor, "choose_line_file", lambda _parent: str(broken))

    qtbot.mouseClick(child(page, QPushButton, "import_line"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: "не загружена" in message(page, "line_editor_message"))
    text = message(page, "line_editor_message")
    assert "строка 3:" in text
    assert "строка 4:" in text
    assert "строка 2:" not in text
    assert page.model.rowCount() == 10


def test_a_file_that_cannot_be_read_is_refused_not_a_crash(
    qtbot: QtBot, page: LineEditorPage, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    missing = str(tmp_path / "gone.csv")
    monkeypatch.setattr(line_editor, "choose_line_file", lambda _parent: missing)

    qtbot.keyClick(page, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)

    qtbot.waitUntil(lambda: "файл не читается" in message(page, "line_editor_message"))
    assert message(page, "line_editor_message").startswith(
        str(LineFileRejected("gone.csv", []))[:40]
    )


def test_cancelling_the_file_chooser_changes_nothing(
    qtbot: QtBot, page: LineEditorPage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(line_editor, "choose_line_file", lambda _parent: None)

    qtbot.keyClick(page, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)

    assert message(page, "line_editor_message") == ""
    assert page.model.rowCount() == 10


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
