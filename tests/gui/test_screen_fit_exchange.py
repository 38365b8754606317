"""«Спрэдбетэкс» at the shop's usual screen (issue 20): at 1366×768 every column of the board and
of the account's offers and paris is in sight, none scrolls sideways, and the account's number
is whole in its field (the 1024×700 check of every page is tests/gui/test_screen_fit.py's)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QSize
from pytestqt.qtbot import QtBot

from pos.shop.services import Shop
from tests.gui.exchange_helpers import fill_exchange
from tests.gui.test_screen_fit import amounts_cut, columns_squeezed, open_page, tables_of
from tests.gui.widgets import open_window, sign_in
from tests.screenshots_fit import fit_shop
from ui.app import create_application
from ui.pages.exchange import ExchangePage
from ui.tasks import TaskRunner

USUAL = QSize(1366, 768)


@pytest.fixture
def fit(tmp_path: Path) -> Iterator[Shop]:
    """The demo shop as `make run` makes it, on SQLite."""
    demo = fit_shop(tmp_path)
    yield demo
    demo.close()


def test_the_exchange_page_shows_every_column_of_its_tables_at_1366_by_768(
    qtbot: QtBot, fit: Shop, runner: TaskRunner, ui_state: QSettings
) -> None:
    create_application([])
    window = open_window(qtbot, fit, runner, ui_state)
    window.resize(USUAL)
    sign_in(qtbot, window, "anna", "4821")
    page = open_page(qtbot, window, runner, window.page_titles().index("Спрэдбетэкс"))
    assert isinstance(page, ExchangePage)
    fill_exchange(qtbot, page, fit, runner)
    qtbot.wait(50)

    hint = window.minimumSizeHint()
    assert hint.width() <= USUAL.width() and hint.height() <= USUAL.height()
    assert window.size() == USUAL
    problems = []
    for table in tables_of(page):
        problems += amounts_cut(table) + columns_squeezed(table)
        if table.horizontalHeader().length() > table.viewport().width():
            problems.append(f"{table.objectName()}: scrolls sideways")
    assert not problems, "\n".join(problems)
    field = page.account_card.number_field
    assert field.fontMetrics().horizontalAdvance(field.text()) < field.contentsRect().width()
    qtbot.waitUntil(lambda: not runner.busy, timeout=30_000)
