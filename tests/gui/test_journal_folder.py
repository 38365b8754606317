"""Where the journal's save dialog starts: the folder last saved in, else the user's documents,
else home; never the program's folder (issue 34)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

import ui.pdf_print
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from tests.gui.widgets import click
from ui.pages.journal import JournalPage
from ui.pdf_print import SaveFolder
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock) -> JournalPage:
    journal = JournalPage(boss, runner, clock)
    qtbot.addWidget(journal)
    journal.show()
    return journal


def test_the_save_dialog_starts_in_the_folder_last_saved_in(
    qtbot: QtBot, page: JournalPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 34: the save dialog started in the program's folder.
    page.save_folder = SaveFolder(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    chosen = tmp_path / "отчёты"
    chosen.mkdir()
    asked: list[Path] = []

    def choose(_parent: QWidget, _title: str, suggested: str, _filter: str) -> tuple[str, str]:
        asked.append(Path(suggested))
        return str(chosen / "журнал.pdf"), "PDF (*.pdf)"

    monkeypatch.setattr(ui.pdf_print.QFileDialog, "getSaveFileName", staticmethod(choose))
    click(qtbot, page, "save_journal_pdf")
    qtbot.waitUntil(lambda: page.message_text().startswith("Журнал выплат сохранён"))

    click(qtbot, page, "save_journal_pdf")

    assert asked[0].parent != Path.cwd()
    assert asked[1].parent == chosen
    qtbot.waitUntil(lambda: page.message_text().startswith("Журнал выплат сохранён"))


def test_with_no_documents_folder_the_dialog_starts_at_home_not_the_program_s_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "Documents"
    monkeypatch.setattr(
        ui.pdf_print.QStandardPaths, "writableLocation", staticmethod(lambda _where: str(missing))
    )

    assert SaveFolder(None).start() == Path.home()
