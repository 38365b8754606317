"""Roulette's board in the window (issue 36): the draw on sale and its countdown, picks by the
table, the track and the keyboard onto the slip, and a manager's number read back, the
studio's file and a cancellation."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPushButton, QTabBar
from pytestqt.qtbot import QtBot

import ui.games.roulette.board
from main import game_uis
from pos.core.clock import FixedClock
from pos.games.registry import Games, installing
from pos.poker.game import POKER
from pos.roulette.draws import spin_code
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.gui.betting_helpers import open_confirmation, type_stake
from tests.gui.payouts_helpers import open_payouts, scan, type_document
from tests.gui.test_betting import type_text
from tests.gui.test_game_boards import window_with
from tests.gui.test_main_window import signed_in_and_active, tab_texts
from tests.gui.widgets import child, click
from ui.games.roulette.board import RoulettePage
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner

# The clock stands at 12:00:00 in Minsk: draw 1 starts at 12:03, draw 2 at 12:06.
FIRST = NOW + timedelta(minutes=3)


def _page(qtbot: QtBot, desk: Desk, runner: TaskRunner, clock: FixedClock) -> RoulettePage:
    page = RoulettePage(desk, runner, clock)
    qtbot.addWidget(page)
    page.resize(1280, 720)
    page.show()
    _reload(qtbot, page)
    return page


def _reload(qtbot: QtBot, page: RoulettePage) -> None:
    before = page.board
    qtbot.waitUntil(lambda: not page._runner.busy)  # the board is read when the worker is free
    page.refresh()
    qtbot.waitUntil(lambda: page.board is not None and page.board is not before)


def _started(qtbot: QtBot, page: RoulettePage, clock: FixedClock) -> None:
    """Draw 1 has started: no more bets on it, its number may be entered."""
    clock.set(FIRST + timedelta(seconds=20))
    _reload(qtbot, page)


def _text(page: RoulettePage, name: str) -> str:
    return child(page, QLabel, name).text()


def test_the_board_shows_the_draw_on_sale_and_counts_down_to_its_start(
    qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    page = _page(qtbot, anna, runner, clock)

    assert _text(page, "roulette_title") == "Тираж № 1, начало в 12:03"
    assert _text(page, "roulette_next") == "Следующий: № 2 в 12:06"
    assert _text(page, "roulette_countdown") == "Ставки до 12:03, ещё 3:00"
    clock.set(NOW + timedelta(seconds=61))
    qtbot.waitUntil(lambda: _text(page, "roulette_countdown") == "Ставки до 12:03, ещё 1:59")
    clock.set(FIRST + timedelta(seconds=1))
    qtbot.waitUntil(lambda: _text(page, "roulette_countdown") == "Ставок больше нет")
    assert page.table.cell("17").property("colour") == "black"
    assert page.table.cell("0").property("colour") == "green"


@pytest.mark.parametrize(
    ("how", "typed", "market"),
    [
        ("table", "17", "17"),
        ("table", "КР", "RED"),
        ("keys", "зш", "ZERO"),
        # Added at the page's 1,00, which 9 chips do not split: the stake is checked when the
        # bet is taken (pos.betting.use_cases.price_pick).
        ("keys", "вз", "VOISINS"),
    ],
)
def test_a_bet_clicked_on_the_table_or_typed_goes_on_the_slip(
    qtbot: QtBot,
    demo_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    how: str,
    typed: str,
    market: str,
) -> None:
    window = window_with(qtbot, demo_shop, runner, ui_state, game_uis())
    signed_in_and_active(qtbot, window, "anna", "4821")
    navigation = window.findChild(QTabBar, "navigation")
    navigation.setCurrentIndex(window.page_titles().index("Рулетка"))
    page = window.findChild(RoulettePage)
    qtbot.waitUntil(lambda: page.board is not None)

    if how == "table":
        qtbot.mouseClick(page.table.cell(typed), Qt.MouseButton.LeftButton)
    else:
        field = child(page, QLineEdit, "roulette_bet")
        field.setFocus()
        type_text(qtbot, field, typed)  # Cyrillic: QTest types ASCII only
        qtbot.keyClick(field, Qt.Key.Key_Return)
        assert field.text() == ""

    betting = window.findChild(BettingPage)
    qtbot.waitUntil(lambda: betting.draft.rowCount() == 1)
    assert betting.isVisible()
    assert betting.draft.picks() == [(spin_code(1), market)]


def test_a_neighbours_bet_is_picked_on_the_wheel_s_track(
    qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    page = _page(qtbot, anna, runner, clock)
    _started(qtbot, page, clock)  # draw 1 takes no more bets: the pick goes on draw 2

    with qtbot.waitSignal(page.pick_wanted) as picked:
        qtbot.mouseClick(page.track.cell("Н17"), Qt.MouseButton.LeftButton)
    assert picked.args == [f"{spin_code(2)} Н17"]
    assert page.track.cell("ВЗ").text() == "Вуазен де зеро (ВЗ)"


def test_a_typed_code_that_is_no_bet_shows_pos_s_sentence(
    qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    page = _page(qtbot, anna, runner, clock)
    field = child(page, QLineEdit, "roulette_bet")

    with qtbot.assertNotEmitted(page.pick_wanted):
        qtbot.keyClicks(field, "17/21")
        qtbot.keyClick(field, Qt.Key.Key_Return)

    assert page.message_text() == "17/21 — не сплит: числа не соседние на поле."
    assert field.text() == "17/21"  # kept, to be corrected


def test_a_manager_records_a_spin_by_keys_after_its_read_back(
    qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    page = _page(qtbot, boss, runner, clock)
    _started(qtbot, page, clock)
    spin = child(page, QLineEdit, "roulette_spin")
    spin.setFocus()

    qtbot.keyClicks(spin, "17")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.readback is not None and page.readback.isVisible())
    readback = page.readback
    assert readback.text() == "Записать: тираж № 1, выпало 17 — чёрное, нечет, 1–18?"
    qtbot.keyClick(readback, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.message_text() == "Тираж № 1: выпало 17 — чёрное, нечет, 1–18.")
    qtbot.waitUntil(lambda: _text(page, "chip_0") == "17")
    assert child(page, QLabel, "chip_0").property("colour") == "black"
    assert _text(page, "roulette_last") == "№ 1: Выпало 17 — чёрное, нечет, 1–18"
    assert _text(page, "roulette_title") == "Тираж № 2, начало в 12:06"
    assert spin.text() == ""


def test_a_number_read_back_and_corrected_is_not_recorded(
    qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    page = _page(qtbot, boss, runner, clock)
    _started(qtbot, page, clock)
    spin = child(page, QLineEdit, "roulette_spin")
    qtbot.keyClicks(spin, "71")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "71" in page.message_text())  # pos: no such number on the wheel
    assert page.readback is None

    spin.setText("7")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.readback is not None and page.readback.isVisible())
    qtbot.keyClick(page.readback, Qt.Key.Key_Escape)

    qtbot.waitUntil(lambda: page.readback is None)
    _reload(qtbot, page)
    assert page.board is not None and page.board.current.number == 1
    assert page.board.history == ()


def test_a_cashier_sees_no_manager_part(
    qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    page = _page(qtbot, anna, runner, clock)

    assert page.findChild(QLineEdit, "roulette_spin") is None
    for name in ("record_spin", "import_spins", "cancel_spin"):
        assert page.findChild(QPushButton, name) is None


def test_a_studio_file_with_a_bad_line_is_refused_and_records_nothing(
    qtbot: QtBot,
    boss: Desk,
    runner: TaskRunner,
    clock: FixedClock,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = _page(qtbot, boss, runner, clock)
    _started(qtbot, page, clock)
    spins = tmp_path / "spins.csv"
    spins.write_text("тираж;число\n1;17\n2;99\n", encoding="utf-8")
    monkeypatch.setattr(
        ui.games.roulette.board.QFileDialog,
        "getOpenFileName",
        staticmethod(lambda *_args: (str(spins), "")),
    )

    click(qtbot, page, "import_spins")

    qtbot.waitUntil(lambda: "не загружены" in page.message_text())
    assert page.message_text().startswith(
        "Результаты рулетки из файла «spins.csv» не загружены, ничего не изменено."
    )
    assert "«99» — не число колеса" in page.message_text()
    _reload(qtbot, page)
    assert page.board is not None and page.board.history == ()


def test_a_manager_loads_the_studio_s_file(
    qtbot: QtBot,
    boss: Desk,
    runner: TaskRunner,
    clock: FixedClock,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = _page(qtbot, boss, runner, clock)
    _started(qtbot, page, clock)
    spins = tmp_path / "spins.csv"
    spins.write_text("тираж;число\n1;0\n", encoding="utf-8")
    monkeypatch.setattr(
        ui.games.roulette.board.QFileDialog,
        "getOpenFileName",
        staticmethod(lambda *_args: (str(spins), "")),
    )

    click(qtbot, page, "import_spins")

    qtbot.waitUntil(lambda: page.message_text() == "Записаны тиражи: 1.")
    qtbot.waitUntil(lambda: _text(page, "chip_0") == "0")
    assert child(page, QLabel, "chip_0").property("colour") == "green"


def test_a_manager_cancels_a_draw_with_a_reason(
    qtbot: QtBot,
    boss: Desk,
    runner: TaskRunner,
    clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = _page(qtbot, boss, runner, clock)
    _started(qtbot, page, clock)
    monkeypatch.setattr(
        ui.games.roulette.board.QInputDialog,
        "getText",
        staticmethod(lambda *_args: ("шарик вылетел", True)),
    )

    click(qtbot, page, "cancel_spin")

    qtbot.waitUntil(lambda: page.message_text() == "Тираж № 1: отменён: шарик вылетел.")
    qtbot.waitUntil(lambda: _text(page, "chip_0") == "—")
    assert _text(page, "roulette_last") == "№ 1: Отменён: шарик вылетел"


def test_the_board_is_listed_only_while_the_shop_sells_roulette(
    qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings
) -> None:
    window = window_with(qtbot, demo_shop, runner, ui_state, game_uis())
    signed_in_and_active(qtbot, window, "anna", "4821")
    assert tab_texts(window)[-2:] == ["9 Рулетка", "Условия"]  # everyone's last (issue 37)
    qtbot.waitUntil(lambda: not runner.busy)

    with installing(Games([POKER])):
        other = window_with(qtbot, demo_shop, runner, ui_state, game_uis())
        signed_in_and_active(qtbot, other, "anna", "4821")
        assert "Рулетка" not in other.page_titles()
        assert other.findChild(RoulettePage) is None
        qtbot.waitUntil(lambda: not runner.busy)


def test_tab_goes_from_the_bet_to_the_manager_s_fields_past_the_table(
    qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    page = _page(qtbot, boss, runner, clock)
    page.activateWindow()
    qtbot.waitActive(page)
    child(page, QLineEdit, "roulette_bet").setFocus()

    chain = []
    for _ in range(6):
        chain.append(QApplication.focusWidget().objectName())
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)

    assert chain == [
        "roulette_bet",
        "add_bet",
        "roulette_spin",
        "record_spin",
        "import_spins",
        "cancel_spin",
    ]


def test_bets_sold_by_mouse_and_keys_are_recorded_and_the_winning_slip_is_paid(
    qtbot: QtBot,
    demo_shop: Shop,
    boss: Desk,
    runner: TaskRunner,
    ui_state: QSettings,
    clock: FixedClock,
) -> None:
    # Issue 36, "Done when": straight, split, dozen, red and Вуазен sold by the cashier by mouse
    # and by keys, the manager records the spin, the winning slips are paid.
    boss.update_settings(roulette_pay_at_once=True)  # the licence pays on the day of the draw
    window = window_with(qtbot, demo_shop, runner, ui_state, game_uis())
    signed_in_and_active(qtbot, window, "anna", "4821")
    navigation = window.findChild(QTabBar, "navigation")
    betting = window.findChild(BettingPage)
    before = {slip.number for slip in boss.recent_slips(minutes=10)}
    for how, typed, stake in (
        ("table", "17", "10"),
        ("keys", "17/20", "10"),
        ("table", "Д2", "10"),
        ("table", "КР", "10"),
        ("track", "ВЗ", "9"),
    ):
        navigation.setCurrentIndex(window.page_titles().index("Рулетка"))
        page = window.findChild(RoulettePage)
        qtbot.waitUntil(lambda page=page: page.board is not None)
        if how == "keys":
            field = child(page, QLineEdit, "roulette_bet")
            field.setFocus()
            type_text(qtbot, field, typed)
            qtbot.keyClick(field, Qt.Key.Key_Return)
        else:
            cells = page.track if how == "track" else page.table
            qtbot.mouseClick(cells.cell(typed), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: betting.isVisible() and betting.draft.rowCount() == 1)
        type_stake(qtbot, betting, stake)
        dialog = open_confirmation(qtbot, betting)
        qtbot.keyClick(dialog, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: betting.confirm_dialog is None and betting.draft.rowCount() == 0)
    recent = boss.recent_slips(minutes=10)
    sold = {slip.legs[0].market: slip for slip in recent if slip.number not in before}
    assert sorted(sold) == sorted(["17", "17/20", "D2", "RED", "VOISINS"])

    manager = _page(qtbot, boss, runner, clock)
    _started(qtbot, manager, clock)
    spin = child(manager, QLineEdit, "roulette_spin")
    spin.setFocus()
    qtbot.keyClicks(spin, "17")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: manager.readback is not None and manager.readback.isVisible())
    qtbot.keyClick(manager.readback, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _text(manager, "chip_0") == "17")

    settled = {market: boss.slip(slip.number) for market, slip in sold.items()}
    assert {market: (slip.status.value, slip.payout) for market, slip in settled.items()} == {
        "17": ("won", Decimal("360.00")),  # 35 to 1
        "17/20": ("won", Decimal("180.00")),  # 17 to 1
        "D2": ("won", Decimal("30.00")),  # 2 to 1
        "RED": ("lost", Decimal("0.00")),  # 17 is black
        "VOISINS": ("lost", Decimal("0.00")),  # no chip of Вуазен covers 17
    }
    payouts = open_payouts(qtbot, demo_shop.login("anna", "4821"), runner, clock)
    for slip in (settled["17"], settled["17/20"], settled["D2"]):
        scan(qtbot, payouts, slip.number)
        type_document(qtbot, payouts)
        with qtbot.waitSignal(payouts.paid_out) as paid:
            click(qtbot, payouts, "pay_out")
        assert paid.args[0].amount == slip.payout
    assert [entry.amount for entry in boss.journal()][-3:] == [
        Decimal("360.00"),
        Decimal("180.00"),
        Decimal("30.00"),
    ]
