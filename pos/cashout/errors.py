"""The cash-out room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from pos.core.errors import DomainError
from pos.core.money import format_roubles
from pos.core.wording import display_slip_number


class CashoutOff(DomainError):
    """Cash-out asked for while the shop has not turned it on (p.8, first p.24, issue 38)."""

    def message(self) -> str:
        return (
            "Выкуп ставок в этом пункте не проводится: он выключен в настройках и не объявлен "
            "в условиях проведения игр (п. 6, 8 Правил)."
        )


# Why a slip as a whole is not bought back, by its key.
_NOT_OFFERED_WHY = {
    "lost": "проигрышный — проигранная ставка не выкупается",
    "settled": "уже рассчитан — он выплачивается как выигрыш или возврат, не выкупом",
    "paid": "уже выплачен",
    "cancelled": "отменён в течение 5 минут, ставка уже возвращена",
    "not_issued": "не был выдан",
    "cashed_out": "уже выкуплен пунктом",
    "system": "— система, а системы не выкупаются",
    "draw": "содержит ставку на тираж игры, а такие ставки не выкупаются",
    "account": (
        "оплачен со счёта игрока — его выкуп возвращался бы на счёт, а выкуп проводится "
        "только наличными"
    ),
    "coupon": "принят по удалённому купону — его деньги возвращаются туда, откуда пришла ставка",
    "decided": "ждёт расчёта: все его события уже имеют результат",
}


class NotOffered(DomainError):
    """A slip the shop does not buy back: not open, a system, a draw's, cashless, decided."""

    def __init__(self, number: str, why: str) -> None:
        self.number = number
        self.why = why
        super().__init__()

    def message(self) -> str:
        why = _NOT_OFFERED_WHY[self.why]
        return f"Купон № {display_slip_number(self.number)} {why}: выкуп не предлагается."


class LegStarted(DomainError):
    """An open leg's event has started: there are no live odds to price it (issue 38)."""

    def __init__(self, number: str, code: int, starts_at: datetime) -> None:
        self.number = number
        self.code = code
        self.starts_at = starts_at  # in the shop's zone, as said
        super().__init__()

    def message(self) -> str:
        return (
            f"Выкуп купона № {display_slip_number(self.number)} не предлагается: событие "
            f"{self.code} началось в {self.starts_at:%H:%M %d.%m.%Y}, а после начала выкупа нет."
        )


class _LegUnpriced(DomainError):
    """An open leg of the slip `number` has no price now: its outcome (code, market)."""

    def __init__(self, number: str, code: int, market: str) -> None:
        self.number = number
        self.code = code
        self.market = market
        super().__init__()


class LegSuspended(_LegUnpriced):
    """An open leg's event or outcome is suspended: it has no price now."""

    def message(self) -> str:
        return (
            f"Выкуп купона № {display_slip_number(self.number)} сейчас не предлагается: приём "
            f"ставок на исход {self.market} события {self.code} приостановлен."
        )


class LegNotQuoted(_LegUnpriced):
    """An open leg's market is no longer in the line: no current odds to price it."""

    def message(self) -> str:
        return (
            f"Выкуп купона № {display_slip_number(self.number)} не предлагается: исход "
            f"{self.market} события {self.code} больше не котируется в линии."
        )


class OfferChanged(DomainError):
    """The amount asked is not a valid offer of the slip (expired, or another amount): the
    new offer is said instead, to be accepted again."""

    def __init__(self, number: str, amount: Decimal, valid_until: datetime) -> None:
        self.number = number
        self.amount = amount
        self.valid_until = valid_until  # in the shop's zone, as said
        super().__init__()

    def message(self) -> str:
        return (
            f"Предложение выкупа купона № {display_slip_number(self.number)} истекло или "
            f"изменилось: теперь пункт выкупает его за {format_roubles(self.amount)}, "
            f"предложение действует до {self.valid_until:%H:%M:%S} — спросите игрока снова."
        )
