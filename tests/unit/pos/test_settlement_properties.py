"""Settlement properties (p.18): exact products, void = removed, systems = their combinations."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from pos.betting.bets import BetKind, BetType, elementary_symmetric, possible_payout
from pos.betting.slips import Leg, Slip, SlipStatus
from pos.settlement.results import Result, ResultStatus
from pos.settlement.rules import settle_slip

KICKOFF = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
BEFORE = KICKOFF - timedelta(hours=1)
SINGLE, EXPRESS = BetKind(BetType.SINGLE), BetKind(BetType.EXPRESS)
FAST = settings(max_examples=150, deadline=None)

# How a leg on "1" comes out, and the result that makes it so. A leg is on event `code`.
WON, LOST, VOID, OPEN = "won", "lost", "void", "open"
_FATES = {
    WON: [
        lambda c: _finished(c, 2, 1),
        # after the start but before the score was opened (p.22): the bet stands
        lambda c: _finished(c, 1, 0, start=BEFORE - timedelta(hours=1), opened_after_bet=True),
    ],
    LOST: [
        lambda c: _finished(c, 0, 1),
        lambda c: _finished(c, 0, 3, start=BEFORE - timedelta(minutes=5)),  # late, still lost
    ],
    VOID: [
        lambda c: Result(c, ResultStatus.CANCELLED, None, None, KICKOFF, KICKOFF, "src"),
        lambda c: Result(c, ResultStatus.POSTPONED, None, None, KICKOFF, KICKOFF, "src"),
        lambda c: _finished(c, 2, 0, venue_swapped=True),
        lambda c: _finished(c, 3, 1, start=BEFORE - timedelta(minutes=5)),  # late winner (p.22)
    ],
}


def _finished(
    code: int,
    home: int,
    away: int,
    *,
    start: datetime = KICKOFF,
    venue_swapped: bool = False,
    opened_after_bet: bool = False,
) -> Result:
    first = BEFORE + timedelta(minutes=1) if opened_after_bet else None  # slips are issued BEFORE
    return Result(
        code,
        ResultStatus.FINISHED,
        home,
        away,
        start,
        KICKOFF + timedelta(hours=2),
        "src",
        first_score_at=first,
        venue_swapped=venue_swapped,
    )


@dataclass(frozen=True)
class Pick:
    """A leg to be: its odds in hundredths, how it comes out, and which result says so."""

    hundredths: int
    fate: str
    variant: int


picks = st.builds(
    Pick,
    st.integers(min_value=101, max_value=2000),
    st.sampled_from([WON, LOST, VOID]),
    st.integers(min_value=0, max_value=3),
)


def _slip(
    kind: BetKind, blocks: list[list[Pick]], per_kopecks: int
) -> tuple[Slip, dict[int, Result]]:
    """The slip of `blocks` (one pick each but in a complex system) and the results it meets."""
    members, results, code = [], {}, 0
    for block in blocks:
        legs = []
        for pick in block:
            code += 1
            odds = Decimal(pick.hundredths).scaleb(-2)
            legs.append(Leg(code, "1", odds, 1, f"Х{code}", f"Г{code}", KICKOFF))
            if pick.fate != OPEN:
                fates = _FATES[pick.fate]
                results[code] = fates[pick.variant % len(fates)](code)
        members.append(tuple(legs))
    stake = Decimal(per_kopecks * kind.combinations).scaleb(-2)
    slip = Slip("1", kind, tuple(members), stake, Decimal(1), Decimal(1), "К1", "anna", BEFORE)
    return slip, results


def _kind(members: int) -> BetKind:
    return SINGLE if members == 1 else EXPRESS


def _value(block: list[Pick]) -> Fraction:
    """A member's odds as it is settled: 0 when a leg lost, void legs at 1.00."""
    if any(p.fate == LOST for p in block):
        return Fraction(0)
    return math.prod(
        (Fraction(p.hundredths, 100) for p in block if p.fate == WON), start=Fraction(1)
    )


@FAST
@given(
    st.lists(st.integers(min_value=101, max_value=5000), min_size=1, max_size=8),
    st.integers(min_value=1, max_value=1_000_000),
)
def test_p18_an_express_that_wins_pays_stake_times_the_product_rounded_down(
    hundredths: list[int], kopecks: int
) -> None:
    blocks = [[Pick(h, WON, 0)] for h in hundredths]
    slip, results = _slip(_kind(len(blocks)), blocks, kopecks)
    settled = settle_slip(slip, results)
    assert settled is not None
    exact = kopecks * math.prod(Fraction(h, 100) for h in hundredths)
    assert settled.payout == Decimal(math.floor(exact)).scaleb(-2)
    assert settled.status is SlipStatus.WON


@FAST
@given(
    st.lists(picks, min_size=2, max_size=6),
    st.data(),
    st.integers(min_value=1, max_value=100_000),
)
def test_p18_voiding_an_express_leg_is_removing_it(
    rest: list[Pick], data: st.DataObject, kopecks: int
) -> None:
    where = data.draw(st.integers(min_value=0, max_value=len(rest) - 1))
    voided = [*rest]
    voided[where] = Pick(rest[where].hundredths, VOID, data.draw(st.integers(0, 3)))
    without = rest[:where] + rest[where + 1 :]
    with_void = settle_slip(*_slip(EXPRESS, [[p] for p in voided], kopecks))
    removed = settle_slip(*_slip(_kind(len(without)), [[p] for p in without], kopecks))
    assert with_void is not None and removed is not None
    assert (with_void.status, with_void.payout) == (removed.status, removed.payout)


@FAST
@given(
    st.lists(st.lists(picks, min_size=1, max_size=3), min_size=3, max_size=5),
    st.data(),
    st.integers(min_value=1, max_value=10_000),
)
def test_p18_voiding_a_leg_of_a_complex_system_block_is_removing_it(
    blocks: list[list[Pick]], data: st.DataObject, kopecks: int
) -> None:
    size = data.draw(st.integers(min_value=2, max_value=len(blocks) - 1))
    kind = BetKind(BetType.SYSTEM, size, len(blocks))
    extra = data.draw(picks)
    with_void = [*blocks[:-1], [*blocks[-1], Pick(extra.hundredths, VOID, extra.variant)]]
    longer = settle_slip(*_slip(kind, with_void, kopecks))
    shorter = settle_slip(*_slip(kind, blocks, kopecks))
    assert longer is not None and shorter is not None
    assert (longer.status, longer.payout) == (shorter.status, shorter.payout)


@FAST
@given(
    st.lists(st.lists(picks, min_size=1, max_size=2), min_size=3, max_size=6),
    st.data(),
    st.integers(min_value=1, max_value=10_000),
)
def test_p18_a_system_pays_the_sum_over_its_combinations_rounded_down_once(
    blocks: list[list[Pick]], data: st.DataObject, per_kopecks: int
) -> None:
    size = data.draw(st.integers(min_value=2, max_value=len(blocks) - 1))
    kind = BetKind(BetType.SYSTEM, size, len(blocks))
    settled = settle_slip(*_slip(kind, blocks, per_kopecks))
    assert settled is not None
    values = [_value(block) for block in blocks]
    exact = sum(
        (per_kopecks * math.prod(combo, start=Fraction(1)) for combo in combinations(values, size)),
        start=Fraction(0),
    )
    assert settled.payout == Decimal(math.floor(exact)).scaleb(-2)
    every_void = all(p.fate == VOID for block in blocks for p in block)
    expected = (
        SlipStatus.REFUND if every_void else SlipStatus.WON if exact >= 1 else SlipStatus.LOST
    )
    assert settled.status is expected


@FAST
@given(
    st.lists(st.integers(min_value=0, max_value=10**6), max_size=8),
    st.integers(min_value=0, max_value=8),
)
def test_elementary_symmetric_is_the_sum_over_every_k_combination(
    values: list[int], k: int
) -> None:
    brute = sum(math.prod(c) for c in combinations(values, k))
    assert elementary_symmetric(values, k) == brute


def _kinds(members: int) -> list[BetKind]:
    systems = [BetKind(BetType.SYSTEM, k, members) for k in range(2, members)]
    return [EXPRESS, *systems] if systems else [_kind(members)]


kinds_and_blocks = st.integers(min_value=1, max_value=6).flatmap(
    lambda n: st.tuples(
        st.sampled_from(_kinds(n)),
        st.lists(
            st.lists(
                st.builds(
                    Pick,
                    st.integers(min_value=101, max_value=2000),
                    st.sampled_from([WON, LOST, VOID, OPEN]),
                    st.integers(min_value=0, max_value=3),
                ),
                min_size=1,
                max_size=3 if n >= 3 else 1,
            ),
            min_size=n,
            max_size=n,
        ),
    )
)


@FAST
@given(
    kinds_and_blocks,
    st.integers(min_value=1, max_value=10_000),
    st.one_of(st.none(), st.integers(min_value=0, max_value=10**7)),
)
def test_a_payout_is_never_negative_above_the_cap_or_above_every_leg_winning(
    case: tuple[BetKind, list[list[Pick]]], per_kopecks: int, cap_kopecks: int | None
) -> None:
    kind, blocks = case
    if kind.type is BetType.EXPRESS:
        blocks = [[p] for block in blocks for p in block[:1]]
    cap = None if cap_kopecks is None else Decimal(cap_kopecks).scaleb(-2)
    slip, results = _slip(kind, blocks, per_kopecks)
    settled = settle_slip(slip, results, cap=cap)
    if settled is None:
        return
    member_odds = [math.prod((leg.odds for leg in m), start=Decimal(1)) for m in slip.members]
    assert Decimal(0) <= settled.payout
    assert settled.payout <= possible_payout(kind, slip.stake, member_odds)
    assert cap is None or settled.payout <= cap
