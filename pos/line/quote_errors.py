"""The line's refusal of a market its event has no odds for, apart from errors.py (issue 36)."""

from __future__ import annotations

from pos.core.errors import DomainError
from pos.line.wording import market_code

# Not in errors.py: its sentence names the market as the cashier types it (pos.line.wording),
# and the wording reads markets, whose module imports errors.py: the room would import in a
# circle (the import contract "no import cycle ... among the modules of a room").


class MarketNotOffered(DomainError):
    """The event has no odds for that market (a game's draw: not one of its markets)."""

    def __init__(self, code: int, market: str) -> None:
        self.code = code
        self.market = market
        super().__init__()

    def message(self) -> str:
        return f"На событие {self.code} нет коэффициента на исход {market_code(self.market)}."


class OutcomeSuspended(DomainError):
    """A manager took the outcome off from the liability board (issue 38)."""

    def __init__(self, code: int, market: str) -> None:
        self.code = code
        self.market = market
        super().__init__()

    def message(self) -> str:
        return (
            f"Приём ставок на исход {market_code(self.market)} события {self.code} "
            "приостановлен менеджером. Выберите другой исход."
        )
