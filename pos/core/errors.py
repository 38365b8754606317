"""The error roots and the refusals every room shares, each rendering one Russian sentence.

Two branches (STYLE.md B3.6): `DomainError` is something the cashier or manager can fix
(a wrong PIN, a stake below the minimum); `DeviceOrStorageError` is the environment failing
(database, disk, printer) and says whether money moved and what to do next. Each room keeps its
own refusals in its errors.py; the window shows `str(exc)` and adds nothing."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from pos.core.wording import display_slip_number

if TYPE_CHECKING:
    pass


# What no screen, log or database line can carry: control characters but tab and newline,
# lone surrogates (issue 15).
_UNSHOWABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def visible(text: str) -> str:
    """The text with what no screen, log or database line can carry (control characters but
    tab and newline, lone surrogates) replaced by U+FFFD."""
    return _UNSHOWABLE.sub("\ufffd", text)


class PosError(Exception):
    """The root of every error a cashier or manager may see."""

    def __init__(self) -> None:
        super().__init__(str(self))

    def message(self) -> str:  # pragma: no cover - every subclass overrides it
        return "Операция не выполнена."

    def __str__(self) -> str:
        # A sentence may quote what was typed or read: what no screen, log or audit line can
        # carry (a NUL, a lone surrogate) is shown as U+FFFD (issue 15).
        return visible(self.message())


class DomainError(PosError):
    """A refusal the user can act on: fix the input or ask a manager."""


class DeviceOrStorageError(PosError):
    """The environment failed: the database, the disk or a device."""


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


class NotPermitted(DomainError):
    """The signed-in user's role does not allow the action."""

    def __init__(self, action: str) -> None:
        self.action = action
        super().__init__()

    def message(self) -> str:
        return f"Действие «{self.action}» доступно только менеджеру."


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


class PrinterUnavailable(DeviceOrStorageError):
    """A printer could not be reached, is out of paper or refused a job (the device's words).

    The printing adapter raises it; the use case that printed turns it into a sentence that
    also says what happened to the money (SlipNotPrinted, ReceiptNotPrinted). `sent` is true
    when bytes of the job may have reached the printer (the link broke mid-job, or the
    printer took it all and did not confirm): what is on paper is then unknown, and a
    fiscal number in that job is spoiled, never given to another operation (pos.till.fiscal).
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


class UnknownSlip(DomainError):
    """A well-formed slip number that no slip has."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Купон {display_slip_number(self.number)} не найден."
