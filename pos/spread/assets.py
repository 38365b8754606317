"""The financial assets the bookmaker quotes and their quotes, each a new version (p.25–p.28).

An asset carries what its bets are counted in: the size of one point, the initial margin per
rouble of stake in points, the maintenance level and the stake limits (p.27). A quote is the
bookmaker's bid and ask, whole points of the asset, the ask above the bid (p.25).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from pos.core.errors import PosError
from pos.core.input_errors import InvalidAmount, InvalidNumber, InvalidText
from pos.core.inputs import LOGIN, clean_text, parse_code, shown
from pos.core.money import to_money
from pos.spread.asset_errors import (
    AskNotAboveBid,
    InvalidAssetCode,
    InvalidAssetKind,
    InvalidAssetName,
    InvalidMaintenance,
    InvalidMarginPoints,
    InvalidPoint,
    InvalidPrice,
    PriceNotInPoints,
    StakeLimitsInverted,
    StaleQuote,
)

ASSET_NAME = 100  # the longest name an asset may have
MAX_MARGIN_POINTS = 1_000_000
_CODE = re.compile(r"[A-Z0-9]{1,16}")
# A number as typed: digits (spaces between thousands), one decimal comma or point.
_NUMBER = re.compile(r"[+-]?[0-9]{1,15}(?:\.[0-9]{0,12})?|[+-]?\.[0-9]{1,12}")
_MAX_PRICE = Decimal(10) ** 12
_PRICE_PLACES = 8
_MAX_POINT = Decimal(10) ** 6
_POINT_PLACES = 6


class AssetKind(StrEnum):
    """What is quoted (p.25): a share, a futures contract or a stock index."""

    SHARE = "share"
    FUTURE = "future"
    INDEX = "index"


_KIND_WORDS = {
    "акция": AssetKind.SHARE,
    "фьючерс": AssetKind.FUTURE,
    "индекс": AssetKind.INDEX,
} | {kind.value: kind for kind in AssetKind}


@dataclass(frozen=True)
class Asset:
    """A financial asset the bookmaker quotes and the terms its bets are made on."""

    code: str  # "BRENT": Latin capitals and digits, 1–16
    name: str  # "Нефть Brent, фьючерс"
    kind: AssetKind
    point: Decimal  # the price change of one point, e.g. 0.01
    margin_points: int  # initial margin per rouble of stake per point, in points
    maintenance: Decimal  # the share of the initial margin below which a bet is closed (p.36)
    min_stake: Decimal  # per point, whole kopecks (p.27)
    max_stake: Decimal


@dataclass(frozen=True)
class Quote:
    """One version of an asset's quote: bid below ask, whole points, with its time and author."""

    asset: str  # the asset's code
    bid: Decimal  # a down bet opens and an up bet closes here (p.30, p.31)
    ask: Decimal  # an up bet opens and a down bet closes here
    at: datetime  # aware
    author: str  # the manager's login
    version: int  # 1, 2, … for each asset


def parse_asset_code(value: object) -> str:
    """An asset code as typed or read from a file: "brent " → "BRENT".

    Raises:
        InvalidAssetCode: not 1–16 Latin letters and digits.
    """
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(text, str):
        raise InvalidAssetCode(shown(value))
    code = text.strip().upper()
    if not (code.isascii() and _CODE.fullmatch(code)):
        raise InvalidAssetCode(shown(text.strip()))
    return code


def parse_asset_kind(value: object) -> AssetKind:
    """A share, a future or an index, in English or Russian, in any case.

    Raises:
        InvalidAssetKind: anything else.
    """
    if isinstance(value, AssetKind):
        return value
    kind = _KIND_WORDS.get(value.strip().casefold()) if isinstance(value, str) else None
    if kind is None:
        raise InvalidAssetKind(shown(value))
    return kind


def make_asset(
    code: object,
    name: object,
    kind: object,
    point: object,
    margin_points: object,
    maintenance: object,
    min_stake: object,
    max_stake: object,
) -> Asset:
    """An asset from what the manager typed (strings such as "0,01") or Decimals and ints.

    Raises:
        InvalidAssetCode, InvalidAssetName, InvalidAssetKind, InvalidPoint,
        InvalidMarginPoints, InvalidMaintenance; InvalidAmount: a stake limit that is not
        whole kopecks above zero; StakeLimitsInverted: the minimum above the maximum (p.27).
    """
    checked = (
        parse_asset_code(code),
        _name(name),
        parse_asset_kind(kind),
        _point(point),
        _margin_points(margin_points),
        _maintenance(maintenance),
    )
    low, high = _positive_money(min_stake), _positive_money(max_stake)
    if low > high:
        raise StakeLimitsInverted(low, high)
    return Asset(*checked, min_stake=low, max_stake=high)


def parse_price(value: object, side: str) -> Decimal:
    """A bid or an ask as typed ("74,10"), read from a file or given as a Decimal or an int.

    Args:
        value: the price.
        side: "bid" or "ask", named in the refusal.

    Raises:
        InvalidPrice: not an exact number, not above zero, or absurdly large or fine.
    """
    price = _decimal(value)
    if price is None:
        raise InvalidPrice(side, shown(value), "not_a_number")
    if price <= 0:
        raise InvalidPrice(side, shown(value), "not_positive")
    if price >= _MAX_PRICE or not _within(price, _PRICE_PLACES):
        raise InvalidPrice(side, shown(value), "too_large")
    return price


def in_points(price: Decimal, point: Decimal) -> bool:
    """True when the price is a whole number of points (exactly, whatever the sizes)."""
    return (Fraction(price) / Fraction(point)).denominator == 1


def make_quote(
    asset: Asset, bid: object, ask: object, at: datetime, author: str, version: int
) -> Quote:
    """A new version of the asset's quote.

    Args:
        asset: the asset quoted.
        bid, ask: the prices, typed or as Decimals.
        at: when the quote was set, an aware datetime.
        author: the manager's login.
        version: the asset's previous quote version plus one (1 for the first).

    Raises:
        InvalidPrice: not a number above zero; AskNotAboveBid (p.25); PriceNotInPoints: not
            whole points of the asset; InvalidText: an author no database can store.
        ValueError: a naive `at` or a version below 1, which is a bug of the caller.
    """
    if at.tzinfo is None or version < 1:
        raise ValueError(f"a quote needs an aware time and a version from 1: {at!r}, {version}")
    low, high = parse_price(bid, "bid"), parse_price(ask, "ask")
    if high <= low:
        raise AskNotAboveBid(asset.code, low, high)
    for side, price in (("bid", low), ("ask", high)):
        if not in_points(price, asset.point):
            raise PriceNotInPoints(asset.code, side, price, asset.point)
    login = clean_text(author, "login", LOGIN)
    return Quote(asset.code, low, high, at, login, version)


def quote_age_refusal(quote: Quote, now: datetime, max_age: timedelta) -> PosError | None:
    """The refusal to open or close a bet at a quote older than `max_age`, else None.

    A quote stamped a little after `now` (another terminal's clock ahead) is fresh.

    Args:
        quote: the asset's latest quote.
        now: the moment of the bet, aware; the refusal shows the quote's time in its zone.
        max_age: the oldest quote bets may still be made at.
    """
    age = now - quote.at
    if age <= max_age:
        return None
    return StaleQuote(quote.asset, quote.at.astimezone(now.tzinfo), age, max_age)


def _decimal(value: object) -> Decimal | None:
    """An exact finite number from a Decimal, an int or text ("7 450,25"), else None."""
    if isinstance(value, Decimal):
        return value if value.is_finite() else None
    if isinstance(value, int) and not isinstance(value, bool):
        return Decimal(value) if abs(value) < _MAX_PRICE else None
    if not isinstance(value, str):
        return None  # a float has lost the number typed; a bool is no number
    text = value.strip()
    for space in (" ", "\u00a0", "\u202f"):
        text = text.replace(space, "")
    text = text.replace(",", ".")
    return Decimal(text) if _NUMBER.fullmatch(text) else None


def _within(number: Decimal, places: int) -> bool:
    """True when the number has at most `places` decimals, trailing zeros aside (exactly)."""
    scale: int = 10**places
    return (Fraction(number) * scale).denominator == 1


def _name(value: object) -> str:
    try:
        name = clean_text(value, "name", ASSET_NAME)
    except InvalidText as exc:
        raise InvalidAssetName(exc.reason, exc.limit, exc.length) from exc
    if not name:
        raise InvalidAssetName("empty")
    return name


def _point(value: object) -> Decimal:
    point = _decimal(value)
    if point is None or not 0 < point <= _MAX_POINT or not _within(point, _POINT_PLACES):
        raise InvalidPoint(shown(value))
    return point


def _margin_points(value: object) -> int:
    try:
        return parse_code(value, "setting", MAX_MARGIN_POINTS)
    except InvalidNumber as exc:
        raise InvalidMarginPoints(shown(value), MAX_MARGIN_POINTS) from exc


def _maintenance(value: object) -> Decimal:
    level = _decimal(value)
    if level is None or not 0 < level <= 1 or not _within(level, _POINT_PLACES):
        raise InvalidMaintenance(shown(value))
    return level


def _positive_money(value: object) -> Decimal:
    amount = to_money(value)
    if amount <= 0:
        raise InvalidAmount(shown(value), "not_positive")
    return amount
