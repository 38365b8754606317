"""The accounts room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import date
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


# --- bank transfers onto and off an account (issue 37, p.7) ---------------------------------

_ORDER_FIELDS = {
    "number": "номер платёжного поручения: буквы, цифры, «/» или «-», не длиннее 20 знаков",
    "date": "дата платёжного поручения в виде ДД.ММ.ГГГГ",
    "payer": "плательщик: его фамилия, имя, отчество или название",
}


class InvalidOrder(DomainError):
    """A payment order's number, date or payer that is not one (`field`: number, date, payer)."""

    def __init__(self, field: str, text: str) -> None:
        self.field = field
        self.text = text
        super().__init__()

    def message(self) -> str:
        typed = f"«{self.text}»" if self.text else "пусто"
        return f"Платёжное поручение не принято ({typed}): нужен {_ORDER_FIELDS[self.field]}."


class InvalidBankAccount(DomainError):
    """Text that is not a Belarusian bank account (IBAN) with matching check digits."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        shown = self.text or "пусто"
        return (
            f"«{shown}» — не номер банковского счёта: нужен счёт IBAN из 28 знаков, "
            "начинающийся с BY, с верными контрольными цифрами."
        )


class OrderRecorded(DomainError):
    """A payment order already in the register of transfers (the same order twice)."""

    def __init__(self, number: str, on: date, account: str | None) -> None:
        self.number = number
        self.on = on
        self.account = account
        super().__init__()

    def message(self) -> str:
        onto = f" (счёт № {display_account_number(self.account)})" if self.account else ""
        return (
            f"Платёжное поручение № {self.number} от {self.on:%d.%m.%Y} уже записано{onto}: "
            "одно поручение зачисляется один раз."
        )


class ThirdPartyAccount(DomainError):
    """A transfer out to a bank account that never sent money onto the account (p.7), or
    none chosen where the account received from none or several."""

    def __init__(self, number: str, chosen: str, senders: tuple[str, ...]) -> None:
        self.number = number
        self.chosen = chosen
        self.senders = senders
        super().__init__()

    def message(self) -> str:
        shown = display_account_number(self.number)
        if not self.senders:
            return (
                f"На счёт № {shown} не поступало переводов с известного банковского счёта: "
                "деньги с него выдаются наличными владельцу по документу."
            )
        if not self.chosen:
            return (
                f"На счёт № {shown} переводили с нескольких банковских счетов: укажите, на "
                f"какой вернуть деньги ({', '.join(self.senders)})."
            )
        return (
            f"Со счёта № {shown} деньги переводятся только на банковский счёт, с которого они "
            f"поступали ({', '.join(self.senders)}), а не на {self.chosen}."
        )


class BankFileRejected(FileRejected):
    """A bank statement file with a bad document: none of its transfers recorded."""

    def message(self) -> str:
        if not self.problems:
            return (
                f"В выписке «{self.file_name}» нет ни одного поступления на счета игроков: "
                "ничего не зачислено."
            )
        return f"Выписка «{self.file_name}» не загружена, ничего не зачислено: {self.listed()}."


class BankFileUnreadable(DomainError):
    """A bank statement file that could not be read from the disk."""

    def __init__(self, name: str, detail: str) -> None:
        self.name = name
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        return f"Файл выписки «{self.name}» не прочитан ({self.detail}): ничего не зачислено."
