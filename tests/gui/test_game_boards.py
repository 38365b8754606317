"""The window lists the games' boards it is given (issue 36): each at its slot, a board without
one after the cashier's last page, only for a game the shop sells; Alt+1…8 never move."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QListWidget, QPushButton, QVBoxLayout
from pytestqt.qtbot import QtBot

import ui.games.poker.board
import ui.pages.draws
from main import game_uis, games
from pos.core.clock import Clock
from pos.games.registry import Games, installing
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.gui.test_main_window import press, signed_in_and_active, tab_texts
from tests.gui.widgets import current_tab
from tests.unit.pos.test_games_registry import Toss
from ui.connection import ShopConnection
from ui.games import BoardPage, GameUi
from ui.games.poker import UI as POKER_UI
from ui.games.poker.board import DrawsPage
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner

# Every page but the games' boards, as a manager sees them: each keeps its Alt key.
HOUSE = [
    "1 Ставки",
    "2 Линия",
    "4 Отмены",
    "5 Выплаты",
    "6 Касса",
    "7 Спрэдбет",
    "8 Спрэдбетэкс",
    "9 Результаты",
    "Редактор линии",
    "Крупные ставки",  # the risk desk (issue 38)
    "Обязательства",
    "Журнал",
    "Отчёты",
    "Претензии",  # issue 37
    "Купоны",  # issue 37, p.17
    "Пользователи",
    "Пункты",
    "Настройки",
    "Условия",  # issue 37, p.6
    "СККС",
]


class CoinBoard(BoardPage):
    """The coin's board: one button putting event 101's home win on the slip."""

    def __init__(self, desk: Desk, runner: TaskRunner, clock: Clock) -> None:
        super().__init__()
        self.refreshed = 0
        heads = QPushButton("Орёл")
        heads.setObjectName("heads")
        heads.clicked.connect(lambda: self.pick_wanted.emit("101 1"))
        QVBoxLayout(self).addWidget(heads)

    def refresh(self) -> None:
        self.refreshed += 1


COIN = GameUi(Toss.key, "Монетка", CoinBoard)  # the registry's stand-in game, with a board
# Poker's board and the coin's: roulette's, also without a slot, would come before the coin's.


@pytest.fixture
def coin_sold() -> Iterator[Games]:
    """The shop sells the stand-in game besides the games main.py lists."""
    with installing(Games([*games(), Toss()])) as sold:
        yield sold


@pytest.fixture(autouse=True)
def _no_spread_on_fakes(monkeypatch: pytest.MonkeyPatch) -> None:
    # The fakes keep no «Спрэдбет» (tests/fakes.py): its page reads nothing here.
    monkeypatch.setattr(SpreadPage, "refresh", lambda _page: None)


def window_with(
    qtbot: QtBot, shop: Shop, runner: TaskRunner, ui_state: QSettings, boards: tuple[GameUi, ...]
) -> MainWindow:
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state, boards=boards)
    qtbot.addWidget(window)
    window.show()
    users = window.findChild(QListWidget, "users")
    qtbot.waitUntil(lambda: users.count() > 0)
    return window


def test_a_window_given_no_boards_lists_no_game_and_every_other_page_keeps_its_key(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings
) -> None:
    window = window_with(qtbot, demo_shop, runner, ui_state, ())
    signed_in_and_active(qtbot, window, "boss", "9911")

    assert tab_texts(window) == HOUSE
    assert window.findChild(DrawsPage) is None
    alt = Qt.KeyboardModifier.AltModifier
    press(qtbot, Qt.Key.Key_4, alt)
    assert current_tab(window) == "Отмены"
    press(qtbot, Qt.Key.Key_8, alt)
    assert current_tab(window) == "Спрэдбетэкс"
    press(qtbot, Qt.Key.Key_3, alt)  # the games' key, held for a board
    assert current_tab(window) == "Спрэдбетэкс"
    press(qtbot, Qt.Key.Key_9, alt)
    assert current_tab(window) == "Результаты"
    qtbot.waitUntil(lambda: not runner.busy)


def test_the_window_s_start_gives_it_the_boards_main_lists(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings
) -> None:
    window = window_with(qtbot, demo_shop, runner, ui_state, game_uis())
    signed_in_and_active(qtbot, window, "anna", "4821")

    assert tab_texts(window)[:4] == ["1 Ставки", "2 Линия", "3 Покер", "4 Отмены"]
    press(qtbot, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    assert current_tab(window) == "Покер"
    assert window.findChild(DrawsPage).isVisible()
    qtbot.waitUntil(lambda: not runner.busy)


def test_a_second_board_follows_the_cashier_s_last_page_and_fills_the_slip(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings, coin_sold: Games
) -> None:
    window = window_with(qtbot, demo_shop, runner, ui_state, (POKER_UI, COIN))
    signed_in_and_active(qtbot, window, "anna", "4821")

    assert tab_texts(window) == [
        "1 Ставки",
        "2 Линия",
        "3 Покер",
        "4 Отмены",
        "5 Выплаты",
        "6 Касса",
        "7 Спрэдбет",
        "8 Спрэдбетэкс",
        "9 Монетка",
        "Условия",  # everyone's, after the boards (issue 37, p.6)
    ]
    press(qtbot, Qt.Key.Key_9, Qt.KeyboardModifier.AltModifier)
    assert current_tab(window) == "Монетка"
    board = window.findChild(CoinBoard)
    assert board.isVisible() and board.refreshed == 1

    qtbot.mouseClick(board.findChild(QPushButton, "heads"), Qt.MouseButton.LeftButton)

    betting = window.findChild(BettingPage)
    qtbot.waitUntil(lambda: betting.draft.rowCount() == 1)
    assert current_tab(window) == "Ставки"
    assert betting.draft.picks() == [(101, "1")]


def test_a_manager_s_pages_follow_the_second_board(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings, coin_sold: Games
) -> None:
    window = window_with(qtbot, demo_shop, runner, ui_state, (POKER_UI, COIN))
    signed_in_and_active(qtbot, window, "boss", "9911")

    shown = tab_texts(window)
    assert shown[:9] == [*HOUSE[:2], "3 Покер", *HOUSE[2:7], "9 Монетка"]
    assert shown[9:] == ["Результаты", *HOUSE[8:]]
    qtbot.waitUntil(lambda: not runner.busy)


def test_a_board_is_listed_only_for_a_game_the_shop_sells(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings
) -> None:
    window = window_with(qtbot, demo_shop, runner, ui_state, (POKER_UI, COIN))
    signed_in_and_active(qtbot, window, "anna", "4821")

    assert "Монетка" not in window.page_titles()
    assert window.findChild(CoinBoard) is None
    assert tab_texts(window)[-2:] == ["8 Спрэдбетэкс", "9 Условия"]  # issue 37, p.6
    qtbot.waitUntil(lambda: not runner.busy)


def test_the_board_s_old_module_is_the_board_itself() -> None:
    """Tests patch `ui.pages.draws.QInputDialog`: the very module the board reads it from."""
    assert ui.pages.draws is ui.games.poker.board
    assert ui.pages.draws.DrawsPage is DrawsPage


def test_the_boards_main_lists_load_their_pages_only_at_the_first_sign_in() -> None:
    """main.py hands them to ui.start before the window shows (issue 34: startup ≤ 2 s)."""
    probe = "import sys, main, ui.start; main.game_uis(); print(sorted(sys.modules))"
    loaded = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "'ui.games.poker'" in loaded
    assert "'ui.games.poker.board'" not in loaded
    assert "'pos.draws.use_cases'" not in loaded
