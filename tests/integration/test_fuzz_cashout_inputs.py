"""What a cashier types into a cash-out (issue 38), fuzzed on SQLite and on PostgreSQL: the
slip's number and the amount; nothing but a PosError comes out (see test_fuzz_inputs.py)."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.integration.fuzz_helpers import AMOUNTS, DIGITS, FUZZ, TEXT, WORDS, _refused_or_done

pytestmark = pytest.mark.integration

NUMBERS = st.one_of(WORDS, DIGITS, st.sampled_from(["", " ", "0000000000000", "\x00", 17, None]))


@pytest.fixture(scope="module")
def slip(fuzz_shop: Shop, cashier: Desk) -> str:
    fuzz_shop.update_settings(cashout_enabled=True)
    return cashier.accept_bet([(101, "1")], stake="10").number


@FUZZ
@given(number=NUMBERS, amount=st.one_of(AMOUNTS, st.sampled_from(["9,50", "9.50", None, 9.5])))
@example(number="", amount="")
@example(number="\ud800", amount="\ud800")
def test_a_cash_out_as_typed(cashier: Desk, slip: str, number: object, amount: object) -> None:
    _refused_or_done(lambda: cashier.cashout_offer(number))  # type: ignore[arg-type]
    _refused_or_done(
        lambda: cashier.cash_out(number, amount=amount, document=PASSPORT)  # type: ignore[arg-type]
    )
    shown = display_slip_number(slip)
    _refused_or_done(lambda: cashier.cash_out(shown, amount=amount, document=None))
    _refused_or_done(lambda: cashier.cash_out_slip(slip, amount, None))


@FUZZ
@given(text=TEXT)
def test_the_offer_of_a_typed_number_with_spaces_or_words(
    cashier: Desk, slip: str, text: str
) -> None:
    _refused_or_done(lambda: cashier.cashout_offer(slip + text))
    _refused_or_done(lambda: cashier.cashout_offer(text + display_slip_number(slip)))
