"""A roulette bet against the number that came up (seed 001 p.9.1, p.10.1): what it returns."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pos.roulette.codes import bet_of
from pos.roulette.wording import number_words


@dataclass(frozen=True)
class Spun:
    """What a bet came to: what one unit of its stake brings back (0 lost; the stake and its
    win; half the stake for an even chance on zero; an announced bet's winning chips) and why."""

    returns: Fraction
    reason: str

    @property
    def won(self) -> bool:
        return self.returns > 0


def spun(code: str, number: int) -> Spun:
    """The bet of canonical `code` when `number` came up.

    Raises:
        NotARouletteBet: not a code this game ever sold (a leg holds canonical codes).
    """
    bet = bet_of(code)
    returns = bet.returns(number)
    reason = f"выпало {number_words(number)}"
    if number == 0 and 0 < returns < 1:
        reason += ", половина ставки возвращается (п.9.1)"
    elif number == 0 and bet.zero_loses_all and returns == 0:
        reason += ", ставка на шанс проигрывает целиком"
    return Spun(returns, reason)
