"""The СККС refusals shown whole where the cashier works (issue 35): «СККС не ответила», the
controller's refusal and a till cut off too long, on the betting and payout pages at 1366×768
and 1024×700, driven by keys against the simulator."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QTableView, QWidget
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.shop.services import Shop
from pos.skks.errors import SkksCutOff, SkksNoAnswer, SkksRefused
from tests.gui.betting_helpers import add_leg, open_confirmation, type_stake
from tests.gui.payouts_helpers import scan, type_document
from tests.gui.test_screen_fit import open_page
from tests.gui.test_screen_fit_labels import SIZES, texts_cut
from tests.gui.widgets import child, open_window, shown_messages, sign_in
from tests.screenshots_fit import fit_shop, won_slips
from tests.skks_simulator import SimulatedController
from ui import skks_link
from ui.app import create_application
from ui.dialogs.confirm_bet import ConfirmBetDialog
from ui.main_window import MainWindow
from ui.models.skks_model import REASON
from ui.pages.betting import BettingPage
from ui.pages.payouts import PayoutsPage
from ui.pages.skks import SkksPage
from ui.tasks import TaskRunner
from ui.widgets.elided_label import ElidedLabel


@pytest.fixture
def controller() -> Iterator[SimulatedController]:
    with SimulatedController() as simulated:
        yield simulated


@pytest.fixture
def shop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Shop]:
    # Only the operations under test talk to the controller: no background sending.
    monkeypatch.setattr(skks_link, "TICK_MS", 3_600_000)
    monkeypatch.setattr(skks_link, "AFTER_WORK_MS", 3_600_000)
    demo = fit_shop(tmp_path)
    yield demo
    demo.close()


@pytest.fixture(params=SIZES, ids=lambda size: f"{size.width()}x{size.height()}")
def size(request: pytest.FixtureRequest) -> QSize:
    return request.param


def _boss_window(
    qtbot: QtBot, shop: Shop, runner: TaskRunner, ui_state: QSettings, size: QSize
) -> MainWindow:
    create_application([])  # the application's font and style sheet
    window = open_window(qtbot, shop, runner, ui_state)
    window.resize(size)
    sign_in(qtbot, window, "boss", "9911")
    return window


def _bet_by_keys(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner, sentence: str
) -> ConfirmBetDialog:
    """A single typed, Enter, Enter on the confirmation: the refusal stays in the dialog."""
    page = open_page(qtbot, window, runner, window.page_titles().index("Ставки"))
    assert isinstance(page, BettingPage)
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "10")
    dialog = open_confirmation(qtbot, page)
    qtbot.waitExposed(dialog)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.message_text() == sentence and not runner.busy)
    qtbot.wait(50)
    return dialog


def _whole(root: QWidget, window: QWidget, sentence: str) -> None:
    assert sentence in shown_messages(root).values()
    problems = texts_cut(root, window)
    assert not problems, "\n".join(problems)


@pytest.mark.warns_in_log  # a controller not answering is an environment failure
def test_no_answer_on_a_bet_is_shown_whole(
    qtbot: QtBot,
    shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    size: QSize,
    controller: SimulatedController,
) -> None:
    shop.update_settings(skks_url=controller.url, skks_mode="online", skks_timeout=1)
    controller.down = True
    window = _boss_window(qtbot, shop, runner, ui_state, size)

    sentence = str(SkksNoAnswer("bet"))

    dialog = _bet_by_keys(qtbot, window, runner, sentence)

    _whole(dialog, dialog, sentence)


def test_the_controllers_refusal_of_a_bet_is_shown_whole(
    qtbot: QtBot,
    shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    size: QSize,
    controller: SimulatedController,
) -> None:
    reason = "Касса не зарегистрирована в СККС или её регистрация приостановлена центром"
    shop.update_settings(skks_url=controller.url, skks_mode="online", skks_timeout=1)
    controller.refuse_kinds = {"bet_accepted": reason}
    window = _boss_window(qtbot, shop, runner, ui_state, size)

    sentence = str(SkksRefused("bet", reason))

    dialog = _bet_by_keys(qtbot, window, runner, sentence)

    _whole(dialog, dialog, sentence)


def test_a_till_cut_off_too_long_says_so_whole(
    qtbot: QtBot,
    shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    size: QSize,
    controller: SimulatedController,
) -> None:
    shop.update_settings(skks_url=controller.url, skks_mode="deferred", skks_timeout=1)
    controller.down = True
    shop.login("anna", "4821").cash_in("10", reason="размен")
    clock = shop.context.clock
    assert isinstance(clock, FixedClock)
    clock.advance(timedelta(minutes=61))
    window = _boss_window(qtbot, shop, runner, ui_state, size)

    sentence = str(SkksCutOff(61, 60))

    dialog = _bet_by_keys(qtbot, window, runner, sentence)

    _whole(dialog, dialog, sentence)


@pytest.mark.warns_in_log
def test_no_answer_on_a_payout_is_shown_whole(
    qtbot: QtBot,
    shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    size: QSize,
    controller: SimulatedController,
) -> None:
    number = won_slips(shop)[0]
    paid_before = len(shop.journal())
    shop.update_settings(skks_url=controller.url, skks_mode="online", skks_timeout=1)
    controller.down = True
    window = _boss_window(qtbot, shop, runner, ui_state, size)
    page = open_page(qtbot, window, runner, window.page_titles().index("Выплаты"))
    assert isinstance(page, PayoutsPage)
    scan(qtbot, page, number)
    qtbot.waitUntil(lambda: page.quote is not None)
    type_document(qtbot, page)

    qtbot.keyClick(page.document_form.field("surname"), Qt.Key.Key_F9)

    sentence = str(SkksNoAnswer("payout"))
    qtbot.waitUntil(lambda: page.pay_message_text() == sentence and not runner.busy)
    qtbot.wait(50)
    _whole(page, window, sentence)
    assert len(shop.journal()) == paid_before  # nothing paid


def test_the_skks_page_shows_a_refusal_and_an_outage_whole(
    qtbot: QtBot,
    shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    size: QSize,
    controller: SimulatedController,
) -> None:
    reason = "Внесение без открытой кассы в СККС: откройте кассу и повторите операцию"
    shop.update_settings(skks_url=controller.url, skks_mode="deferred", skks_timeout=1)
    controller.refuse_kinds = {"cash_in": reason}
    shop.login("boss", "9911").cash_in("100", reason="размен")
    shop.skks_send()
    controller.down = True
    shop.login("anna", "4821").accept_bet([(101, "1")], stake="5")
    window = _boss_window(qtbot, shop, runner, ui_state, size)
    page = open_page(qtbot, window, runner, window.page_titles().index("СККС"))
    assert isinstance(page, SkksPage)
    send = child(page, QPushButton, "skks_send_now")

    send.setFocus()
    qtbot.keyClick(send, Qt.Key.Key_Space)

    message = child(page, QLabel, "skks_message")
    qtbot.waitUntil(lambda: message.text().startswith("СККС не ответила") and not runner.busy)
    qtbot.wait(50)
    assert page.refusals.rowCount() == 1
    problems = texts_cut(page, window)
    assert not problems, "\n".join(problems)
    table = child(page, QTableView, "skks_refusals")
    assert isinstance(table, QTableView)
    cell = table.visualRect(page.refusals.index(0, REASON))
    assert table.viewport().rect().contains(cell)
    needed = table.fontMetrics().boundingRect(
        cell.adjusted(4, 0, -4, 0), Qt.TextFlag.TextWordWrap, f"refused: {reason}"
    )
    assert needed.height() <= cell.height()  # the reason wraps whole in its row


def test_the_status_bar_keeps_the_count_and_the_age_in_sight(
    qtbot: QtBot,
    shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    size: QSize,
    controller: SimulatedController,
) -> None:
    shop.update_settings(skks_url=controller.url, skks_mode="deferred", skks_timeout=1)
    controller.down = True
    shop.login("anna", "4821").accept_bet([(101, "1")], stake="5")
    clock = shop.context.clock
    assert isinstance(clock, FixedClock)
    clock.advance(timedelta(minutes=12))
    window = _boss_window(qtbot, shop, runner, ui_state, size)  # beside the register's warning
    label = window.statusBar().findChild(ElidedLabel, "status_skks")
    assert isinstance(label, ElidedLabel)
    words = "СККС: 1 в очереди (12 мин.)"
    qtbot.waitUntil(lambda: label.text() == words and not runner.busy)
    qtbot.wait(50)

    shown = label.elided_text()

    if size.width() >= 1366:
        assert shown == words
    else:  # a manager's warning beside it at 1024 pixels: whole, or cut in its middle
        assert shown == words or (shown.startswith("СККС: 1 ") and shown.endswith("мин.)"))
        assert label.toolTip() == words
    assert window.width() == size.width() and window.height() == size.height()
