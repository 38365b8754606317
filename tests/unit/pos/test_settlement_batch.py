"""The vectorised settlement agrees with pos.settlement.rules.settle_slip, slip by slip."""

from __future__ import annotations

import dataclasses
import math
from datetime import UTC, datetime, timedelta
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pos.betting.bets import BetKind, BetType, possible_payout
from pos.betting.slips import Leg, Slip
from pos.line.markets import Market
from pos.roulette.bets import CATALOGUE
from pos.roulette.draws import spin_code
from pos.roulette.game import ROULETTE
from pos.settlement import batch
from pos.settlement.batch import VERDICT_STATUS, Verdict, settle_terms
from pos.settlement.batch_sums import part_payouts
from pos.settlement.results import Result, ResultStatus
from pos.settlement.rules import settle_slip
from pos.settlement.terms import encode_terms, market_code

START = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
MARKETS = ["1", "X", "2", "1X", "X2", "12", "O2.5", "U3", "O5", "H1-1.5", "H2+1", "H1-0.25"]
EVENTS = range(1, 9)


def _slip(
    kind: BetKind,
    members: list[list[tuple[int, str, Decimal]]],
    stake: Decimal,
    *,
    issued_at: datetime,
    agreed: bool,
    cap: Decimal | None,
) -> Slip:
    legs = tuple(
        tuple(Leg(code, market, odds, 1, f"Х{code}", f"Г{code}", START) for code, market, odds in m)
        for m in members
    )
    odds = [math.prod((leg.odds for leg in m), start=Decimal(1)) for m in legs]
    return Slip(
        number="0000000000001",
        kind=kind,
        members=legs,
        stake=stake,
        total_odds=Decimal("1"),
        possible_payout=possible_payout(kind, stake, odds),
        terminal="К1",
        cashier="anna",
        issued_at=issued_at,
        agreed_in_play=agreed,
        payout_cap=cap,
    )


@st.composite
def slips(draw: st.DrawFn) -> Slip:
    count = draw(st.integers(1, 6))
    codes = draw(st.lists(st.sampled_from(EVENTS), min_size=count, max_size=count, unique=True))
    blocks = count >= 3 and draw(st.booleans())
    odds = st.integers(101, 900).map(lambda h: Decimal(h) / 100)
    legs = [(code, draw(st.sampled_from(MARKETS)), draw(odds)) for code in codes]
    if blocks:
        cut = draw(st.integers(1, count - 1))
        members = [legs[:cut], *[[leg] for leg in legs[cut:]]]
        if len(members) < 3:
            members = [[leg] for leg in legs]
    else:
        members = [[leg] for leg in legs]
    n = len(members)
    if n == 1:
        kind = BetKind(BetType.SINGLE)
    elif n >= 3 and draw(st.booleans()):
        kind = BetKind(BetType.SYSTEM, draw(st.integers(2, n - 1)), n)
    else:
        kind = (
            BetKind(BetType.EXPRESS)
            if all(len(m) == 1 for m in members)
            else BetKind(BetType.SYSTEM, n - 1, n)
        )
    per = Decimal(draw(st.integers(1, 500))) / 100
    stake = per * kind.combinations
    issued = START + timedelta(minutes=draw(st.integers(-60, 60)))
    cap = draw(st.none() | st.integers(100, 5000).map(Decimal))
    return _slip(kind, members, stake, issued_at=issued, agreed=draw(st.booleans()), cap=cap)


@st.composite
def result_sets(draw: st.DrawFn) -> dict[int, Result]:
    results = {}
    for code in EVENTS:
        if draw(st.integers(0, 9)) == 0:
            continue  # no result yet
        status = draw(st.sampled_from([ResultStatus.FINISHED] * 6 + list(ResultStatus)))
        home, away = draw(st.integers(0, 5)), draw(st.integers(0, 5))
        first = draw(st.none() | st.integers(0, 40).map(lambda m: START + timedelta(minutes=m)))
        if home == away == 0:
            first = None
        results[code] = Result(
            code,
            status,
            home,
            away,
            START,
            START + timedelta(hours=2),
            "протокол",
            first_score_at=first,
            venue_swapped=draw(st.integers(0, 9)) == 0,
        )
    return results


@settings(max_examples=400, deadline=None)
@given(st.lists(slips(), min_size=1, max_size=12), result_sets())
def test_the_batch_settles_every_slip_as_settle_slip_does(
    batch: list[Slip], results: dict[int, Result]
) -> None:
    settled = settle_terms(range(len(batch)), [encode_terms(s) for s in batch], results)
    got = {
        slip_id: (VERDICT_STATUS[Verdict(code)], Decimal(kopecks).scaleb(-2))
        for slip_id, code, kopecks in zip(
            settled.slip_ids.tolist(),
            settled.status.tolist(),
            settled.payout.tolist(),
            strict=True,
        )
    }
    for index, slip in enumerate(batch):
        expected = settle_slip(slip, results, cap=slip.payout_cap)
        if expected is None:
            assert index not in got
        else:
            assert got[index] == (expected.status, expected.payout), slip


def test_market_codes_round_trip_through_the_terms() -> None:
    for market in [*MARKETS, "O0.5", "U250.5", "H2-10.75", "H1+0.5", "12", "P3"]:
        assert market_code(*Market.from_code(market).batch_key) == market


def test_an_empty_batch_settles_nothing() -> None:
    assert len(settle_terms([], [], {})) == 0


def test_big_systems_beyond_64_bits_settle_exactly_as_settle_slip_does() -> None:
    """10/20 systems at high odds: the vectorised recurrence would overflow, so these go slip
    by slip in Python integers; small ones in the same batch take the vectorised path."""
    legs = [(code, "1", Decimal(f"{1 + code % 7}.{code:02d}")) for code in range(1, 21)]
    big = _slip(
        BetKind(BetType.SYSTEM, 10, 20),
        [[leg] for leg in legs],
        Decimal("1847.56") * 3,
        issued_at=START - timedelta(hours=1),
        agreed=False,
        cap=None,
    )
    small = _slip(
        BetKind(BetType.SYSTEM, 2, 4),
        [[leg] for leg in legs[:4]],
        Decimal("6"),
        issued_at=START - timedelta(hours=1),
        agreed=False,
        cap=None,
    )
    results = {
        code: Result(
            code,
            ResultStatus.FINISHED,
            0 if code % 5 == 0 else 1,  # every fifth lost
            0,
            START,
            START + timedelta(hours=2),
            "протокол",
            venue_swapped=code == 7,  # one void
        )
        for code in range(1, 21)
    }
    settled = settle_terms([1, 2], [encode_terms(big), encode_terms(small)], results)
    for slip, kopecks in zip((big, small), settled.payout.tolist(), strict=True):
        expected = settle_slip(slip, results)
        assert expected is not None
        assert Decimal(kopecks).scaleb(-2) == expected.payout
    assert settled.payout[0] > 10**10  # its e_10 in hundredths is far beyond 63 bits


# --- roulette: a part of the stake returned, exactly (issue 36) ------------------------------

SPINS = [spin_code(n) for n in range(1, 5)]


@st.composite
def roulette_slips(draw: st.DrawFn) -> Slip:
    """A single on a roulette draw at its paytable's odds, its stake split over its chips."""
    bet = draw(st.sampled_from(CATALOGUE))
    odds = Decimal(bet.best.numerator) / Decimal(bet.best.denominator)
    odds = odds.quantize(Decimal("0.01"), rounding=ROUND_CEILING)
    stake = Decimal(draw(st.integers(1, 2000))) / 100 * len(bet.chips)
    issued = START + timedelta(minutes=draw(st.integers(-60, 60)))
    cap = draw(st.none() | st.integers(10, 500).map(Decimal))
    return _slip(
        BetKind(BetType.SINGLE),
        [[(draw(st.sampled_from(SPINS)), ROULETTE.parse_market(bet.code), odds)]],
        stake,
        issued_at=issued,
        agreed=draw(st.booleans()),
        cap=cap,
    )


@st.composite
def spins(draw: st.DrawFn) -> dict[int, Result]:
    results = {}
    for code in SPINS:
        if draw(st.integers(0, 5)) == 0:
            continue  # not spun yet
        cancelled = draw(st.integers(0, 9)) == 0
        status = ResultStatus.CANCELLED if cancelled else ResultStatus.FINISHED
        number = None if cancelled else draw(st.sampled_from([0, 0, 0, *range(37)]))
        end = START + timedelta(seconds=30)
        results[code] = Result(code, status, number, 0, START, end, "студия")
    return results


@settings(max_examples=300, deadline=None)
@given(
    st.lists(roulette_slips(), min_size=1, max_size=8),
    st.lists(slips(), max_size=4),
    spins(),
    result_sets(),
)
def test_the_batch_pays_roulette_s_part_returns_as_settle_slip_does(
    wheel: list[Slip], sports: list[Slip], spun: dict[int, Result], results: dict[int, Result]
) -> None:
    batch, every = [*wheel, *sports], {**results, **spun}
    settled = settle_terms(range(len(batch)), [encode_terms(s) for s in batch], every)
    got = dict(
        zip(
            settled.slip_ids.tolist(),
            zip(settled.status.tolist(), settled.payout.tolist(), strict=True),
            strict=True,
        )
    )
    for index, slip in enumerate(batch):
        expected = settle_slip(slip, every, cap=slip.payout_cap)
        if expected is None:
            assert index not in got
            continue
        code, kopecks = got[index]
        assert (VERDICT_STATUS[Verdict(code)], Decimal(kopecks).scaleb(-2)) == (
            expected.status,
            expected.payout,
        ), slip


def test_an_announced_bet_and_a_chance_on_zero_pay_their_exact_part() -> None:
    spun = {SPINS[0]: Result(SPINS[0], ResultStatus.FINISHED, 0, 0, START, START, "студия")}
    voisins = _slip(
        BetKind(BetType.SINGLE),
        [[(SPINS[0], "VOISINS", Decimal("2.67"))]],
        Decimal("9"),
        issued_at=START - timedelta(minutes=1),
        agreed=False,
        cap=None,
    )
    red = dataclasses.replace(
        voisins,
        members=((dataclasses.replace(voisins.legs[0], market="RED", odds=Decimal(2)),),),
        stake=Decimal("3.33"),
    )
    settled = settle_terms([1, 2], [encode_terms(voisins), encode_terms(red)], spun)
    assert settled.payout.tolist() == [2400, 166]  # 9 × 8/3; 3,33 × 1/2 rounded down
    explained = settle_slip(voisins, spun)
    assert explained is not None
    assert explained.lines[-1] == (
        "Выплата: 9,00 руб. × 8/3 (выигравшие фишки на рубль ставки) = 24,00 руб., "
        "округлено вниз до копейки."
    )


def test_singles_at_a_part_return_are_paid_together_not_slip_by_slip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # roulette_settle_100k (issue 36): on zero a quarter of a draw's slips return part of the
    # stake; settled one by one in Python they made the draw's settlement 2.35 times the
    # football singles'.
    def one_by_one(*args: object) -> None:
        raise AssertionError("a single at a part return was settled slip by slip")

    monkeypatch.setattr(batch, "_complex", one_by_one)
    spun = {SPINS[0]: Result(SPINS[0], ResultStatus.FINISHED, 0, 0, START, START, "студия")}
    voisins = _slip(
        BetKind(BetType.SINGLE),
        [[(SPINS[0], "VOISINS", Decimal("2.67"))]],
        Decimal("9"),
        issued_at=START - timedelta(minutes=1),
        agreed=False,
        cap=None,
    )
    red = dataclasses.replace(
        voisins,
        members=((dataclasses.replace(voisins.legs[0], market="RED", odds=Decimal(2)),),),
        stake=Decimal("3.33"),
    )
    capped = dataclasses.replace(voisins, payout_cap=Decimal("20"))
    terms = [encode_terms(slip) for slip in (voisins, red, capped)] * 1000
    settled = settle_terms(range(len(terms)), terms, spun)
    # 9 × 8/3; 3,33 × 1/2 rounded down; 24,00 held to the cap of 20,00.
    assert settled.payout.tolist() == [2400, 166, 2000] * 1000
    assert set(settled.status.tolist()) == {Verdict.WON}


def test_a_part_return_beyond_63_bits_of_product_is_still_paid_exactly() -> None:
    # stake × numerator overflows int64 although the payout does not: Python integers there.
    returns = [Fraction(1, 2), Fraction(2**40 + 1, 2**39)]
    stakes = np.array([333, 2**30], np.int64)
    assert part_payouts(stakes, returns).tolist() == [166, 2**30 * (2**40 + 1) // 2**39]
