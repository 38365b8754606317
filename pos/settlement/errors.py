"""The settlement room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pos.core.errors import DomainError, FileRejected

if TYPE_CHECKING:
    pass

_RESULT_PROBLEMS = {
    "bad_score": "счёт «{detail}» — нужно целое число голов (очков) от 0 до 999 у каждой команды",
    "naive_time": "время указано без часового пояса",
    "start_in_future": "фактическое начало позже текущего времени — событие ещё не сыграно",
    "end_in_future": "время окончания позже текущего времени",
    "end_before_start": "время окончания раньше фактического начала",
    "first_score_on_nil": "при счёте 0:0 счёт не открывался — время открытия счёта не указывают",
    "first_score_outside": "время открытия счёта должно быть между началом и окончанием матча",
    "no_source": "укажите официальный источник результата (п.11 Правил)",
    "source_too_long": "источник — не длиннее 200 знаков",
    "unknown_status": (
        "неизвестный статус «{detail}»: состоялось, перенесено более чем на три дня, прервано и "
        "не доиграно в тот же день, отменено или первое место поделено"
    ),
}


class InvalidResult(DomainError):
    """A result that cannot be what happened: nothing is recorded."""

    def __init__(self, code: int, reason: str, detail: str = "") -> None:
        self.code = code
        self.reason = reason
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        problem = _RESULT_PROBLEMS[self.reason].format(detail=self.detail)
        where = f"события {self.code}" if self.code else "события"
        return f"Результат {where} не записан: {problem}."


class ResultExists(DomainError):
    """The event already has a result: the one first recorded stands (p.21)."""

    def __init__(self, code: int, recorded: str) -> None:
        self.code = code
        self.recorded = recorded
        super().__init__()

    def message(self) -> str:
        return (
            f"Результат события {self.code} уже записан ({self.recorded}). По п.21 Правил ставки "
            "рассчитываются по первому записанному результату: его изменение или отмена "
            "источником расчёт не меняет. Ошибку ввода менеджер исправляет кнопкой «Исправить», "
            "с причиной, пока по событию ничего не выплачено."
        )


class ResultNotRecorded(DomainError):
    """A correction of a result that was never recorded."""

    def __init__(self, code: int) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"Результат события {self.code} ещё не записан — исправлять нечего."


class CorrectionRefused(DomainError):
    """A result that slips already paid out on: it can no longer be corrected."""

    def __init__(self, code: int, paid: int) -> None:
        self.code = code
        self.paid = paid
        super().__init__()

    def message(self) -> str:
        return (
            f"Результат события {self.code} исправить нельзя: по нему уже выплачено купонов: "
            f"{self.paid}. После выплаты результат окончателен."
        )


class CorrectionReasonRequired(DomainError):
    """A correction of a result without a reason."""

    def message(self) -> str:
        return "Укажите причину исправления результата: она записывается в журнал аудита."


class ResultsFileRejected(FileRejected):
    """A results file with problems: no result was recorded."""

    def message(self) -> str:
        return (
            f"Файл результатов «{self.file_name}» не загружен: {self.listed()}. "
            "Ни один результат не записан — исправьте файл и загрузите его снова."
        )
