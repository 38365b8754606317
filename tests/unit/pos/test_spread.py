"""pos.spread: opening and closing spread bets, their exact results and the
bookmaker's margin call, named by the paragraphs of the Rules (p.25–p.36, DESIGN.md «Спрэдбет»)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pos.core.input_errors import InvalidAmount
from pos.spread.asset_errors import (
    PricesNotInPoints,
    StakeLimitsInverted,
)
from pos.spread.assets import (
    AssetKind,
    make_asset,
)
from pos.spread.bets import (
    Direction,
    SpreadStatus,
    check_stake,
    close_price,
    initial_margin,
    open_bet,
    open_price,
    parse_direction,
    result,
)
from pos.spread.errors import (
    CloseAboveOpen,
    QuoteOfAnotherAsset,
    SpreadBetClosed,
    StakeOutsideLimits,
    UnknownDirection,
)
from pos.spread.margins import margin_calls
from tests.unit.pos.spread_helpers import BRENT, GOLD, T0, D, _bet, _quote


def test_p27_a_stake_outside_the_limits_is_refused_with_them() -> None:
    assert check_stake(BRENT, "0,10") == D("0.10") and check_stake(BRENT, "50") == D("50.00")
    for stake in ("0.09", "50.01"):
        with pytest.raises(StakeOutsideLimits) as refused:
            check_stake(BRENT, stake)
        assert "от 0,10 руб. до 50,00 руб. за пункт" in str(refused.value)
        assert f"{stake.replace('.', ',')} руб. за пункт" in str(refused.value)


def test_p27_the_minimum_stake_is_not_above_the_maximum() -> None:
    with pytest.raises(StakeLimitsInverted, match=r"2,00 руб\. за пункт больше максимальной"):
        make_asset("A", "Актив", "share", "1", "1", "1", "2", "1")


def test_p28_stakes_are_per_point() -> None:
    one_point = result(Direction.UP, D("74.14"), D("74.15"), D("0.01"), D("2.50"))
    assert one_point == D("2.50")
    assert result(Direction.UP, D("74.14"), D("75.14"), D("0.01"), D("2.50")) == D("250.00")
    assert result(Direction.UP, D("1500.0"), D("1501.0"), D("0.1"), D("2.50")) == D("25.00")


def test_p28_a_stake_is_whole_kopecks_above_zero() -> None:
    with pytest.raises(InvalidAmount, match="целых копейках"):
        check_stake(BRENT, "1,005")
    with pytest.raises(InvalidAmount, match="больше нуля"):
        check_stake(GOLD, "0")
    with pytest.raises(InvalidAmount, match="дробным числом"):
        check_stake(BRENT, 1.5)


@pytest.mark.parametrize(
    ("typed", "direction"),
    [
        ("up", Direction.UP),
        ("ВВЕРХ", Direction.UP),
        (" Повышение ", Direction.UP),
        ("на  повышение", Direction.UP),
        ("Buy", Direction.UP),
        ("down", Direction.DOWN),
        ("вниз", Direction.DOWN),
        ("понижение", Direction.DOWN),
        ("SELL", Direction.DOWN),
    ],
)
def test_p29_a_bet_opens_by_buying_or_selling(typed: str, direction: Direction) -> None:
    assert parse_direction(typed) is direction


@pytest.mark.parametrize("typed", ["", "sideways", "вверх вниз", None, 1])
def test_p29_an_unknown_direction_names_the_accepted_words(typed: object) -> None:
    with pytest.raises(UnknownDirection, match=r"«вверх» .* или «вниз»"):
        parse_direction(typed)


def test_p29_directions_and_statuses_are_kept_as_words() -> None:
    assert [direction.value for direction in Direction] == ["up", "down"]
    statuses = [status.value for status in SpreadStatus]
    assert statuses == ["open", "closed", "closed_by_bookmaker", "cancelled"]
    assert [kind.value for kind in AssetKind] == ["share", "future", "index"]


def test_p30_up_opens_at_the_ask_down_at_the_bid() -> None:
    quote = _quote("74.10", "74.14")
    assert open_price(Direction.UP, quote) == D("74.14") == _bet("up").open_price
    assert open_price(Direction.DOWN, quote) == D("74.10") == _bet("down").open_price


def test_p30_opening_blocks_the_initial_margin_of_stake_times_margin_points() -> None:
    bet = _bet("вверх", stake="0.37")
    assert (bet.stake, bet.stake_open, bet.margin_blocked) == (D("0.37"), D("0.37"), D("37.00"))
    assert (bet.status, bet.result, bet.closed_at, bet.point) == (
        SpreadStatus.OPEN,
        D("0"),
        None,
        D("0.01"),
    )
    assert initial_margin(GOLD, D("9.99")) == D("99.90")
    with pytest.raises(StakeOutsideLimits):
        _bet("up", stake="0.05")


def test_p31_up_closes_at_the_bid_down_at_the_ask() -> None:
    quote = _quote("75.00", "75.04")
    assert close_price(Direction.UP, quote) == D("75.00")
    assert close_price(Direction.DOWN, quote) == D("75.04")
    assert Direction.UP.opposite is Direction.DOWN and Direction.DOWN.opposite is Direction.UP


def test_p31_a_bet_is_closed_by_the_opposite_bet_wholly_or_in_part() -> None:
    bet, later = _bet("up", stake="1.00"), _quote("75.00", "75.04", version=2)
    part_bet, part = bet.close("0.40", later, later.at)
    assert (part.stake, part.close_price, part.result) == (D("0.40"), D("75.00"), D("34.40"))
    assert (part_bet.stake_open, part_bet.result, part_bet.status) == (
        D("0.60"),
        D("34.40"),
        SpreadStatus.OPEN,
    )
    rest_bet, rest = part_bet.close(D("0.60"), later, later.at)
    assert rest.result == D("51.60") and rest_bet.result == D("86.00")
    assert (rest_bet.stake_open, rest_bet.status, rest_bet.closed_at) == (
        D("0"),
        SpreadStatus.CLOSED,
        later.at,
    )
    assert rest_bet.stake == D("1.00")  # the stake as opened stays on record


def test_p31_closing_more_than_is_open_is_refused_with_the_open_stake() -> None:
    bet, _ = _bet("down", stake="1.00").close("0.70", _quote("74.10", "74.14"), T0)
    with pytest.raises(CloseAboveOpen) as refused:
        bet.close("0.31", _quote("74.10", "74.14"), T0)
    assert "открыто 0,30 руб. за пункт" in str(refused.value) and "0,31" in str(refused.value)


@pytest.mark.parametrize("stake", ["0", "-0.10", "0.001", "много"])
def test_p31_a_close_stake_not_whole_kopecks_above_zero_is_refused(stake: str) -> None:
    with pytest.raises(InvalidAmount):
        _bet("up").close(stake, _quote("74.10", "74.14"), T0)


def test_p31_a_closed_bet_cannot_be_closed_again() -> None:
    quote = _quote("74.10", "74.14")
    closed, _ = _bet("up").close("1", quote, T0)
    with pytest.raises(SpreadBetClosed, match="уже закрыта: закрывать нечего"):
        closed.close("0.10", quote, T0)
    called, _ = _bet("up").close("1", quote, T0, by_bookmaker=True)
    with pytest.raises(SpreadBetClosed, match="закрыта букмекером"):
        called.close("0.10", quote, T0)


def test_p31_a_quote_of_another_asset_neither_opens_nor_closes() -> None:
    gold = _quote("1500.0", "1500.2", GOLD)
    with pytest.raises(QuoteOfAnotherAsset, match="Котировка GOLD не подходит для ставки на BRENT"):
        _bet("up").close("1", gold, T0)
    with pytest.raises(QuoteOfAnotherAsset):
        open_bet(
            number="1",
            account="1",
            asset=BRENT,
            direction="up",
            stake="1",
            quote=gold,
            at=T0,
            terminal="К1",
            cashier="k",
            office="M1",
        )


def test_p33_the_margin_of_the_closed_part_is_released() -> None:
    bet = _bet("down", stake="0.37")
    quote = _quote("74.00", "74.04", version=2)
    left, first = bet.close("0.12", quote, quote.at)
    assert (first.margin_released, left.margin_blocked) == (D("12.00"), D("25.00"))
    done, last = left.close("0.25", quote, quote.at)
    assert (last.margin_released, done.margin_blocked) == (D("25.00"), D("0"))
    assert first.result + last.result == done.result == D("2.22")  # 6 points × 0,37


def test_p34_1_a_down_bet_wins_when_it_closes_lower() -> None:
    bet = _bet("down", stake="2.00")  # sold at the bid, 74.10
    _, closing = bet.close("2", _quote("73.50", "73.54"), T0)  # bought back at the ask
    assert closing.result == D("112.00")  # (74.10 − 73.54) ÷ 0.01 × 2


def test_p34_2_an_up_bet_wins_when_it_closes_higher() -> None:
    bet = _bet("up", stake="2.00")  # bought at the ask, 74.14
    _, closing = bet.close("2", _quote("74.50", "74.54"), T0)  # sold at the bid
    assert closing.result == D("72.00")  # (74.50 − 74.14) ÷ 0.01 × 2


def test_p35_1_a_down_bet_loses_when_it_closes_higher() -> None:
    _, closing = _bet("down", stake="0.50").close("0.50", _quote("74.20", "74.24"), T0)
    assert closing.result == D("-7.00")  # (74.10 − 74.24) ÷ 0.01 × 0.50


def test_p35_2_an_up_bet_loses_when_it_closes_lower() -> None:
    bet = _bet("up", stake="0.50")
    assert bet.open_result(_quote("74.10", "74.14")) == D("-2.00")  # the spread alone
    _, closing = bet.close("0.50", _quote("73.90", "73.94"), T0)
    assert closing.result == D("-12.00")  # (73.90 − 74.14) ÷ 0.01 × 0.50


def test_p35_a_result_needs_prices_whole_points_apart() -> None:
    with pytest.raises(PricesNotInPoints, match=r"74,14 .* 74,145 .* по 0,01"):
        result(Direction.UP, D("74.14"), D("74.145"), D("0.01"), D("1"))


def test_p36_a_bet_below_the_maintenance_level_is_called() -> None:
    up, down = _bet("up"), _bet("down")  # margin 100,00 each, level 0,5: called below −50
    at_level, below = _quote("73.64", "73.68"), _quote("73.63", "73.67")
    assert up.open_result(at_level) == D("-50.00") and not up.below_maintenance(BRENT, at_level)
    assert up.open_result(below) == D("-51.00") and up.below_maintenance(BRENT, below)
    assert margin_calls(BRENT, at_level, [up, down]) == []
    assert margin_calls(BRENT, below, [up, down]) == [up]
    rises = _quote("74.56", "74.61")  # down: 74.10 − 74.61 = −51 points
    assert margin_calls(BRENT, rises, [up, down]) == [down]


def test_p36_the_bookmaker_closes_a_called_bet_recorded_as_such() -> None:
    quote = _quote("73.00", "73.04")
    (called,) = margin_calls(BRENT, quote, [_bet("up")])
    closed, closing = called.close(called.stake_open, quote, quote.at, by_bookmaker=True)
    assert closing.by_bookmaker and closing.result == D("-114.00")
    assert (closed.status, closed.margin_blocked) == (SpreadStatus.CLOSED_BY_BOOKMAKER, D("0"))
    assert not closed.below_maintenance(BRENT, quote)


def test_p36_margin_calls_pass_over_closed_bets_and_other_assets() -> None:
    quote = _quote("70.00", "70.04")
    closed, _ = _bet("up").close("1", quote, T0)
    other = replace(_bet("up"), asset="GOLD")
    partly, _ = _bet("up", stake="1.00").close("0.50", quote, T0)
    assert margin_calls(BRENT, quote, [closed, other, partly]) == [partly]
    with pytest.raises(QuoteOfAnotherAsset):
        margin_calls(GOLD, quote, [])


def test_p36_a_bet_made_on_earlier_terms_is_called_on_its_own_margin() -> None:
    # Opened when the asset asked 50 margin points (p.10: a bet keeps its terms).
    bet = replace(_bet("up"), margin_blocked=D("50.00"))
    quote = _quote("73.88", "73.92")  # −26 points: 50 − 26 < 25
    assert bet.below_maintenance(BRENT, quote)
    assert margin_calls(BRENT, quote, [bet, _bet("up")]) == [bet]


def test_p26_a_bet_is_on_the_change_of_the_asset_s_quote() -> None:
    # Nothing but the quote's move makes the result: unmoved, the player pays the spread.
    bet = _bet("up", stake="2.00", bid="74.10", ask="74.14")
    assert bet.open_result(_quote("74.10", "74.14", version=2)) == D("-8.00")
    assert bet.open_result(_quote("74.20", "74.24", version=2)) == D("12.00")
    down = _bet("down", stake="2.00", bid="74.10", ask="74.14")
    assert down.open_result(_quote("74.10", "74.14", version=2)) == D("-8.00")
