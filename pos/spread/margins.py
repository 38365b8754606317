"""The bookmaker's margin call (p.36): which open bets a new quote takes below the maintenance
level, found for thousands of bets at once (tests/bench/margin_call.py)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import Decimal, localcontext
from fractions import Fraction

from pos.spread.assets import Asset, Quote
from pos.spread.bets import Direction, SpreadBet, SpreadStatus
from pos.spread.errors import QuoteOfAnotherAsset


def margin_calls(asset: Asset, quote: Quote, bets: Iterable[SpreadBet]) -> list[SpreadBet]:
    """The open bets on the asset that the quote takes below the maintenance level (p.36).

    Bets on other assets and closed bets are passed over. For a bet whose margin is its open
    stake × the asset's margin points (every bet opened on the asset's present terms), the
    test reduces to one comparison of prices: with m the maintenance level and M the margin
    points, margin + result < m × margin ⟺ the result is below −(1 − m) × M points per rouble,
    so an up bet is called when it opened above bid + (1 − m) × M × point, and a down bet when
    it opened below ask − (1 − m) × M × point. Other bets are tested one by one.

    Raises:
        QuoteOfAnotherAsset: the quote is not the asset's.
    """
    if quote.asset != asset.code:
        raise QuoteOfAnotherAsset(asset.code, quote.asset)
    with localcontext() as exact:
        exact.prec = 200  # enough digits for the product of the asset's terms: no rounding
        room = (1 - asset.maintenance) * asset.margin_points * asset.point
        up_limit, down_limit = quote.bid + room, quote.ask - room
    code, point, margin_points = asset.code, asset.point, asset.margin_points
    called: list[SpreadBet] = []
    for bet in bets:
        if bet.asset != code or bet.status is not SpreadStatus.OPEN:
            continue
        on_terms = bet.point == point and bet.stake_open > 0
        if on_terms and bet.margin_blocked == bet.stake_open * margin_points:
            if bet.direction is Direction.UP:
                below = bet.open_price > up_limit
            else:
                below = bet.open_price < down_limit
        else:
            below = bet.below_maintenance(asset, quote)
        if below:
            called.append(bet)
    return called


def call_price(asset: Asset, bet: SpreadBet) -> Decimal:
    """The price at which a quote calls this bet, in whole points of the asset (stored with
    the bet, so that a new quote finds its calls by an index, not by reading every bet).

    An up bet is called by a bid below it, a down bet by an ask above it: with m the
    maintenance level and M the margin points, an up bet is called when bid < open − (1 − m)
    × M × point, a down bet when ask > open + (1 − m) × M × point (`margin_calls`). Quotes
    are whole points, so the level is rounded to whole points away from the open price:
    bid < level ⟺ bid < the level rounded up; ask > level ⟺ ask > the level rounded down.
    A bet's level holds while it is open: a part closed releases its share of the margin, and
    an asset's terms do not change while it has open bets (pos.spread.quotes).
    """
    room = (1 - Fraction(asset.maintenance)) * asset.margin_points * Fraction(asset.point)
    point = Fraction(asset.point)
    if bet.direction is Direction.UP:
        level = (Fraction(bet.open_price) - room) / point
        whole = math.ceil(level)
    else:
        level = (Fraction(bet.open_price) + room) / point
        whole = math.floor(level)
    return whole * asset.point


def called(bets: Iterable[tuple[SpreadBet, Decimal]], quote: Quote) -> list[SpreadBet]:
    """The bets (with their call prices) this quote calls: one comparison a bet."""
    return [
        bet
        for bet, level in bets
        if bet.status is SpreadStatus.OPEN
        and (quote.bid < level if bet.direction is Direction.UP else quote.ask > level)
    ]
