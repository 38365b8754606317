"""pos.spread's arithmetic over many cases (hypothesis): results exact to the kopeck, up the
mirror of down (p.33–p.35), a bet closed in parts settling as closed whole (p.31), and the
margin call's shortcut agreeing with the rule bet by bet (p.36)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from pos.spread.assets import Asset, in_points, make_asset, make_quote
from pos.spread.bets import Direction, open_bet, result
from pos.spread.margins import call_price, called, margin_calls

D = Decimal
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
_POINTS = st.sampled_from([D("0.01"), D("0.1"), D("0.25"), D("1"), D("0.001")])
_STAKES = st.integers(1, 500_000).map(lambda kopecks: D(kopecks) / 100)


def _asset(point: Decimal, margin_points: int = 100, maintenance: str = "0.5") -> Asset:
    return make_asset("X", "Актив", "index", point, margin_points, D(maintenance), "0.01", "10000")


@settings(max_examples=300)
@given(point=_POINTS, opened=st.integers(1, 10**7), closed=st.integers(1, 10**7), stake=_STAKES)
def test_p33_results_are_exact_and_up_is_minus_down(
    point: Decimal, opened: int, closed: int, stake: Decimal
) -> None:
    up = result(Direction.UP, opened * point, closed * point, point, stake)
    down = result(Direction.DOWN, opened * point, closed * point, point, stake)
    assert up == -down
    assert up == (closed - opened) * stake  # whole points × whole kopecks: nothing rounded
    assert up == up.quantize(D("0.01"))


@settings(max_examples=200)
@given(
    point=_POINTS,
    bid=st.integers(2, 10**6),
    spread=st.integers(1, 50),
    later=st.integers(2, 10**6),
    parts=st.lists(st.integers(1, 10_000), min_size=1, max_size=6),
    direction=st.sampled_from(list(Direction)),
)
def test_p31_closing_in_parts_sums_to_closing_whole(
    point: Decimal, bid: int, spread: int, later: int, parts: list[int], direction: Direction
) -> None:
    asset = _asset(point)
    stake = D(sum(parts)) / 100
    opening = make_quote(asset, bid * point, (bid + spread) * point, T0, "boss", 1)
    closing = make_quote(asset, later * point, (later + spread) * point, T0, "boss", 2)
    bet = open_bet(
        number="1",
        account="A",
        asset=asset,
        direction=direction,
        stake=stake,
        quote=opening,
        at=T0,
        terminal="К1",
        cashier="anna",
        office="M1",
    )
    whole_bet, whole = bet.close(stake, closing, T0 + timedelta(hours=1))
    in_parts, released = bet, D(0)
    for part in parts:
        in_parts, closed = in_parts.close(D(part) / 100, closing, T0 + timedelta(hours=1))
        released += closed.margin_released
    assert in_parts.result == whole_bet.result == whole.result
    assert released == whole.margin_released == bet.margin_blocked
    assert in_parts.status is whole_bet.status and in_parts.stake_open == 0


@settings(max_examples=200)
@given(
    point=_POINTS,
    maintenance=st.sampled_from(["0.1", "0.25", "0.5", "0.75", "1"]),
    margin_points=st.integers(1, 500),
    opened=st.lists(st.tuples(st.integers(2, 5000), st.sampled_from(list(Direction))), max_size=20),
    bid=st.integers(2, 5000),
    spread=st.integers(1, 20),
)
def test_p36_margin_calls_agree_with_the_rule_bet_by_bet(
    point: Decimal,
    maintenance: str,
    margin_points: int,
    opened: list[tuple[int, Direction]],
    bid: int,
    spread: int,
) -> None:
    asset = _asset(point, margin_points, maintenance)
    bets = [
        open_bet(
            number=str(index),
            account="A",
            asset=asset,
            direction=direction,
            stake="1.25",
            quote=make_quote(asset, at * point, (at + spread) * point, T0, "boss", 1),
            at=T0,
            terminal="К1",
            cashier="anna",
            office="M1",
        )
        for index, (at, direction) in enumerate(opened)
    ]
    quote = make_quote(asset, bid * point, (bid + spread) * point, T0, "boss", 2)
    assert margin_calls(asset, quote, bets) == [
        b for b in bets if b.below_maintenance(asset, quote)
    ]


@settings(max_examples=300)
@given(
    point=_POINTS,
    maintenance=st.sampled_from(["0.1", "0.25", "0.333333", "0.5", "1"]),
    margin_points=st.integers(1, 500),
    opened_at=st.integers(2000, 5000),
    quoted=st.integers(2, 8000),
    spread=st.integers(1, 20),
    direction=st.sampled_from(list(Direction)),
)
def test_p36_a_bet_s_call_price_calls_it_exactly_when_the_rule_does(
    point: Decimal,
    maintenance: str,
    margin_points: int,
    opened_at: int,
    quoted: int,
    spread: int,
    direction: Direction,
) -> None:
    asset = _asset(point, margin_points, maintenance)
    opening = make_quote(asset, opened_at * point, (opened_at + spread) * point, T0, "boss", 1)
    bet = open_bet(
        number="1",
        account="A",
        asset=asset,
        direction=direction,
        stake="2.50",
        quote=opening,
        at=T0,
        terminal="К1",
        cashier="anna",
        office="M1",
    )
    quote = make_quote(asset, quoted * point, (quoted + spread) * point, T0, "boss", 2)
    level = call_price(asset, bet)
    assert in_points(level, point)
    assert called([(bet, level)], quote) == ([bet] if bet.below_maintenance(asset, quote) else [])
