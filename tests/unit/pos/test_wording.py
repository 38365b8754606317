"""Markets, bet kinds and odds in the words the counter and the slip both use."""

from decimal import Decimal

import pytest

from pos.bets import BetKind, BetType
from pos.line import Sport
from pos.wording import (
    issued_words,
    kind_words,
    market_words,
    odds_words,
    sport_words,
    total_odds_words,
)


@pytest.mark.parametrize(
    ("market", "words"),
    [
        ("1", "Победа хозяев (П1)"),
        ("X", "Ничья (X)"),
        ("2", "Победа гостей (П2)"),
        ("1X", "Хозяева не проиграют (1X)"),
        ("X2", "Гости не проиграют (X2)"),
        ("12", "Не будет ничьей (12)"),
        ("O2.5", "Тотал больше 2,5"),
        ("U165.5", "Тотал меньше 165,5"),
        ("H1-1.5", "Фора 1 (−1,5)"),
        ("H2+1", "Фора 2 (+1)"),
        ("Q7", "Q7"),
    ],
)
def test_market_is_named_as_the_counter_shows_it(market: str, words: str) -> None:
    assert market_words(market) == words


def test_bet_kinds_in_words() -> None:
    assert kind_words(BetKind(BetType.SINGLE)) == "Ординар"
    assert kind_words(BetKind(BetType.EXPRESS)) == "Экспресс"
    assert kind_words(BetKind(BetType.SYSTEM, 2, 3)) == "Система 2/3"
    assert kind_words(BetKind(BetType.SYSTEM, 2, 4), blocks=True) == "Сложная система 2/4"


def test_odds_have_a_decimal_comma() -> None:
    assert odds_words(Decimal("2.1")) == "2,10"
    assert total_odds_words(Decimal("4.3050")) == "4,305"
    assert total_odds_words(Decimal("2.1")) == "2,10"
    assert total_odds_words(Decimal("100.0000")) == "100,00"


@pytest.mark.parametrize(
    ("market", "words"),
    [
        ("1", "Победа хозяев в основное время (П1)"),
        ("X", "Ничья в основное время (X)"),
        ("2", "Победа гостей в основное время (П2)"),
        ("1X", "Хозяева не проиграют в основное время (1X)"),
        ("X2", "Гости не проиграют в основное время (X2)"),
        ("12", "Не будет ничьей в основное время (12)"),
        ("O5.5", "Тотал больше 5,5"),
    ],
)
def test_a_hockey_result_is_the_regular_times(market: str, words: str) -> None:
    assert market_words(market, Sport.HOCKEY) == words


@pytest.mark.parametrize("sport", [None, Sport.FOOTBALL, Sport.BASKETBALL])
def test_other_sports_name_the_draw_plainly(sport: Sport | None) -> None:
    assert market_words("X", sport) == "Ничья (X)"


def test_sports_are_named_as_the_slip_prints_them() -> None:
    assert [sport_words(sport) for sport in Sport] == ["Футбол", "Хоккей", "Баскетбол", "Покер"]


@pytest.mark.parametrize(
    ("kind", "issued"),
    [
        ("паспорт", "выдан"),
        ("Паспорт", "выдан"),
        ("ID-карта", "выдана"),
        ("вид на жительство", "выдан"),
        ("удостоверение беженца", "выдано"),
        ("свидетельство о предоставлении защиты", "выдано"),
        ("водительское удостоверение", "выдано"),
    ],
)
def test_issued_agrees_with_the_kind_of_document(kind: str, issued: str) -> None:
    assert issued_words(kind) == issued
