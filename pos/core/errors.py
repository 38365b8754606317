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


class NotPermitted(DomainError):
    """The signed-in user's role does not allow the action."""

    def __init__(self, action: str, whom: str = "менеджеру") -> None:
        self.action = action
        self.whom = whom  # in the dative: «менеджеру», «руководителю сети»
        super().__init__()

    def message(self) -> str:
        return f"Действие «{self.action}» доступно только {self.whom}."


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


class UnknownOffice(DomainError):
    """No office of the chain has this code."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__()

    def message(self) -> str:
        return f"Пункта с кодом «{self.code}» нет в сети. Проверьте код пункта."
