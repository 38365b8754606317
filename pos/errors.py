"""Every refusal the shop can give, each rendering one Russian sentence from the data it carries.

Two branches (STYLE.md B3.6): `DomainError` is something the cashier or manager can fix
(a wrong PIN, a stake below the minimum); `DeviceOrStorageError` is the environment failing
(database, disk, printer) and says whether money moved and what to do next. This module is the
single place for the wording; the window shows `str(exc)` and adds nothing.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar


class PosError(Exception):
    """The root of every error a cashier or manager may see."""

    def __init__(self) -> None:
        super().__init__(self.message())

    def message(self) -> str:  # pragma: no cover - every subclass overrides it
        return "Операция не выполнена."

    def __str__(self) -> str:
        return self.message()


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
    "min_stake": "Минимальная ставка, руб.",
    "max_stake_per_event": "Максимальная ставка на событие, руб.",
    "max_express_odds": "Максимальный коэффициент экспресса",
    "max_payout": "Максимальная выплата, руб.",
    "register_serial": "Заводской номер кассового аппарата",
}

_SETTING_PROBLEMS = {
    "empty": "поле не может быть пустым",
    "too_long": "не длиннее {limit} знаков",
    "not_positive": "сумма должна быть больше нуля",
    "age_not_whole": "введите целое число лет",
    "age_range": "возраст должен быть от 18 до 99 лет",
    "odds_format": "нужно число больше 1 с не более чем двумя знаками после запятой, например 1000",
    "zone_unknown": "неизвестный часовой пояс «{limit}»",
    "min_above_max": "минимальная ставка больше максимальной ставки на событие ({limit} руб.)",
    "stake_above_payout": "ставка больше максимальной выплаты ({limit} руб.)",
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


# --- users ----------------------------------------------------------------------------------


class UnknownUser(DomainError):
    """No active user has this login."""

    def __init__(self, login: str) -> None:
        self.login = login
        super().__init__()

    def message(self) -> str:
        return f"Пользователь «{self.login}» не найден. Проверьте имя или обратитесь к менеджеру."


class WrongPin(DomainError):
    """The PIN does not match; the user has `attempts_left` tries before the lock."""

    def __init__(self, login: str, attempts_left: int) -> None:
        self.login = login
        self.attempts_left = attempts_left
        super().__init__()

    def message(self) -> str:
        return (
            f"Неверный PIN. Осталось попыток: {self.attempts_left}, "
            "после этого вход будет заблокирован на 15 минут."
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
            f"{self.until:%H:%M}. Разблокировать может менеджер."
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
    """No event has this code."""

    def __init__(self, code: int) -> None:
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
        return f"Событие не добавлено: {self.problem}."


class InvalidMarket(DomainError):
    """A market code that the line does not know."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return (
            f"Неизвестный исход «{self.code}». Примеры: 1, X, 2, 1X, X2, 12, O2.5, U2.5, "
            "H1-1.5, H2+1.5."
        )


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
