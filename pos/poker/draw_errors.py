"""The refusals of running Bet-on-Poker's draws at the shop (the cards entered, a draw settled),
each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import datetime

from pos.core.errors import DomainError


class DrawSettled(DomainError):
    """A draw whose result (or cancellation) is already recorded."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Тираж № {self.number} уже разыгран или отменён: карты больше не вводятся."


_DRAW_CARDS = {
    "bad": "Не понятно «{detail}»: карты вводятся как As Kd 7h (достоинство и масть c, d, h, s).",
    "deal": "Для раздачи нужны 12 карт (по две на шесть рук, с первой руки), введено {detail}.",
    "flop": "Для флопа нужны 3 карты, введено {detail}.",
    "turn": "Для тёрна нужна 1 карта, введено {detail}.",
    "river": "Для ривера нужна 1 карта, введено {detail}.",
}


class InvalidDrawCards(DomainError):
    """Cards typed for a draw that are not what it expects next (the deal, flop, turn, river)."""

    def __init__(self, why: str, detail: str) -> None:
        self.why = why
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        return _DRAW_CARDS[self.why].format(detail=self.detail)


class RoundStillOpen(DomainError):
    """Cards entered for a draw while the round before them still takes bets."""

    def __init__(self, number: int, round_words: str, closes_at: datetime) -> None:
        self.number = number
        self.round_words = round_words
        self.closes_at = closes_at
        super().__init__()

    def message(self) -> str:
        return (
            f"Тираж № {self.number}: раунд «{self.round_words}» принимает ставки до "
            f"{self.closes_at:%H:%M:%S}. Карты вводятся после закрытия приёма ставок."
        )
