"""The accounts room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from decimal import Decimal

from pos.core.errors import DomainError, FileRejected
from pos.core.money import format_roubles
from pos.core.wording import display_account_number
from pos.people.errors import RestrictedPerson


class InvalidAccountNumber(DomainError):
    """Typed or scanned text that is not an account number of this organiser."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        shown = self.text[:40] or "пусто"
        return (
            f"«{shown}» — не номер счёта игрока: проверьте цифры на карте счёта "
            "(11 цифр) или отсканируйте её штрихкод."
        )


class AccountPaying(DomainError):
    """A withdrawal while another one from the account waits for its receipt's print at
    `terminal` (issue 34), as a slip being paid elsewhere is refused."""

    def __init__(self, number: str, terminal: str) -> None:
        self.number = number
        self.terminal = terminal
        super().__init__()

    def message(self) -> str:
        return (
            f"Со счёта № {display_account_number(self.number)} сейчас выплачивается на "
            f"терминале {self.terminal}: выплата ждёт подтверждения печати чека там. "
            "Повторите, когда она закончится."
        )


class FreeBalanceShort(DomainError):
    """An amount to withdraw or block that is more than the account's free money."""

    def __init__(self, needed: Decimal, free: Decimal) -> None:
        self.needed = needed
        self.free = free
        super().__init__()

    def message(self) -> str:
        return (
            f"На счёте не хватает {format_roubles(self.needed - self.free)}: свободно "
            f"{format_roubles(self.free)}, нужно {format_roubles(self.needed)}"  # ends in «руб.»
        )


class UnknownAccount(DomainError):
    """A well-formed account number no account has."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        shown = display_account_number(self.number)
        return f"Счёт № {shown} не найден: проверьте номер на карте счёта."


class AccountExists(DomainError):
    """A second account for the same document number (one per player in the whole chain)."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        shown = display_account_number(self.number)
        return (
            f"На этот документ уже открыт счёт № {shown}: игроку положен один счёт во всей "
            "сети. Пополните его."
        )


class AccountBlocked(DomainError):
    """An operation on an account a manager blocked."""

    def __init__(self, number: str, reason: str) -> None:
        self.number = number
        self.reason = reason
        super().__init__()

    def message(self) -> str:
        shown = display_account_number(self.number)
        return (
            f"Счёт № {shown} заблокирован менеджером ({self.reason}): операции по нему не "
            "проводятся, обратитесь к менеджеру."
        )


# The self-exclusion register became the register of restricted persons (issue 35): one
# register, one check (pos.people.restricted), one refusal, under its old name too.
SelfExcluded = RestrictedPerson


class NotTheHolder(DomainError):
    """A withdrawal with a document that is not the account holder's."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        shown = display_account_number(self.number)
        return (
            f"Документ не владельца счёта № {shown}: деньги со счёта выдаются только владельцу "
            "по документу, с которым счёт открыт."
        )


class BlockReasonRequired(DomainError):
    """A block without a reason."""

    def message(self) -> str:
        return "Укажите причину блокировки счёта: она записывается в журнал аудита."


class ExclusionFileRejected(FileRejected):
    """A self-exclusion register file with nothing usable, or with bad lines."""

    SHOWN = 10

    def message(self) -> str:
        if not self.problems:
            return (
                f"Файл «{self.file_name}» не содержит ни одного номера документа: "
                "реестр не изменён."
            )
        return f"Реестр из файла «{self.file_name}» не загружен: {self.listed()}."


class RestrictedFileRejected(ExclusionFileRejected):
    """The centre's file of restricted persons (issue 35) with no person, or with bad lines."""

    def message(self) -> str:
        if not self.problems:
            return f"В файле «{self.file_name}» нет ни одного лица: перечень не изменён."
        return (
            f"Перечень ограниченных лиц из файла «{self.file_name}» не загружен, прежний "
            f"действует: {self.listed()}."
        )


class DepositTooLarge(DomainError):
    """A deposit above the organiser's limit for one deposit."""

    def __init__(self, amount: Decimal, limit: Decimal) -> None:
        self.amount = amount
        self.limit = limit
        super().__init__()

    def message(self) -> str:
        return (
            f"Пополнение на {format_roubles(self.amount)} больше наибольшего разового "
            f"пополнения, {format_roubles(self.limit)}: разделите сумму или обратитесь к "
            "менеджеру."
        )
