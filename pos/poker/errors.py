"""The poker room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from pos.core.errors import DomainError, FileRejected
from pos.line.quote_errors import MarketNotOffered

if TYPE_CHECKING:
    from pos.poker.draws import HandStatus, Round

# The house's refusal of a market a draw does not sell, also found here, where the draws'
# callers and tests have always found it (issue 36).
__all__ = ["MarketNotOffered"]


class DrawNotFound(DomainError):
    """A draw the schedule has not reached yet (it is opened when the board is read)."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Тиража № {self.number} нет: он ещё не открыт. Проверьте номер тиража."


class DrawFileRejected(FileRejected):
    """A file of draw results with problems: no result was recorded."""

    def message(self) -> str:
        return (
            f"Результаты тиражей из файла «{self.file_name}» не загружены, ничего не "
            f"изменено. Исправьте: {self.listed()}."
        )


_INVALID_DEAL = {
    "card": (
        "Неверная карта «{detail}»: нужны достоинство (2–9, T, J, Q, K, A) и масть (c, d, h, s), "
        "например «Ah»."
    ),
    "twice": "Карта {detail} сдана дважды: проверьте руки и стол.",
    "hands": "Нужно шесть рук по две карты, например «AsKs»; получено: {detail}.",
    "board": "На столе должно быть 0, 3, 4 или 5 карт, а их {detail}.",
    "river": "Для результата нужны все 5 карт стола, а их {detail}.",
}


class InvalidDeal(DomainError):
    """Cards that cannot be a deal: a bad card, a card twice, wrong counts of hands or board."""

    def __init__(self, why: str, detail: str = "") -> None:
        self.why = why
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        return _INVALID_DEAL[self.why].format(detail=self.detail)


# What a margin must be: said of the draws' prices and of the setting (pos.poker.settings).
MARGIN_SHARE = "нужна доля от 0 до 0,5 (не включая 0,5), например 0,10"


class InvalidMargin(DomainError):
    """A house margin outside [0, 0.5), or one that is not an exact Decimal."""

    def __init__(self, margin: object) -> None:
        self.margin = margin
        super().__init__()

    def message(self) -> str:
        shown = str(self.margin).replace(".", ",")
        return f"Маржа «{shown}» не подходит: {MARGIN_SHARE}."


class NoSuchHand(DomainError):
    """A seat that is not one of the six hands."""

    def __init__(self, seat: object) -> None:
        self.seat = seat
        super().__init__()

    def message(self) -> str:
        return f"Руки {self.seat} нет: руки пронумерованы от 1 до 6."


class RoundClosed(DomainError):
    """A bet after the round's cut-off by server time. `closed_at` is in the shop's zone."""

    def __init__(self, draw: int, round: Round, closed_at: datetime) -> None:
        self.draw = draw
        self.round = round
        self.closed_at = closed_at
        super().__init__()

    def message(self) -> str:
        return (
            f"Приём ставок на тираж № {self.draw}, раунд «{self.round.words}» закрыт "
            f"в {self.closed_at:%H:%M:%S}."
        )


class RoundNotOpen(DomainError):
    """A bet before the round opens by the schedule. `opens_at` is in the shop's zone."""

    def __init__(self, draw: int, round: Round, opens_at: datetime) -> None:
        self.draw = draw
        self.round = round
        self.opens_at = opens_at
        super().__init__()

    def message(self) -> str:
        return (
            f"Приём ставок на тираж № {self.draw}, раунд «{self.round.words}» ещё не открыт: "
            f"он откроется в {self.opens_at:%H:%M:%S}."
        )


class RoundOvertaken(DomainError):
    """A bet in a round whose odds are stale.

    The cards of a later round (`dealt`) are already in, or the river is (`dealt` None). This
    can happen before the round's cut-off.
    """

    def __init__(self, draw: int, round: Round, dealt: Round | None) -> None:
        self.draw = draw
        self.round = round
        self.dealt = dealt
        super().__init__()

    def message(self) -> str:
        why = (
            "тираж уже разыгран"
            if self.dealt is None
            else f"уже введены карты раунда «{self.dealt.words}»"
        )
        return f"Приём ставок на тираж № {self.draw}, раунд «{self.round.words}» закрыт: {why}."


class CardsNotEntered(DomainError):
    """A bet in a round whose cards (hands, flop or turn) are not entered yet."""

    def __init__(self, draw: int, round: Round) -> None:
        self.draw = draw
        self.round = round
        super().__init__()

    def message(self) -> str:
        return (
            f"Карты раунда «{self.round.words}» тиража № {self.draw} ещё не введены: "
            "ставки на этот раунд принимаются после ввода карт."
        )


class HandClosed(DomainError):
    """A bet on a hand that is WON, LOST or NO_BETS in this round (p.3.6.3)."""

    def __init__(self, seat: int, status: HandStatus) -> None:
        self.seat = seat
        self.status = status
        super().__init__()

    def message(self) -> str:
        if self.status == "won":
            return f"Рука {self.seat} уже выиграла: ставки на неё не принимаются."
        if self.status == "lost":
            return f"Рука {self.seat} уже проиграла: ставки на неё не принимаются."
        return (
            f"На руку {self.seat} в этом раунде ставки не принимаются: её коэффициент был бы "
            "ниже 1,01."
        )


class HandsMismatch(DomainError):
    """A result whose hand differs from the one dealt in round 2."""

    def __init__(self, seat: int, dealt: str, entered: str) -> None:
        self.seat = seat
        self.dealt = dealt
        self.entered = entered
        super().__init__()

    def message(self) -> str:
        return (
            f"Руки не совпадают с розданными: рука {self.seat} была {self.dealt}, "
            f"введено {self.entered}."
        )


_STREETS = {"flop": ("флопом", "флоп"), "turn": ("тёрном", "тёрн"), "river": ("ривером", "ривер")}


class BoardMismatch(DomainError):
    """A result whose board contradicts the flop, turn or river entered during the draw."""

    def __init__(self, street: str, dealt: str, entered: str) -> None:
        self.street = street  # "flop", "turn" or "river"
        self.dealt = dealt
        self.entered = entered
        super().__init__()

    def message(self) -> str:
        with_it, name = _STREETS[self.street]
        return (
            f"Стол не совпадает с введённым {with_it}: {name} был {_spaced(self.dealt)}, "
            f"введено {_spaced(self.entered)}."
        )


class CancelReasonRequired(DomainError):
    """A draw cancelled without a reason."""

    def message(self) -> str:
        return (
            "Укажите причину отмены тиража (п. 5.1 Правил): она записывается в журнал, "
            "а все ставки возвращаются по коэффициенту 1,00."
        )


def _spaced(text: str) -> str:
    """ "Ac7h3s" → "Ac 7h 3s"."""
    return " ".join(text[at : at + 2] for at in range(0, len(text), 2))
