"""Bet kinds and their arithmetic (p.18): systems, stake splits, payouts rounded down once."""

from decimal import Decimal
from itertools import combinations
from math import comb, prod

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.betting.bets import (
    BetKind,
    BetType,
    kinds_for,
    parse_kind,
    possible_payout,
    split_stake,
    system_kinds,
    total_odds,
)
from pos.betting.errors import InvalidBetKind, StakeNotSplittable

D = Decimal


def combination_odds(kind: BetKind, odds: list[Decimal]) -> list[Decimal]:
    """The odds of each express of a system, listed one by one (the brute-force oracle)."""
    return [prod(c, start=D(1)) for c in combinations(odds, kind.size)]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("single", BetKind(BetType.SINGLE)),
        (" Express ", BetKind(BetType.EXPRESS)),
        ("system 2/3", BetKind(BetType.SYSTEM, 2, 3)),
        ("system  3/4", BetKind(BetType.SYSTEM, 3, 4)),
    ],
)
def test_kinds_are_named_as_the_api_names_them(text: str, kind: BetKind) -> None:
    assert parse_kind(text) == kind
    assert str(parse_kind(str(kind))) == str(kind)


@pytest.mark.parametrize(
    "text", ["system 3/3", "system 1/3", "system 2/21", "system", "ordinar", "", 2]
)
def test_only_valid_systems_are_kinds(text: object) -> None:
    with pytest.raises(InvalidBetKind):
        parse_kind(text)


def test_only_valid_k_and_n_are_offered() -> None:
    assert [str(k) for k in kinds_for(1)] == ["single"]
    assert [str(k) for k in kinds_for(2)] == ["express"]
    assert [str(k) for k in kinds_for(4)] == ["express", "system 2/4", "system 3/4"]
    assert system_kinds(21) == []
    assert str(system_kinds(20)[8]) == "system 10/20"
    assert kinds_for(0) == []


def test_express_pays_stake_times_the_product_of_odds() -> None:
    kind = parse_kind("express")
    assert possible_payout(kind, D("10"), [D("2.10"), D("1.95")]) == D("40.95")
    assert total_odds(kind, [D("2.10"), D("1.95")]) == D("4.0950")


def test_system_2_of_3_splits_the_stake_over_three_expresses() -> None:
    kind = parse_kind("system 2/3")
    odds = [D("2.10"), D("1.95"), D("3.30")]
    assert combination_odds(kind, odds) == [D("4.0950"), D("6.9300"), D("6.4350")]
    assert split_stake(kind, D("9")) == D("3.00")
    assert possible_payout(kind, D("9"), odds) == D("52.38")  # 3 × 17.46


def test_system_payout_is_the_exact_sum_rounded_down_once() -> None:
    kind = parse_kind("system 2/3")
    odds = [D("1.33"), D("1.77"), D("2.91")]
    # 0.33 × (2.3541 + 3.8703 + 5.1507) = 3.753783 → 3.75, not 0.77 + 1.27 + 1.69 = 3.73
    assert possible_payout(kind, D("0.99"), odds) == D("3.75")


def test_a_stake_that_does_not_split_offers_the_nearest_that_do() -> None:
    with pytest.raises(StakeNotSplittable) as refused:
        split_stake(parse_kind("system 2/3"), D("10"))
    assert (refused.value.lower, refused.value.upper) == (D("9.99"), D("10.02"))
    assert "9,99 руб. или 10,02 руб." in str(refused.value)


def test_a_tiny_system_stake_offers_only_the_smallest_that_splits() -> None:
    with pytest.raises(StakeNotSplittable) as refused:
        split_stake(parse_kind("system 2/4"), D("0.05"))
    assert refused.value.lower is None
    assert refused.value.upper == D("0.06")


@given(
    st.integers(min_value=3, max_value=7).flatmap(
        lambda n: st.tuples(
            st.integers(min_value=2, max_value=n - 1),
            st.lists(st.integers(min_value=101, max_value=2000), min_size=n, max_size=n),
            st.integers(min_value=1, max_value=10_000),
        )
    )
)
def test_system_payout_never_exceeds_the_exact_value(case: tuple[int, list[int], int]) -> None:
    size, hundredths, per_kopecks = case
    kind = BetKind(BetType.SYSTEM, size, len(hundredths))
    odds = [Decimal(h) / 100 for h in hundredths]
    stake = Decimal(per_kopecks * kind.combinations) / 100
    exact = sum(stake / kind.combinations * o for o in combination_odds(kind, odds))
    payout = possible_payout(kind, stake, odds)
    assert exact - Decimal("0.01") < payout <= exact


def test_a_10_of_20_system_is_priced_without_listing_its_184756_expresses() -> None:
    """p.18: the payout is the exact sum over all C(20, 10) expresses, rounded down once."""
    kind = parse_kind("system 10/20")
    odds = [D("1.50")] * 10 + [D("2.00")] * 10
    stake = D("1847.56")  # 1 kopeck on each express
    expected = sum(
        (D("0.01") * D("1.50") ** i * D("2.00") ** (10 - i) * comb(10, i) * comb(10, 10 - i))
        for i in range(11)
    )
    assert possible_payout(kind, stake, odds) == expected.quantize(D("0.01"), rounding="ROUND_DOWN")
    assert total_odds(kind, odds) == (expected / stake).quantize(D("0.0001"), rounding="ROUND_DOWN")


def test_a_system_is_accepted_exactly_when_it_is_one_of_the_systems_of_its_members() -> None:
    # parse_kind checks k and n by arithmetic (issue 34: a payout parses a kind per slip);
    # the systems offered for n members stay the rule.
    for of in range(0, 24):
        for size in range(0, 24):
            text = f"system {size}/{of}"
            offered = BetKind(BetType.SYSTEM, size, of) in system_kinds(of)
            if offered:
                assert parse_kind(text) == BetKind(BetType.SYSTEM, size, of)
            else:
                with pytest.raises(InvalidBetKind):
                    parse_kind(text)
