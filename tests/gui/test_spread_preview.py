"""Papers of an account on a terminal without a printer (issue 34): the statement, the card and
a «Спрэдбет» confirmation go to files, and the page shows each over itself as the betting page
shows a slip; Esc closes it and the cursor is back in the account field."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from main import open_shop
from pos.accounts.numbers import display_account_number
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.spread.numbers import display_spread_number
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.gui.spread_helpers import (
    add_assets,
    answer,
    back_at_field,
    dialog_of,
    fill_document,
    loaded,
    open_dialog,
    press,
    settled,
    shown_page,
)
from ui.dialogs.account_document import AccountDocumentDialog
from ui.dialogs.print_preview import PrintPreviewDialog
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("quiet_spread_page")
CTRL = Qt.KeyboardModifier.ControlModifier
NOTE = "Принтер не подключён: документ записан в файл. На бумаге он выглядит так."


@pytest.fixture
def paperless(tmp_path: Path, clock: FixedClock) -> Iterator[Shop]:
    """The «Спрэдбет» demo shop on SQLite with no printer set up: jobs go to files."""
    shop = open_shop(
        f"sqlite:///{tmp_path / 'shop.db'}",
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        jobs_dir=tmp_path / "prints",
    )
    shop.seed_demo()
    add_assets(shop)
    yield shop
    shop.close()


@pytest.fixture
def cashier(paperless: Shop) -> Desk:
    return paperless.login("anna", "4821")


@pytest.fixture
def account(cashier: Desk) -> str:
    number = cashier.open_account(document=PASSPORT).number
    cashier.deposit(number, Decimal("500"))
    cashier.filed_papers()  # the card of the opening: not this page's
    return number


@pytest.fixture
def page(qtbot: QtBot, cashier: Desk, runner: TaskRunner, clock: FixedClock) -> SpreadPage:
    return shown_page(qtbot, cashier, runner, clock)


def preview(qtbot: QtBot, page: SpreadPage) -> PrintPreviewDialog:
    dialog = dialog_of(qtbot, page)
    assert isinstance(dialog, PrintPreviewDialog)
    return dialog


def test_ctrl_p_shows_the_statement_written_to_a_file_and_esc_closes_it(
    qtbot: QtBot, page: SpreadPage, runner: TaskRunner, account: str
) -> None:
    loaded(qtbot, page, runner, account)

    press(qtbot, Qt.Key.Key_P, CTRL)
    dialog = preview(qtbot, page)

    shown = display_account_number(account)
    assert page.message_text() == f"Выписка по счёту {shown} записана в файл: принтер не подключён."
    assert dialog.heading_text() == f"Выписка по счёту игрока {shown}"
    assert dialog.note_text() == NOTE
    texts = dialog.paper.texts()
    assert "ВЫПИСКА ПО СЧЁТУ ИГРОКА" in texts
    assert any("500,00" in text for text in texts)
    press(qtbot, Qt.Key.Key_Escape)
    back_at_field(qtbot, page)
    assert page.dialog is None


def test_ctrl_shift_p_shows_the_card_with_its_codes(
    qtbot: QtBot, page: SpreadPage, runner: TaskRunner, account: str
) -> None:
    loaded(qtbot, page, runner, account)

    press(qtbot, Qt.Key.Key_P, CTRL | Qt.KeyboardModifier.ShiftModifier)
    dialog = preview(qtbot, page)

    shown = display_account_number(account)
    assert page.message_text() == f"Карта счёта {shown} записана в файл: принтер не подключён."
    assert dialog.heading_text() == f"Карта счёта игрока {shown}"
    kinds = {line.kind for line in dialog.paper.lines()}
    assert {"barcode", "qr"} <= kinds


def test_a_new_account_shows_its_card(qtbot: QtBot, page: SpreadPage, runner: TaskRunner) -> None:
    document = open_dialog(qtbot, page, Qt.Key.Key_F2)
    assert isinstance(document, AccountDocumentDialog)
    fill_document(document)
    document.document_form.field("expires_on").setFocus()
    press(qtbot, Qt.Key.Key_Return)
    settled(qtbot, runner)

    qtbot.waitUntil(lambda: isinstance(page.dialog, PrintPreviewDialog))
    dialog = preview(qtbot, page)

    assert page.spreads is not None
    shown = display_account_number(page.spreads.account.number)
    assert dialog.heading_text() == f"Карта счёта игрока {shown}"


def test_a_bet_opened_shows_its_confirmation(
    qtbot: QtBot, page: SpreadPage, runner: TaskRunner, account: str
) -> None:
    loaded(qtbot, page, runner, account)
    open_dialog(qtbot, page, Qt.Key.Key_F6)
    answer(qtbot, page, runner, "1")

    dialog = preview(qtbot, page)

    [position] = page.bets.model.rows()
    number = display_spread_number(position.bet.number)
    assert dialog.heading_text() == f"Ставка «Спрэдбет» {number}"
    assert 'СТАВКА "СПРЭДБЕТ"' in dialog.paper.texts()  # as the code page prints «»
    press(qtbot, Qt.Key.Key_Escape)
    back_at_field(qtbot, page)


def test_a_terminal_with_a_printer_shows_no_preview(
    qtbot: QtBot, counter_page: SpreadPage, runner: TaskRunner, spread_account: str
) -> None:
    loaded(qtbot, counter_page, runner, spread_account)

    press(qtbot, Qt.Key.Key_P, CTRL)
    settled(qtbot, runner)

    shown = display_account_number(spread_account)
    assert counter_page.message_text() == f"Выписка по счёту {shown} напечатана."
    assert counter_page.dialog is None
