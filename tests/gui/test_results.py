"""The results page: a manager records results in two steps, corrects them, loads files, settles."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QFileDialog,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

import pos.settlement.use_cases
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.context import Context
from pos.people.actor import Actor
from pos.settlement.errors import CorrectionReasonRequired, InvalidResult, ResultExists
from pos.settlement.results import Result, ResultEntry, ResultStatus
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.gui.widgets import child, click, open_window, shown_messages, sign_in
from ui.errors import MessageLabel
from ui.pages.betting import BettingPage
from ui.pages.results import ResultsPage
from ui.tasks import TaskRunner
from ui.widgets.result_card import ResultCard
from ui.widgets.result_form import local_time

MINSK = ZoneInfo("Europe/Minsk")
MATCH_101 = "Динамо Минск 2 : 1 БАТЭ Борисов — победа хозяев (Динамо Минск); источник: АБФФ"


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock) -> ResultsPage:
    return open_results(qtbot, boss, runner, clock)


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


# --- corrections -----------------------------------------------------------------------------


def test_a_recorded_result_is_corrected_with_a_reason(
    qtbot: QtBot, page: ResultsPage, boss: Desk
) -> None:
    boss.record_result(101, 2, 1, source="АБФФ")
    reload(qtbot, page, lambda: row_of(page, 101)[3] == "2:1")
    assert page.select_event(101)
    click(qtbot, page, "correct_result")
    qtbot.waitUntil(lambda: page.correct_dialog is not None)
    dialog = page.correct_dialog
    assert child(dialog, QSpinBox, "result_home").value() == 2
    type_score(qtbot, dialog, 3, 1)

    click(qtbot, dialog, "correct_result_submit")

    qtbot.waitUntil(lambda: dialog.message_text() == str(CorrectionReasonRequired()))
    assert result_of(boss, 101) == boss.results()[2].result
    assert child(dialog, QSpinBox, "result_home").value() == 3
    dialog.set_reason("опечатка в счёте")
    click(qtbot, dialog, "correct_result_submit")
    qtbot.waitUntil(lambda: page.correct_dialog is None)
    qtbot.waitUntil(lambda: row_of(page, 101)[3] == "3:1")
    assert row_of(page, 101)[-1] == "boss\nиспр."
    assert page.card_message_text().startswith("Результат события 101 исправлен.")
    assert page.card.details_text().endswith("исправлений: 1")
    corrected = result_of(boss, 101)
    assert corrected is not None
    assert (corrected.home, corrected.corrections) == (3, 1)


# --- files -----------------------------------------------------------------------------------

RESULTS_CSV = """Код;Хозяева;Гости;Статус;Начало_факт;Счёт_открыт;Окончание;Источник;Поле_гостей
101;2;1;состоялось;01.12.2026 19:00;01.12.2026 19:23;01.12.2026 20:52;протокол матча АБФФ;
102;0;0;состоялось;01.12.2026 16:30;;01.12.2026 18:21;протокол матча АБФФ;
201;;;отменено;;;;протокол матча ФХРБ;
"""


def choose_file(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *_args: (str(path), ""))
    )


def test_a_results_file_is_loaded(
    qtbot: QtBot, page: ResultsPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "results.csv"
    path.write_text(RESULTS_CSV, encoding="utf-8")
    choose_file(monkeypatch, path)

    click(qtbot, page, "import_results")

    qtbot.waitUntil(lambda: page.message_text() == "Из файла записано результатов: 3.")
    qtbot.waitUntil(lambda: row_of(page, 101)[3] == "2:1")
    assert [row_of(page, code)[3] for code in (102, 201)] == ["0:0", "отменено"]


def test_a_results_file_with_a_bad_row_is_refused_whole(
    qtbot: QtBot,
    page: ResultsPage,
    boss: Desk,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(RESULTS_CSV.replace("101;2;1;", "101;2;1,5;"), encoding="utf-8")
    choose_file(monkeypatch, path)

    click(qtbot, page, "import_results")

    qtbot.waitUntil(lambda: page.message_text().startswith("Файл результатов «bad.csv» не"))
    assert "строка 2: счёт гостей «1,5»" in page.message_text()
    assert all(row.result is None for row in boss.results())


def test_cancelling_the_file_chooser_does_nothing(
    qtbot: QtBot, page: ResultsPage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *_args: ("", "")))

    click(qtbot, page, "import_results")

    assert page.message_text() == ""


# --- settling --------------------------------------------------------------------------------


def held_settlement(
    monkeypatch: pytest.MonkeyPatch,
    gate: threading.Event,
    threads: list[threading.Thread],
    reports: list[pos.settlement.use_cases.SettleReport],
) -> None:
    """Settle a slip per chunk, and hold the worker after the first chunk until `gate` opens."""
    real = pos.settlement.use_cases.settle_all

    def settle_slowly(
        ctx: Context, actor: Actor, progress: Callable[[int, int], None] | None = None
    ) -> pos.settlement.use_cases.SettleReport:
        threads.append(threading.current_thread())

        def held(done: int, total: int) -> None:
            assert progress is not None
            progress(done, total)
            if done == 1:
                assert gate.wait(5)

        reports.append(real(ctx, actor, held, chunk=1))
        return reports[-1]

    monkeypatch.setattr(pos.settlement.use_cases, "settle_all", settle_slowly)


def test_settling_runs_off_the_gui_thread_with_progress_and_a_report(
    qtbot: QtBot,
    anna: Desk,
    boss: Desk,
    runner: TaskRunner,
    clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    anna.accept_bet([(101, "1")], Decimal("10"))
    anna.accept_bet([(102, "X")], Decimal("5"))
    anna.accept_bet([(101, "2"), (201, "1")], Decimal("4"), "express")
    page = open_results(qtbot, boss, runner, clock)
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.record_result(102, 1, 0, source="АБФФ")
    boss.record_result(201, None, None, status="cancelled", source="ФХРБ")
    gate, threads, reports = threading.Event(), [], []
    held_settlement(monkeypatch, gate, threads, reports)
    bar = child(page, QProgressBar, "settle_progress")

    click(qtbot, page, "settle")

    # The worker waits after the first slip; the window goes on showing what it sends.
    qtbot.waitUntil(lambda: bar.value() == 1 and bar.maximum() == 3)
    assert bar.isVisible()
    assert bar.text() == "проверено купонов: 1 из 3"
    assert not child(page, QPushButton, "settle").isEnabled()
    assert page.message_text() == "Расчёт ставок…"
    gate.set()
    qtbot.waitUntil(lambda: page.message_text().startswith("Рассчитано"))
    [report] = reports
    assert (report.won, report.lost, report.refunds, report.payout) == (1, 2, 0, Decimal("21"))
    assert page.message_text() == report.words()
    assert bar.value() == bar.maximum() == 3
    assert threads and threads[0] is not threading.main_thread()
    qtbot.waitUntil(child(page, QPushButton, "settle").isEnabled)


def test_settling_with_nothing_to_settle_says_so(qtbot: QtBot, page: ResultsPage) -> None:
    click(qtbot, page, "settle")

    qtbot.waitUntil(lambda: page.message_text().startswith("Проверено"))
    assert page.message_text() == "Проверено купонов: 0; рассчитывать пока нечего."


# --- who sees the page -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("login", "pin", "shown"), [("anna", "4821", False), ("boss", "9911", True)]
)
def test_only_a_manager_has_the_results_tab_after_the_till(
    qtbot: QtBot,
    demo_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    login: str,
    pin: str,
    shown: bool,
) -> None:
    window = open_window(qtbot, demo_shop, runner, ui_state)

    sign_in(qtbot, window, login, pin)

    titles = window.page_titles()
    assert ("Результаты" in titles) is shown
    assert (window.findChild(ResultsPage) is not None) is shown
    if shown:
        assert titles[titles.index("Касса") + 1] == "Результаты"


# --- the slip details ------------------------------------------------------------------------


def look_up(qtbot: QtBot, page: BettingPage, number: str) -> QWidget:
    page.recent.look_up(number)
    qtbot.waitUntil(lambda: page.recent.details_dialog is not None)
    return page.recent.details_dialog


def test_the_slip_details_explain_a_settled_express_leg_by_leg(
    qtbot: QtBot, anna: Desk, boss: Desk, demo_shop: Shop, runner: TaskRunner, clock: FixedClock
) -> None:
    express = anna.accept_bet([(101, "1"), (103, "1")], Decimal("10"), "express")
    waiting = anna.accept_bet([(101, "1"), (104, "X")], Decimal("10"), "express")
    clock.advance(timedelta(days=3))
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.record_result(103, None, None, status="postponed", source="АБФФ")
    demo_shop.settle()
    page = BettingPage(anna, runner, clock)
    qtbot.addWidget(page)
    page.show()

    details = look_up(qtbot, page, express.number)

    settlement = boss.settlement(express.number)
    assert settlement is not None
    assert settlement.status is SlipStatus.WON
    assert details.field_texts()["Статус"] == "выигрыш"
    assert details.settlement_text() == "\n".join(
        ["Расчёт: выигрыш, к выплате 21,00 руб.", *settlement.lines]
    )
    assert "возврат" in settlement.lines[1]
    qtbot.keyClick(details, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.recent.details_dialog is None)

    details = look_up(qtbot, page, waiting.number)

    assert details.field_texts()["Статус"] == "принят, ждёт результатов"
    assert details.settlement_text() == ""
