"""The Bet-on-Poker board: a cashier sees the hands and their odds and puts a hand on the slip;
a manager enters the cards as dealt and cancels a draw (issue #8)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QTabBar, QTableWidget
from pytestqt.qtbot import QtBot

import ui.pages.draws
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.poker.draws import Round
from pos.poker.events import SCHEDULE, draw_code
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import issue, type_stake
from tests.gui.test_main_window import login_page, sign_in
from tests.gui.widgets import child, click
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.draws import DrawsPage, card_text
from ui.tasks import TaskRunner

HANDS = "As Ks  Qh Qd  7c 8c  2d 2h  Js Td  9h 9c"


def _page(qtbot: QtBot, desk: Desk, runner: TaskRunner, clock: FixedClock) -> DrawsPage:
    page = DrawsPage(desk, runner, clock)
    qtbot.addWidget(page)
    page.resize(1280, 720)
    page.show()
    _reload(qtbot, page)
    return page


def _window(
    qtbot: QtBot, shop: Shop, runner: TaskRunner, ui_state: QSettings, login: str, pin: str
) -> MainWindow:
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: login_page(window).logins() == ["anna", "boss"])
    sign_in(qtbot, window, login, pin)
    return window


def _reload(qtbot: QtBot, page: DrawsPage) -> None:
    before = page.board
    qtbot.waitUntil(lambda: not page._runner.busy)  # the board is read when the worker is free
    page.refresh()
    qtbot.waitUntil(lambda: page.board is not None and page.board is not before)


def test_the_next_draw_sells_every_hand_at_the_same_odds(
    qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    page = _page(qtbot, anna, runner, clock)

    board = page.board
    assert board is not None
    button = page.hand_button("next", 3)
    assert button.text() == "Рука 3\n? ?\n4,96"
    assert button.isEnabled()
    title = child(page, QLabel, "next_title").text()
    assert title == f"Следующий тираж № {board.next.number}: ставки до раздачи"
    assert not page.findChild(QLineEdit, "draw_cards")  # a cashier does not deal


def test_a_manager_deals_and_the_hands_show_their_cards_and_new_odds(
    qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    page = _page(qtbot, boss, runner, clock)
    board = page.board
    assert board is not None
    clock.set(SCHEDULE.starts_at(board.next.number) + timedelta(seconds=2))
    _reload(qtbot, page)  # the next draw is now the one being played

    cards = child(page, QLineEdit, "draw_cards")
    cards.setText(HANDS)
    click(qtbot, page, "deal_cards")
    qtbot.waitUntil(lambda: "карты введены" in page.message_text())
    qtbot.waitUntil(lambda: page.board is not None and page.board.playing.hands is not None)

    first = page.hand_button("playing", 1)
    assert first.text().startswith("Рука 1\nA♠ K♠\n")
    assert first.isEnabled()
    countdown = child(page, QLabel, "draw_countdown").text()
    assert countdown.startswith(f"{Round.AFTER_DEAL.words}: приём до ")
    assert cards.text() == ""


def test_cards_that_are_not_the_deal_get_pos_s_sentence(
    qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    page = _page(qtbot, boss, runner, clock)
    board = page.board
    assert board is not None
    clock.set(SCHEDULE.starts_at(board.next.number) + timedelta(seconds=2))
    _reload(qtbot, page)

    child(page, QLineEdit, "draw_cards").setText("As Ks Qh")
    click(qtbot, page, "deal_cards")

    qtbot.waitUntil(lambda: "Для раздачи нужны 12 карт" in page.message_text())


def test_a_cancelled_draw_is_in_the_history(
    qtbot: QtBot,
    boss: Desk,
    runner: TaskRunner,
    clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = _page(qtbot, boss, runner, clock)
    board = page.board
    assert board is not None
    number = board.next.number
    clock.set(SCHEDULE.starts_at(number) + timedelta(seconds=2))
    _reload(qtbot, page)
    monkeypatch.setattr(
        ui.pages.draws.QInputDialog,
        "getText",
        staticmethod(lambda *_args: ("сканер не считал карту", True)),
    )

    click(qtbot, page, "cancel_draw")
    clock.set(SCHEDULE.starts_at(number + 1) + timedelta(seconds=2))
    qtbot.waitUntil(lambda: not runner.busy)
    _reload(qtbot, page)

    history = child(page, QTableWidget, "draw_history")
    assert history.item(0, 0).text() == str(number)
    assert history.item(0, 3).text() == "отменён: сканер не считал карту"


def test_a_hand_chosen_on_the_board_goes_onto_the_slip(
    qtbot: QtBot,
    demo_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    storage: FakeStorage,
) -> None:
    window = _window(qtbot, demo_shop, runner, ui_state, "anna", "4821")
    page = window.findChild(DrawsPage)
    _reload(qtbot, page)
    board = page.board
    assert board is not None

    qtbot.mouseClick(page.hand_button("next", 2), Qt.MouseButton.LeftButton)

    betting = window.findChild(BettingPage)
    qtbot.waitUntil(lambda: betting.draft.rowCount() == 1)
    assert betting.isVisible()
    assert betting.draft.picks() == [(draw_code(board.next.number), "P2")]


def test_cards_read_as_a_player_reads_them() -> None:
    assert card_text("AsTh", rich=False) == "A♠ 10♥"
    assert card_text("Kd") == '<span style="color:#b91c1c">K♦</span>'


def test_a_manager_loads_results_from_a_file(
    qtbot: QtBot,
    boss: Desk,
    runner: TaskRunner,
    clock: FixedClock,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = _page(qtbot, boss, runner, clock)
    board = page.board
    assert board is not None
    number = board.next.number
    clock.set(SCHEDULE.closes_at(number, Round.AFTER_TURN))
    feed = tmp_path / "feed.csv"
    feed.write_text(f"тираж;руки;стол\n{number};{HANDS};Ac 7h 3s Kd 5d\n", encoding="utf-8")
    monkeypatch.setattr(
        ui.pages.draws.QFileDialog,
        "getOpenFileName",
        staticmethod(lambda *_args: (str(feed), "")),
    )

    click(qtbot, page, "import_draws")

    qtbot.waitUntil(lambda: f"Записаны результаты тиражей: {number}." in page.message_text())
    history = child(page, QTableWidget, "draw_history")
    qtbot.waitUntil(lambda: history.rowCount() == 1)
    assert history.item(0, 3).text() == "выиграла рука 1"


def test_a_draw_runs_in_the_window_from_its_first_round_to_settlement(
    qtbot: QtBot,
    demo_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    storage: FakeStorage,
    clock: FixedClock,
) -> None:
    window = _window(qtbot, demo_shop, runner, ui_state, "boss", "9911")
    page = window.findChild(DrawsPage)
    _reload(qtbot, page)
    board = page.board
    assert board is not None
    number = board.next.number

    # Round 1: hand 1 at 4,96 onto the slip, 10,00, issued.
    qtbot.mouseClick(page.hand_button("next", 1), Qt.MouseButton.LeftButton)
    betting = window.findChild(BettingPage)
    qtbot.waitUntil(lambda: betting.draft.rowCount() == 1)
    type_stake(qtbot, betting, "10")
    slip = issue(qtbot, betting, storage)
    assert slip.legs[0].odds == Decimal("4.96")

    # Back on the board: the dealer's cards, street by street, each once its round closed.
    navigation = window.findChild(QTabBar, "navigation")
    navigation.setCurrentIndex(window.page_titles().index("Покер"))
    for index, cards in enumerate((HANDS, "Ac 7h 3s", "Kd", "5d")):
        clock.set(max(clock.now(), SCHEDULE.closes_at(number, Round(index + 1))))
        _reload(qtbot, page)
        child(page, QLineEdit, "draw_cards").setText(cards)
        click(qtbot, page, "deal_cards")
        qtbot.waitUntil(lambda: not runner.busy)
        assert "карты введены" in page.message_text(), (index, page.message_text())
        page._message.clear_message()

    settled = demo_shop.slip(slip.number)
    assert (settled.status, settled.payout) == (SlipStatus.WON, Decimal("49.60"))
