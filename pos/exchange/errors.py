"""The «Спрэдбетэкс» room's refusals, each rendering one Russian sentence from the data it carries
(p.37–p.53)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from pos.core.errors import DomainError
from pos.core.money import format_roubles
from pos.core.wording import display_account_number, display_exchange_number, odds_words
from pos.line.wording import market_code

_RULES = "Правил"  # «п. 38 Правил»: the paragraphs of the bookmaker rules (seed 000)

_n = display_exchange_number  # a number as printed: 0000123-456-78


class UnknownSide(DomainError):
    """A kind of stake that is neither back nor lay (p.40)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Неизвестный вид ставки «{self.text}». Пишите «бэк» (за, back) — исход свершится, "
            f"или «лэй» (против, lay) — исход не свершится (п. 40 {_RULES})."
        )


class InvalidCoefficient(DomainError):
    """A coefficient that is not a positive decimal with at most two decimals (p.41)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Неверный коэффициент пари «{self.text}»: нужно число больше 0 с не более чем двумя "
            "знаками после запятой, например 1,50 (выигрыш бэка на рубль стэйка)."
        )


class InvalidCommission(DomainError):
    """A commission that is not a percentage from 0 up to 100 (p.53)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Неверная комиссия букмекера «{self.text}»: нужен процент от 0 до 100 (не включая "
            f"100) с не более чем двумя знаками после запятой, например 5 (п. 53 {_RULES})."
        )


class StakeOutsideLimits(DomainError):
    """A stake below the organiser's minimum or above its maximum (p.38)."""

    def __init__(self, stake: Decimal, minimum: Decimal, maximum: Decimal) -> None:
        self.stake = stake
        self.minimum = minimum
        self.maximum = maximum
        super().__init__()

    def message(self) -> str:
        return (
            f"Стэйк {format_roubles(self.stake)} не принят: приказом букмекерской конторы "
            f"стэйк от {format_roubles(self.minimum)} до {format_roubles(self.maximum)} "
            f"(п. 38 {_RULES})."
        )


class CoefficientOutsideLimits(DomainError):
    """A coefficient below the organiser's minimum or above its maximum (p.38)."""

    def __init__(self, coefficient: Decimal, minimum: Decimal, maximum: Decimal) -> None:
        self.coefficient = coefficient
        self.minimum = minimum
        self.maximum = maximum
        super().__init__()

    def message(self) -> str:
        return (
            f"Коэффициент {odds_words(self.coefficient)} не принят: приказом букмекерской "
            f"конторы коэффициент от {odds_words(self.minimum)} до {odds_words(self.maximum)} "
            f"(п. 38 {_RULES})."
        )


class RiskBelowKopeck(DomainError):
    """A pari whose back win, S × k rounded down, is not even a kopeck: nobody could win it."""

    def __init__(self, stake: Decimal, coefficient: Decimal) -> None:
        self.stake = stake
        self.coefficient = coefficient
        super().__init__()

    def message(self) -> str:
        return (
            f"Пари на {format_roubles(self.stake)} с коэффициентом {odds_words(self.coefficient)} "
            "невозможно: выигрыш бэка (стэйк × коэффициент) меньше копейки. Увеличьте стэйк "
            f"(п. 48 {_RULES})."
        )


class PartBelowMinimum(DomainError):
    """A part accepted below the minimum stake while more than it is left (p.38, p.43)."""

    def __init__(self, number: str, stake: Decimal, minimum: Decimal, left: Decimal) -> None:
        self.number = number
        self.stake = stake
        self.minimum = minimum
        self.left = left
        super().__init__()

    def message(self) -> str:
        return (
            f"Принять {format_roubles(self.stake)} по предложению № {_n(self.number)} нельзя: "
            f"минимальный стэйк {format_roubles(self.minimum)} (п. 38 {_RULES}); меньше "
            f"принимается только весь остаток, {format_roubles(self.left)}"  # ends in «руб.»
        )


class EventStarted(DomainError):
    """An offer, a change or an acceptance at or after the event's start (p.46)."""

    def __init__(self, code: int, starts_at: datetime) -> None:
        self.code = code
        self.starts_at = starts_at  # shown as given: the caller passes the shop's time zone
        super().__init__()

    def message(self) -> str:
        return (
            f"Событие {self.code} началось {self.starts_at:%d.%m.%Y в %H:%M}: непринятые "
            f"условия пари на него аннулированы, новые не принимаются (п. 46 {_RULES})."
        )


_OFF_LINE = {
    "market": "исхода «{market}» события {code} нет в линии",
    "suspended": "приём на событие {code} приостановлен",
    "draw": "событие {code} — тираж {title}, его нет в линии",
}


class NotOnLine(DomainError):
    """An offer on an event or an outcome the bookmaker does not offer (p.47): `why` is "market"
    (no such outcome on the event's line), "suspended" or "draw" (of the game `title`)."""

    def __init__(self, code: int, market: str, why: str, title: str = "") -> None:
        self.code = code
        self.market = market
        self.why = why
        self.title = title
        super().__init__()

    def message(self) -> str:
        market = market_code(self.market)
        what = _OFF_LINE[self.why].format(code=self.code, market=market, title=self.title)
        return (
            f"Пари не предложено: {what}, а пари заключаются только на события, предлагаемые "
            f"букмекерской конторой (п. 47 {_RULES})."
        )


class AcceptAboveOpen(DomainError):
    """More accepted than is left of an offer (p.43)."""

    def __init__(self, number: str, stake: Decimal, left: Decimal) -> None:
        self.number = number
        self.stake = stake
        self.left = left
        super().__init__()

    def message(self) -> str:
        return (
            f"По предложению № {_n(self.number)} осталось {format_roubles(self.left)}: принять "
            f"{format_roubles(self.stake)} нельзя, примите не больше остатка (п. 43 {_RULES})."
        )


_CLOSED = {
    "accepted": "полностью принято на {stake}, а заключённые пари отмене не подлежат (п. 45 {r})",
    "withdrawn": "отозвано игроком",
    "lapsed": "аннулировано в момент начала события (п. 46 {r})",
}


class OfferClosed(DomainError):
    """An offer that is no longer open: fully accepted, withdrawn or lapsed (p.44–p.46).

    `status` is the offer's status value; `action` the refused verb in the infinitive:
    «изменить», «отозвать», «принять».
    """

    def __init__(self, number: str, status: str, action: str, stake: Decimal) -> None:
        self.number = number
        self.status = status
        self.action = action
        self.stake = stake
        super().__init__()

    def message(self) -> str:
        why = _CLOSED[self.status].format(stake=format_roubles(self.stake), r=_RULES)
        return f"Предложение № {_n(self.number)} {self.action} нельзя: оно {why}."


class NothingToChange(DomainError):
    """A change of an offer that names neither a coefficient nor a stake (p.44)."""

    def __init__(self, number: str, stake_open: Decimal) -> None:
        self.number = number
        self.stake_open = stake_open
        super().__init__()

    def message(self) -> str:
        return (
            f"Предложение № {_n(self.number)} не изменено: укажите новый коэффициент или "
            f"новый стэйк непринятой части (сейчас {format_roubles(self.stake_open)}; "
            "0 — отозвать)."
        )


class OwnOffer(DomainError):
    """A player accepting their own offer: a pari is between two players (p.41, p.52)."""

    def __init__(self, number: str, account: str) -> None:
        self.number = number
        self.account = account
        super().__init__()

    def message(self) -> str:
        return (
            f"Предложение № {_n(self.number)} сделано со счёта № "
            f"{display_account_number(self.account)}: принять его может только другой игрок "
            f"(п. 41 {_RULES})."
        )


class PariNotCancellable(DomainError):
    """A request to cancel a concluded pari (p.45)."""

    def __init__(self, number: str, stake: Decimal) -> None:
        self.number = number
        self.stake = stake
        super().__init__()

    def message(self) -> str:
        return (
            f"Пари № {_n(self.number)} на {format_roubles(self.stake)} заключено и отмене не "
            f"подлежит (п. 45 {_RULES})."
        )


class PariSettled(DomainError):
    """A pari settled or returned already: settling it again would move money twice."""

    def __init__(self, number: str, status: str) -> None:
        self.number = number
        self.status = status
        super().__init__()

    def message(self) -> str:
        done = "возвращено (результат аннулирован)" if self.status == "void" else "рассчитано"
        return f"Пари № {_n(self.number)} уже {done}: повторный расчёт не проводится."


class InvalidExchangeNumber(DomainError):
    """Typed or scanned text that is not a number of an offer or a pari of this organiser."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        shown = self.text[:40] or "пусто"
        return (
            f"«{shown}» — не номер предложения или пари «Спрэдбетэкс»: проверьте 12 цифр на "
            "подтверждении или отсканируйте его штрихкод."
        )


class UnknownOffer(DomainError):
    """A well-formed number no offer has."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Предложение пари № {self.number} не найдено: проверьте номер."


class UnknownPari(DomainError):
    """A well-formed number no pari has."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Пари № {self.number} не найдено: проверьте номер."
