"""Shop settings: typed values are checked, stored as text and come back the same."""

from decimal import Decimal

import pytest

from pos.core.input_errors import InvalidSetting
from pos.core.settings import ShopSettings, apply_changes, check_register_serial, from_text, to_text


def test_defaults_follow_the_rules_of_the_house() -> None:
    settings = ShopSettings()
    assert settings.min_age == 21  # Decree No. 305 of 2018, not the 18 of seed 000 p.4
    assert settings.time_zone == "Europe/Minsk"
    assert settings.zone.key == "Europe/Minsk"


def test_typed_text_is_parsed_into_exact_values() -> None:
    changed = apply_changes(
        ShopSettings(),
        {
            "min_stake": "2,50",
            "min_age": "18",
            "max_express_odds": "500",
            "shop_name": "  ООО  «Ставка» ",
        },
    )
    assert changed.min_stake == Decimal("2.50")
    assert changed.min_age == 18
    assert changed.max_express_odds == Decimal("500.00")
    assert changed.shop_name == "ООО «Ставка»"


def test_settings_survive_the_trip_through_text() -> None:
    settings = apply_changes(
        ShopSettings(), {"max_payout": "25000,10", "time_zone": "Europe/Moscow"}
    )
    assert from_text(to_text(settings)) == settings


def test_unknown_stored_names_are_ignored_and_missing_ones_default() -> None:
    assert from_text({"retired_setting": "x"}) == ShopSettings()


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        ({"min_stake": 0.5}, "Минимальная ставка"),
        ({"min_stake": "0"}, "больше нуля"),
        ({"min_stake": "abc"}, "неверная сумма «abc»"),
        ({"min_age": "17"}, "от 18 до 99"),
        ({"min_age": "двадцать"}, "целое число лет"),
        ({"time_zone": "Mars/Olympus"}, "неизвестный часовой пояс «Mars/Olympus»"),
        ({"max_express_odds": "1"}, "больше 1"),
        ({"max_express_odds": 2.5}, "больше 1"),
        ({"shop_name": "   "}, "не может быть пустым"),
        ({"address": "x" * 201}, "не длиннее 200"),
        ({"min_stake": "6000"}, "больше максимальной ставки на событие (5\u00a0000,00 руб.)"),
        ({"max_stake_per_event": "200000"}, "больше максимальной выплаты"),
    ],
)
def test_bad_values_are_refused_with_a_sentence_naming_the_setting(
    changes: dict[str, object], sentence: str
) -> None:
    with pytest.raises(InvalidSetting) as caught:
        apply_changes(ShopSettings(), changes)
    assert sentence in str(caught.value)
    assert str(caught.value).startswith("Настройка «")


def test_a_name_that_is_not_a_setting_is_a_programming_error() -> None:
    with pytest.raises(TypeError):
        apply_changes(ShopSettings(), {"min_stak": "1"})


def test_register_serial_must_be_given() -> None:
    assert check_register_serial(" KSA-0042 ") == "KSA-0042"
    with pytest.raises(InvalidSetting):
        check_register_serial("")
