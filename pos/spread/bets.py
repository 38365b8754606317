"""Spread bets: opened up at the ask or down at the bid, per point, closed wholly or in part by
the opposite bet, their results exact in kopecks, and the bookmaker's margin call (p.28–p.36).

A result is a whole number of points times a stake of whole kopecks, so it is computed in
integers and never rounded. The initial margin of a bet is stake × the asset's margin points;
closing a part releases that part's margin (p.31, p.33).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from pos.core.input_errors import InvalidAmount
from pos.core.inputs import shown
from pos.core.money import to_money
from pos.spread.asset_errors import (
    PricesNotInPoints,
)
from pos.spread.assets import Asset, Quote
from pos.spread.errors import (
    CloseAboveOpen,
    QuoteOfAnotherAsset,
    SpreadBetClosed,
    StakeOutsideLimits,
    UnknownDirection,
)

ZERO = Decimal("0.00")


class Direction(StrEnum):
    """Up: the player buys, betting the price rises; down: sells, betting it falls (p.29)."""

    UP = "up"
    DOWN = "down"

    @property
    def opposite(self) -> Direction:
        """The bet that closes this one (p.31)."""
        return Direction.DOWN if self is Direction.UP else Direction.UP


_DIRECTION_WORDS = {
    **dict.fromkeys(("up", "buy", "вверх", "повышение", "на повышение"), Direction.UP),
    **dict.fromkeys(("down", "sell", "вниз", "понижение", "на понижение"), Direction.DOWN),
}


class SpreadStatus(StrEnum):
    """Open while any part of the stake is open; closed by the player or by the bookmaker."""

    OPEN = "open"
    CLOSED = "closed"
    CLOSED_BY_BOOKMAKER = "closed_by_bookmaker"  # below the maintenance level (p.36)
    CANCELLED = "cancelled"  # a claim within 5 minutes of its confirmation (p.8)


def parse_direction(value: object) -> Direction:
    """Up or down as typed: "up", "вверх", "повышение", "buy" / "down", "вниз", "sell"….

    Raises:
        UnknownDirection: anything else, naming the words accepted.
    """
    if isinstance(value, Direction):
        return value
    key = " ".join(value.split()).casefold() if isinstance(value, str) else None
    direction = _DIRECTION_WORDS.get(key) if key else None
    if direction is None:
        raise UnknownDirection(shown(value))
    return direction


def open_price(direction: Direction, quote: Quote) -> Decimal:
    """The price a bet opens at: up at the ask, down at the bid (p.30)."""
    return quote.ask if direction is Direction.UP else quote.bid


def close_price(direction: Direction, quote: Quote) -> Decimal:
    """The price a bet closes at, the opposite bet's (p.31): up at the bid, down at the ask."""
    return open_price(direction.opposite, quote)


def check_stake(asset: Asset, stake: object) -> Decimal:
    """The stake per point (p.28) as typed, if within the asset's limits (p.27).

    Raises:
        InvalidAmount: not whole kopecks above zero.
        StakeOutsideLimits: below the asset's minimum or above its maximum, naming both.
    """
    amount = _positive_stake(stake)
    if not asset.min_stake <= amount <= asset.max_stake:
        raise StakeOutsideLimits(asset.code, amount, asset.min_stake, asset.max_stake)
    return amount


def initial_margin(asset: Asset, stake: Decimal) -> Decimal:
    """The money blocked for a stake per point: stake × the asset's margin points, exactly.

    Raises:
        InvalidAmount: a stake that is not whole kopecks.
    """
    return _money(_kopecks(stake) * asset.margin_points)


def result(
    direction: Direction, open_price: Decimal, close_price: Decimal, point: Decimal, stake: Decimal
) -> Decimal:
    """The gain (positive) or loss (negative) of a stake closed at `close_price` (p.33–p.35).

    Up: (close − open) ÷ point × stake; down: (open − close) ÷ point × stake. The prices are
    whole points apart and the stake is whole kopecks, so the result is exact, to the kopeck.

    Raises:
        PricesNotInPoints: the prices are not a whole number of points apart.
        InvalidAmount: a stake that is not whole kopecks.
    """
    moved = (Fraction(close_price) - Fraction(open_price)) / Fraction(point)
    if moved.denominator != 1:
        raise PricesNotInPoints(open_price, close_price, point)
    points = moved.numerator if direction is Direction.UP else -moved.numerator
    return _money(points * _kopecks(stake))


@dataclass(frozen=True, kw_only=True)
class Closing:
    """One whole or partial close of a bet (p.31) and what it settled (p.33)."""

    bet: str  # the bet's number
    stake: Decimal  # per point, the part closed
    close_price: Decimal
    result: Decimal  # paid to the account when positive, charged when negative
    margin_released: Decimal
    at: datetime
    by_bookmaker: bool  # closed below the maintenance level (p.36)


@dataclass(frozen=True, kw_only=True)
class SpreadBet:
    """A spread bet: what remains open of its stake, the margin blocked for it, its result."""

    number: str
    account: str  # the player's account number
    asset: str  # the asset's code
    direction: Direction
    open_price: Decimal
    point: Decimal  # the asset's point when it was opened: its results are counted in it
    stake: Decimal  # per point, as opened
    stake_open: Decimal  # per point, what is not closed yet
    margin_blocked: Decimal  # the initial margin of the open part
    opened_at: datetime
    terminal: str
    cashier: str  # login
    office: str  # code
    status: SpreadStatus = SpreadStatus.OPEN
    result: Decimal = ZERO  # the closed parts' results
    closed_at: datetime | None = None

    @property
    def open_quote(self) -> Decimal:
        """The quote it was opened at (DESIGN.md's name for the open price)."""
        return self.open_price

    def open_result(self, quote: Quote) -> Decimal:
        """The result of the open part if it were closed now at this quote.

        Raises:
            QuoteOfAnotherAsset; PricesNotInPoints: the quote is not whole points of the bet.
        """
        self._require_asset(quote.asset)
        price = close_price(self.direction, quote)
        return result(self.direction, self.open_price, price, self.point, self.stake_open)

    def close(
        self, stake: object, quote: Quote, at: datetime, by_bookmaker: bool = False
    ) -> tuple[SpreadBet, Closing]:
        """Close the whole open stake or a part of it at the quote (p.31).

        Args:
            stake: per point, at most what is open.
            quote: the asset's quote now: up closes at its bid, down at its ask.
            at: the moment of closing.
            by_bookmaker: the bookmaker closes it below the maintenance level (p.36).

        Returns:
            The bet after the close and the closing: its result and the margin released.

        Raises:
            SpreadBetClosed; QuoteOfAnotherAsset; InvalidAmount: not whole kopecks above zero;
            CloseAboveOpen: more than is open; PricesNotInPoints.
        """
        if self.status is not SpreadStatus.OPEN:
            raise SpreadBetClosed(self.number, self.status is SpreadStatus.CLOSED_BY_BOOKMAKER)
        self._require_asset(quote.asset)
        part = _positive_stake(stake)
        if part > self.stake_open:
            raise CloseAboveOpen(self.number, part, self.stake_open)
        price = close_price(self.direction, quote)
        closing = Closing(
            bet=self.number,
            stake=part,
            close_price=price,
            result=result(self.direction, self.open_price, price, self.point, part),
            margin_released=self._margin_of(part),
            at=at,
            by_bookmaker=by_bookmaker,
        )
        return self._after(closing), closing

    def below_maintenance(self, asset: Asset, quote: Quote) -> bool:
        """True when the margin plus the open result is below the maintenance level × the
        margin of the open part: the bookmaker may close the bet (p.36). A closed bet never is.

        Raises:
            QuoteOfAnotherAsset: the asset or the quote is not the bet's.
        """
        if self.status is not SpreadStatus.OPEN:
            return False
        self._require_asset(asset.code)
        left = Fraction(self.margin_blocked + self.open_result(quote))
        return left < Fraction(asset.maintenance) * Fraction(self.margin_blocked)

    def _require_asset(self, code: str) -> None:
        if code != self.asset:
            raise QuoteOfAnotherAsset(self.asset, code)

    def _margin_of(self, part: Decimal) -> Decimal:
        """The margin of a part of the open stake: part × margin points, exactly; all of it for
        the whole (were a margin ever not a multiple, the last close releases what is left)."""
        if part == self.stake_open:
            return self.margin_blocked
        share = _kopecks(self.margin_blocked) * _kopecks(part) // _kopecks(self.stake_open)
        return _money(share)

    def _after(self, closing: Closing) -> SpreadBet:
        left = self.stake_open - closing.stake
        if left:
            status, closed_at = SpreadStatus.OPEN, None
        else:
            bookmaker = closing.by_bookmaker
            status = SpreadStatus.CLOSED_BY_BOOKMAKER if bookmaker else SpreadStatus.CLOSED
            closed_at = closing.at
        return replace(
            self,
            stake_open=left,
            margin_blocked=self.margin_blocked - closing.margin_released,
            result=self.result + closing.result,
            status=status,
            closed_at=closed_at,
        )


def open_bet(
    *,
    number: str,
    account: str,
    asset: Asset,
    direction: object,
    stake: object,
    quote: Quote,
    at: datetime,
    terminal: str,
    cashier: str,
    office: str,
) -> SpreadBet:
    """A new bet up at the ask or down at the bid (p.30), its initial margin to be blocked.

    The quote's age, the working hours (p.32) and the free balance are the use case's to check.

    Raises:
        QuoteOfAnotherAsset; UnknownDirection; InvalidAmount, StakeOutsideLimits (p.27, p.28).
    """
    if quote.asset != asset.code:
        raise QuoteOfAnotherAsset(asset.code, quote.asset)
    way = parse_direction(direction)
    amount = check_stake(asset, stake)
    return SpreadBet(
        number=number,
        account=account,
        asset=asset.code,
        direction=way,
        open_price=open_price(way, quote),
        point=asset.point,
        stake=amount,
        stake_open=amount,
        margin_blocked=initial_margin(asset, amount),
        opened_at=at,
        terminal=terminal,
        cashier=cashier,
        office=office,
    )


def _positive_stake(stake: object) -> Decimal:
    amount = to_money(stake)
    if amount <= 0:
        raise InvalidAmount(shown(stake), "not_positive")
    return amount


def _kopecks(amount: Decimal) -> int:
    kopecks = Fraction(amount) * 100
    if kopecks.denominator != 1:
        raise InvalidAmount(shown(amount), "fraction_of_kopeck")
    return kopecks.numerator


def _money(kopecks: int) -> Decimal:
    """Roubles of an integer number of kopecks, exactly, with two decimals."""
    sign, digits, _ = Decimal(kopecks).as_tuple()
    return Decimal((sign, digits, -2))
