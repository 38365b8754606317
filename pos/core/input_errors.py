"""Refusals of what was typed, scanned or loaded: an amount, a setting, a text, a number, each
naming the field in Russian."""

from __future__ import annotations

from pos.core import game_settings
from pos.core.errors import DomainError

_AMOUNT_REASONS = {
    "float": "сумма должна быть введена точно, цифрами, а не дробным числом компьютера",
    "not_a_number": "это не сумма: введите число, например 12,50",
    "not_finite": "это не сумма: введите число, например 12,50",
    "fraction_of_kopeck": (
        "сумма должна быть в целых копейках (не больше двух знаков после запятой)"
    ),
    "too_large": "сумма слишком велика",
    "too_long": "запись слишком длинная — введите сумму цифрами, например 12,50",
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
    "identify_every_bet": "Каждая ставка — только по документу игрока",
    "restricted_max_age": "Перечень ограниченных лиц устаревает, дней",
    "payout_anywhere": "Выплачивать по купонам любого пункта сети",
    "working_hours": "Часы работы пункта",
    "quote_max_age_minutes": "Котировка «Спрэдбет» действует, минут",
    "max_deposit": "Наибольшее пополнение счёта, руб.",
    "exchange_min_stake": "«Спрэдбетэкс»: минимальный стэйк, руб.",
    "exchange_max_stake": "«Спрэдбетэкс»: максимальный стэйк, руб.",
    "exchange_coefficient": "«Спрэдбетэкс»: предел коэффициента",
    "exchange_min_coefficient": "«Спрэдбетэкс»: минимальный коэффициент",
    "exchange_max_coefficient": "«Спрэдбетэкс»: максимальный коэффициент",
    "exchange_commission": "«Спрэдбетэкс»: комиссия букмекера, %",
    "office_code": "Код пункта",
    "office_name": "Название пункта",
    "skks_url": "Адрес СККС (контроллера КИЗ)",
    "skks_mode": "Режим СККС",
    "skks_timeout": "Ожидание ответа СККС, секунд",
    "skks_max_backlog": "Наибольшая очередь СККС, минут",
    "max_liability": "Наибольшая выплата по одному исходу (сеть), руб.",
    "referral_timeout": "Ожидание решения менеджера по крупной ставке, секунд",
    "cashout_enabled": "Выкуп ставки до начала событий (кэшаут)",
    "cashout_margin": "Маржа выкупа ставки (доля, например 0,05)",
    "cashout_offer_seconds": "Предложение выкупа действует, секунд",
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
    "quote_age_range": "введите целое число минут от 1 до 1440",
    "register_age_range": "введите целое число дней от 1 до 365",
    "coefficient_range": "нужно число от 0,01 до 10 000 с не более чем двумя знаками",
    "commission_range": "нужен процент от 0 до 99,99 с не более чем двумя знаками",
    "min_above_max": "минимальная ставка больше максимальной ставки на событие ({limit} руб.)",
    "stake_above_payout": "ставка больше максимальной выплаты ({limit} руб.)",
    "unp": "УНП — 9 цифр (учётный номер плательщика), например 190123456",
    "hours": "часы работы — как 09:00–23:00 (пусто: круглосуточно)",
    "office_code": "код пункта — до 16 букв и цифр без пробелов, например M2",
    "office_only": "это настройка всей сети, пункт её не меняет",
    "fixed": "код пункта не меняется",
    "skks_url": "адрес — как https://kiz.example.by/ (пусто: СККС не подключена)",
    "skks_mode": (
        "режим — «online» (операция ждёт регистрации) или «deferred» (отложенная отправка)"
    ),
    "skks_timeout": "введите целое число секунд от 1 до 60",
    "skks_max_backlog": "введите целое число минут от 1 до 1440",
    "referral_timeout": "введите целое число секунд от 10 до 600",
    "cashout_margin": "нужна доля от 0 до 0,4999 (не более четырёх знаков), например 0,05",
    "cashout_offer_seconds": "введите целое число секунд от 5 до 300",
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
        # A game's setting is labelled by the game that declares it (issue 36).
        label = SETTING_LABELS.get(self.name) or game_settings.label(self.name)
        label = label or INPUT_LABELS["setting"]  # a name that is no setting (pos.offices)
        return f"Настройка «{label}» не сохранена: {problem}."


# What pos.core.inputs refuses before it reaches a database (issue 15): the field by its key here.
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
    "full_name": "Фамилия, имя, отчество сотрудника",
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
    # The register of claims (issue 37, p.14–p.16).
    "claim_number": "Номер претензии",
    "claim_text": "Суть претензии",
    "claim_evidence": "Что предъявил игрок",
    "claim_payout": "Запись журнала выплат",
    "claim_upheld": "Решение по претензии",
    "claim_reason": "Основание решения",
    "claim_remedy": "Что сделать дальше",
    "payer": "Плательщик",  # a bank transfer onto a player's account (issue 37, p.7)
    "transfer_purpose": "Назначение платежа",
    "referral_number": "Номер крупной ставки",  # the risk desk (issue 38)
    "referral_reason": "Причина отказа",
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
    "empty": "поле не может быть пустым",
}


class InvalidInput(DomainError):
    """Input refused before it reached a database (pos.core.inputs); `field` names it."""

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
