"""Roulette's table (issue 36; seed 001 p.9.1, p.10.1; seed 003's announced bets): the bets a
cashier types, what each returns on every number, and the refusals."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.core.errors import PosError
from pos.roulette.bets import CATALOGUE, LINE, PAYS, Bet, Kind, ZeroRule, chip_stake, nearest_stakes
from pos.roulette.codes import bet_of, parse_bet
from pos.roulette.errors import StakeNotChips
from pos.roulette.layout import NUMBERS, RED, WHEEL, neighbours
from pos.roulette.verdict import Spun, spun
from pos.roulette.wording import bet_words, chips_words, number_words


@pytest.mark.parametrize(
    ("typed", "numbers", "net"),
    [
        ("17", 1, 35),
        ("17/20", 2, 17),
        ("13/14/15", 3, 11),
        ("25/26/28/29", 4, 8),
        ("13/14/15/16/17/18", 6, 5),
        ("Д2", 12, 2),
        ("К2", 12, 2),
        ("КР", 18, 1),
    ],
)
def test_p10_1_pays_by_numbers_covered(typed: str, numbers: int, net: int) -> None:
    bet = parse_bet(typed)
    covered = [n for n in NUMBERS if bet.returns(n) > 1]
    assert len(covered) == numbers
    # 35:1 … 1:1 is the win on one unit: the stake comes back with it.
    assert {bet.returns(n) for n in covered} == {Fraction(net + 1)}
    assert PAYS[numbers] == net


def test_p9_1_even_chances_lose_half_on_zero_dozens_and_columns_whole() -> None:
    for typed in ("КР", "ЧЁ", "ЧТ", "НЧ", "М", "Б"):
        assert parse_bet(typed).returns(0) == Fraction(1, 2)
        assert parse_bet(typed, ZeroRule.ALL).returns(0) == 0
    for typed in ("Д1", "Д2", "Д3", "К1", "К2", "К3"):
        assert parse_bet(typed).returns(0) == 0


def test_the_zero_rule_is_kept_in_the_code_of_an_even_chance() -> None:
    lost_whole = parse_bet("кр", ZeroRule.ALL)
    assert lost_whole.code == "RED!"
    assert bet_of("RED!").returns(0) == 0
    assert bet_words(lost_whole) == "Красное (КР), на зеро проигрывает целиком"
    # The rule means nothing to bets that are not even chances.
    assert parse_bet("17", ZeroRule.ALL).code == "17"


@pytest.mark.parametrize(
    ("typed", "code", "chips"),
    [
        ("ВЗ", "VOISINS", "0/2/3 ×2, 4/7, 12/15, 18/21, 19/22, 25/26/28/29 ×2, 32/35"),
        ("ТЬ", "TIERS", "5/8, 10/11, 13/16, 23/24, 27/30, 33/36"),
        ("ОР", "ORPHELINS", "1, 6/9, 14/17, 17/20, 31/34"),
        ("ЗШ", "ZERO", "0/3, 12/15, 26, 32/35"),
        ("Н17", "N17", "2, 25, 17, 34, 6"),
    ],
)
def test_announced_bets_are_the_seeds_chips(typed: str, code: str, chips: str) -> None:
    bet = parse_bet(typed)
    assert (bet.code, bet.kind, chips_words(bet)) == (code, Kind.ANNOUNCED, chips)


def test_an_announced_bet_returns_the_sum_of_its_winning_chips() -> None:
    voisins = parse_bet("ВЗ")  # 9 chips: on 0 the street 0/2/3 wins twice, 12:1 each
    assert voisins.returns(0) == Fraction(2 * 12, 9)
    assert voisins.returns(26) == Fraction(2 * 9, 9)  # the corner 25/26/28/29, twice
    assert voisins.returns(1) == 0
    orphelins = parse_bet("ОР")  # 17 is under two of its five splits
    assert orphelins.returns(17) == Fraction(2 * 18, 5)


def test_letters_that_look_alike_are_one_letter() -> None:
    for typed in ("К1", "K1", "С1", "C1", "к1", "c1"):
        assert parse_bet(typed).code == "C1"
    for typed in ("Н17", "H17", "N17", "н17"):
        assert parse_bet(typed).code == "N17"
    for typed in ("ЧЁ", "ЧЕ", "чё", "BLACK", "black"):
        assert parse_bet(typed).code == "BLACK"
    assert parse_bet(" 20 / 17 ").code == parse_bet("17,20").code == "17/20"


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [
        ("17/21", "17/21 — не сплит: числа не соседние на поле."),
        ("1/5/9", "1/5/9 — не стрит: числа не в одном ряду поля."),
        ("1/2/3/5", "1/2/3/5 — не каре: числа не образуют квадрат на поле."),
        ("1/2/3/7/8/9", "1/2/3/7/8/9 — не шесть номеров: числа не в двух соседних рядах поля."),
        ("37", "37 — числа 37 нет на колесе: числа от 0 до 36."),
        ("17/17", "17/17 — число 17 указано дважды."),
        (
            "Д4",
            "«Д4» — не ставка рулетки. Примеры: «17», «17/20», «Д1», «К1», «КР», «ЧЁ», "
            "«ВЗ», «Н17».",
        ),
    ],
)
def test_a_code_that_is_no_bet_is_refused_with_the_reason(typed: str, sentence: str) -> None:
    with pytest.raises(PosError) as refused:
        parse_bet(typed)
    assert str(refused.value) == sentence


def test_the_catalogue_lines_are_fixed() -> None:
    # A bet's line is stored in every slip's terms: these places never move.
    assert len(CATALOGUE) == 204
    assert (LINE["0"], LINE["36"], LINE["17/20"], LINE["RED"], LINE["VOISINS"], LINE["N0"]) == (
        0,
        36,
        68,
        151,
        163,
        167,
    )
    assert len(set(LINE.values())) == len(CATALOGUE)


def test_the_wheel_and_its_neighbours() -> None:
    assert sorted(WHEEL) == list(NUMBERS)
    assert neighbours(17) == (2, 25, 17, 34, 6)
    assert neighbours(26) == (35, 3, 26, 0, 32)
    assert number_words(0) == "0 — зеро"
    assert number_words(32) == "32 — красное, чёт, 19–36"
    assert number_words(17) == "17 — чёрное, нечет, 1–18"
    assert len(RED) == 18


def test_each_bet_is_worded() -> None:
    assert bet_words(parse_bet("17/20")) == "Сплит 17/20"
    assert bet_words(parse_bet("13/14/15/16/17/18")) == "Шесть номеров 13–18 (13/14/15/16/17/18)"
    assert bet_words(parse_bet("Д3")) == "Дюжина 25–36 (Д3)"
    assert bet_words(parse_bet("ВЗ")) == "Вуазен де зеро (ВЗ)"
    assert bet_words(parse_bet("н0")) == "Номер 0 и соседи (Н0)"
    assert all(bet_words(bet) for bet in CATALOGUE)


@given(st.sampled_from(CATALOGUE), st.sampled_from(list(NUMBERS)))
def test_a_bet_returns_its_chips_share_and_never_more_than_its_best(bet: Bet, number: int) -> None:
    chip_returns = [chip.returns(number, bet.zero_loses_all) for chip in bet.chips]
    assert bet.returns(number) == sum(chip_returns) / len(bet.chips)
    assert 0 <= bet.returns(number) <= bet.best
    assert bet_of(bet.code) == bet


@given(st.text(max_size=20))
def test_nothing_typed_gives_anything_but_a_refusal(typed: str) -> None:
    try:
        bet = parse_bet(typed)
    except PosError as refused:
        assert str(refused)
    else:
        assert bet.code in LINE


def test_an_announced_stake_splits_into_whole_kopecks_or_names_the_nearest() -> None:
    voisins = bet_of("VOISINS")
    assert chip_stake(voisins, Decimal("9")) == Decimal("1")
    assert chip_stake(voisins, Decimal("10")) is None
    assert nearest_stakes(voisins, Decimal("10")) == (Decimal("9.99"), Decimal("10.08"))
    assert nearest_stakes(voisins, Decimal("0.05")) == (None, Decimal("0.09"))
    refusal = StakeNotChips("Вуазен де зеро (ВЗ)", 9, "9,99", "10,08")
    assert str(refusal) == (
        "Ставка «Вуазен де зеро (ВЗ)» делится поровну на 9 фишек: примите 9,99 или 10,08."
    )
    assert chip_stake(bet_of("17"), Decimal("1.23")) == Decimal("1.23")


def test_a_spin_words_what_the_bet_came_to() -> None:
    assert spun("RED", 0) == Spun(
        Fraction(1, 2), "выпало 0 — зеро, половина ставки возвращается (п.9.1)"
    )
    assert spun("RED!", 0) == Spun(
        Fraction(0), "выпало 0 — зеро, ставка на шанс проигрывает целиком"
    )
    assert spun("17/20", 17) == Spun(Fraction(18), "выпало 17 — чёрное, нечет, 1–18")
    assert not spun("D3", 0).won
    assert spun("VOISINS", 0).returns == Fraction(8, 3)
