"""The betting room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from pos.core.errors import DomainError
from pos.core.money import format_roubles
from pos.core.wording import display_slip_number
from pos.line.errors import InvalidMarket
from pos.till.errors import PendingSlip

if TYPE_CHECKING:
    pass


class MarketMissing(InvalidMarket):
    """An event code typed without an outcome after it ("101" alone)."""

    def __init__(self, code: int) -> None:
        self.event_code = code
        super().__init__("")

    def message(self) -> str:
        code = self.event_code
        return f"Введите исход после кода события: например «{code} 1» или «{code} Б2,5»."


def _odds(odds: Decimal) -> str:
    if odds >= 10**9:
        return "больше 1 000 000 000"
    return f"{odds:.2f}".replace(".", ",")


class InvalidBetKind(DomainError):
    """A bet kind that is not single, express or a valid system k/n."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Неизвестный вид ставки «{self.text}». Бывают: ординар, экспресс, "
            "система k из n (2 ≤ k < n ≤ 20)."
        )


class StakeNotSplittable(DomainError):
    """A system stake that does not split into whole kopecks over its expresses."""

    def __init__(self, stake: Decimal, count: int, lower: Decimal | None, upper: Decimal) -> None:
        self.stake = stake
        self.count = count
        self.lower = lower
        self.upper = upper
        super().__init__()

    def message(self) -> str:
        nearest = (
            f"{format_roubles(self.lower)} или {format_roubles(self.upper)}"
            if self.lower
            else format_roubles(self.upper)
        )
        return (
            f"Ставка {format_roubles(self.stake)} не делится поровну между экспрессами системы "
            f"(их {self.count}) в целых копейках. Подойдёт ставка {nearest}"
        )


class WrongLegCount(DomainError):
    """The legs do not fit the kind: a single has one, an express two or more, a system n."""

    def __init__(self, kind: str, needed: str, given: int) -> None:
        self.kind = kind
        self.needed = needed
        self.given = given
        super().__init__()

    def message(self) -> str:
        return f"Для ставки «{self.kind}» нужно событий: {self.needed}, а в купоне {self.given}."


class SameEventTwice(DomainError):
    """An express or system with two legs on one event (p.18)."""

    def __init__(self, code: int) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return (
            f"Событие {self.code} в купоне дважды. В экспресс и систему входят только "
            "разные события — уберите один исход."
        )


class EventAlreadyOnSlip(SameEventTwice):
    """A leg added on an event the slip being built already has (p.18), refused as it is added."""

    def message(self) -> str:
        return (
            f"Событие {self.code} уже есть в купоне: в экспресс и систему входят только разные "
            "события. Чтобы сменить исход, уберите прежний (↓ к списку, Del)."
        )


class OnlyBetOnSlip(DomainError):
    """A slip with a leg on a game whose bets stand alone and any other leg (issue 36)."""

    def __init__(self, game: str) -> None:
        self.game = game  # the game's title, as its board names it
        super().__init__()

    def message(self) -> str:
        return (
            f"Ставка на игру «{self.game}» принимается только одна в купоне: оформите её "
            "отдельным купоном, а остальные исходы — другим."
        )


class StakeTooLow(DomainError):
    """The stake is below the shop's minimum."""

    def __init__(self, stake: Decimal, minimum: Decimal) -> None:
        self.stake = stake
        self.minimum = minimum
        super().__init__()

    def message(self) -> str:
        return (
            f"Ставка {format_roubles(self.stake)} меньше минимальной "
            f"({format_roubles(self.minimum)})."
        )


class Referable(DomainError):
    """A limit's refusal the cashier may send to a manager instead (issue 38, the risk desk):
    the sport's or event's maximum stake, the maximum payout, an outcome's liability cap."""


class StakeAboveEventLimit(Referable):
    """The slip's stake is above the maximum stake on one of its events (p.18)."""

    def __init__(self, code: int, stake: Decimal, limit: Decimal) -> None:
        self.code = code
        self.stake = stake
        self.limit = limit
        super().__init__()

    def message(self) -> str:
        return (
            f"Ставка {format_roubles(self.stake)} больше максимальной на событие {self.code} "
            f"({format_roubles(self.limit)}). Уменьшите ставку."
        )


class ExpressOddsTooHigh(DomainError):
    """An express (or one express of a system) above the shop's maximum odds."""

    def __init__(self, odds: Decimal, limit: Decimal) -> None:
        self.odds = odds
        self.limit = limit
        super().__init__()

    def message(self) -> str:
        return (
            f"Коэффициент экспресса {_odds(self.odds)} больше максимального "
            f"({_odds(self.limit)}). Уберите одно из событий."
        )


class PayoutTooHigh(Referable):
    """The possible payout is above the shop's maximum payout."""

    def __init__(self, payout: Decimal, limit: Decimal) -> None:
        self.payout = payout
        self.limit = limit
        super().__init__()

    def message(self) -> str:
        return (
            f"Возможный выигрыш {format_roubles(self.payout)} больше максимальной выплаты "
            f"({format_roubles(self.limit)}). Уменьшите ставку."
        )


class LiabilityCapExceeded(Referable):
    """The bet would take what the chain pays if an outcome happens above its cap (issue 38)."""

    def __init__(self, code: int, market: str, payout: Decimal, cap: Decimal) -> None:
        self.code = code
        self.market = market
        self.payout = payout  # the outcome's payout with this bet
        self.cap = cap
        super().__init__()

    def message(self) -> str:
        return (
            f"Выплата по исходу {self.code} {self.market} с этой ставкой составит "
            f"{format_roubles(self.payout)} — больше предела по исходу "
            f"({format_roubles(self.cap)}). Уменьшите ставку или отправьте её менеджеру."
        )


class EventSuspended(DomainError):
    """Bets on the event are suspended by a manager."""

    def __init__(self, code: int) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"Приём ставок на событие {self.code} приостановлен."


class EventStarted(DomainError):
    """The event's published start has passed (p.22): only a bet agreed in play is taken."""

    def __init__(self, code: int, starts_at: datetime) -> None:
        self.code = code
        self.starts_at = starts_at
        super().__init__()

    def message(self) -> str:
        return (
            f"Событие {self.code} началось {self.starts_at:%d.%m.%Y в %H:%M}: ставка возможна "
            "только по согласованию с менеджером (в игре)."
        )


class EventHasResult(DomainError):
    """The event's result is recorded: no bet is taken on it, agreed in play or not."""

    def __init__(self, code: int) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return (
            f"По событию {self.code} уже записан результат: ставки на него не принимаются, "
            "даже по согласованию."
        )


class OddsChanged(DomainError):
    """The odds moved between what the player was shown and the moment of issue (p.10)."""

    def __init__(self, shown: Decimal, now: Decimal) -> None:
        self.shown = shown
        self.now = now
        super().__init__()

    def message(self) -> str:
        return (
            f"Коэффициенты изменились: возможный выигрыш теперь {format_roubles(self.now)} вместо "
            f"{format_roubles(self.shown)}. Купон не выдан — покажите игроку новые коэффициенты."
        )


class IdentityCheckRequired(DomainError):
    """The shop requires an identity check for every bet and none was made; `every_bet`:
    the setting that identifies every participant (issue 35, `identify_every_bet`)."""

    def __init__(self, *, every_bet: bool = False) -> None:
        self.every_bet = every_bet
        super().__init__()

    def message(self) -> str:
        if self.every_bet:
            return (
                "Проверьте документ игрока: каждая ставка принимается только по документу, "
                "удостоверяющему личность (личный номер проверяется по перечню ограниченных лиц)."
            )
        return "По правилам пункта ставка принимается только после проверки документа игрока."


class InvalidSlipNumber(DomainError):
    """A slip number whose check code does not match: mistyped or forged, never looked up."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return f"Номер купона «{self.text}» неверен (не сходится контрольный код). Проверьте номер."


class WindowClosed(DomainError):
    """The 5 minutes after the slip was handed over have passed (p.8): the slip is final."""

    def __init__(self, number: str, closed_at: datetime) -> None:
        self.number = number
        self.closed_at = closed_at
        super().__init__()

    def message(self) -> str:
        return (
            f"Купон {display_slip_number(self.number)} отменить нельзя: 5 минут "
            "на претензии истекли в "
            f"{self.closed_at:%H:%M:%S} (п. 8 Правил)."
        )


class SlipNotOpen(DomainError):
    """The slip is already cancelled, settled or paid."""

    def __init__(self, number: str, status: str) -> None:
        self.number = number
        self.status = status
        super().__init__()

    def message(self) -> str:
        return f"Купон {display_slip_number(self.number)} уже {self.status} — действие невозможно."


class ReasonRequired(DomainError):
    """A cancellation without a reason."""

    def message(self) -> str:
        return "Укажите причину отмены: она записывается в журнал отмен."


class RequestReused(DomainError):
    """An idempotency key sent again with a different bet."""

    def message(self) -> str:
        return (
            "Этот запрос уже выдал другой купон. Начните новый купон — повторная выдача "
            "не выполнена."
        )


class DocumentRefused(DomainError):
    """The player would not show an identity document when asked (p.4)."""

    def message(self) -> str:
        return (
            "Игрок отказался предъявить документ — в ставке отказано (п. 4 Правил), отказ записан."
        )


class RequestPrinting(PendingSlip):
    """The same request is being printed at this moment (a double press on two windows)."""

    def message(self) -> str:
        return (
            f"Эта ставка уже печатается (купон № {display_slip_number(self.number)}): "
            "дождитесь купона."
        )


class SlipNotIssued(DomainError):
    """The number belongs to a slip whose print was never confirmed, or that was voided."""

    def __init__(self, number: str, pending: bool) -> None:
        self.number = number
        self.pending = pending
        super().__init__()

    def message(self) -> str:
        if self.pending:
            return (
                f"Купон № {display_slip_number(self.number)} ещё не выдан: его "
                "печать не подтверждена на "
                "терминале, где он печатался."
            )
        return (
            f"Купон № {display_slip_number(self.number)} аннулирован: он не был "
            "напечатан и выдан, ставка не "
            "принималась. По нему ничего не выплачивается."
        )


class DrawerShort(DomainError):
    """A payout or a return larger than the drawer holds by the system's count."""

    def __init__(self, amount: Decimal, drawer: Decimal, *, payout: bool = True) -> None:
        self.amount = amount
        self.drawer = drawer
        self.payout = payout
        super().__init__()

    def message(self) -> str:
        what = "выплате" if self.payout else "возврату"
        return (
            f"В кассе по учёту {format_roubles(self.drawer)}, а к {what} "
            f"{format_roubles(self.amount)}: денег в ящике "
            "не хватает. Внесите подкрепление (вкладка «Касса», «Внести») и повторите."
        )
