"""Every refusal the shop can give, each rendering one Russian sentence from the data it carries.

Two branches (STYLE.md B3.6): `DomainError` is something the cashier or manager can fix
(a wrong PIN, a stake below the minimum); `DeviceOrStorageError` is the environment failing
(database, disk, printer) and says whether money moved and what to do next. This module is the
single place for the wording; the window shows `str(exc)` and adds nothing.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from pos.draws import HandStatus, Round


class PosError(Exception):
    """The root of every error a cashier or manager may see."""

    def __init__(self) -> None:
        super().__init__(str(self))

    def message(self) -> str:  # pragma: no cover - every subclass overrides it
        return "Операция не выполнена."

    def __str__(self) -> str:
        # A sentence may quote what was typed or read: what no screen, log or audit line can
        # carry (a NUL, a lone surrogate) is shown as U+FFFD (issue 15).
        from pos.inputs import visible  # noqa: PLC0415 - pos.inputs imports this module

        return visible(self.message())


def _slip(number: str) -> str:
    """A slip number as printed on the slip (00001234-567-89), the one format on screen."""
    from pos.slipnumbers import display_slip_number  # noqa: PLC0415 - it imports this module

    return display_slip_number(number)


class DomainError(PosError):
    """A refusal the user can act on: fix the input or ask a manager."""


class DeviceOrStorageError(PosError):
    """The environment failed: the database, the disk or a device."""


# --- input ----------------------------------------------------------------------------------

_AMOUNT_REASONS = {
    "float": "сумма должна быть введена точно, цифрами, а не дробным числом компьютера",
    "not_a_number": "это не сумма: введите число, например 12,50",
    "not_finite": "это не сумма: введите число, например 12,50",
    "fraction_of_kopeck": (
        "сумма должна быть в целых копейках (не больше двух знаков после запятой)"
    ),
    "too_large": "сумма слишком велика",
    "negative": "сумма не может быть отрицательной",
    "not_positive": "сумма должна быть больше нуля",
}


class InvalidAmount(DomainError):
    """A sum of money that is not an exact, sensible amount."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__()

    def message(self) -> str:
        return f"Неверная сумма «{self.text}»: {_AMOUNT_REASONS[self.reason]}."


SETTING_LABELS: dict[str, str] = {
    "shop_name": "Название организатора",
    "address": "Адрес пункта",
    "licence_number": "Номер лицензии",
    "time_zone": "Часовой пояс",
    "min_age": "Минимальный возраст игрока",
    "idle_lock_minutes": "Блокировка окна без работы, минут",
    "min_stake": "Минимальная ставка, руб.",
    "max_stake_per_event": "Максимальная ставка на событие, руб.",
    "max_express_odds": "Максимальный коэффициент экспресса",
    "max_payout": "Максимальная выплата, руб.",
    "register_serial": "Заводской номер кассового аппарата",
    "register_number": "Регистрационный номер кассового аппарата",
    "unp": "УНП организатора",
    "always_check_id": "Проверять документ у каждого игрока",
    "poker_margin": "Маржа Bet-on-Poker (доля)",
    "poker_pay_at_once": "Выплачивать выигрыши Bet-on-Poker сразу после тиража",
}

_SETTING_PROBLEMS = {
    "empty": "поле не может быть пустым",
    "too_long": "не длиннее {limit} знаков",
    "not_positive": "сумма должна быть больше нуля",
    "age_not_whole": "введите целое число лет",
    "age_range": "возраст должен быть от 18 до 99 лет",
    "odds_format": "нужно число больше 1 с не более чем двумя знаками после запятой, например 1000",
    "odds_too_high": "не больше 1 000 000 000",
    "zone_unknown": "неизвестный часовой пояс «{limit}»",
    "flag": "ответ должен быть «да» или «нет»",
    "minutes_range": "введите целое число минут от 1 до 120",
    "margin_range": "нужна доля от 0 до 0,5 (не включая 0,5), например 0,10",
    "min_above_max": "минимальная ставка больше максимальной ставки на событие ({limit} руб.)",
    "stake_above_payout": "ставка больше максимальной выплаты ({limit} руб.)",
    "unp": "УНП — 9 цифр (учётный номер плательщика), например 190123456",
}


class InvalidSetting(DomainError):
    """A shop setting that cannot be saved as given; `limit` fills the sentence where needed."""

    def __init__(self, name: str, reason: str, limit: str = "", cause: str = "") -> None:
        self.name = name
        self.reason = reason
        self.limit = limit
        self.cause = cause
        super().__init__()

    def message(self) -> str:
        problem = self.cause or _SETTING_PROBLEMS[self.reason].format(limit=self.limit)
        return f"Настройка «{SETTING_LABELS[self.name]}» не сохранена: {problem}."


# What pos.inputs refuses before it reaches a database (issue 15): the field by its key here.
INPUT_LABELS: dict[str, str] = {
    "event_code": "Код события",
    "draw_number": "Номер тиража",
    "score": "Счёт",
    "home": "Хозяева",
    "away": "Гости",
    "tournament": "Турнир",
    "sport": "Вид спорта",
    "source": "Источник результата",
    "login": "Имя пользователя",
    "terminal": "Имя терминала",
    "cancel_reason": "Причина отмены",
    "void_reason": "Причина аннулирования",
    "correction_reason": "Причина исправления",
    "transfer_reason": "Причина внесения или изъятия",
    "draw_cancel_reason": "Причина отмены тиража",
    "request_key": "Ключ запроса",
    "permission": "Разрешаемое действие",
    "journal_player": "Игрок (фамилия, имя, отчество)",
    "journal_document": "Документ игрока",
    "cards": "Карты",
    "bet_kind": "Вид ставки",
    "setting": "Значение настройки",
    "printer_target": "Адрес принтера",
    "printer_port": "Порт принтера",
    "printer_profile": "Модель принтера",
    "surname": "Фамилия",
    "name": "Имя",
    "patronymic": "Отчество",
    "kind": "Вид документа",
    "number": "Номер документа",
    "issued_by": "Кем выдан документ",
}

_TEXT_PROBLEMS = {
    "not_text": "нужен текст",
    "unencodable": (
        "в тексте испорченный знак (так бывает после сканера или буфера обмена) — "
        "наберите текст заново"
    ),
    "control": "в тексте управляющий знак (например, NUL) — уберите его или наберите текст заново",
    "too_long": "не длиннее {limit} знаков, а в тексте {length}",
    "unknown": "такого значения нет",
}


class InvalidInput(DomainError):
    """Input refused before it reached a database (pos.inputs); `field` names it."""

    field: str

    @property
    def label(self) -> str:
        return INPUT_LABELS[self.field]

    def problem(self) -> str:  # pragma: no cover - every subclass overrides it
        return "значение не подходит"

    def message(self) -> str:
        return f"Поле «{self.label}» не принято: {self.problem()}."


class InvalidText(InvalidInput):
    """Text no database column of the field can hold: not text, unencodable, a control
    character, or longer than `limit` (it has `length` characters)."""

    def __init__(self, field: str, reason: str, limit: int = 0, length: int = 0) -> None:
        self.field = field
        self.reason = reason
        self.limit = limit
        self.length = length
        super().__init__()

    def problem(self) -> str:
        return _TEXT_PROBLEMS[self.reason].format(limit=self.limit, length=self.length)


class InvalidNumber(InvalidInput):
    """Not a whole number of ASCII digits from `low` to `high`; `text` is the input as shown."""

    def __init__(self, field: str, text: str, low: int, high: int) -> None:
        self.field = field
        self.text = text
        self.low = low
        self.high = high
        super().__init__()

    def problem(self) -> str:
        typed = f"«{self.text}» — " if self.text else ""
        return f"{typed}нужно целое число цифрами от {self.low} до {self.high}"


# --- users ----------------------------------------------------------------------------------


class UnknownUser(DomainError):
    """No active user has this login."""

    def __init__(self, login: str) -> None:
        self.login = login
        super().__init__()

    def message(self) -> str:
        return f"Пользователь «{self.login}» не найден. Проверьте имя или обратитесь к менеджеру."


def _lock_words(lasts: timedelta | None) -> str:
    # "на 15 минут", "на 1 час"; None: the lock that only a manager lifts (issue #15).
    if lasts is None:
        return "до разблокировки менеджером"
    minutes = int(lasts.total_seconds()) // 60
    if minutes % 60 == 0:
        return f"на {_count(minutes // 60, 'час', 'часа', 'часов')}"
    return f"на {_count(minutes, 'минуту', 'минуты', 'минут')}"


def _count(count: int, one: str, few: str, many: str) -> str:
    # pos.wording.plural's rule: that module imports pos.bets, which imports this one.
    if count % 10 == 1 and count % 100 != 11:
        return f"{count} {one}"
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return f"{count} {few}"
    return f"{count} {many}"


class PinRequired(DomainError):
    """Enter on an empty PIN: no try, so nothing is counted or recorded (issue 16)."""

    def message(self) -> str:
        return "PIN не введён: введите PIN и нажмите Enter."


class WrongPin(DomainError):
    """The PIN does not match; `attempts_left` tries remain before a lock lasting `next_lock`
    (None: until a manager unlocks)."""

    def __init__(
        self, login: str, attempts_left: int, next_lock: timedelta | None = timedelta(minutes=15)
    ) -> None:
        self.login = login
        self.attempts_left = attempts_left
        self.next_lock = next_lock
        super().__init__()

    def message(self) -> str:
        return (
            f"Неверный PIN. Осталось попыток: {self.attempts_left}, "
            f"после этого вход будет заблокирован {_lock_words(self.next_lock)}."
        )


class UserLocked(DomainError):
    """Too many wrong PINs: the user is locked until `until` (shop-local time)."""

    def __init__(self, login: str, until: datetime) -> None:
        self.login = login
        self.until = until
        super().__init__()

    def message(self) -> str:
        return (
            f"Вход для «{self.login}» заблокирован после 5 неверных PIN до "
            f"{self.until:%H:%M}. Раньше разблокировать может менеджер на странице «Пользователи»."
        )


class UserLockedUntilUnlocked(DomainError):
    """The third lock in a row: it has no end, only a manager's unlock lifts it (issue #15)."""

    def __init__(self, login: str) -> None:
        self.login = login
        super().__init__()

    def message(self) -> str:
        return (
            f"Вход для «{self.login}» заблокирован до разблокировки менеджером: "
            "три раза подряд по 5 неверных PIN. Попросите менеджера разблокировать вас "
            "на странице «Пользователи»."
        )


class NotPermitted(DomainError):
    """The signed-in user's role does not allow the action."""

    def __init__(self, action: str) -> None:
        self.action = action
        super().__init__()

    def message(self) -> str:
        return f"Действие «{self.action}» доступно только менеджеру."


class UserExists(DomainError):
    """The login is taken."""

    def __init__(self, login: str) -> None:
        self.login = login
        super().__init__()

    def message(self) -> str:
        return f"Пользователь «{self.login}» уже есть. Выберите другое имя."


class InvalidUser(DomainError):
    """A new user's login, PIN or role is not acceptable."""

    _PROBLEMS: ClassVar[dict[str, str]] = {
        "login": "имя пользователя — от 2 до 32 букв, цифр, точек, дефисов или подчёркиваний",
        "pin": "PIN — от 4 до 8 цифр",
        "role": "роль — кассир или менеджер",
    }

    def __init__(self, field: str) -> None:
        self.field = field
        super().__init__()

    def message(self) -> str:
        return f"Пользователь не создан: {self._PROBLEMS[self.field]}."


# --- the line -------------------------------------------------------------------------------


class UnknownEvent(DomainError):
    """No event has this code (as typed, so it may not even be a number)."""

    def __init__(self, code: int | str) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"События с кодом {self.code} нет в линии. Проверьте код."


class EventExists(DomainError):
    """The event code is taken."""

    def __init__(self, code: int) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"Код события {self.code} уже занят. Выберите другой код."


class InvalidEvent(DomainError):
    """An event that cannot be added as given."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        super().__init__()

    def message(self) -> str:
        return f"Событие не сохранено: {self.problem}."


class InvalidMarket(DomainError):
    """A market code that the line does not know."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        # The codes as the betting page takes them and every screen shows them (issue 16).
        return (
            f"Неизвестный исход «{self.code}». Примеры: «1», «X», «2», «1X», «X2», «12», "
            "«Б2,5», «М2,5», «Ф1-1,5», «Ф2+1,5»."
        )


class MarketMissing(InvalidMarket):
    """An event code typed without an outcome after it ("101" alone)."""

    def __init__(self, code: int) -> None:
        self.event_code = code
        super().__init__("")

    def message(self) -> str:
        code = self.event_code
        return f"Введите исход после кода события: например «{code} 1» или «{code} Б2,5»."


class InvalidOdds(DomainError):
    """Odds that are not a decimal above 1.00 with at most two decimals."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Неверный коэффициент «{self.text}»: нужен десятичный коэффициент "
            "больше 1,00, например 2,15."
        )


class InvalidTerminalConfig(DomainError):
    """This computer's terminal.toml cannot be read."""

    def __init__(self, path: str, detail: str) -> None:
        self.path = path
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        return (
            f"Файл настроек терминала {self.path} не прочитан ({self.detail}). "
            "Исправьте его или удалите, чтобы создать заново."
        )


# --- bets -------------------------------------------------------------------------------------


def _rub(amount: Decimal) -> str:
    from pos.money import format_roubles  # noqa: PLC0415 - pos.money imports this module

    return format_roubles(amount)


def _odds(odds: Decimal) -> str:
    if odds >= 10**9:
        return "больше 1 000 000 000"
    return f"{odds:.2f}".replace(".", ",")


def _years(age: int) -> str:
    if age % 10 == 1 and age % 100 != 11:
        return f"{age} год"
    if 2 <= age % 10 <= 4 and not 12 <= age % 100 <= 14:
        return f"{age} года"
    return f"{age} лет"


def _from_age(age: int) -> str:
    # "с 21 года", "с 18 лет": the genitive after "с".
    return f"{age} года" if age % 10 == 1 and age % 100 != 11 else f"{age} лет"


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
        nearest = f"{_rub(self.lower)} или {_rub(self.upper)}" if self.lower else _rub(self.upper)
        return (
            f"Ставка {_rub(self.stake)} не делится поровну между экспрессами системы "
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


class StakeTooLow(DomainError):
    """The stake is below the shop's minimum."""

    def __init__(self, stake: Decimal, minimum: Decimal) -> None:
        self.stake = stake
        self.minimum = minimum
        super().__init__()

    def message(self) -> str:
        return f"Ставка {_rub(self.stake)} меньше минимальной ({_rub(self.minimum)})."


class StakeAboveEventLimit(DomainError):
    """The slip's stake is above the maximum stake on one of its events (p.18)."""

    def __init__(self, code: int, stake: Decimal, limit: Decimal) -> None:
        self.code = code
        self.stake = stake
        self.limit = limit
        super().__init__()

    def message(self) -> str:
        return (
            f"Ставка {_rub(self.stake)} больше максимальной на событие {self.code} "
            f"({_rub(self.limit)}). Уменьшите ставку."
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


class PayoutTooHigh(DomainError):
    """The possible payout is above the shop's maximum payout."""

    def __init__(self, payout: Decimal, limit: Decimal) -> None:
        self.payout = payout
        self.limit = limit
        super().__init__()

    def message(self) -> str:
        return (
            f"Возможный выигрыш {_rub(self.payout)} больше максимальной выплаты "
            f"({_rub(self.limit)}). Уменьшите ставку."
        )


class EventSuspended(DomainError):
    """Bets on the event are suspended by a manager."""

    def __init__(self, code: int) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"Приём ставок на событие {self.code} приостановлен."


class MarketNotOffered(DomainError):
    """The event has no odds for that market."""

    def __init__(self, code: int, market: str) -> None:
        self.code = code
        self.market = market
        super().__init__()

    def message(self) -> str:
        from pos.wording import market_code  # noqa: PLC0415 - pos.wording imports this module

        return f"На событие {self.code} нет коэффициента на исход {market_code(self.market)}."


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
            f"Коэффициенты изменились: возможный выигрыш теперь {_rub(self.now)} вместо "
            f"{_rub(self.shown)}. Купон не выдан — покажите игроку новые коэффициенты."
        )


class IdentityCheckRequired(DomainError):
    """The shop requires an identity check for every bet and none was made."""

    def message(self) -> str:
        return "По правилам пункта ставка принимается только после проверки документа игрока."


class InvalidSlipNumber(DomainError):
    """A slip number whose check code does not match: mistyped or forged, never looked up."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return f"Номер купона «{self.text}» неверен (не сходится контрольный код). Проверьте номер."


class UnknownSlip(DomainError):
    """A well-formed slip number that no slip has."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Купон {_slip(self.number)} не найден."


class WindowClosed(DomainError):
    """The 5 minutes after the slip was handed over have passed (p.8): the slip is final."""

    def __init__(self, number: str, closed_at: datetime) -> None:
        self.number = number
        self.closed_at = closed_at
        super().__init__()

    def message(self) -> str:
        return (
            f"Купон {_slip(self.number)} отменить нельзя: 5 минут на претензии истекли в "
            f"{self.closed_at:%H:%M:%S} (п. 8 Правил)."
        )


class SlipNotOpen(DomainError):
    """The slip is already cancelled, settled or paid."""

    def __init__(self, number: str, status: str) -> None:
        self.number = number
        self.status = status
        super().__init__()

    def message(self) -> str:
        return f"Купон {_slip(self.number)} уже {self.status} — действие невозможно."


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


# --- line files -----------------------------------------------------------------------------

_LINE_FILE_PROBLEMS = {
    "unreadable": "файл не читается ({detail})",
    "file_type": "нужен файл .csv или .json, а не «{detail}»",
    "encoding": "файл не в кодировке UTF-8 или Windows-1251",
    "empty": "в файле нет ни одного события",
    "header": "нет обязательных столбцов: {detail}",
    "unknown_column": "неизвестный столбец «{detail}»",
    "repeated": "«{detail}» указан дважды: такой столбец, поле или исход уже есть",
    "json": "это не JSON ({detail})",
    "json_shape": 'ожидался список событий, например [{{"code": 101, ...}}]',
    "missing": "не заполнено поле «{detail}»",
    "code": "код события «{detail}» — нужно целое число от 1 до 999999",
    "time": "время начала «{detail}» — нужно ДД.ММ.ГГГГ ЧЧ:ММ или ГГГГ-ММ-ДДTЧЧ:ММ",
    "duplicate_code": "код события {detail} уже встречался в этом файле",
    "no_odds": "у события нет ни одного коэффициента",
    "differs": "код {detail} уже занят другим событием в линии",
}


def line_file_problem(reason: str, detail: object = "") -> str:
    """The sentence for one problem in a line file (used in LineFileRejected's list)."""
    return _LINE_FILE_PROBLEMS[reason].format(detail=detail)


class FileRejected(DomainError):
    """A data file with problems: nothing was loaded; every bad row is named by its line."""

    SHOWN = 20

    def __init__(self, file_name: str, problems: list[tuple[int, str]]) -> None:
        self.file_name = file_name
        self.problems = problems
        super().__init__()

    def listed(self) -> str:
        """The first problems, "строка N: …" each, and how many more there are."""
        listed = "; ".join(
            f"строка {line}: {text.rstrip('.')}" if line else text.rstrip(".")
            for line, text in self.problems[: self.SHOWN]
        )
        more = len(self.problems) - self.SHOWN
        return listed + (f"; и ещё ошибок: {more}" if more > 0 else "")


class LineFileRejected(FileRejected):
    """A line file with problems: nothing was loaded."""

    def message(self) -> str:
        return (
            f"Линия из файла {self.file_name} не загружена, ничего не изменено. "
            f"Исправьте: {self.listed()}."
        )


# --- identity ---------------------------------------------------------------------------------

_MRZ_PROBLEMS = {
    "shape": "нужны 2 строки по 44 знака (паспорт) или 3 строки по 30 знаков (ID-карта)",
    "charset": "допустимы только латинские буквы, цифры и знак <",
    "check_number": "не сходится контрольная цифра номера документа",
    "check_birth": "не сходится контрольная цифра даты рождения",
    "check_expiry": "не сходится контрольная цифра срока действия",
    "check_optional": "не сходится контрольная цифра дополнительных данных",
    "check_composite": "не сходится общая контрольная цифра",
    "date": "в строке неверная дата",
}


class InvalidMrz(DomainError):
    """The machine-readable zone read from a document is damaged or mistyped."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__()

    def message(self) -> str:
        return (
            f"Машиночитаемая зона документа не принята: {_MRZ_PROBLEMS[self.reason]}. "
            "Считайте документ ещё раз или введите данные вручную."
        )


_DOCUMENT_PROBLEMS = {
    "surname": "не указана фамилия",
    "name": "не указано имя",
    "kind": "не указан вид документа",
    "number": "не указан номер документа",
    "birth_date": "дата рождения не указана или позже сегодняшнего дня",
    "issued_on": "дата выдачи позже сегодняшнего дня или раньше даты рождения",
    "issued_on_missing": "для журнала выплат нужна дата выдачи документа",
    "issued_by": "не указано, кем и где выдан документ",
    "surname_long": "фамилия длиннее 80 знаков",
    "name_long": "имя длиннее 80 знаков",
    "patronymic_long": "отчество длиннее 80 знаков",
    "kind_long": "вид документа длиннее 40 знаков",
    "number_long": "номер документа длиннее 30 знаков",
    "issued_by_long": "«кем выдан» длиннее 200 знаков",
}


class InvalidDocument(DomainError):
    """An identity document typed in with a field missing or impossible."""

    def __init__(self, field: str) -> None:
        self.field = field
        super().__init__()

    def message(self) -> str:
        return f"Документ не принят: {_DOCUMENT_PROBLEMS[self.field]}."


class Underage(DomainError):
    """The player is younger than the shop's minimum age (p.4)."""

    def __init__(self, min_age: int, age: int, *, payout: bool = False) -> None:
        self.min_age = min_age
        self.age = age
        self.payout = payout
        super().__init__()

    def message(self) -> str:
        refused = "В выплате отказано" if self.payout else "В ставке отказано"
        return (
            f"Игроку {_years(self.age)} — ставки и выплаты только с {_from_age(self.min_age)}. "
            f"{refused}, отказ записан."
        )


class DocumentExpired(DomainError):
    """The identity document's validity ended before today."""

    def __init__(self, expired_on: date) -> None:
        self.expired_on = expired_on
        super().__init__()

    def message(self) -> str:
        return (
            f"Срок действия документа истёк {self.expired_on:%d.%m.%Y}. "
            "Нужен действующий документ, удостоверяющий личность."
        )


class DocumentRefused(DomainError):
    """The player would not show an identity document when asked (p.4)."""

    def message(self) -> str:
        return (
            "Игрок отказался предъявить документ — в ставке отказано (п. 4 Правил), отказ записан."
        )


class PayoutDocumentRequired(DomainError):
    """A payout asked without an identity document (p.13)."""

    def message(self) -> str:
        return (
            "Выплата производится только по купону и документу, удостоверяющему личность "
            "(п. 13 Правил). Без документа в выплате отказано, отказ записан."
        )


# --- storage --------------------------------------------------------------------------------


class StorageUnavailable(DeviceOrStorageError):
    """The database refused a read or write (locked, disk full, I/O error, connection lost)."""

    def __init__(self, detail: str) -> None:
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        return (
            f"База данных недоступна ({self.detail}). Последняя операция отменена, "
            "деньги не проведены. Проверьте диск или сеть и повторите."
        )


class ConcurrentChange(DeviceOrStorageError):
    """Another terminal changed the same data at the same moment; this change was undone."""

    def message(self) -> str:
        return (
            "Эти же данные только что изменил другой терминал. Последняя операция отменена, "
            "деньги не проведены. Повторите её."
        )


class InvalidDatabaseUrl(DeviceOrStorageError):
    """The configured database address is not one this program can open."""

    def __init__(self, url: str) -> None:
        self.url = url
        super().__init__()

    def message(self) -> str:
        return (
            "Адрес базы данных указан неверно. Пример: sqlite:///C:/pos/shop.db "
            "или postgresql://пользователь:пароль@сервер/база."
        )


class DatabaseTooNew(DeviceOrStorageError):
    """The database was written by a newer version of the program."""

    def __init__(self, found: str, supported: str) -> None:
        self.found = found
        self.supported = supported
        super().__init__()

    def message(self) -> str:
        return (
            f"База данных создана более новой версией программы (схема {self.found}, "
            f"эта версия знает схему {self.supported}). Данные не изменены. "
            "Обновите программу на этом компьютере."
        )


class DatabaseUnreadable(DeviceOrStorageError):
    """The file is not a database this program can read."""

    def __init__(self, location: str) -> None:
        self.location = location
        super().__init__()

    def message(self) -> str:
        return (
            f"Файл базы данных {self.location} повреждён или не является базой этой программы. "
            "Файл не изменён. Восстановите его из резервной копии или укажите другой файл."
        )


class DatabaseUnreachable(DeviceOrStorageError):
    """The database server cannot be reached or refused the connection."""

    def __init__(self, location: str, detail: str) -> None:
        self.location = location
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        return (
            f"Нет связи с сервером базы данных {self.location} ({self.detail}). "
            "Проверьте сеть и адрес сервера и запустите программу снова."
        )


class DataFolderReadOnly(DeviceOrStorageError):
    """The data folder or the database file cannot be written."""

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__()

    def message(self) -> str:
        return (
            f"Нет права записи в папку данных {self.path}. Данные не изменены. "
            "Дайте пользователю права на эту папку или укажите другую (--data-dir)."
        )


class MigrationFailed(DeviceOrStorageError):
    """Bringing the database schema up to date failed; the copy made before is kept."""

    def __init__(self, backup: str, detail: str) -> None:
        self.backup = backup
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        kept = f" Копия базы до обновления: {self.backup}." if self.backup else ""
        return (
            f"Не удалось обновить структуру базы данных ({self.detail}).{kept} "
            "Обратитесь в поддержку."
        )


# --- printers -------------------------------------------------------------------------------


class PrinterUnavailable(DeviceOrStorageError):
    """A printer could not be reached, is out of paper or refused a job (the device's words).

    The printing adapter raises it; the use case that printed turns it into a sentence that
    also says what happened to the money (SlipNotPrinted, ReceiptNotPrinted). `sent` is true
    when bytes of the job may have reached the printer (the link broke mid-job, or the
    printer took it all and did not confirm): what is on paper is then unknown, and a
    fiscal number in that job is spoiled, never given to another operation (pos.fiscal).
    """

    def __init__(self, where: str, detail: str, *, sent: bool = False) -> None:
        self.where = where
        self.detail = detail
        self.sent = sent
        super().__init__()

    def message(self) -> str:
        return (
            f"Принтер {self.where} недоступен ({self.detail}). Проверьте питание, бумагу, "
            "кабель или сеть и повторите."
        )


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


class InvalidPrinterSetting(DomainError):
    """A printer setting that cannot be saved as given."""

    LABELS: ClassVar[dict[str, str]] = {
        "kind": "Подключение",
        "target": "Адрес или имя принтера",
        "code_page": "Кодовая страница",
        "paper_mm": "Ширина бумаги",
        "cancel_chinese": "Отключать китайский режим (FS .)",
        "status_check": "Проверять бумагу и связь перед печатью",
        "baudrate": "Скорость порта",
        "profile": "Модель принтера",
    }

    def __init__(self, name: str, problem: str) -> None:
        self.name = name
        self.problem = problem
        super().__init__()

    def message(self) -> str:
        label = self.LABELS.get(self.name, self.name)
        return f"Настройка принтера «{label}» не сохранена: {self.problem}."


# --- fiscal register ------------------------------------------------------------------------


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
            f"Купон № {_slip(self.number)} отправлен на печать, но не подтверждён. Сначала "
            "ответьте, вышел ли он из принтера (вкладка «Касса», «Незавершённая печать»)."
        )


class RequestPrinting(PendingSlip):
    """The same request is being printed at this moment (a double press on two windows)."""

    def message(self) -> str:
        return f"Эта ставка уже печатается (купон № {_slip(self.number)}): дождитесь купона."


class PendingPayoutWaiting(DomainError):
    """A payout's receipt was sent before a failure and waits for the cashier's answer."""

    def __init__(self, slip_number: str, receipt_no: int) -> None:
        self.slip_number = slip_number
        self.receipt_no = receipt_no
        super().__init__()

    def message(self) -> str:
        return (
            f"Выплата по купону № {_slip(self.slip_number)} (чек № {self.receipt_no}) не "
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


class SlipNotIssued(DomainError):
    """The number belongs to a slip whose print was never confirmed, or that was voided."""

    def __init__(self, number: str, pending: bool) -> None:
        self.number = number
        self.pending = pending
        super().__init__()

    def message(self) -> str:
        if self.pending:
            return (
                f"Купон № {_slip(self.number)} ещё не выдан: его печать не подтверждена на "
                "терминале, где он печатался."
            )
        return (
            f"Купон № {_slip(self.number)} аннулирован: он не был напечатан и выдан, ставка не "
            "принималась. По нему ничего не выплачивается."
        )


def _receipts(numbers: list[int]) -> str:
    listed = ", ".join(str(n) for n in numbers[:5]) + ("…" if len(numbers) > 5 else "")
    return f"фискальный чек № {listed}" if len(numbers) == 1 else f"фискальные чеки № {listed}"


# --- results and settlement (p.11, p.21) ---------------------------------------------------

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


# --- results files --------------------------------------------------------------------------

_TIME_NEEDED = "— нужно ДД.ММ.ГГГГ ЧЧ:ММ или ГГГГ-ММ-ДДTЧЧ:ММ"
_RESULTS_FILE_PROBLEMS = {
    **{
        reason: _LINE_FILE_PROBLEMS[reason]
        for reason in (
            "unreadable",
            "file_type",
            "encoding",
            "header",
            "unknown_column",
            "json",
            "missing",
            "code",
            "duplicate_code",
        )
    },
    "empty": "в файле нет ни одного результата",
    "repeated": "«{detail}» указан дважды: такой столбец или поле уже есть",
    "json_shape": 'ожидался список результатов, например [{{"code": 101, "home": 2, ...}}]',
    "home": "счёт хозяев «{detail}» — нужно целое число голов (очков) от 0 до 999",
    "away": "счёт гостей «{detail}» — нужно целое число голов (очков) от 0 до 999",
    "one_score": "счёт указан только у одной команды — нужен счёт обеих или ни одной",
    "no_score": "событие состоялось, а счёта нет — укажите счёт хозяев и гостей",
    "actual_start": "фактическое начало «{detail}» " + _TIME_NEEDED,
    "first_score_at": "время открытия счёта «{detail}» " + _TIME_NEEDED,
    "ended_at": "время окончания «{detail}» " + _TIME_NEEDED,
    "venue_swapped": "поле гостей «{detail}» — нужно да или нет (1 или 0, true или false)",
}


def results_file_problem(reason: str, detail: object = "") -> str:
    """The sentence for one problem in a results file (used in ResultsFileRejected's list)."""
    if reason == "status":
        from pos.results import STATUS_WORDS  # noqa: PLC0415 - pos.results imports this module

        words = ", ".join(f"«{words}» ({status.value})" for status, words in STATUS_WORDS.items())
        return f"неизвестный статус «{detail}» — нужно одно из: {words}"
    return _RESULTS_FILE_PROBLEMS[reason].format(detail=detail)


class ResultsFileRejected(FileRejected):
    """A results file with problems: no result was recorded."""

    def message(self) -> str:
        return (
            f"Файл результатов «{self.file_name}» не загружен: {self.listed()}. "
            "Ни один результат не записан — исправьте файл и загрузите его снова."
        )


# --- payouts (p.13, p.23, first p.24) -----------------------------------------------------

_NOT_PAYABLE_WHY = {
    "open": "ещё не рассчитан — по нему ждут результатов",
    "lost": "проигрышный — проигранные ставки не выплачиваются",
    "cancelled": "отменён в течение 5 минут, ставка уже возвращена",
    "paid": "уже выплачен — повторная выплата невозможна",
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
        return f"Купон № {_slip(self.number)} {why}."


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
            f"В кассе по учёту {_rub(self.drawer)}, а к {what} {_rub(self.amount)}: денег в ящике "
            "не хватает. Внесите подкрепление (вкладка «Касса», «Внести») и повторите."
        )


class PayoutTooEarly(DomainError):
    """Before the day after the last event of the slip ended (first p.24)."""

    def __init__(self, number: str, first_day: date) -> None:
        self.number = number
        self.first_day = first_day
        super().__init__()

    def message(self) -> str:
        return (
            f"Выплата по купону № {_slip(self.number)} — с {self.first_day:%d.%m.%Y}: выигрыши "
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
            f"Срок выплаты по купону № {_slip(self.number)} истёк {self.last_day:%d.%m.%Y}: "
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
            f"Чек выплаты по купону № {_slip(self.number)} не напечатан: принтер "
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
            f"Чек № {self.receipt_no} выплаты по купону № {_slip(self.number)} напечатан, но "
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


class FileNotSaved(DeviceOrStorageError):
    """A file the user asked for could not be written (a folder that is read-only, a full disk)."""

    def __init__(self, path: str, detail: str) -> None:
        self.path = path
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        return (
            f"Файл «{self.path}» не сохранён: {self.detail}. Выберите другую папку или "
            "освободите место на диске и повторите."
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
            f"Выплата по купону № {_slip(self.slip_number)} проведена (запись журнала № "
            f"{self.entry_number}), чек напечатан — выдайте игроку {_rub(self.amount)}; "
            f"квитанция для игрока не напечатана: принтер {self.cause.where} недоступен "
            f"({self.cause.detail}). Проверьте принтер и нажмите «Квитанция повторно»."
        )


# --- shifts ---------------------------------------------------------------------------------


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
        return (
            f"В кассе по расчёту только {_rub(self.available or Decimal(0))}: изъять больше нельзя."
        )


# --- Bet-on-Poker draws (pos.draw_desk) -----------------------------------------------------


class DrawNotFound(DomainError):
    """A draw the schedule has not reached yet (it is opened when the board is read)."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Тиража № {self.number} нет: он ещё не открыт. Проверьте номер тиража."


class DrawSettled(DomainError):
    """A draw whose result (or cancellation) is already recorded."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Тираж № {self.number} уже разыгран или отменён: карты больше не вводятся."


_DRAW_CARDS = {
    "bad": "Не понятно «{detail}»: карты вводятся как As Kd 7h (достоинство и масть c, d, h, s).",
    "deal": "Для раздачи нужны 12 карт (по две на шесть рук, с первой руки), введено {detail}.",
    "flop": "Для флопа нужны 3 карты, введено {detail}.",
    "turn": "Для тёрна нужна 1 карта, введено {detail}.",
    "river": "Для ривера нужна 1 карта, введено {detail}.",
}


class InvalidDrawCards(DomainError):
    """Cards typed for a draw that are not what it expects next (the deal, flop, turn, river)."""

    def __init__(self, why: str, detail: str) -> None:
        self.why = why
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        return _DRAW_CARDS[self.why].format(detail=self.detail)


class RoundStillOpen(DomainError):
    """Cards entered for a draw while the round before them still takes bets."""

    def __init__(self, number: int, round_words: str, closes_at: datetime) -> None:
        self.number = number
        self.round_words = round_words
        self.closes_at = closes_at
        super().__init__()

    def message(self) -> str:
        return (
            f"Тираж № {self.number}: раунд «{self.round_words}» принимает ставки до "
            f"{self.closes_at:%H:%M:%S}. Карты вводятся после закрытия приёма ставок."
        )


class DrawFileRejected(FileRejected):
    """A file of draw results with problems: no result was recorded."""

    def message(self) -> str:
        return (
            f"Результаты тиражей из файла «{self.file_name}» не загружены, ничего не "
            f"изменено. Исправьте: {self.listed()}."
        )


# --- Bet-on-Poker: the cards and the draws (pos.poker, pos.draws) ---------------------------

_INVALID_DEAL = {
    "card": (
        "Неверная карта «{detail}»: нужны достоинство (2–9, T, J, Q, K, A) и масть (c, d, h, s), "
        "например «Ah»."
    ),
    "twice": "Карта {detail} сдана дважды: проверьте руки и стол.",
    "hands": "Нужно шесть рук по две карты, например «AsKs»; получено: {detail}.",
    "board": "На столе должно быть 0, 3, 4 или 5 карт, а их {detail}.",
    "river": "Для результата нужны все 5 карт стола, а их {detail}.",
}


class InvalidDeal(DomainError):
    """Cards that cannot be a deal: a bad card, a card twice, wrong counts of hands or board."""

    def __init__(self, why: str, detail: str = "") -> None:
        self.why = why
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        return _INVALID_DEAL[self.why].format(detail=self.detail)


class InvalidMargin(DomainError):
    """A house margin outside [0, 0.5), or one that is not an exact Decimal."""

    def __init__(self, margin: object) -> None:
        self.margin = margin
        super().__init__()

    def message(self) -> str:
        shown = str(self.margin).replace(".", ",")
        return (
            f"Маржа «{shown}» не подходит: нужна доля от 0 до 0,5 (не включая 0,5), например 0,10."
        )


class NoSuchHand(DomainError):
    """A seat that is not one of the six hands."""

    def __init__(self, seat: object) -> None:
        self.seat = seat
        super().__init__()

    def message(self) -> str:
        return f"Руки {self.seat} нет: руки пронумерованы от 1 до 6."


class RoundClosed(DomainError):
    """A bet after the round's cut-off by server time. `closed_at` is in the shop's zone."""

    def __init__(self, draw: int, round: Round, closed_at: datetime) -> None:
        self.draw = draw
        self.round = round
        self.closed_at = closed_at
        super().__init__()

    def message(self) -> str:
        return (
            f"Приём ставок на тираж № {self.draw}, раунд «{self.round.words}» закрыт "
            f"в {self.closed_at:%H:%M:%S}."
        )


class RoundNotOpen(DomainError):
    """A bet before the round opens by the schedule. `opens_at` is in the shop's zone."""

    def __init__(self, draw: int, round: Round, opens_at: datetime) -> None:
        self.draw = draw
        self.round = round
        self.opens_at = opens_at
        super().__init__()

    def message(self) -> str:
        return (
            f"Приём ставок на тираж № {self.draw}, раунд «{self.round.words}» ещё не открыт: "
            f"он откроется в {self.opens_at:%H:%M:%S}."
        )


class RoundOvertaken(DomainError):
    """A bet in a round whose odds are stale.

    The cards of a later round (`dealt`) are already in, or the river is (`dealt` None). This
    can happen before the round's cut-off.
    """

    def __init__(self, draw: int, round: Round, dealt: Round | None) -> None:
        self.draw = draw
        self.round = round
        self.dealt = dealt
        super().__init__()

    def message(self) -> str:
        why = (
            "тираж уже разыгран"
            if self.dealt is None
            else f"уже введены карты раунда «{self.dealt.words}»"
        )
        return f"Приём ставок на тираж № {self.draw}, раунд «{self.round.words}» закрыт: {why}."


class CardsNotEntered(DomainError):
    """A bet in a round whose cards (hands, flop or turn) are not entered yet."""

    def __init__(self, draw: int, round: Round) -> None:
        self.draw = draw
        self.round = round
        super().__init__()

    def message(self) -> str:
        return (
            f"Карты раунда «{self.round.words}» тиража № {self.draw} ещё не введены: "
            "ставки на этот раунд принимаются после ввода карт."
        )


class HandClosed(DomainError):
    """A bet on a hand that is WON, LOST or NO_BETS in this round (p.3.6.3)."""

    def __init__(self, seat: int, status: HandStatus) -> None:
        self.seat = seat
        self.status = status
        super().__init__()

    def message(self) -> str:
        if self.status == "won":
            return f"Рука {self.seat} уже выиграла: ставки на неё не принимаются."
        if self.status == "lost":
            return f"Рука {self.seat} уже проиграла: ставки на неё не принимаются."
        return (
            f"На руку {self.seat} в этом раунде ставки не принимаются: её коэффициент был бы "
            "ниже 1,01."
        )


class HandsMismatch(DomainError):
    """A result whose hand differs from the one dealt in round 2."""

    def __init__(self, seat: int, dealt: str, entered: str) -> None:
        self.seat = seat
        self.dealt = dealt
        self.entered = entered
        super().__init__()

    def message(self) -> str:
        return (
            f"Руки не совпадают с розданными: рука {self.seat} была {self.dealt}, "
            f"введено {self.entered}."
        )


_STREETS = {"flop": ("флопом", "флоп"), "turn": ("тёрном", "тёрн"), "river": ("ривером", "ривер")}


class BoardMismatch(DomainError):
    """A result whose board contradicts the flop, turn or river entered during the draw."""

    def __init__(self, street: str, dealt: str, entered: str) -> None:
        self.street = street  # "flop", "turn" or "river"
        self.dealt = dealt
        self.entered = entered
        super().__init__()

    def message(self) -> str:
        with_it, name = _STREETS[self.street]
        return (
            f"Стол не совпадает с введённым {with_it}: {name} был {_spaced(self.dealt)}, "
            f"введено {_spaced(self.entered)}."
        )


class CancelReasonRequired(DomainError):
    """A draw cancelled without a reason."""

    def message(self) -> str:
        return (
            "Укажите причину отмены тиража (п. 5.1 Правил): она записывается в журнал, "
            "а все ставки возвращаются по коэффициенту 1,00."
        )


def _spaced(text: str) -> str:
    """ "Ac7h3s" → "Ac 7h 3s"."""
    return " ".join(text[at : at + 2] for at in range(0, len(text), 2))
