"""The roulette room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import datetime

from pos.core.errors import DomainError, FileRejected
from pos.core.wording import plural
from pos.line.errors import InvalidMarket

# The codes a cashier types, as every refusal of a code shows them.
EXAMPLES = "«17», «17/20», «Д1», «К1», «КР», «ЧЁ», «ВЗ», «Н17»"


class NotARouletteBet(InvalidMarket):
    """A code that is no bet of the table."""

    def __init__(self, typed: str) -> None:
        self.typed = typed
        super().__init__(typed)

    def message(self) -> str:
        return f"«{self.typed}» — не ставка рулетки. Примеры: {EXAMPLES}."


class NotANumber(InvalidMarket):
    """A number that is not on the wheel."""

    def __init__(self, typed: str, number: int) -> None:
        self.typed = typed
        self.number = number
        super().__init__(typed)

    def message(self) -> str:
        return f"{self.typed} — числа {self.number} нет на колесе: числа от 0 до 36."


class NumberTwice(InvalidMarket):
    """One number typed twice in a bet."""

    def __init__(self, typed: str, number: int) -> None:
        self.typed = typed
        self.number = number
        super().__init__(typed)

    def message(self) -> str:
        return f"{self.typed} — число {self.number} указано дважды."


# Why a set of numbers is not the bet its size would make (DESIGN.md: «17/21 — не сплит: числа
# не соседние на поле»).
_NOT_ON_LAYOUT = {
    2: "не сплит: числа не соседние на поле",
    3: "не стрит: числа не в одном ряду поля",
    4: "не каре: числа не образуют квадрат на поле",
    6: "не шесть номеров: числа не в двух соседних рядах поля",
}


class NotOnLayout(InvalidMarket):
    """Numbers that no chip on the layout covers together."""

    def __init__(self, typed: str, count: int) -> None:
        self.typed = typed
        self.count = count
        super().__init__(typed)

    def message(self) -> str:
        why = _NOT_ON_LAYOUT.get(self.count)
        if why is None:
            return (
                f"{self.typed} — на {self.count} чисел не ставят: фишка на поле закрывает "
                "1, 2, 3, 4 или 6 чисел, а на 12 и 18 — дюжины, колонны и шансы."
            )
        return f"{self.typed} — {why}."


class StakeNotChips(DomainError):
    """An announced bet's stake that does not split evenly over its chips in whole kopecks."""

    def __init__(self, words: str, chips: int, lower: str, higher: str) -> None:
        self.words = words
        self.chips = chips
        self.lower = lower
        self.higher = higher
        super().__init__()

    def message(self) -> str:
        below = f"{self.lower} или " if self.lower else ""
        return (
            f"Ставка «{self.words}» делится поровну на {plural(self.chips, *_CHIPS)}: "
            f"примите {below}{self.higher}."
        )


class BetsClosed(DomainError):
    """A bet on a draw whose spin has begun: «Ставок больше нет» (DESIGN.md, Roulette)."""

    def __init__(self, number: int, starts_at: datetime) -> None:
        self.number = number
        self.starts_at = starts_at  # shop-local
        super().__init__()

    def message(self) -> str:
        return (
            f"Ставок больше нет: тираж рулетки № {self.number} начался в "
            f"{self.starts_at:%H:%M:%S}, ставки принимаются на следующий тираж."
        )


# What each setting of the game must be (pos.roulette.settings), said by InvalidSetting.
INTERVAL_MINUTES = "введите целое число минут от 1 до 60"
ZERO_RULES = "«half» — на зеро шансы теряют половину, «all» — теряют ставку целиком"


_CHIPS = ("фишку", "фишки", "фишек")


class SpinsFileRejected(FileRejected):
    """A studio's file of spins with problems: no result was recorded."""

    def message(self) -> str:
        return (
            f"Результаты рулетки из файла «{self.file_name}» не загружены, ничего не "
            f"изменено. Исправьте: {self.listed()}."
        )
