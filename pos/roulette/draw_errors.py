"""The refusals of roulette's draws at the shop (recording, cancelling), one sentence each."""

from __future__ import annotations

from datetime import datetime

from pos.core.errors import DomainError


class SpinNotOpened(DomainError):
    """A draw the schedule has not opened (nobody could bet on it)."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return (
            f"Тиража рулетки № {self.number} нет: он ещё не открыт. Проверьте номер тиража "
            "на табло."
        )


class SpinBeforeStart(DomainError):
    """A number entered for a draw that still takes bets."""

    def __init__(self, number: int, starts_at: datetime) -> None:
        self.number = number
        self.starts_at = starts_at  # in the shop's zone
        super().__init__()

    def message(self) -> str:
        return (
            f"Тираж № {self.number} принимает ставки до {self.starts_at:%H:%M:%S}: "
            "выпавшее число записывают после старта."
        )


class SpinRecorded(DomainError):
    """A draw whose number (or cancellation) is recorded already: it stands (p.21), and
    the house corrects no game's result by hand."""

    def __init__(self, number: int, words: str) -> None:
        self.number = number
        self.words = words
        super().__init__()

    def message(self) -> str:
        return (
            f"Результат тиража № {self.number} уже записан ({self.words}) и не меняется: "
            "ставки по нему рассчитаны."
        )


class NotOnWheel(DomainError):
    """A number typed for a spin that is not on the wheel."""

    def __init__(self, number: int, typed: str) -> None:
        self.number = number
        self.typed = typed
        super().__init__()

    def message(self) -> str:
        return (
            f"Тираж № {self.number}: «{self.typed}» — не число колеса, на колесе числа от 0 до 36."
        )


class SpinCancelReasonRequired(DomainError):
    """A draw cancelled without a reason."""

    def message(self) -> str:
        return (
            "Укажите причину отмены тиража (п. 5.1 Правил): она записывается в журнал, "
            "а все ставки возвращаются по коэффициенту 1,00."
        )
