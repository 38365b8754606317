"""Money: Decimal roubles in memory, integer kopecks at rest, payouts rounded down to the kopeck."""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Context, Decimal, InvalidOperation
from functools import lru_cache

from pos.core.input_errors import InvalidAmount
from pos.core.inputs import MAX_DIGITS, shown

KOPECK = Decimal("0.01")
NBSP = "\u00a0"
# The one rounding rule for money the shop pays out (DESIGN.md, Conventions): a payout is
# never rounded up, so the shop never pays a fraction of a kopeck it does not owe.
PAYOUT_ROUNDING = ROUND_DOWN

_MAX_KOPECKS = 10**15  # far beyond any stake or payout; guards against typos like 1e30
_MAX_ROUBLES = Decimal(_MAX_KOPECKS) / 100
# Money (and odds, db.types) is checked, rounded, stored and read the same whatever decimal
# context the caller set: an amount has at most 15 digits and two places, so in 40 digits
# every operation here is exact, and a rounding is the one it names (half to even where it
# names none).
EXACT = Context(prec=40, rounding=ROUND_HALF_EVEN)


def to_money(value: object) -> Decimal:
    """Turn user or API input into an exact amount of roubles with at most two decimals.

    Accepts `Decimal`, `int` and strings such as "1 250,50" or "1250.5"; the result is
    quantised to kopecks.

    Raises:
        InvalidAmount: for floats, bools, NaN, infinities, text that is not a number,
            fractions of a kopeck and absurdly large amounts.
    """
    amount = _as_decimal(value)
    if amount != amount.quantize(KOPECK, rounding=ROUND_DOWN, context=EXACT):
        raise InvalidAmount(shown(value), "fraction_of_kopeck")
    return amount.quantize(KOPECK, context=EXACT)


def round_payout(amount: Decimal) -> Decimal:
    """Round a computed payout down to the kopeck (PAYOUT_ROUNDING)."""
    return amount.quantize(KOPECK, rounding=PAYOUT_ROUNDING, context=EXACT)


def to_kopecks(amount: Decimal) -> int:
    """Express a whole-kopeck amount as an integer number of kopecks, for storage.

    Raises:
        InvalidAmount: the amount has a fraction of a kopeck or is not a Decimal.
    """
    if type(amount) is Decimal and amount.is_finite() and -_MAX_ROUBLES < amount < _MAX_ROUBLES:
        # What every stored amount is, checked in one exact division (issue 34: to_money's
        # checks were a fiftieth of a bet); any other value takes to_money's way and words.
        kopecks, fraction = EXACT.divmod(amount, KOPECK)
        if not fraction:
            return int(kopecks)
    if not isinstance(amount, Decimal):
        raise InvalidAmount(repr(amount), "not_a_number")
    checked = to_money(amount)
    return int(checked * 100)


def from_kopecks(kopecks: int) -> Decimal:
    """The amount in roubles for an integer number of kopecks read from storage."""
    if isinstance(kopecks, bool) or not isinstance(kopecks, int):
        raise InvalidAmount(repr(kopecks), "not_a_number")
    return EXACT.scaleb(Decimal(kopecks), -2)  # exactly two places: 100 is "1.00"


@lru_cache(maxsize=512)
def format_money(amount: Decimal) -> str:
    """Format roubles the Russian way: '1 250,50' with a no-break space between thousands.

    Kept by amount: a receipt prints its amount three times and its audit line once more
    (issue 34). The text depends on the amount's value alone, so equal amounts (12.5 and
    12.50) share it."""
    sign = "-" if amount < 0 else ""
    whole, _, kopecks = f"{amount.quantize(KOPECK, context=EXACT).copy_abs():.2f}".partition(".")
    groups: list[str] = []
    while whole:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    return f"{sign}{NBSP.join(groups)},{kopecks}"


def format_roubles(amount: Decimal) -> str:
    """An amount as slips, receipts and messages show it: "1 250,50 руб."."""
    return f"{format_money(amount)} руб."


def _as_decimal(value: object) -> Decimal:
    if isinstance(value, bool | float):
        # A float has already lost the exact amount the cashier typed.
        raise InvalidAmount(repr(value), "float")
    if isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, Decimal):
        amount = value
    elif isinstance(value, str):
        amount = _parse_text(value)
    else:
        raise InvalidAmount(shown(value), "not_a_number")
    if not amount.is_finite():
        raise InvalidAmount(shown(value), "not_finite")
    if amount.copy_abs() >= _MAX_ROUBLES:
        raise InvalidAmount(shown(value), "too_large")
    return amount


def _parse_text(text: str) -> Decimal:
    # Refused by the raw length before anything reads it: a paste is no amount (issue 34).
    if len(text) > MAX_DIGITS:
        raise InvalidAmount(shown(text), "too_long")
    cleaned = text.strip().replace("\u00a0", "").replace("\u202f", "").replace(" ", "")
    cleaned = cleaned.replace(",", ".")
    if not cleaned or cleaned.count(".") > 1 or not _looks_numeric(cleaned):
        raise InvalidAmount(shown(text), "not_a_number")
    try:
        return Decimal(cleaned)
    except InvalidOperation as exc:  # pragma: no cover - _looks_numeric filters these
        raise InvalidAmount(shown(text), "not_a_number") from exc


def _looks_numeric(text: str) -> bool:
    body = text[1:] if text[:1] in "+-" else text
    return bool(body) and body != "." and all(ch in "0123456789." for ch in body)
