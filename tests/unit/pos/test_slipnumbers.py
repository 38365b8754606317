"""Slip numbers carry a check code: a typo or a forged number is refused, never looked up."""

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.betting.errors import InvalidSlipNumber
from pos.betting.numbers import make_slip_number, parse_slip_number, slip_digits
from pos.core.wording import display_slip_number

SECRET = b"shop secret"


@given(st.integers(min_value=1, max_value=10**8 - 1))
def test_every_number_reads_back(serial: int) -> None:
    number = make_slip_number(serial, SECRET)
    assert len(number) == 13 and number.isdigit()
    assert parse_slip_number(number, SECRET) == number
    assert parse_slip_number(display_slip_number(number), SECRET) == number


@given(st.integers(min_value=1, max_value=10**8 - 1), st.integers(0, 12), st.integers(1, 9))
def test_any_single_digit_typo_is_refused(serial: int, position: int, shift: int) -> None:
    number = make_slip_number(serial, SECRET)
    typo = number[:position] + str((int(number[position]) + shift) % 10) + number[position + 1 :]
    with pytest.raises(InvalidSlipNumber):
        parse_slip_number(typo, SECRET)


@given(st.integers(min_value=1, max_value=10**8 - 1), st.integers(0, 11))
def test_two_neighbouring_digits_swapped_are_refused(serial: int, position: int) -> None:
    number = make_slip_number(serial, SECRET)
    a, b = number[position], number[position + 1]
    if a == b:
        return
    swapped = number[:position] + b + a + number[position + 2 :]
    with pytest.raises(InvalidSlipNumber):
        parse_slip_number(swapped, SECRET)


def test_a_number_made_without_the_shops_secret_is_refused_almost_always() -> None:
    forged = [make_slip_number(serial, b"guess") for serial in range(1, 2001)]
    accepted = 0
    for number in forged:
        try:
            parse_slip_number(number, SECRET)
            accepted += 1
        except InvalidSlipNumber:
            pass
    assert accepted < 10  # about 1 in 1000 by chance


@pytest.mark.parametrize("text", ["", "12345", "abcdefghijklm", "0000000000000", "١٢٣٤٥٦٧٨٩٠١٢٣"])
def test_garbage_is_refused(text: str) -> None:
    with pytest.raises(InvalidSlipNumber):
        parse_slip_number(text, SECRET)


def test_only_a_whole_slip_number_is_grouped_for_people() -> None:
    assert display_slip_number("0000000112345") == "00000001-123-45"
    for text in ("чек 5", "12345", "00000001-123-45", ""):
        assert display_slip_number(text) == text  # never a half-grouped guess


@given(
    st.one_of(st.text(), st.integers(), st.none()), st.integers(min_value=1, max_value=10**8 - 1)
)
def test_slip_digits_never_refuse_a_number_parse_accepts(text: object, serial: int) -> None:
    """What a payout reads ahead by (pos.payouts.steps): any input gives None or 13 digits,
    and every number the shop accepts gives its own digits."""
    digits = slip_digits(text)
    assert digits is None or (len(digits) == 13 and digits.isascii() and digits.isdigit())
    number = make_slip_number(serial, SECRET)
    assert slip_digits(display_slip_number(number)) == parse_slip_number(number, SECRET)
    with contextlib.suppress(InvalidSlipNumber):  # when the shop accepts it: the same digits
        assert slip_digits(text) == parse_slip_number(text, SECRET)  # type: ignore[arg-type]
