"""The results page: the list, and a manager recording results in two steps."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.settlement.errors import InvalidResult, ResultExists
from pos.settlement.results import ResultEntry, ResultStatus
from pos.shop.desk import Desk
from tests.gui.results_helpers import (
    MATCH_101,
    MINSK,
    fill_in,
    open_results,
    reload,
    result_of,
    row_of,
    start_of,
)
from tests.gui.widgets import child, click, shown_messages
from ui.errors import MessageLabel
from ui.pages.results import ResultsPage
from ui.tasks import TaskRunner
from ui.widgets.result_card import ResultCard
from ui.widgets.result_form import local_time


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock) -> ResultsPage:
    return open_results(qtbot, boss, runner, clock)


# --- the list --------------------------------------------------------------------------------


def test_started_events_come_first_and_wait_for_their_results(page: ResultsPage) -> None:
    rows = page.rows()

    assert [row[0] for row in rows[:3]] == ["102", "201", "101"]
    assert rows[2] == ["101", "Динамо Минск — БАТЭ Борисов", "01.12 19:00", "ждёт", "", ""]
    assert row_of(page, 103)[3] == ""  # 14:00 today: not started yet
    assert child(page, QPushButton, "correct_result").isHidden()


# --- recording in two steps ------------------------------------------------------------------


def test_a_result_is_recorded_only_after_its_words_are_confirmed(
    qtbot: QtBot, page: ResultsPage, boss: Desk, clock: FixedClock
) -> None:
    fill_in(qtbot, page, 101, 2, 1)

    click(qtbot, page, "record_result")

    qtbot.waitUntil(lambda: page.confirm_dialog is not None)
    dialog = page.confirm_dialog
    assert dialog.words_text() == f"Проверьте: {MATCH_101}"
    assert result_of(boss, 101) is None
    click(qtbot, dialog, "confirm_result_record")
    qtbot.waitUntil(lambda: page.card_message_text() == "Результат события 101 записан.")
    qtbot.waitUntil(lambda: row_of(page, 101)[3] == "2:1")
    assert page.confirm_dialog is None
    assert row_of(page, 101)[3:] == ["2:1", "АБФФ", "boss"]
    recorded = result_of(boss, 101)
    assert recorded is not None
    assert (recorded.home, recorded.away, recorded.source) == (2, 1, "АБФФ")
    assert recorded.actual_start == start_of(boss, 101)  # the published start, as shown
    assert recorded.ended_at == clock.now()  # no end ticked: when it was recorded
    assert page.card.details_text().startswith(MATCH_101)
    assert child(page, QPushButton, "record_result").isHidden()
    assert not child(page, QPushButton, "correct_result").isHidden()
    assert child(page, QSpinBox, "result_home").isReadOnly()


def test_going_back_from_the_confirmation_records_nothing(
    qtbot: QtBot, page: ResultsPage, boss: Desk
) -> None:
    fill_in(qtbot, page, 101, 2, 1)
    click(qtbot, page, "record_result")
    qtbot.waitUntil(lambda: page.confirm_dialog is not None)

    click(qtbot, page.confirm_dialog, "confirm_result_back")

    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    assert result_of(boss, 101) is None
    assert row_of(page, 101)[3] == "ждёт"
    assert child(page, QSpinBox, "result_home").value() == 2  # the input is there to fix


def test_the_times_typed_are_taken_in_the_shop_zone(
    qtbot: QtBot, page: ResultsPage, boss: Desk
) -> None:
    fill_in(qtbot, page, 101, 1, 0)
    qtbot.mouseClick(child(page, QCheckBox, "result_first_score_on"), Qt.MouseButton.LeftButton)
    first_score = child(page, QWidget, "result_first_score")
    first_score.setDateTime(first_score.dateTime().addSecs(23 * 60))

    entry = page.card.form.entry(101)

    start = start_of(boss, 101)
    assert entry.actual_start == start
    assert entry.first_score_at == start + timedelta(minutes=23)
    assert entry.ended_at is None  # unticked: when it is recorded


def shown_time(page: ResultsPage, name: str) -> datetime:
    """A time field as the manager reads it, in the shop's zone."""
    edit = child(page, QDateTimeEdit, name)
    return local_time(edit, MINSK)


def test_the_end_never_defaults_to_before_the_start_of_an_event_not_yet_played(
    qtbot: QtBot, page: ResultsPage, boss: Desk, clock: FixedClock
) -> None:
    """Issue 16: 104 starts at 17:00 today; the page stands at 12:00."""
    assert page.select_event(104)
    start = start_of(boss, 104)

    assert shown_time(page, "result_start") == start
    assert shown_time(page, "result_end") >= start
    assert clock.now() < start


def test_the_end_follows_a_later_start_typed_while_it_is_not_ticked(
    qtbot: QtBot, page: ResultsPage, boss: Desk
) -> None:
    assert page.select_event(101)  # 01.12 19:00; the end shows now, 02.12 12:00
    start = child(page, QDateTimeEdit, "result_start")
    start.setFocus()
    start.setSelectedSection(QDateTimeEdit.Section.DaySection)

    qtbot.keyClick(start, Qt.Key.Key_Up)  # 02.12 19:00, after the end shown

    assert shown_time(page, "result_start") == start_of(boss, 101) + timedelta(days=1)
    assert shown_time(page, "result_end") >= shown_time(page, "result_start")


def test_a_recorded_result_cannot_be_changed_from_the_keyboard(
    qtbot: QtBot, page: ResultsPage, boss: Desk
) -> None:
    boss.record_result(101, 2, 1, source="АБФФ")
    reload(qtbot, page, lambda: row_of(page, 101)[3] == "2:1")
    assert page.select_event(101)
    fields = {
        name: child(page, QWidget, name)
        for name in (
            "result_status",
            "result_home",
            "result_away",
            "result_start",
            "result_first_score_on",
            "result_end_on",
            "result_end",
            "result_source",
        )
    }
    before = page.card.form.entry(101)

    for name, field in fields.items():
        field.setFocus()
        for key in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_Space):
            qtbot.keyClick(field, key)
        qtbot.keyClicks(field, "7")
        qtbot.keyClick(field, Qt.Key.Key_Delete)
        qtbot.keyClick(field, Qt.Key.Key_Backspace)
        assert page.card.form.entry(101) == before, name

    assert page.card.form.entry(101) == before
    assert child(page, QPushButton, "record_result").isHidden()


def test_a_void_status_turns_the_scores_off_and_is_recorded_without_one(
    qtbot: QtBot, page: ResultsPage, boss: Desk
) -> None:
    assert page.select_event(102)
    status = child(page, QComboBox, "result_status")
    assert [status.itemText(i) for i in range(status.count())] == [
        "Состоялось",
        "Состоялось на поле команды, указанной второй",
        "Перенесено более чем на три дня",
        "Прервано и не доиграно в тот же день",
        "Отменено",
        "Первое место поделено",
    ]

    home = child(page, QSpinBox, "result_home")
    assert home.text() == "0"

    status.setCurrentIndex(4)

    assert not home.isEnabled()
    assert home.text() == "—"
    assert not child(page, QSpinBox, "result_away").isEnabled()
    page.card.form.set_source("АБФФ")
    click(qtbot, page, "record_result")
    qtbot.waitUntil(lambda: page.confirm_dialog is not None)
    assert page.confirm_dialog.words_text() == (
        "Проверьте: Шахтёр Солигорск — Неман Гродно: отменено; источник: АБФФ"
    )
    click(qtbot, page.confirm_dialog, "confirm_result_record")
    qtbot.waitUntil(lambda: row_of(page, 102)[3] == "отменено")
    recorded = result_of(boss, 102)
    assert recorded is not None
    assert (recorded.status, recorded.home, recorded.away) == (ResultStatus.CANCELLED, None, None)


def test_the_second_team_s_ground_is_a_finished_match_with_its_score(
    qtbot: QtBot, page: ResultsPage
) -> None:
    fill_in(qtbot, page, 201, 4, 1)
    child(page, QComboBox, "result_status").setCurrentIndex(1)

    assert child(page, QSpinBox, "result_home").isEnabled()
    entry = page.card.form.entry(201)
    assert (entry.status, entry.home, entry.away, entry.venue_swapped) == (
        ResultStatus.FINISHED,
        4,
        1,
        True,
    )


def test_a_result_recorded_meanwhile_is_refused_with_pos_s_words(
    qtbot: QtBot, page: ResultsPage, boss: Desk
) -> None:
    fill_in(qtbot, page, 101, 3, 0)
    boss.record_result(101, 2, 1, source="АБФФ")  # at another terminal, a moment earlier
    with pytest.raises(ResultExists) as refused:
        boss.check_result(ResultEntry(101, 3, 0, source="АБФФ"))

    click(qtbot, page, "record_result")

    qtbot.waitUntil(lambda: page.card_message_text() == str(refused.value))
    assert page.confirm_dialog is None


def test_a_result_without_a_source_is_refused(qtbot: QtBot, page: ResultsPage) -> None:
    fill_in(qtbot, page, 101, 2, 1)
    page.card.form.set_source("")

    click(qtbot, page, "record_result")

    qtbot.waitUntil(lambda: page.card_message_text() == str(InvalidResult(101, "no_source")))
    assert page.confirm_dialog is None


def test_the_card_s_refusal_is_shown_inside_the_card(qtbot: QtBot, page: ResultsPage) -> None:
    fill_in(qtbot, page, 101, 2, 1)
    page.card.form.set_source("")

    click(qtbot, page, "record_result")

    line = child(page, MessageLabel, "result_message")
    qtbot.waitUntil(lambda: line.text() == str(InvalidResult(101, "no_source")))
    assert line.parent() is page.card
    assert isinstance(line.parent(), ResultCard)
    assert shown_messages(page) == {"result_message": str(InvalidResult(101, "no_source"))}


def test_editing_the_source_clears_the_card_s_refusal(qtbot: QtBot, page: ResultsPage) -> None:
    fill_in(qtbot, page, 101, 2, 1)
    page.card.form.set_source("")
    click(qtbot, page, "record_result")
    qtbot.waitUntil(lambda: page.card_message_text() != "")

    qtbot.keyClicks(child(page, QLineEdit, "result_source"), "A")

    assert page.card_message_text() == ""


def test_choosing_another_event_clears_the_card_s_refusal(qtbot: QtBot, page: ResultsPage) -> None:
    """The refusal answered the event it was typed for: another event's card starts clean."""
    fill_in(qtbot, page, 101, 2, 1)
    page.card.form.set_source("")
    click(qtbot, page, "record_result")
    qtbot.waitUntil(lambda: page.card_message_text() != "")

    assert page.select_event(102)

    assert page.card_message_text() == ""


def test_a_recorded_result_s_confirmation_stays_while_its_event_is_shown(
    qtbot: QtBot, page: ResultsPage
) -> None:
    """The list reloads after the record and shows the event with its result: same event."""
    fill_in(qtbot, page, 101, 2, 1)
    click(qtbot, page, "record_result")
    qtbot.waitUntil(lambda: page.confirm_dialog is not None)
    click(qtbot, page.confirm_dialog, "confirm_result_record")

    qtbot.waitUntil(lambda: row_of(page, 101)[3] == "2:1")
    assert page.card.row is not None and page.card.row.result is not None
    assert page.card_message_text() == "Результат события 101 записан."


def test_a_refused_record_then_a_settle_shows_only_the_settle_s_outcome(
    qtbot: QtBot, page: ResultsPage
) -> None:
    fill_in(qtbot, page, 101, 2, 1)
    page.card.form.set_source("")
    click(qtbot, page, "record_result")
    qtbot.waitUntil(lambda: page.card_message_text() != "")

    click(qtbot, page, "settle")

    qtbot.waitUntil(lambda: page.message_text().startswith("Проверено"))
    assert shown_messages(page) == {
        "results_message": "Проверено купонов: 0; рассчитывать пока нечего."
    }
    assert child(page, MessageLabel, "results_message").parent() is not page.card


def test_another_event_picked_after_a_record_starts_with_an_empty_source(
    qtbot: QtBot, page: ResultsPage, boss: Desk
) -> None:
    """Issue 34: the source recorded for 101 stood ready for 102, recorded unread."""
    fill_in(qtbot, page, 101, 2, 1)
    click(qtbot, page, "record_result")
    qtbot.waitUntil(lambda: page.confirm_dialog is not None)
    qtbot.keyClick(page.confirm_dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: row_of(page, 101)[3] == "2:1")

    assert page.select_event(102)

    assert child(page, QLineEdit, "result_source").text() == ""
    assert page.select_event(101)  # a recorded result still shows its own source
    assert child(page, QLineEdit, "result_source").text() == "АБФФ"
