"""Money rules: exact roubles, integer kopecks at rest, payouts rounded down, floats refused."""

from decimal import ROUND_UP, Context, Decimal, localcontext

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


def _kopecks_the_long_way(amount: Decimal) -> int | str:
    """What to_kopecks gave before its one-division check (issue 34): to_money's checks, or
    the reason of their refusal."""
    try:
        return int(to_money(amount) * 100)
    except InvalidAmount as refusal:
        return refusal.reason


@given(
    st.one_of(
        st.decimals(allow_nan=True, allow_infinity=True),
        st.decimals(min_value=-(10**14), max_value=10**14, places=2),
        st.decimals(min_value=-(10**14), max_value=10**14, places=3),
        st.integers(min_value=-(10**14), max_value=10**14).map(lambda k: Decimal(k).scaleb(-2)),
        st.sampled_from(
            [
                Decimal("1.000000000000000000000000000000001"),  # beyond 28 digits
                Decimal("1.100000000000000000000000000000"),  # whole kopecks, long
                Decimal("-0.00"),
                Decimal("9999999999999.99"),
                Decimal("10000000000000.00"),
                Decimal("-10000000000000"),
                Decimal("1E+12"),
                Decimal("sNaN"),
            ]
        ),
    ),
    st.sampled_from([2, 6, 28]),
)
def test_a_stored_amount_s_kopecks_are_those_of_to_money_whatever_the_context(
    amount: Decimal, precision: int
) -> None:
    # The check in one exact division must keep to_money's answer and its reason, even
    # under a caller's context of few digits (the answer does not depend on it).
    expected = _kopecks_the_long_way(amount)
    with localcontext() as context:
        context.prec = precision
        try:
            got: int | str = to_kopecks(amount)
        except InvalidAmount as refusal:
            got = refusal.reason
    assert got == expected


@given(st.integers(min_value=-(10**15), max_value=10**15), st.sampled_from([2, 6, 28]))
def test_kopecks_read_back_with_two_places_whatever_the_context(
    kopecks: int, precision: int
) -> None:
    with localcontext() as context:
        context.prec = precision
        amount = from_kopecks(kopecks)
    assert amount.as_tuple().exponent == -2
    assert amount == (Decimal(kopecks) / 100).quantize(Decimal("0.01"), context=Context(prec=40))


def test_money_rounds_and_reads_by_its_own_rules_not_the_caller_s_context() -> None:
    with localcontext() as context:
        context.prec = 3
        context.rounding = ROUND_UP
        assert to_money("1 250,50") == Decimal("1250.50")
        assert round_payout(Decimal("1234.5678")) == Decimal("1234.56")  # down, as always
        assert format_money(Decimal("1234.565")) == "1\u00a0234,56"  # half to even
        with pytest.raises(InvalidAmount) as refused:
            to_money(Decimal("10000000000000"))
    assert refused.value.reason == "too_large"


@given(
    st.lists(
        st.one_of(
            st.decimals(min_value=-(10**12), max_value=10**12, places=3, allow_nan=False),
            st.sampled_from([Decimal("12.5"), Decimal("12.50"), Decimal("-0.00"), Decimal("0")]),
            st.sampled_from([Decimal("-0.001"), Decimal("1E+3"), Decimal("1000.000")]),
        ),
        max_size=12,
    )
)
def test_a_kept_money_text_is_the_one_its_amount_would_get_whatever_came_before(
    amounts: list[Decimal],
) -> None:
    # format_money keeps its texts by amount (issue 34): equal amounts written differently
    # (12.5, 12.50; -0.00, 0) must get the text each would get alone.
    for amount in amounts:
        assert format_money(amount) == format_money.__wrapped__(amount)
