"""The cash-out's price (issue 38, DESIGN.md "Cash-out"): singles and expresses with won and
void legs, never above the possible payout, never negative, rounded down to the kopeck."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from escpos.printer import Dummy
from hypothesis import given
from hypothesis import strategies as st

from pos.cashout.errors import NotOffered
from pos.cashout.rules import LegPrice, offer_amount, offered_slip
from pos.core.clock import FixedClock
from pos.line.verdicts import LegOutcome
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.shifts import reopen_shift

D = Decimal
MARGIN = D("0.05")
WON, VOID, OPEN = LegOutcome.WON, LegOutcome.VOID, LegOutcome.OPEN


def test_designs_single_whose_odds_fell_is_bought_back_rounded_down() -> None:
    legs = [LegPrice(D("2.10"), OPEN, D("1.80"))]

    assert offer_amount(D("10"), legs, MARGIN, D("21.00")) == D("11.08")  # 11,083…


def test_an_express_counts_won_legs_at_their_odds_and_void_legs_at_one() -> None:
    legs = [
        LegPrice(D("2.10"), WON),
        LegPrice(D("3.30"), VOID),
        LegPrice(D("1.90"), OPEN, D("1.50")),
    ]

    # 10 × 2,10 × 1,00 × 1,90 ÷ 1,50 × 0,95 = 25,27
    assert offer_amount(D("10"), legs, MARGIN, D("131.67")) == D("25.27")


def test_an_offer_above_the_possible_payout_is_cut_to_it() -> None:
    legs = [LegPrice(D("2.10"), OPEN, D("1.01"))]

    assert offer_amount(D("10"), legs, D("0"), D("21.00")) == D("20.79")
    assert offer_amount(D("10"), legs, D("0"), D("15.00")) == D("15.00")


_odds = st.decimals(D("1.01"), D("50.00"), places=2)
_leg = st.one_of(
    st.builds(lambda o: LegPrice(o, WON), _odds),
    st.builds(lambda o: LegPrice(o, VOID), _odds),
    st.builds(lambda o, now: LegPrice(o, OPEN, now), _odds, _odds),
)


@given(
    stake=st.decimals(D("0.01"), D("100000"), places=2),
    legs=st.lists(_leg, min_size=1, max_size=8),
    margin=st.decimals(D("0"), D("0.50"), places=3),
    ceiling=st.decimals(D("0.00"), D("10000000"), places=2),
)
def test_an_offer_is_never_above_the_possible_payout_never_negative_and_rounded_down(
    stake: Decimal, legs: list[LegPrice], margin: Decimal, ceiling: Decimal
) -> None:
    amount = offer_amount(stake, legs, margin, ceiling)

    exact = Fraction(stake) * (1 - Fraction(margin))
    for leg in legs:
        if leg.outcome is WON:
            exact *= Fraction(leg.odds)
        elif leg.current is not None:
            exact *= Fraction(leg.odds) / Fraction(leg.current)
    assert D("0") <= amount <= ceiling
    assert amount == amount.quantize(D("0.01"))
    assert Fraction(amount) <= exact < Fraction(amount) + Fraction(1, 100) or amount == ceiling


def test_an_express_with_a_won_and_a_void_leg_is_offered_and_bought_back(
    demo_shop: Shop, clock: FixedClock, printer: Dummy
) -> None:
    demo_shop.update_settings(cashout_enabled=True)
    anna, boss = demo_shop.login("anna", "4821"), demo_shop.login("boss", "9911")
    slip = anna.accept_bet([(101, "1"), (201, "X"), (105, "1")], stake="10", kind="express")
    clock.advance(timedelta(days=2))  # 101 and 201 played, 105 still to come
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.record_result(201, None, None, status="cancelled", source="ФХРБ")
    boss.set_odds(105, "1", "1.50")
    reopen_shift(anna, cash="1000")
    accepted = {leg.event_code: leg.odds for leg in slip.legs}

    offer = anna.cashout_offer(slip.number)
    entry = anna.cash_out(slip.number, amount=offer.amount, document=PASSPORT)

    exact = 10 * Fraction(accepted[101]) * Fraction(accepted[105]) / Fraction("1.50")
    assert offer.amount == D(int(exact * Fraction("0.95") * 100)) / 100
    assert entry.amount == offer.amount and entry.is_cashout
    assert anna.shift().summary.cashouts == offer.amount
    printed = " ".join(printer.output.decode("cp866", errors="replace").split())
    assert "РАСХОД" in printed and "КВИТАНЦИЯ О ВЫПЛАТЕ" in printed
    assert "выкуп ставки до окончания событий" in printed


def test_a_slip_paid_from_an_account_or_a_remote_coupon_is_not_bought_back(
    demo_shop: Shop,
) -> None:
    slip = demo_shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")

    with pytest.raises(NotOffered, match="со счёта игрока"):
        offered_slip(dataclasses.replace(slip, account="BY00000001"))
    with pytest.raises(NotOffered, match="по удалённому купону"):
        offered_slip(dataclasses.replace(slip, coupon="К-17"))
    offered_slip(slip)  # the till's own open single is offered
