"""The results page: a recorded result corrected with a reason, and results files loaded."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QSpinBox
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.settlement.errors import CorrectionReasonRequired
from pos.shop.desk import Desk
from tests.gui.results_helpers import open_results, reload, result_of, row_of, type_score
from tests.gui.widgets import child, click
from ui.pages.results import ResultsPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock) -> ResultsPage:
    return open_results(qtbot, boss, runner, clock)


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
