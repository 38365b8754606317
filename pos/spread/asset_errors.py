"""The «Спрэдбет» room's refusals about assets, quotes and quote files, each rendering one
Russian sentence from the data it carries (a bet's own are in pos.spread.errors)."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from pos.core.errors import DomainError, FileRejected
from pos.core.input_errors import InvalidText
from pos.core.money import format_roubles
from pos.core.wording import plural
from pos.line.errors import LINE_FILE_PROBLEMS

# The quote's two sides as the manager's screen names them (p.25).
SIDE_WORDS = {"bid": "бид", "ask": "аск"}


def price_words(price: Decimal) -> str:
    """A price or a point as written in a quote, with a decimal comma: 74.10 → "74,10"."""
    return f"{price:f}".replace(".", ",")


def duration_words(span: timedelta) -> str:
    """A span of time in words: "1 час 2 минуты 5 секунд", "40 секунд"."""
    seconds = max(int(span.total_seconds()), 0)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [
        plural(count, *forms)
        for count, forms in (
            (hours, ("час", "часа", "часов")),
            (minutes, ("минута", "минуты", "минут")),
            (seconds, ("секунда", "секунды", "секунд")),
        )
        if count
    ]
    return " ".join(parts) or "меньше секунды"


def per_point(amount: Decimal) -> str:
    return f"{format_roubles(amount)} за пункт"


class InvalidAssetCode(DomainError):
    """An asset code that is not 1–16 Latin capitals and digits."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Код актива «{self.text}» не принят: нужны латинские буквы и цифры без пробелов, "
            "от 1 до 16 знаков, например BRENT."
        )


class InvalidAssetName(InvalidText):
    """An asset's name no database column can hold, or an empty one."""

    def __init__(self, reason: str, limit: int = 0, length: int = 0) -> None:
        super().__init__("asset_name", reason, limit, length)

    @property
    def label(self) -> str:
        return "Название актива"


class InvalidAssetKind(DomainError):
    """An asset kind that is neither a share, a future nor an index (p.25)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Неизвестный вид актива «{self.text}». Бывают: акция, фьючерс, индекс "
            "(share, future, index)."
        )


class InvalidPoint(DomainError):
    """A point size that is not a positive decimal of at most six places."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Размер пункта «{self.text}» не принят: нужно число больше нуля, не больше "
            "1 000 000 и не больше 6 знаков после запятой, например 0,01."
        )


class InvalidMarginPoints(DomainError):
    """An initial margin that is not a whole number of points from 1 to `high`."""

    def __init__(self, text: str, high: int) -> None:
        self.text = text
        self.high = high
        super().__init__()

    def message(self) -> str:
        return (
            f"Первоначальная маржа «{self.text}» не принята: нужно целое число пунктов "
            f"от 1 до {self.high}, например 100."
        )


class InvalidMaintenance(DomainError):
    """A maintenance level that is not a share above 0 and at most 1."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()

    def message(self) -> str:
        return (
            f"Уровень поддержания маржи «{self.text}» не принят: нужна доля первоначальной "
            "маржи больше 0 и не больше 1, например 0,5."
        )


class StakeLimitsInverted(DomainError):
    """A minimum stake per point above the maximum (p.27)."""

    def __init__(self, minimum: Decimal, maximum: Decimal) -> None:
        self.minimum = minimum
        self.maximum = maximum
        super().__init__()

    def message(self) -> str:
        return (
            f"Минимальная ставка {per_point(self.minimum)} больше максимальной "
            f"({per_point(self.maximum)}). Исправьте пределы ставок."
        )


_PRICE_PROBLEMS = {
    "not_a_number": "нужно число, например 74,10",
    "not_positive": "котировка должна быть больше нуля",
    "too_large": "нужно число меньше 1 000 000 000 000 и не больше 8 знаков после запятой",
}


class InvalidPrice(DomainError):
    """A bid or an ask that is not a positive exact number."""

    def __init__(self, side: str, text: str, reason: str) -> None:
        self.side = side  # "bid" or "ask"
        self.text = text
        self.reason = reason
        super().__init__()

    def message(self) -> str:
        side = SIDE_WORDS[self.side].capitalize()
        return f"{side} «{self.text}» не принят: {_PRICE_PROBLEMS[self.reason]}."


class AskNotAboveBid(DomainError):
    """A quote whose ask is not above its bid: the spread is the bookmaker's (p.25)."""

    def __init__(self, code: str, bid: Decimal, ask: Decimal) -> None:
        self.code = code
        self.bid = bid
        self.ask = ask
        super().__init__()

    def message(self) -> str:
        named = f" {self.code}" if self.code else ""
        return (
            f"Котировка{named} не принята: аск {price_words(self.ask)} должен быть выше "
            f"бида {price_words(self.bid)} (спрэд — разница между аском и бидом, п. 25 Правил)."
        )


class PriceNotInPoints(DomainError):
    """A bid or ask that is not a whole number of the asset's points."""

    def __init__(self, code: str, side: str, price: Decimal, point: Decimal) -> None:
        self.code = code
        self.side = side  # "bid" or "ask"
        self.price = price
        self.point = point
        super().__init__()

    def message(self) -> str:
        return (
            f"Котировка {self.code} не принята: {SIDE_WORDS[self.side]} "
            f"{price_words(self.price)} — не целое число пунктов, пункт актива "
            f"{price_words(self.point)}."
        )


class PricesNotInPoints(DomainError):
    """Open and close prices a whole number of points apart cannot be found (the point changed)."""

    def __init__(self, opened: Decimal, closed: Decimal, point: Decimal) -> None:
        self.opened = opened
        self.closed = closed
        self.point = point
        super().__init__()

    def message(self) -> str:
        return (
            f"Результат ставки не считается точно: между ценой открытия "
            f"{price_words(self.opened)} и ценой закрытия {price_words(self.closed)} не целое "
            f"число пунктов по {price_words(self.point)}. Проверьте пункт актива и котировку."
        )


class StaleQuote(DomainError):
    """The asset's latest quote is older than a bet may be opened or closed at."""

    def __init__(self, code: str, at: datetime, age: timedelta, max_age: timedelta) -> None:
        self.code = code
        self.at = at  # in the zone the sentence shows
        self.age = age
        self.max_age = max_age
        super().__init__()

    def message(self) -> str:
        return (
            f"Котировка {self.code} от {self.at:%d.%m.%Y %H:%M:%S} устарела: ей "
            f"{duration_words(self.age)}, а допустимый возраст котировки — "
            f"{duration_words(self.max_age)}. Попросите менеджера обновить котировку."
        )


class QuoteFileRejected(FileRejected):
    """A quotes file with problems: no quote of it was loaded."""

    SHOWN = 10

    def message(self) -> str:
        return (
            f"Котировки из файла {self.file_name} не загружены, ничего не изменено. "
            f"Исправьте: {self.listed()}."
        )


QUOTE_FILE_PROBLEMS = {
    **{
        reason: LINE_FILE_PROBLEMS[reason]
        for reason in ("unreadable", "file_type", "encoding", "unknown_column", "json", "missing")
    },
    "empty": "в файле нет ни одной котировки",
    "header": "нет обязательных столбцов: {detail} — нужны «Код», «Бид», «Аск» (code, bid, ask)",
    "repeated": "«{detail}» указан дважды: такой столбец или поле уже есть",
    "json_shape": 'ожидался список котировок, например [{{"code": "BRENT", "bid": "74.10", '
    '"ask": "74.14"}}]',
    "duplicate_code": "котировка {detail} уже встречалась в этом файле",
    "unknown_asset": "актива с кодом {detail} нет среди активов — сначала добавьте актив",
}


def quote_file_problem(reason: str, detail: object = "") -> str:
    """The sentence for one problem in a quotes file (used in QuoteFileRejected's list)."""
    if reason == "missing" and detail == "asset":
        detail = "code"  # a JSON object's field as the manager's guide names it
    return QUOTE_FILE_PROBLEMS[reason].format(detail=detail)
