"""pos.accounts: account numbers with their check code, and the balance that never goes below
zero (issue 19, DESIGN.md "Player accounts")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pos.accounts.errors import FreeBalanceShort, InvalidAccountNumber
from pos.accounts.ledger import ZERO, Balance
from pos.accounts.numbers import (
    LENGTH,
    display_account_number,
    make_account_number,
    parse_account_number,
)
from pos.betting.numbers import make_slip_number
from pos.core.errors import PosError
from pos.core.input_errors import InvalidAmount

SECRET = b"test secret of the organiser"
D = Decimal


def test_an_account_number_is_eleven_digits_and_reads_back() -> None:
    number = make_account_number(123, SECRET)
    assert len(number) == LENGTH == 11 and number.startswith("000123")
    assert parse_account_number(display_account_number(number), SECRET) == number
    assert parse_account_number(f"  {number} ", SECRET) == number


@given(serial=st.integers(1, 10**6 - 1), position=st.integers(0, 10), digit=st.integers(0, 9))
def test_every_single_digit_typo_is_refused(serial: int, position: int, digit: int) -> None:
    number = make_account_number(serial, SECRET)
    typed = number[:position] + str(digit) + number[position + 1 :]
    if typed != number:
        with pytest.raises(InvalidAccountNumber):
            parse_account_number(typed, SECRET)


@given(serial=st.integers(1, 10**6 - 1), position=st.integers(0, 9))
def test_every_swap_of_neighbouring_digits_is_refused(serial: int, position: int) -> None:
    number = make_account_number(serial, SECRET)
    swapped = number[:position] + number[position + 1] + number[position] + number[position + 2 :]
    if swapped != number:
        with pytest.raises(InvalidAccountNumber):
            parse_account_number(swapped, SECRET)


def test_a_slip_number_or_another_shops_account_is_not_an_account() -> None:
    with pytest.raises(InvalidAccountNumber, match="не номер счёта"):
        parse_account_number(make_slip_number(123, SECRET), SECRET)
    forged = make_account_number(123, b"another organiser")
    if forged != make_account_number(123, SECRET):
        with pytest.raises(InvalidAccountNumber):
            parse_account_number(forged, SECRET)


@settings(max_examples=300)
@given(text=st.one_of(st.text(max_size=30), st.integers(), st.none(), st.binary(max_size=12)))
def test_whatever_is_typed_or_scanned_is_a_number_or_a_pos_error(text: object) -> None:
    try:
        number = parse_account_number(text, SECRET)
    except PosError as refused:
        assert refused.message()
    else:
        assert len(number) == LENGTH and number.isdigit()


def test_money_in_then_blocked_then_released() -> None:
    balance = Balance().deposit(D("100.00")).block(D("30.00"))
    assert (balance.free, balance.blocked, balance.total) == (D("70.00"), D("30.00"), D("100"))
    assert balance.release(D("30.00")) == Balance(D("100.00"), ZERO)


def test_more_than_the_free_money_is_refused_with_how_much_is_short() -> None:
    balance = Balance().deposit(D("50.00")).block(D("20.00"))
    with pytest.raises(FreeBalanceShort) as short:
        balance.withdraw(D("40.00"))
    assert short.value.message() == (
        "На счёте не хватает 10,00 руб.: свободно 30,00 руб., нужно 40,00 руб."
    )
    with pytest.raises(FreeBalanceShort):
        balance.block(D("30.01"))


@pytest.mark.parametrize("amount", [D("0"), D("-5.00"), D("0.001")])
def test_a_movement_moves_whole_kopecks_more_than_zero(amount: Decimal) -> None:
    with pytest.raises(InvalidAmount):
        Balance(D("10.00")).deposit(amount)


def test_a_loss_beyond_the_account_is_the_bookmakers() -> None:
    balance = Balance(D("5.00"), D("20.00"))
    settled, uncovered = balance.settle(D("20.00"), D("-31.50"))
    assert settled == Balance(ZERO, ZERO) and uncovered == D("6.50")
    gained, none = balance.settle(D("10.00"), D("7.25"))
    assert gained == Balance(D("22.25"), D("10.00")) and none == ZERO


_AMOUNTS = st.decimals(min_value=D("0.01"), max_value=D("1000"), places=2)


@settings(max_examples=300)
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["deposit", "withdraw", "block", "release", "settle"]),
            _AMOUNTS,
            st.decimals(min_value=D("-1000"), max_value=D("1000"), places=2),
        ),
        max_size=30,
    )
)
def test_the_balance_never_goes_below_zero_and_every_kopeck_is_accounted_for(
    steps: list[tuple[str, Decimal, Decimal]],
) -> None:
    balance, money_in, results, uncovered = Balance(), ZERO, ZERO, ZERO
    for kind, amount, result in steps:
        try:
            if kind == "deposit":
                balance, money_in = balance.deposit(amount), money_in + amount
            elif kind == "withdraw":
                balance, money_in = balance.withdraw(amount), money_in - amount
            elif kind == "block":
                balance = balance.block(amount)
            elif kind == "release":
                balance = balance.release(min(amount, balance.blocked))
            else:
                released = min(amount, balance.blocked)
                balance, beyond = balance.settle(released, result)
                results, uncovered = results + result, uncovered + beyond
        except (FreeBalanceShort, InvalidAmount):
            continue  # refused: nothing changed
        assert balance.free >= 0 and balance.blocked >= 0
        assert balance.total == money_in + results + uncovered
