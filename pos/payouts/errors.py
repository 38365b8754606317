"""The payouts room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

from pos.core.errors import DeviceOrStorageError, DomainError, PosError, PrinterUnavailable
from pos.core.money import format_roubles
from pos.core.wording import display_account_number, display_slip_number, paid_from
from pos.till.errors import _spoiled_words

if TYPE_CHECKING:
    pass


class PayoutDocumentRequired(DomainError):
    """A payout asked without an identity document (p.13)."""

    def message(self) -> str:
        return (
            "Выплата производится только по купону и документу, удостоверяющему личность "
            "(п. 13 Правил). Без документа в выплате отказано, отказ записан."
        )


_NOT_PAYABLE_WHY = {
    "open": "ещё не рассчитан — по нему ждут результатов",
    "lost": "проигрышный — проигранные ставки не выплачиваются",
    "cancelled": "отменён в течение 5 минут, ставка уже возвращена",
    "paid": "уже выплачен — повторная выплата невозможна",
    "cashed_out": "выкуплен пунктом до окончания событий — по нему больше ничего не выплачивается",
    "not_issued": "не был выдан — по нему ничего не выплачивается",
    "paying": (
        "сейчас выплачивается на терминале {terminal}: выплата ждёт подтверждения печати чека там"
    ),
}


class NotPayable(DomainError):
    """A slip that pays nothing: open, lost, cancelled, paid, never issued, or being paid."""

    def __init__(self, number: str, why: str, terminal: str = "") -> None:
        self.number = number
        self.why = why
        self.terminal = terminal
        super().__init__()

    def message(self) -> str:
        why = _NOT_PAYABLE_WHY[self.why].format(terminal=self.terminal)
        return f"Купон № {display_slip_number(self.number)} {why}."


class FromRemoteCoupon(NotPayable):
    """A slip registered from a remote coupon (p.17, issue 37): paid where its stake came from
    (pos.coupons, the page «Купоны»), never out of a drawer."""

    def __init__(self, number: str, coupon: str) -> None:
        self.coupon = coupon
        super().__init__(number, "coupon")

    def message(self) -> str:
        slip = display_slip_number(self.number)
        return (
            f"Купон № {slip} принят по купону № {self.coupon}: его выигрыш выплачивается "
            "туда, откуда пришла ставка, на странице «Купоны», не из кассы."
        )


class CreditedToAccount(NotPayable):
    """A slip paid from an account (p.7, issue 37): its win or return goes onto the account at
    settlement, never out of a drawer."""

    def __init__(self, number: str, account: str, *, credited: bool) -> None:
        self.account = account
        self.credited = credited  # settled and credited already (else it will be)
        super().__init__(number, "credited")

    def message(self) -> str:
        slip = display_slip_number(self.number)
        account = display_account_number(self.account)
        if self.credited:
            return (
                f"Купон № {slip} наличными не выплачивается: выигрыш зачислен на счёт "
                f"№ {account} (ставка была оплачена с этого счёта)."
            )
        return (
            f"Купон № {slip} оплачен со счёта № {account}: его выигрыш или возврат будет "
            "зачислен на этот счёт при расчёте, наличными он не выплачивается."
        )


class PayoutTooEarly(DomainError):
    """Before the day after the last event of the slip ended (first p.24)."""

    def __init__(self, number: str, first_day: date) -> None:
        self.number = number
        self.first_day = first_day
        super().__init__()

    def message(self) -> str:
        return (
            f"Выплата по купону № {display_slip_number(self.number)} — с "
            f"{self.first_day:%d.%m.%Y}: выигрыши "
            "выплачиваются со следующего дня после окончания последнего события (п. 24 Правил)."
        )


class PayoutExpired(DomainError):
    """More than one month since the day of the slip's last event (p.23)."""

    def __init__(self, number: str, last_day: date) -> None:
        self.number = number
        self.last_day = last_day
        super().__init__()

    def message(self) -> str:
        return (
            f"Срок выплаты по купону № {display_slip_number(self.number)} истёк "
            f"{self.last_day:%d.%m.%Y}: "
            "карточка действительна месяц со дня последнего события (п. 23 Правил). Выплата не "
            "производится."
        )


class PayoutNotPrinted(DeviceOrStorageError):
    """The payout's receipt did not come out, so nothing was paid; `spoiled` is its number
    when the job broke midway (recorded as spoiled)."""

    def __init__(self, number: str, cause: PrinterUnavailable, spoiled: int | None = None) -> None:
        self.number = number
        self.cause = cause
        self.spoiled = spoiled
        super().__init__()

    def message(self) -> str:
        return (
            f"Чек выплаты {paid_from(self.number)} не напечатан: принтер "
            f"{self.cause.where} недоступен ({self.cause.detail}). Выплата НЕ проведена, запись в "
            f"журнал не внесена: не выдавайте деньги.{_spoiled_words(self.spoiled)} Проверьте "
            "принтер и повторите выплату."
        )


class PayoutUnconfirmed(DeviceOrStorageError):
    """The payout's receipt came out, then the payout could not be recorded (the database)."""

    def __init__(self, number: str, receipt_no: int, cause: PosError) -> None:
        self.number = number
        self.receipt_no = receipt_no
        self.cause = cause
        super().__init__()

    def message(self) -> str:
        return (
            f"Чек № {self.receipt_no} выплаты {paid_from(self.number)} напечатан, но "
            f"выплата не записана: {self.cause} Не выдавайте деньги, пока выплата не "
            "подтверждена: когда база данных снова доступна, на вкладке «Касса» ответьте, вышел "
            "ли чек, — выплата будет проведена с этим номером."
        )


class JournalEntryUnknown(DomainError):
    """A journal entry number that is not in the journal."""

    def __init__(self, number: object) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"В журнале выплат нет записи № {self.number}. Проверьте номер."


class CorrectionOfCorrection(DomainError):
    """A correction aimed at an entry that is itself a correction."""

    def __init__(self, number: int, corrects: int) -> None:
        self.number = number
        self.corrects = corrects
        super().__init__()

    def message(self) -> str:
        return (
            f"Запись № {self.number} сама исправляет запись № {self.corrects}. "
            f"Исправляйте запись № {self.corrects}: новая запись заменит обе."
        )


class JournalCorrectionEmpty(DomainError):
    """A correction that changes nothing, or gives no reason."""

    def __init__(self, why: str) -> None:
        self.why = why
        super().__init__()

    def message(self) -> str:
        if self.why == "reason":
            return "Укажите причину исправления: она печатается в журнале выплат."
        if self.why == "player":
            return "Укажите фамилию, имя и отчество игрока."
        if self.why == "document":
            return "Укажите вид, номер, дату и место выдачи документа."
        if self.why == "too_long":
            return (
                "Текст слишком длинный: данные игрока или документа — до 300 знаков, "
                "причина — до 200. Сократите его."
            )
        return "Исправление ничего не меняет: впишите верные данные игрока или документа."


class InvalidPeriod(DomainError):
    """A journal period whose end is before its start."""

    def __init__(self, date_from: date, date_to: date) -> None:
        self.date_from = date_from
        self.date_to = date_to
        super().__init__()

    def message(self) -> str:
        return (
            f"Период задан неверно: {self.date_from:%d.%m.%Y} позже {self.date_to:%d.%m.%Y}. "
            "Поменяйте даты местами."
        )


class PayoutNoteNotPrinted(DeviceOrStorageError):
    """The payout is made and its receipt printed, but the player's note did not come out."""

    def __init__(
        self, entry_number: int, slip_number: str, amount: Decimal, cause: PrinterUnavailable
    ) -> None:
        self.entry_number = entry_number
        self.slip_number = slip_number
        self.amount = amount
        self.cause = cause
        super().__init__()

    def message(self) -> str:
        return (
            f"Выплата по купону № {display_slip_number(self.slip_number)} "
            "проведена (запись журнала № "
            f"{self.entry_number}), чек напечатан — выдайте игроку {format_roubles(self.amount)}; "
            f"квитанция для игрока не напечатана: принтер {self.cause.where} недоступен "
            f"({self.cause.detail}). Проверьте принтер и нажмите «Квитанция повторно»."
        )
