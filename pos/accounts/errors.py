"""The accounts room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from decimal import Decimal

from pos.core.errors import DomainError
from pos.core.money import format_roubles


class InvalidAccountNumber(DomainError):
    """Typed or scanned text that is not an account number of this organiser."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        shown = self.text[:40] or "пусто"
        return (
            f"«{shown}» — не номер счёта игрока: проверьте цифры на карте счёта "
            "(11 цифр) или отсканируйте её штрихкод."
        )


class FreeBalanceShort(DomainError):
    """An amount to withdraw or block that is more than the account's free money."""

    def __init__(self, needed: Decimal, free: Decimal) -> None:
        self.needed = needed
        self.free = free
        super().__init__()

    def message(self) -> str:
        return (
            f"На счёте не хватает {format_roubles(self.needed - self.free)}: свободно "
            f"{format_roubles(self.free)}, нужно {format_roubles(self.needed)}"  # ends in «руб.»
        )
