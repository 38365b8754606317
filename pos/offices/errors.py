"""The offices room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from pos.core.errors import DomainError, UnknownOffice

__all__ = [
    "JournalOfOneOffice",
    "OfficeExists",
    "OtherOfficesJournal",
    "PaidOnlyWhereIssued",
    "TerminalBusy",
    "TerminalNotRegistered",
    "UnknownOffice",
]


class OfficeExists(DomainError):
    """An office with this code is already in the chain."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"Пункт с кодом «{self.code}» уже есть в сети: выберите другой код."


class TerminalNotRegistered(DomainError):
    """The chain has several offices and none registered this terminal: it cannot work."""

    def __init__(self, terminal: str) -> None:
        self.terminal = terminal
        super().__init__()

    def message(self) -> str:
        return (
            f"Терминал «{self.terminal}» не зарегистрирован ни в одном пункте сети. "
            "Зарегистрировать его может менеджер пункта на любом работающем терминале "
            "(«Пункты и терминалы» или команда register-terminal)."
        )


class TerminalBusy(DomainError):
    """The terminal moves to another office while its shift is open there."""

    def __init__(self, terminal: str, office: str) -> None:
        self.terminal = terminal
        self.office = office
        super().__init__()

    def message(self) -> str:
        return (
            f"Терминал «{self.terminal}» работает в пункте {self.office}, и его смена открыта: "
            "закройте смену, потом переводите терминал в другой пункт."
        )


class OtherOfficesJournal(DomainError):
    """The journal or a report of another office, asked for without the head's right."""

    def __init__(self, office: str) -> None:
        self.office = office
        super().__init__()

    def message(self) -> str:
        return (
            f"Журнал и отчёты пункта {self.office} видит его менеджер или руководитель сети; "
            "здесь — только ваш пункт."
        )


class PaidOnlyWhereIssued(DomainError):
    """The chain pays a slip only in the office that issued it (the setting payout_anywhere)."""

    def __init__(self, slip_number: str, office: str, address: str) -> None:
        self.slip_number = slip_number
        self.office = office
        self.address = address
        super().__init__()

    def message(self) -> str:
        return (
            f"Купон {self.slip_number} выдан в пункте {self.office} ({self.address}) и "
            "выплачивается только там. Направьте игрока в этот пункт."
        )


class JournalOfOneOffice(DomainError):
    """The journal asked for the whole chain (`typed`: "*"): each office keeps its own."""

    def __init__(self, typed: str) -> None:
        self.typed = typed
        super().__init__()

    def message(self) -> str:
        return (
            f"Журнал выплат ведёт каждый пункт свой: вместо «{self.typed}» укажите код одного "
            "пункта, например M2, или оставьте поле пустым — это пункт этого терминала."
        )
