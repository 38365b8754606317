"""Markets, bet kinds and odds in the words the counter and the slip both use."""

from decimal import Decimal

import pytest

from pos.bets import BetKind, BetType
from pos.wording import kind_words, market_words, odds_words, total_odds_words


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
