"""The line room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import datetime
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


class GameNotOnLine(InvalidEvent):
    """A game's draw added as an event of the line: the game's schedule opens its draws."""

    def __init__(self, title: str) -> None:
        self.title = title  # the game's, as its board names it (issue 36)
        super().__init__(f"тиражи {title} открываются по расписанию, не в линии")


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


LINE_FILE_PROBLEMS = {
    "unreadable": "файл не читается ({detail})",
    "file_type": "нужен файл .csv или .json, а не «{detail}»",
    "encoding": "файл не в кодировке UTF-8 или Windows-1251",
    "empty": "в файле нет ни одного события",
    "header": "нет обязательных столбцов: {detail}",
    "unknown_column": "неизвестный столбец «{detail}»",
    "repeated": "«{detail}» указан дважды: такой столбец, поле или исход уже есть",
    "json": "это не JSON ({detail})",
    "json_shape": 'ожидался список событий, например [{{"code": 101, ...}}]',
    "missing": "не заполнено поле «{detail}»",
    "code": "код события «{detail}» — нужно целое число от 1 до 999999",
    "time": "время начала «{detail}» — нужно ДД.ММ.ГГГГ ЧЧ:ММ или ГГГГ-ММ-ДДTЧЧ:ММ",
    "duplicate_code": "код события {detail} уже встречался в этом файле",
    "no_odds": "у события нет ни одного коэффициента",
    "differs": "код {detail} уже занят другим событием в линии",
}


def line_file_problem(reason: str, detail: object = "") -> str:
    """The sentence for one problem in a line file (used in LineFileRejected's list)."""
    return LINE_FILE_PROBLEMS[reason].format(detail=detail)


class StartPassed(DomainError):
    """A start typed that is already past: the event would take no bets (p.22). Not refused:
    the line editor asks the manager before it saves one (issue 34)."""

    def __init__(self, code: int, starts_at: datetime) -> None:
        self.code = code
        self.starts_at = starts_at  # in the shop's time zone, as the manager typed it
        super().__init__()

    def message(self) -> str:
        return (
            f"Начало события {self.code} ({self.starts_at:%d.%m.%Y %H:%M}) уже прошло, ставки "
            "на него приниматься не будут: сохранить событие с этим временем?"
        )
