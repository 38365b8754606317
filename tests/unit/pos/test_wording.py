"""Markets, bet kinds and odds in the words the counter and the slip both use."""

from decimal import ROUND_UP, Decimal, localcontext

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.betting.bets import BetKind, BetType
from pos.betting.wording import kind_words
from pos.core.wording import issued_words, odds_words, total_odds_words
from pos.line.events import Sport, parse_market
from pos.line.wording import market_code, market_words, sport_words


@pytest.mark.parametrize(
    ("market", "words"),
    [
        ("1", "Победа хозяев (1)"),
        ("X", "Ничья (X)"),
        ("2", "Победа гостей (2)"),
        ("1X", "Хозяева не проиграют (1X)"),
        ("X2", "Гости не проиграют (X2)"),
        ("12", "Не будет ничьей (12)"),
        ("O2.5", "Тотал больше 2,5 (Б2,5)"),
        ("U165.5", "Тотал меньше 165,5 (М165,5)"),
        ("H1-1.5", "Фора хозяев −1,5 (Ф1-1,5)"),
        ("H2+1", "Фора гостей +1 (Ф2+1)"),
        ("Q7", "Q7"),
    ],
)
def test_market_is_named_as_the_counter_shows_it(market: str, words: str) -> None:
    assert market_words(market) == words


@pytest.mark.parametrize(
    ("market", "typed"),
    [
        ("1", "1"),
        ("X", "X"),
        ("X2", "X2"),
        ("O2.5", "Б2,5"),
        ("U165.5", "М165,5"),
        ("O3", "Б3"),
        ("H1-1.5", "Ф1-1,5"),
        ("H2+1", "Ф2+1"),
        ("H1+0", "Ф1+0"),
        ("H2-9.25", "Ф2-9,25"),
        ("P3", "P3"),
        ("Q7", "Q7"),
    ],
)
def test_a_market_is_shown_by_the_code_the_cashier_types(market: str, typed: str) -> None:
    """One notation everywhere (issue 16): what the betting page takes, «102 Б2,5»."""
    assert market_code(market) == typed


@given(
    st.one_of(
        st.sampled_from(["1", "X", "2", "1X", "X2", "12"]),
        st.builds(
            lambda side, line: f"{side}{line}",
            st.sampled_from("OU"),
            st.sampled_from(["0.5", "2.5", "3", "165.5", "999.5"]),
        ),
        st.builds(
            lambda team, sign, line: f"H{team}{sign}{line}",
            st.sampled_from("12"),
            st.sampled_from("+-"),
            st.sampled_from(["0", "1", "1.5", "9.25", "12.75"]),
        ),
    )
)
def test_the_code_shown_is_read_back_as_the_same_market(typed_market: str) -> None:
    market = parse_market(typed_market)
    assert parse_market(market_code(market)) == market


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


def test_a_leg_s_odds_read_the_same_whatever_decimal_context_asks() -> None:
    # Issue 34: the words are kept per odds, so the caller's rounding must not decide them.
    first = odds_words(Decimal("1.005"))
    with localcontext() as context:
        context.rounding = ROUND_UP
        assert odds_words(Decimal("1.025")) == "1,02"  # half to even, not up
        assert odds_words(Decimal("1.005")) == first == "1,00"


@pytest.mark.parametrize(
    ("market", "words"),
    [
        ("1", "Победа хозяев в основное время (1)"),
        ("X", "Ничья в основное время (X)"),
        ("2", "Победа гостей в основное время (2)"),
        ("1X", "Хозяева не проиграют в основное время (1X)"),
        ("X2", "Гости не проиграют в основное время (X2)"),
        ("12", "Не будет ничьей в основное время (12)"),
        ("O5.5", "Тотал больше 5,5 (Б5,5)"),
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
