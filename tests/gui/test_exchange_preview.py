"""A «Спрэдбетэкс» confirmation on a terminal without a printer (issue 34): written to a file and
shown over the page, as a slip is on the betting page; Esc closes it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from main import open_shop
from pos.core.clock import FixedClock
from pos.exchange.numbers import display_exchange_number
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.gui.exchange_helpers import chosen_offer, fill, loaded, players, shown_page
from tests.gui.spread_helpers import back_at_field, dialog_of, open_dialog, press, settled
from ui.dialogs.print_preview import PrintPreviewDialog
from ui.tasks import TaskRunner


@pytest.fixture
def paperless(tmp_path: Path, clock: FixedClock) -> Iterator[Shop]:
    """The demo shop on SQLite with no printer set up: jobs go to files."""
    shop = open_shop(
        f"sqlite:///{tmp_path / 'shop.db'}",
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        jobs_dir=tmp_path / "prints",
    )
    shop.seed_demo()
    yield shop
    shop.close()


def test_an_offer_shows_its_confirmation_written_to_a_file(
    qtbot: QtBot, paperless: Shop, runner: TaskRunner, clock: FixedClock
) -> None:
    anna = paperless.login("anna", "4821")
    backer, _layer = players(anna)
    anna.filed_papers()  # the cards of the openings: not this page's
    page = shown_page(qtbot, anna, runner, clock)
    loaded(qtbot, page, runner, backer)

    open_dialog(qtbot, page, Qt.Key.Key_F6)
    fill(qtbot, "101", "1", None, "1,50", "100")
    press(qtbot, Qt.Key.Key_Return)
    settled(qtbot, runner)

    qtbot.waitUntil(lambda: isinstance(page.dialog, PrintPreviewDialog))
    dialog = dialog_of(qtbot, page)
    assert isinstance(dialog, PrintPreviewDialog)
    number = display_exchange_number(chosen_offer(page).number)
    assert dialog.heading_text() == f"Пари «Спрэдбетэкс» {number}"
    assert 'ПАРИ "СПРЭДБЕТЭКС"' in dialog.paper.texts()
    press(qtbot, Qt.Key.Key_Escape)
    back_at_field(qtbot, page)
    assert page.dialog is None
