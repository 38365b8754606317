"""The «Спрэдбет» room's refusals about a bet, each rendering one Russian sentence from the data it
carries (an asset's, a quote's and a quote file's are in pos.spread.asset_errors)."""

from __future__ import annotations

from decimal import Decimal

from pos.core.errors import DomainError
from pos.core.money import format_roubles
from pos.spread.asset_errors import per_point


class UnknownDirection(DomainError):
    """A direction of a bet that is neither up nor down (p.29)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Неизвестное направление ставки «{self.text}». Пишите: «вверх» (повышение, up, "
            "buy) или «вниз» (понижение, down, sell)."
        )


class StakeOutsideLimits(DomainError):
    """A stake per point outside the asset's limits (p.27, p.28)."""

    def __init__(self, code: str, stake: Decimal, minimum: Decimal, maximum: Decimal) -> None:
        self.code = code
        self.stake = stake
        self.minimum = minimum
        self.maximum = maximum
        super().__init__()

    def message(self) -> str:
        return (
            f"Ставка {per_point(self.stake)} на {self.code} не принята: ставки на этот актив "
            f"от {format_roubles(self.minimum)} до {per_point(self.maximum)} (п. 27 Правил)."
        )


class QuoteOfAnotherAsset(DomainError):
    """A quote of one asset offered for a bet on another."""

    def __init__(self, expected: str, given: str) -> None:
        self.expected = expected
        self.given = given
        super().__init__()

    def message(self) -> str:
        return (
            f"Котировка {self.given} не подходит для ставки на {self.expected}: ставка "
            "открывается и закрывается только по котировке своего актива (п. 31 Правил)."
        )


class CloseAboveOpen(DomainError):
    """A stake to close above what remains open of the bet (p.31)."""

    def __init__(self, number: str, stake: Decimal, stake_open: Decimal) -> None:
        self.number = number
        self.stake = stake
        self.stake_open = stake_open
        super().__init__()

    def message(self) -> str:
        return (
            f"По ставке № {self.number} открыто {per_point(self.stake_open)}: закрыть "
            f"{per_point(self.stake)} нельзя. Закройте не больше открытой части."
        )


class SpreadBetClosed(DomainError):
    """A bet closed already, by the player or by the bookmaker (p.31, p.36)."""

    def __init__(self, number: str, by_bookmaker: bool) -> None:
        self.number = number
        self.by_bookmaker = by_bookmaker
        super().__init__()

    def message(self) -> str:
        whom = (
            " букмекером (маржа ниже уровня поддержания, п. 36 Правил)" if self.by_bookmaker else ""
        )
        return f"Ставка № {self.number} уже закрыта{whom}: закрывать нечего."
