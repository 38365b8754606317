"""Money rules: exact roubles, integer kopecks at rest, payouts rounded down, floats refused."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.core.input_errors import InvalidAmount
from pos.core.money import format_money, from_kopecks, round_payout, to_kopecks, to_money


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("12,50", Decimal("12.50")),
        ("1 250,5", Decimal("1250.50")),
        ("1\u00a0250.50", Decimal("1250.50")),
        (" 7 ", Decimal("7.00")),
        (Decimal("0.1"), Decimal("0.10")),
        (3, Decimal("3.00")),
        ("-4,2", Decimal("-4.20")),
    ],
)
def test_typed_amounts_become_exact_roubles(typed: object, expected: Decimal) -> None:
    assert to_money(typed) == expected
    assert to_money(typed).as_tuple().exponent == -2


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (0.1, "float"),
        (True, "float"),
        (Decimal("NaN"), "not_finite"),
        (Decimal("Infinity"), "not_finite"),
        ("inf", "not_a_number"),
        ("nan", "not_a_number"),
        ("1e3", "not_a_number"),
        ("12,345", "fraction_of_kopeck"),
        ("1,2,3", "not_a_number"),
        ("", "not_a_number"),
        (".", "not_a_number"),
        ("²", "not_a_number"),
        (None, "not_a_number"),
        ("1" * 20, "too_large"),
        ("0" * 4301 + "5", "too_long"),  # issue 34: refused by its length, not read
        ("5," + "0" * 4301, "too_long"),
    ],
)
def test_amounts_that_are_not_exact_money_are_refused_with_a_reason(
    bad: object, reason: str
) -> None:
    with pytest.raises(InvalidAmount) as caught:
        to_money(bad)
    assert caught.value.reason == reason
    assert str(caught.value).startswith("Неверная сумма")


def test_payout_is_rounded_down_to_the_kopeck_never_up() -> None:
    assert round_payout(Decimal("10.019")) == Decimal("10.01")
    assert round_payout(Decimal("10.0199999")) == Decimal("10.01")
    assert round_payout(Decimal("33.333333")) == Decimal("33.33")
    assert round_payout(Decimal("5")) == Decimal("5.00")


def test_fractions_of_a_kopeck_cannot_be_stored() -> None:
    with pytest.raises(InvalidAmount):
        to_kopecks(Decimal("0.005"))


def test_only_decimals_and_ints_cross_the_storage_boundary() -> None:
    with pytest.raises(InvalidAmount):
        to_kopecks(1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidAmount):
        from_kopecks(1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidAmount):
        from_kopecks(True)


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_kopecks_round_trip_exactly(kopecks: int) -> None:
    assert to_kopecks(from_kopecks(kopecks)) == kopecks


@given(st.decimals(min_value=-(10**9), max_value=10**9, places=2, allow_nan=False))
def test_formatted_money_parses_back_to_the_same_amount(amount: Decimal) -> None:
    assert to_money(format_money(amount)) == amount


def test_money_is_formatted_the_russian_way() -> None:
    assert format_money(Decimal("1250.5")) == "1\u00a0250,50"
    assert format_money(Decimal("-1234567.891")) == "-1\u00a0234\u00a0567,89"
    assert format_money(Decimal("0")) == "0,00"
