"""The till room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from pos.core.errors import DeviceOrStorageError, DomainError, PrinterUnavailable
from pos.core.money import format_roubles
from pos.core.wording import display_slip_number, paid_from


class SlipNotPrinted(DeviceOrStorageError):
    """The slip did not come out of the printer, so nothing was issued; `spoiled` is the
    receipt number the broken job carried, recorded as spoiled."""

    def __init__(self, cause: PrinterUnavailable, spoiled: int | None = None) -> None:
        self.cause = cause
        self.spoiled = spoiled
        super().__init__()

    def message(self) -> str:
        return (
            f"Купон не напечатан: принтер {self.cause.where} недоступен ({self.cause.detail}). "
            "Ставка НЕ принята, купон НЕ выдан: не берите деньги (или верните их игроку)."
            f"{_spoiled_words(self.spoiled)} Проверьте принтер (питание, бумагу, кабель или "
            "сеть) и нажмите ещё раз."
        )


def _spoiled_words(number: int | None) -> str:
    if number is None:
        return ""
    return (
        f" Чек № {number} аннулирован: если он вышел (целиком или частью), он недействителен — "
        "отложите его для отчёта."
    )


class ReceiptNotPrinted(DeviceOrStorageError):
    """The operation is recorded but its fiscal receipt did not come out; `spoiled` is the
    number a broken job carried (recorded as spoiled, the receipt renumbered)."""

    def __init__(
        self,
        done: str,
        numbers: list[int],
        cause: PrinterUnavailable,
        spoiled: int | None = None,
    ) -> None:
        self.done = done
        self.numbers = numbers
        self.cause = cause
        self.spoiled = spoiled
        super().__init__()

    def message(self) -> str:
        return (
            f"{self.done}, но {_receipts(self.numbers)} не напечатан: принтер "
            f"{self.cause.where} недоступен ({self.cause.detail}).{_spoiled_words(self.spoiled)} "
            "Проверьте принтер чеков и нажмите «Допечатать чеки» на вкладке «Касса»."
        )


class ReceiptInDoubt(DeviceOrStorageError):
    """A receipt's print broke after its bytes went out: only the cashier knows what came out."""

    def __init__(self, number: int, cause: PrinterUnavailable) -> None:
        self.number = number
        self.cause = cause
        super().__init__()

    def message(self) -> str:
        return (
            f"Печать чека № {self.number} прервалась: принтер {self.cause.where} "
            f"({self.cause.detail}). Посмотрите на принтер и ответьте на вкладке «Касса», "
            "вышел ли чек целиком: повторно он печататься не будет."
        )


class PrintFailed(DeviceOrStorageError):
    """A report or a copy is recorded but did not come out; printing it again is safe."""

    def __init__(self, what: str, cause: PrinterUnavailable) -> None:
        self.what = what
        self.cause = cause
        super().__init__()

    def message(self) -> str:
        return (
            f"{self.what}: не напечатано — принтер {self.cause.where} недоступен "
            f"({self.cause.detail}). Данные сохранены; проверьте принтер и повторите печать."
        )


class RegisterNotSet(DomainError):
    """The terminal has no cash register serial, so no fiscal receipt can be made."""

    def __init__(self, terminal: str) -> None:
        self.terminal = terminal
        super().__init__()

    def message(self) -> str:
        return (
            f"Для терминала {self.terminal} не задан заводской номер кассового аппарата: "
            "без него нельзя выдать фискальный чек. Менеджер задаёт его на вкладке «Настройки»."
        )


class PendingSlip(DomainError):
    """A slip printed before a failure waits for the cashier's answer: did it come out?"""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return (
            f"Купон № {display_slip_number(self.number)} отправлен на печать, но "
            "не подтверждён. Сначала "
            "ответьте, вышел ли он из принтера (вкладка «Касса», «Незавершённая печать»)."
        )


class PendingPayoutWaiting(DomainError):
    """A payout's receipt was sent before a failure and waits for the cashier's answer."""

    def __init__(self, slip_number: str, receipt_no: int) -> None:
        self.slip_number = slip_number
        self.receipt_no = receipt_no
        super().__init__()

    def message(self) -> str:
        return (
            f"Выплата {paid_from(self.slip_number)} (чек № "
            f"{self.receipt_no}) не "
            "завершена. Сначала ответьте, вышел ли чек о выплате из принтера (вкладка «Касса», "
            "«Незавершённая печать»)."
        )


class ReceiptsInDoubt(DomainError):
    """Receipts whose print broke midway wait for the cashier's answer: did they come out?"""

    def __init__(self, numbers: list[int]) -> None:
        self.numbers = numbers
        super().__init__()

    def message(self) -> str:
        return (
            f"Сначала ответьте, вышел ли {_receipts(self.numbers)} (печать прервалась): "
            "вкладка «Касса», «Допечатать чеки»."
        )


class UnprintedReceipts(DomainError):
    """Fiscal receipts of earlier operations have not come out yet."""

    def __init__(self, numbers: list[int]) -> None:
        self.numbers = numbers
        super().__init__()

    def message(self) -> str:
        return (
            f"Сначала допечатайте {_receipts(self.numbers)}: вкладка «Касса», "
            "кнопка «Допечатать чеки»."
        )


class NoFiscalDay(DomainError):
    """A Z report was asked for with no fiscal day open."""

    def message(self) -> str:
        return (
            "Смена кассового аппарата не открыта (чеков после прошлого Z-отчёта нет): "
            "Z-отчёт не нужен."
        )


def _receipts(numbers: list[int]) -> str:
    listed = ", ".join(str(n) for n in numbers[:5]) + ("…" if len(numbers) > 5 else "")
    return f"фискальный чек № {listed}" if len(numbers) == 1 else f"фискальные чеки № {listed}"


class ShiftNotOpen(DomainError):
    """Bets, payouts and cash need an open shift at the terminal."""

    def __init__(self, terminal: str) -> None:
        self.terminal = terminal
        super().__init__()

    def message(self) -> str:
        return (
            f"На терминале {self.terminal} смена не открыта: откройте смену на странице «Касса» "
            "(пересчитайте размен в кассе)."
        )


class ShiftTooLong(DomainError):
    """A shift open for more than 24 hours takes no more work until it is closed."""

    def __init__(self, opened_at: datetime) -> None:
        self.opened_at = opened_at
        super().__init__()

    def message(self) -> str:
        return (
            f"Смена открыта {self.opened_at:%d.%m.%Y в %H:%M} — больше 24 часов. "
            "Закройте смену (пересчёт кассы и Z-отчёт) и откройте новую."
        )


class ShiftAlreadyOpen(DomainError):
    """A second shift at a terminal that has one open."""

    def __init__(self, terminal: str, opened_by: str, opened_at: datetime) -> None:
        self.terminal = terminal
        self.opened_by = opened_by
        self.opened_at = opened_at
        super().__init__()

    def message(self) -> str:
        return (
            f"На терминале {self.terminal} уже открыта смена ({self.opened_by}, "
            f"{self.opened_at:%d.%m.%Y %H:%M}): работайте в ней или закройте её."
        )


class RegistrationMissing(DomainError):
    """A shift of a shop whose papers would lack its registration (issue 34): `missing`
    names each of "licence", "unp" and "register_number" not set."""

    def __init__(self, terminal: str, missing: tuple[str, ...]) -> None:
        self.terminal = terminal
        self.missing = missing
        super().__init__()

    def message(self) -> str:
        names = [_REGISTRATION_WORDS[key].format(terminal=self.terminal) for key in self.missing]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " и " + names[-1]
        verb = "не задан" if len(names) == 1 else "не заданы"
        return (
            f"Смену не открыть: {verb} {listed}, а они печатаются на каждом чеке и отчёте. "
            "Менеджер задаёт их на вкладке «Настройки»."
        )


_REGISTRATION_WORDS = {
    "licence": "номер лицензии",
    "unp": "УНП организатора",
    "register_number": "регистрационный номер ККМ терминала {terminal}",
}


class ShiftCloseBlocked(DomainError):
    """The shift cannot close yet; `blockers` names each thing in the way and its fix."""

    def __init__(self, blockers: list[str]) -> None:
        self.blockers = blockers
        super().__init__()

    def message(self) -> str:
        return "Смену закрыть нельзя: " + "; ".join(self.blockers) + "."


class TransferRefused(DomainError):
    """Cash in or out without a reason, or more out than the drawer holds."""

    def __init__(self, why: str, available: Decimal | None = None) -> None:
        self.why = why
        self.available = available
        super().__init__()

    def message(self) -> str:
        if self.why == "reason":
            return "Укажите причину внесения или изъятия: она печатается в документе и в аудите."
        if self.why == "not_positive":
            return "Сумма внесения или изъятия должна быть больше нуля."
        available = format_roubles(self.available or Decimal(0))
        return f"В кассе по расчёту только {available}: изъять больше нельзя."


class PaperNotPrinted(DeviceOrStorageError):
    """An operation recorded whose paper for the player (an account card, a confirmation, a
    statement) did not come out: nothing fiscal is in it, so it is simply printed again."""

    def __init__(self, done: str, what: str, cause: PrinterUnavailable) -> None:
        self.done = done
        self.what = what
        self.cause = cause
        super().__init__()

    def message(self) -> str:
        return (
            f"{self.done}, но {self.what}: принтер {self.cause.where} "
            f"недоступен ({self.cause.detail}). Проверьте принтер и напечатайте ещё раз."
        )
