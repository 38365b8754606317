"""The conditions room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import datetime

from pos.core.errors import DomainError


class ConditionsNotPublished(DomainError):
    """No version of the office's conditions is kept yet (the shop publishes the first when
    it starts)."""

    def __init__(self, office: str) -> None:
        self.office = office
        super().__init__()

    def message(self) -> str:
        return (
            f"Условия приёма ставок пункта {self.office} ещё не опубликованы: перезапустите "
            "программу, и она опубликует их по текущим настройкам."
        )


class ConditionsNotKept(DomainError):
    """A moment before the first version kept: the conditions then were not recorded here
    (the shop ran before it kept them, issue 37)."""

    def __init__(self, moment: datetime, first: datetime) -> None:
        self.moment = moment  # shown as given: the caller's zone is the shop's
        self.first = first
        super().__init__()

    def message(self) -> str:
        return (
            f"На {self.moment:%d.%m.%Y %H:%M} условия приёма ставок не сохранены: первая "
            f"сохранённая редакция действует с {self.first:%d.%m.%Y %H:%M}."
        )


class UnknownVersion(DomainError):
    """A version number the office's conditions never had."""

    def __init__(self, number: int, last: int) -> None:
        self.number = number
        self.last = last
        super().__init__()

    def message(self) -> str:
        return (
            f"Редакции № {self.number} условий приёма ставок нет: сохранены редакции с № 1 "
            f"по № {self.last}."
        )
