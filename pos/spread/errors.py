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


class InvalidSpreadNumber(DomainError):
    """Typed or scanned text that is not a spread bet number of this organiser."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        shown = self.text[:40] or "пусто"
        return (
            f"«{shown}» — не номер ставки «Спрэдбет»: проверьте 12 цифр на подтверждении "
            "или отсканируйте его штрихкод."
        )


class UnknownSpreadBet(DomainError):
    """A well-formed spread bet number no bet has."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Ставка «Спрэдбет» № {self.number} не найдена: проверьте номер на подтверждении."


class UnknownAsset(DomainError):
    """An asset code no asset has."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"Актива с кодом {self.code} нет: выберите актив из списка котировок."


class NoQuote(DomainError):
    """An asset with no quote yet."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"По активу {self.code} ещё нет котировки: ставки на него не принимаются."


class OutOfHours(DomainError):
    """A spread bet opened or closed outside the office's working hours (p.32)."""

    def __init__(self, hours: str, opens: str) -> None:
        self.hours = hours
        self.opens = opens
        super().__init__()

    def message(self) -> str:
        return (
            f"Ставки «Спрэдбет» открываются и закрываются в часы работы пункта ({self.hours}, "
            f"п. 32 Правил): приходите после {self.opens}."
        )


class SpreadWindowClosed(DomainError):
    """A claim on a spread bet after its 5 minutes (p.8), or on one already closed in part."""

    def __init__(self, number: str, *, closed_part: bool = False) -> None:
        self.number = number
        self.closed_part = closed_part
        super().__init__()

    def message(self) -> str:
        if self.closed_part:
            return f"Ставка № {self.number} уже закрывалась частично: отменить её нельзя."
        return (
            f"Ставку № {self.number} отменить нельзя: претензии принимаются в течение 5 минут "
            "после выдачи подтверждения (п. 8 Правил). Закройте её противоположной ставкой."
        )


class AssetTermsLocked(DomainError):
    """A change of an asset's point, margin or maintenance level while bets on it are open."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return (
            f"По активу {self.code} есть открытые ставки: пункт, маржа и уровень поддержания "
            "меняются, когда их нет (открытая ставка сохраняет свои условия). Название и "
            "пределы ставок можно менять."
        )
