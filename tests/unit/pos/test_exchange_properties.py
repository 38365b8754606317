"""pos.exchange over many cases (hypothesis): the money identity of a settled pari to the kopeck
(p.48–p.53), an offer accepted in random parts never over-accepted nor over-blocked (p.43),
and whatever is typed refused only with a PosError (p.38–p.41)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from pos.accounts.ledger import Balance
from pos.core.errors import PosError
from pos.exchange.errors import AcceptAboveOpen
from pos.exchange.offering import OfferTerms, new_offer
from pos.exchange.paris import Offer, OfferStatus, Pari, Side, risk
from pos.exchange.settlement import settle_pari
from pos.exchange.terms import (
    ExchangeLimits,
    parse_coefficient,
    parse_commission,
    parse_side,
    parse_stake,
)
from pos.line.events import Event, Sport
from pos.line.markets import LegOutcome

D = Decimal
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
EVENT = Event(101, Sport.FOOTBALL, "Динамо Минск", "БАТЭ", T0 + timedelta(hours=6))
WIDE = ExchangeLimits(
    min_stake=D("0.01"), max_stake=D(10**7), min_coefficient=D("0.01"), max_coefficient=D(10**4)
)
_STAKES = st.integers(1, 10**9).map(lambda kopecks: D(kopecks) / 100)  # up to 10 million roubles
_COEFFICIENTS = st.integers(101, 100_000).map(lambda hundredths: D(hundredths) / 100)
_PERCENTS = st.integers(0, 2000).map(lambda hundredths: D(hundredths) / 100)  # 0 … 20 %
_OUTCOMES = st.sampled_from([LegOutcome.WON, LegOutcome.LOST, LegOutcome.VOID])
_SIDES = st.sampled_from(list(Side))
_TYPED = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="0123456789.,- +eE_", max_size=12),
    st.integers(),
    st.floats(),
    st.decimals(),
    st.booleans(),
    st.none(),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=2),
)


def _pari(stake: Decimal, coefficient: Decimal) -> Pari:
    return Pari(
        number="P1",
        offer_number="7",
        event=101,
        market="1",
        coefficient=coefficient,
        stake=stake,
        back_account="A",
        lay_account="B",
        concluded_at=T0,
    )


def _offer(side: Side, stake: object, coefficient: object) -> Offer:
    return new_offer(
        number="7",
        account="A",
        event=EVENT,
        terms=OfferTerms("1", side, coefficient, stake),
        line_markets=("1",),
        limits=WIDE,
        at=T0,
        terminal="К1",
        cashier="anna",
        office="M1",
    )


@settings(max_examples=500)
@given(stake=_STAKES, coefficient=_COEFFICIENTS, percent=_PERCENTS, outcome=_OUTCOMES)
def test_p52_the_money_identity_holds_to_the_kopeck(
    stake: Decimal, coefficient: Decimal, percent: Decimal, outcome: LegOutcome
) -> None:
    pari = _pari(stake, coefficient)
    done = settle_pari(pari, outcome, percent)
    sides = (done.back, done.lay)
    amounts = [done.commission, *(x for s in sides for x in (s.released, s.gain, s.loss))]
    assert all(amount >= 0 and amount == amount.quantize(D("0.01")) for amount in amounts)
    assert (done.back.released, done.lay.released) == (pari.back_risk, pari.lay_risk)
    assert all(s.loss <= s.released for s in sides)
    assert done.back.result + done.lay.result + done.commission == 0
    winner, loser = (done.back, done.lay) if outcome is LegOutcome.WON else (done.lay, done.back)
    if outcome is LegOutcome.VOID:
        assert done.commission == 0 and not any(s.gain or s.loss for s in sides)
    else:
        assert loser.loss == winner.gain + done.commission  # p.48–p.51, p.53
        assert loser.loss == (pari.lay_risk if outcome is LegOutcome.WON else stake)
        exact = loser.loss * percent / 100
        assert exact <= done.commission < exact + D("0.01")  # the winner's net rounded down
    assert (done.pari.back_result, done.pari.lay_result) == (done.back.result, done.lay.result)


@settings(max_examples=300)
@given(stake=_STAKES, coefficient=_COEFFICIENTS, percent=_PERCENTS, outcome=_OUTCOMES)
def test_p52_both_accounts_and_the_bookmaker_hold_all_the_money(
    stake: Decimal, coefficient: Decimal, percent: Decimal, outcome: LegOutcome
) -> None:
    pari = _pari(stake, coefficient)
    back = Balance().deposit(pari.back_risk).block(pari.back_risk)
    lay = Balance().deposit(pari.lay_risk).block(pari.lay_risk)
    before = back.total + lay.total
    done = settle_pari(pari, outcome, percent)
    back, lay = done.back.apply(back), done.lay.apply(lay)
    assert back.blocked == lay.blocked == 0 and back.free >= 0 and lay.free >= 0
    assert back.total + lay.total + done.commission == before


@settings(max_examples=300)
@given(
    side=_SIDES,
    coefficient=_COEFFICIENTS,
    parts=st.lists(st.integers(1, 100_000), min_size=1, max_size=8),
    offered=st.integers(1, 400_000),
)
def test_p43_accepting_in_random_parts_never_over_accepts_nor_over_blocks(
    side: Side, coefficient: Decimal, parts: list[int], offered: int
) -> None:
    offer = _offer(side, D(offered) / 100, coefficient)
    whole_risk, current = offer.blocked, offer
    offerer = Balance().deposit(whole_risk).block(whole_risk)
    risks, accepted = [], D(0)
    for number, kopecks in enumerate(parts):
        part = D(kopecks) / 100
        try:
            current, pari, change = current.accept(
                part, account="B", number=str(number), at=T0, limits=WIDE
            )
        except AcceptAboveOpen as refused:
            assert part > current.stake_open and refused.left == current.stake_open
            continue
        except PosError:
            assert current.status is OfferStatus.ACCEPTED
            continue
        offerer = change.apply(offerer)
        risks.append(risk(side, pari.stake, pari.coefficient))
        accepted += pari.stake
        assert current.blocked == risk(side, current.stake_open, coefficient)
    assert accepted == current.accepted <= offer.stake
    assert accepted + current.stake_open == offer.stake
    assert sum(risks) <= whole_risk
    assert offerer.blocked == sum(risks) + current.blocked  # the rest released, nothing lost
    assert offerer.total == whole_risk


@settings(max_examples=300)
@given(
    side=_SIDES,
    coefficient=_COEFFICIENTS,
    stake=st.integers(1, 100_000),
    changes=st.lists(
        st.tuples(st.none() | _COEFFICIENTS, st.none() | st.integers(0, 200_000)), max_size=5
    ),
)
def test_p44_changes_keep_the_block_the_open_part_s_risk(
    side: Side, coefficient: Decimal, stake: int, changes: list[tuple[Decimal | None, int | None]]
) -> None:
    offer = _offer(side, D(stake) / 100, coefficient)
    offerer = Balance().deposit(D(10**9)).block(offer.blocked)
    for new_coefficient, new_stake in changes:
        try:
            offer, change = offer.change(
                new_coefficient,
                None if new_stake is None else D(new_stake) / 100,
                at=T0,
                limits=WIDE,
            )
        except PosError:
            continue
        offerer = change.apply(offerer)
        assert offerer.blocked == offer.blocked == risk(side, offer.stake_open, offer.coefficient)


@settings(max_examples=500)
@given(value=_TYPED)
def test_p38_p41_whatever_is_typed_is_read_or_refused_with_a_pos_error(value: object) -> None:
    offer = _offer(Side.LAY, D(100), D("1.50"))
    for read in (
        parse_side,
        parse_stake,
        parse_coefficient,
        parse_commission,
        WIDE.check_stake,
        WIDE.check_coefficient,
        lambda typed: offer.accept(typed, account="B", number="1", at=T0, limits=WIDE),
        lambda typed: offer.change(typed, typed, at=T0, limits=WIDE),
        lambda typed: _offer(Side.BACK, typed, typed),
        lambda typed: new_offer(
            number="7",
            account="A",
            event=EVENT,
            terms=OfferTerms(typed, typed, "1.5", "10"),
            line_markets=("1",),
            limits=WIDE,
            at=T0,
            terminal="К1",
            cashier="anna",
            office="M1",
        ),
        lambda typed: settle_pari(_pari(D(1), D(2)), LegOutcome.WON, typed),
    ):
        try:
            read(value)
        except PosError as refused:
            assert str(refused)
