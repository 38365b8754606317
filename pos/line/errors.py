"""The line room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pos.core.errors import DomainError, FileRejected

if TYPE_CHECKING:
    pass


class UnknownEvent(DomainError):
    """No event has this code (as typed, so it may not even be a number)."""

    def __init__(self, code: int | str) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"События с кодом {self.code} нет в линии. Проверьте код."


class EventExists(DomainError):
    """The event code is taken."""

    def __init__(self, code: int) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"Код события {self.code} уже занят. Выберите другой код."


class InvalidEvent(DomainError):
    """An event that cannot be added as given."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        super().__init__()

    def message(self) -> str:
        return f"Событие не сохранено: {self.problem}."


class InvalidMarket(DomainError):
    """A market code that the line does not know."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        # The codes as the betting page takes them and every screen shows them (issue 16).
        return (
            f"Неизвестный исход «{self.code}». Примеры: «1», «X», «2», «1X», «X2», «12», "
            "«Б2,5», «М2,5», «Ф1-1,5», «Ф2+1,5»."
        )


class InvalidOdds(DomainError):
    """Odds that are not a decimal above 1.00 with at most two decimals."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Неверный коэффициент «{self.text}»: нужен десятичный коэффициент "
            "больше 1,00, например 2,15."
        )


class LineFileRejected(FileRejected):
    """A line file with problems: nothing was loaded."""

    def message(self) -> str:
        return (
            f"Линия из файла {self.file_name} не загружена, ничего не изменено. "
            f"Исправьте: {self.listed()}."
        )
