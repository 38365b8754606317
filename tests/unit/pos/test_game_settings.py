"""A game's settings (issue 36): declared by the game, kept with the shop's settings under the
names the settings table always had, refused in the game's own sentence."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Any

import pytest

from main import games
from pos.core.input_errors import InvalidSetting
from pos.core.settings import ShopSettings, apply_changes, from_text, to_text
from pos.games.registry import Games, installing
from pos.games.settings import SettingSpec, flag
from pos.offices.offices import Office, with_settings
from pos.poker.game import POKER
from pos.poker.settings import MARGIN, PAY_AT_ONCE

# What a manager read before the game declared its margin (pos/core/settings.py, 6 Dec 2026).
MARGIN_REFUSED = (
    "Настройка «Маржа Bet-on-Poker (доля)» не сохранена: "
    "нужна доля от 0 до 0,5 (не включая 0,5), например 0,10."
)
COIN_AT_ONCE = flag("coin_pay_at_once", "Монетка: выплата сразу", office=True)


@dataclasses.dataclass(frozen=True)
class Coin:
    """A stand-in game of a test with one setting of its own, which an office may set."""

    key: str = "coin"
    title: str = "Монетка"
    sport_words: str = "Монетка"
    codes: range = range(500_000, 600_000)
    batch_kind: int = 250
    room: tuple[str, ...] = ("tests/unit/pos/test_game_settings.py",)
    names: tuple[str, ...] = ("coin", "монетка")
    settings: tuple[SettingSpec[Any], ...] = (COIN_AT_ONCE,)


def _with_coin() -> Games:
    return Games([*games(), Coin()])


@pytest.mark.parametrize("typed", ["0,5", "0.75", "-0,01", "abc", "0,12345", "", 0.1, True])
def test_a_margin_not_a_share_below_a_half_is_refused_in_the_sentence_of_before(
    typed: object,
) -> None:
    with pytest.raises(InvalidSetting) as caught:
        MARGIN.parse(typed)
    assert str(caught.value) == MARGIN_REFUSED
    assert caught.value.name == "poker_margin"  # the page selects the field by it


def test_a_margin_is_read_as_typed_with_a_decimal_comma() -> None:
    assert MARGIN.parse("0,12") == Decimal("0.12")
    assert MARGIN.parse(" 0.4999 ") == Decimal("0.4999")
    assert MARGIN.parse(Decimal(0)) == 0


def test_the_payout_day_is_a_yes_or_a_no() -> None:
    assert PAY_AT_ONCE.parse("да") is True
    assert PAY_AT_ONCE.parse("False") is False
    with pytest.raises(InvalidSetting) as caught:
        PAY_AT_ONCE.parse("может быть")
    assert str(caught.value) == (
        "Настройка «Выплачивать выигрыши Bet-on-Poker сразу после тиража» не сохранена: "
        "ответ должен быть «да» или «нет»."
    )


def test_bet_on_poker_declares_its_two_settings_as_they_were() -> None:
    declared = [(spec.name, spec.default, spec.kind, spec.office) for spec in POKER.settings]
    assert declared == [
        ("poker_margin", Decimal("0.10"), "decimal", False),
        ("poker_pay_at_once", False, "flag", False),
    ]
    assert games().settings()[:2] == (MARGIN, PAY_AT_ONCE)  # roulette's follow (issue 36)


def test_a_game_s_settings_are_stored_with_the_shop_s_under_their_names() -> None:
    changed = apply_changes(
        ShopSettings(), {"poker_margin": "0,12", "poker_pay_at_once": "да", "min_stake": "2"}
    )
    stored = to_text(changed)

    assert (changed.value(MARGIN), changed.value(PAY_AT_ONCE)) == (Decimal("0.12"), True)
    assert (stored["poker_margin"], stored["poker_pay_at_once"]) == ("0.12", "True")
    assert stored["min_stake"] == "2.00"
    assert from_text(stored) == changed
    assert changed.poker_margin == Decimal("0.12")  # by name too, for tests and tools
    assert (ShopSettings().value(MARGIN), ShopSettings().value(PAY_AT_ONCE)) == (
        Decimal("0.10"),
        False,
    )


def test_a_bad_stored_margin_is_refused_when_the_settings_are_read() -> None:
    with pytest.raises(InvalidSetting) as caught:
        from_text({"poker_margin": "0.5"})
    assert str(caught.value) == MARGIN_REFUSED


def test_a_setting_no_installed_game_declares_is_not_taken() -> None:
    with pytest.raises(TypeError):
        apply_changes(ShopSettings(), {"coin_pay_at_once": "да"})
    assert from_text({"coin_pay_at_once": "да"}) == ShopSettings()  # a game removed: ignored
    with installing(_with_coin()):
        assert from_text({"coin_pay_at_once": "да"}).value(COIN_AT_ONCE) is True
        assert ShopSettings().value(COIN_AT_ONCE) is False
    assert from_text({"coin_pay_at_once": "да"}) == ShopSettings()  # read again, not cached


def test_a_game_s_setting_is_named_apart_from_the_shop_s_and_other_games() -> None:
    with pytest.raises(ValueError, match="min_stake"):
        Games([Coin(settings=(flag("min_stake", "Минимальная ставка"),))])
    with pytest.raises(ValueError, match="poker_margin"):
        Games([POKER, Coin(settings=(flag("poker_margin", "Маржа"),))])


def test_an_office_sets_a_game_s_setting_only_where_the_game_allows_it() -> None:
    office = Office("M2", "Пункт приёма ставок № 2", "г. Гродно")
    with installing(_with_coin()):
        own = with_settings(office, ShopSettings(), {"coin_pay_at_once": "да"})
        with pytest.raises(InvalidSetting) as caught:
            with_settings(office, ShopSettings(), {"poker_margin": "0,2"})

    assert own.settings == {"coin_pay_at_once": "True"}
    assert str(caught.value) == (
        "Настройка «Маржа Bet-on-Poker (доля)» не сохранена: "
        "это настройка всей сети, пункт её не меняет."
    )
