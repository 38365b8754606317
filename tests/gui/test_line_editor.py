"""The line editor: a manager keeps events, suspensions, the header and line files from the
keyboard.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QTableView, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from pos.betting.errors import EventSuspended
from pos.line.errors import InvalidEvent, LineFileRejected
from pos.line.events import Sport
from pos.shop.desk import Desk
from tests.gui.line_editor_helpers import (
    EXAMPLE_CSV,
    cell,
    child,
    edit,
    event,
    message,
    open_line_editor,
    pick_event,
)
from ui.models.line_editor_model import CODE, MATCH, MAX_STAKE, SPORT, START, STATE
from ui.pages import line_editor
from ui.pages.line_editor import LineEditorPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner) -> LineEditorPage:
    return open_line_editor(qtbot, boss, runner)


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
