"""The terms of a pari (p.38–p.41): the side, the coefficient, the stake, the organiser's limits,
the risk each side blocks, and the bookmaker's commission (p.53) as typed.

The coefficient k is the back side's gain per rouble of stake (DESIGN.md, «Спрэдбетэкс»): the
backer risks the stake S, the layer S × k rounded down to the kopeck (the shop's one payout
rounding, pos.core.money), and that same amount is what the backer wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from pos.core.input_errors import InvalidAmount
from pos.core.inputs import shown
from pos.core.money import KOPECK, round_payout, to_money
from pos.exchange.errors import (
    CoefficientOutsideLimits,
    InvalidCoefficient,
    InvalidCommission,
    RiskBelowKopeck,
    StakeOutsideLimits,
    UnknownSide,
)

ZERO = Decimal("0.00")
HUNDRED = Decimal(100)
# Far above any coefficient an organiser would allow (decimal odds of 10 000, as the line's
# pos.line.events.parse_odds); the limits of the order (p.38) are the real bound.
_MAX_COEFFICIENT = Decimal(10_000)
_COEFFICIENT_STEP = Decimal("0.01")
# A coefficient or a percentage as typed: ASCII digits, a decimal point or comma; a leading sign
# is refused with the rest (a coefficient is above zero, a commission not below it).
_TYPED_NUMBER = re.compile(r"\d{1,6}(?:\.\d{1,6})?", re.ASCII)
_MAX_WHOLE = 10**6


class Side(StrEnum):
    """Back: the chosen outcome happens; lay: it does not (p.40)."""

    BACK = "back"
    LAY = "lay"

    @property
    def opposite(self) -> Side:
        """The side of the player who accepts an offer of this side (p.41, p.52)."""
        return Side.LAY if self is Side.BACK else Side.BACK


_SIDE_WORDS = {
    **dict.fromkeys(("back", "бэк", "бек", "за"), Side.BACK),
    **dict.fromkeys(("lay", "лэй", "лей", "против"), Side.LAY),
}


def parse_side(value: object) -> Side:
    """Back or lay as typed, in any case: "back", "бэк", "за" / "lay", "лэй", "против".

    Raises:
        UnknownSide: anything else, naming the words accepted.
    """
    if isinstance(value, Side):
        return value
    key = " ".join(value.split()).casefold() if isinstance(value, str) else None
    side = _SIDE_WORDS.get(key) if key else None
    if side is None:
        raise UnknownSide(shown(value))
    return side


def parse_stake(value: object) -> Decimal:
    """A stake (p.39) as typed: whole kopecks above zero.

    Raises:
        InvalidAmount: a float, not a number, a fraction of a kopeck, zero or less.
    """
    stake = to_money(value)
    if stake < KOPECK:
        raise InvalidAmount(shown(value), "not_positive")
    return stake


def parse_coefficient(value: object) -> Decimal:
    """A coefficient (p.41) as typed, "1,50" or Decimal("1.5"): above zero, two decimals at most.

    Where the line shows decimal odds d the coefficient of the same chance is d − 1, so it may
    be below 1 (odds 1,50 → coefficient 0,50); the organiser's limits (p.38) bound it further.

    Raises:
        InvalidCoefficient: a float, not a number, zero or less, a third decimal, above 10 000.
    """
    number = _number(value)
    if number is None or not 0 < number <= _MAX_COEFFICIENT:
        raise InvalidCoefficient(_echo(value))
    if number != number.quantize(_COEFFICIENT_STEP):
        raise InvalidCoefficient(_echo(value))
    return number.quantize(_COEFFICIENT_STEP)


def parse_commission(value: object) -> Decimal:
    """The bookmaker's commission (p.53) as a percentage: from 0 up to (not including) 100, at
    most two decimals ("5", "2,5", Decimal("7.25")).

    Raises:
        InvalidCommission: anything else.
    """
    number = _number(value)
    if number is None or not 0 <= number < HUNDRED or number != number.quantize(KOPECK):
        raise InvalidCommission(_echo(value))
    return number.quantize(KOPECK).copy_abs()  # "-0" is 0


def risk(side: Side, stake: Decimal, coefficient: Decimal) -> Decimal:
    """What a side stands to lose, and has blocked: back the stake S (p.50), lay S × k rounded
    down to the kopeck (p.51) — the same amount the backer wins (p.48).

    Raises:
        InvalidAmount: a stake that is not whole kopecks.
    """
    stake = to_money(stake)
    if side is Side.BACK:
        return stake
    return round_payout(stake * coefficient)


def check_risk(stake: Decimal, coefficient: Decimal) -> None:
    """Refuse a pari the backer could win nothing by: S × k under a kopeck (so its layer would
    block nothing, and a block is always of money).

    Raises:
        RiskBelowKopeck.
    """
    if not risk(Side.LAY, stake, coefficient):
        raise RiskBelowKopeck(stake, coefficient)


@dataclass(frozen=True, kw_only=True)
class ExchangeLimits:
    """The stakes and coefficients an order of the organiser allows (p.38), both ends included."""

    min_stake: Decimal
    max_stake: Decimal
    min_coefficient: Decimal
    max_coefficient: Decimal

    def __post_init__(self) -> None:
        # The settings page checks what a manager types; these are programming errors.
        if not KOPECK <= self.min_stake <= self.max_stake:
            raise ValueError(f"stake limits {self.min_stake}..{self.max_stake}")
        if not _COEFFICIENT_STEP <= self.min_coefficient <= self.max_coefficient:
            raise ValueError(f"coefficient limits {self.min_coefficient}..{self.max_coefficient}")

    def check_stake(self, value: object) -> Decimal:
        """The stake as typed, within the limits.

        Raises:
            InvalidAmount: not whole kopecks above zero.
            StakeOutsideLimits: below the minimum or above the maximum, naming both.
        """
        stake = parse_stake(value)
        if not self.min_stake <= stake <= self.max_stake:
            raise StakeOutsideLimits(stake, self.min_stake, self.max_stake)
        return stake

    def check_coefficient(self, value: object) -> Decimal:
        """The coefficient as typed, within the limits.

        Raises:
            InvalidCoefficient: not a positive decimal of two decimals at most.
            CoefficientOutsideLimits: below the minimum or above the maximum, naming both.
        """
        coefficient = parse_coefficient(value)
        if not self.min_coefficient <= coefficient <= self.max_coefficient:
            raise CoefficientOutsideLimits(coefficient, self.min_coefficient, self.max_coefficient)
        return coefficient


def check_terms(
    limits: ExchangeLimits, stake: object, coefficient: object
) -> tuple[Decimal, Decimal]:
    """The stake and the coefficient of an offer as typed, both within the limits (p.38), the
    back win S × k at least a kopeck.

    Returns:
        (stake, coefficient), exact.

    Raises:
        InvalidAmount, StakeOutsideLimits, InvalidCoefficient, CoefficientOutsideLimits,
        RiskBelowKopeck.
    """
    checked = limits.check_stake(stake), limits.check_coefficient(coefficient)
    check_risk(*checked)
    return checked


def _number(value: object) -> Decimal | None:
    """A finite number of moderate size from an int, a Decimal or typed text; None otherwise
    (a float has already lost what was typed; a bool is no number)."""
    if isinstance(value, str):
        text = value.strip().replace(",", ".")
        return Decimal(text) if _TYPED_NUMBER.fullmatch(text) else None
    if isinstance(value, int) and not isinstance(value, bool):
        return Decimal(value) if abs(value) < _MAX_WHOLE else None
    if isinstance(value, Decimal) and value.is_finite() and abs(value) < _MAX_WHOLE:
        return value
    return None


def _echo(value: object) -> str:
    return repr(value) if isinstance(value, float) else shown(value)
