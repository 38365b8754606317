"""The settings page shows the installed games' settings (issue 36): each game's declared
fields in the limits card, where Bet-on-Poker's always were, saved as the shop's are."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from main import games
from pos.games.registry import Games, installing
from pos.games.settings import SettingSpec, flag
from pos.poker.settings import MARGIN, PAY_AT_ONCE
from pos.roulette.settings import ZERO_RULE
from pos.shop.desk import Desk
from pos.shop.services import Shop
from ui.pages.settings import SettingsPage, game_settings
from ui.tasks import TaskRunner

COIN_AT_ONCE = flag("coin_pay_at_once", "Монетка: выплата сразу")


@dataclasses.dataclass(frozen=True)
class Coin:
    """A stand-in game of a test with a yes/no setting of its own."""

    key: str = "coin"
    title: str = "Монетка"
    sport_words: str = "Монетка"
    codes: range = range(500_000, 600_000)
    batch_kind: int = 250
    room: tuple[str, ...] = ("tests/gui/test_settings_games.py",)
    names: tuple[str, ...] = ("coin", "монетка")
    settings: tuple[SettingSpec[Any], ...] = (COIN_AT_ONCE,)

    def pays_at_once(self, settings: Any) -> bool:
        """Read by the published conditions (issue 37, p.6): a coin's win is paid the next day."""
        return False


def _open(qtbot: QtBot, boss: Desk, runner: TaskRunner) -> SettingsPage:
    page = SettingsPage(boss, runner)
    qtbot.addWidget(page)
    page.show()
    page.load_settings()
    qtbot.waitUntil(lambda: not runner.busy)
    return page


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner) -> Iterator[SettingsPage]:
    # Poker's fields close the limits card when it is the only game (roulette's follow them).
    with installing(Games(_poker())):
        yield _open(qtbot, boss, runner)


def _poker() -> list[Any]:
    return [game for game in games() if game.key == "poker"]


@pytest.fixture
def with_coin(demo_shop: Shop) -> Iterator[Games]:
    """The shop's games and a coin toss, installed after the shop installed its own."""
    with installing(Games([*_poker(), Coin()])) as installed:  # roulette's fields aside
        yield installed


def _rows(card: QWidget) -> list[str]:
    """The object names of a card's fields, top to bottom."""
    form = card.layout()
    assert isinstance(form, QFormLayout)
    names: list[str] = []
    for row in range(form.rowCount()):
        for role in (QFormLayout.ItemRole.FieldRole, QFormLayout.ItemRole.SpanningRole):
            item = form.itemAt(row, role)
            name = item.widget().objectName() if item is not None and item.widget() else ""
            if name and name not in names:
                names.append(name)
    return names


def test_poker_s_settings_close_the_limits_card_as_before(page: SettingsPage) -> None:
    margin = page.findChild(QLineEdit, "poker_margin")
    switch = page.findChild(QCheckBox, "poker_pay_at_once")
    labels = {label.text(): label.buddy() for label in page.findChildren(QLabel)}

    assert labels["Маржа Bet-on-Poker (доля)"] is margin
    assert margin.text() == "0,10"
    assert switch.text() == "Выплачивать выигрыши Bet-on-Poker сразу после тиража"
    assert not switch.isChecked()
    assert page.findChild(QLineEdit, "poker_pay_at_once") is None  # a switch, never «нет»
    assert _rows(margin.parentWidget())[-3:] == ["max_payout", "poker_margin", "poker_pay_at_once"]
    assert game_settings() == (MARGIN, PAY_AT_ONCE)


def test_a_manager_types_the_margin_and_saves_it_with_enter(
    qtbot: QtBot, page: SettingsPage, demo_shop: Shop
) -> None:
    margin = page.findChild(QLineEdit, "poker_margin")
    margin.selectAll()
    qtbot.keyClicks(margin, "0,12")

    with qtbot.waitSignal(page.settings_saved):
        qtbot.keyClick(margin, Qt.Key.Key_Return)

    assert demo_shop.settings().value(MARGIN) == Decimal("0.12")
    assert margin.text() == "0,12"


def test_a_bad_margin_shows_the_game_s_sentence_and_is_selected(
    qtbot: QtBot, page: SettingsPage, demo_shop: Shop
) -> None:
    margin = page.findChild(QLineEdit, "poker_margin")
    margin.selectAll()
    qtbot.keyClicks(margin, "0,5")
    qtbot.keyClick(margin, Qt.Key.Key_Return)

    sentence = (
        "Настройка «Маржа Bet-on-Poker (доля)» не сохранена: "
        "нужна доля от 0 до 0,5 (не включая 0,5), например 0,10."
    )
    qtbot.waitUntil(lambda: page.findChild(QLabel, "settings_message").text() == sentence)
    assert margin.selectedText() == "0,5"
    assert demo_shop.settings().value(MARGIN) == Decimal("0.10")


def test_another_game_s_switch_is_listed_and_saved_with_space_and_ctrl_s(
    qtbot: QtBot, with_coin: Games, boss: Desk, runner: TaskRunner, demo_shop: Shop
) -> None:
    page = _open(qtbot, boss, runner)
    switch = page.findChild(QCheckBox, "coin_pay_at_once")
    assert switch.text() == "Монетка: выплата сразу"
    assert _rows(switch.parentWidget())[-3:] == [
        "poker_margin",
        "poker_pay_at_once",
        "coin_pay_at_once",
    ]

    switch.setFocus()
    qtbot.keyClick(switch, Qt.Key.Key_Space)
    with qtbot.waitSignal(page.settings_saved):
        qtbot.keyClick(page, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)

    assert demo_shop.settings().value(COIN_AT_ONCE) is True
    assert not demo_shop.settings().value(PAY_AT_ONCE)  # only what was switched is sent


def test_a_game_s_choice_is_picked_from_its_words_and_stored_as_its_code(
    qtbot: QtBot, boss: Desk, runner: TaskRunner, demo_shop: Shop
) -> None:
    # Roulette's zero rule: the manager reads and picks words, never "half" or "all".
    with installing(games()):
        page = _open(qtbot, boss, runner)
        picker = page.findChild(QComboBox, "roulette_zero_rule")
        assert [picker.itemText(i) for i in range(picker.count())] == [
            "проигрывают половину, половина возвращается (п.9.1)",
            "проигрывают целиком",
        ]
        assert picker.currentText().startswith("проигрывают половину")  # the law's default
        picker.setFocus()
        qtbot.keyClick(picker, Qt.Key.Key_Down)
        with qtbot.waitSignal(page.settings_saved):
            qtbot.keyClick(page, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)

        assert demo_shop.settings().value(ZERO_RULE) == "all"
        assert picker.currentText() == "проигрывают целиком"  # read back as saved
