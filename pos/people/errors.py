"""The people room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, ClassVar

from pos.core.errors import DomainError
from pos.core.wording import plural

if TYPE_CHECKING:
    pass


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
        return f"на {plural(minutes // 60, 'час', 'часа', 'часов')}"
    return f"на {plural(minutes, 'минуту', 'минуты', 'минут')}"


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


def _years(age: int) -> str:
    if age % 10 == 1 and age % 100 != 11:
        return f"{age} год"
    if 2 <= age % 10 <= 4 and not 12 <= age % 100 <= 14:
        return f"{age} года"
    return f"{age} лет"


def _from_age(age: int) -> str:
    # "с 21 года", "с 18 лет": the genitive after "с".
    return f"{age} года" if age % 10 == 1 and age % 100 != 11 else f"{age} лет"


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
    "personal_number": "личный номер не из 14 знаков вида 3010185A001PB1",
}


class InvalidDocument(DomainError):
    """An identity document typed in with a field missing or impossible."""

    def __init__(self, field: str) -> None:
        self.field = field
        super().__init__()

    def message(self) -> str:
        return f"Документ не принят: {_DOCUMENT_PROBLEMS[self.field]}."


class RestrictedPerson(DomainError):
    """The player's personal number or document is in the register of persons restricted
    from gambling (issue 35): no bet, no account opened or funded; a win already won is paid."""

    def message(self) -> str:
        return (
            "Игрок в перечне лиц, ограниченных в посещении игорных заведений: ставки не "
            "принимаются, счёт не открывается и не пополняется, а выигрыш по принятой ранее "
            "ставке выплачивается по документу."
        )


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


class NotInOffice(DomainError):
    """The user has no role in this terminal's office."""

    def __init__(self, login: str, office: str) -> None:
        self.login = login
        self.office = office
        super().__init__()

    def message(self) -> str:
        return (
            f"Пользователь «{self.login}» не работает в пункте {self.office}. "
            "Назначить его в этот пункт может менеджер пункта."
        )


# What a manager does to an office of a chain, as "В пункте M2 … может только …" says it.
OFFICE_ACTIONS = {
    "register_terminal": "регистрировать терминалы",
    "update_office": "менять пункт и его настройки",
    "create_user": "заводить сотрудников",
    "assign_user": "назначать сотрудников",
    "rename_user": "менять имена сотрудников",  # the name on papers (issue 34)
}


class NotManagerOf(DomainError):
    """A manager acted on an office of the chain they do not manage (issue 34): `office`
    (None: a head, who belongs to the whole chain); `login`: the user unlocked."""

    def __init__(self, action: str, office: str | None, login: str = "") -> None:
        self.action = action  # a key of OFFICE_ACTIONS, or "unlock_user"
        self.office = office
        self.login = login
        super().__init__()

    def message(self) -> str:
        if self.action == "unlock_user":
            where = (
                "— руководитель сети: разблокировать его может только руководитель сети"
                if self.office is None
                else f"работает в пункте {self.office}: разблокировать его может только "
                "менеджер этого пункта или руководитель сети"
            )
            return f"Пользователь «{self.login}» {where}."
        return (
            f"В пункте {self.office} {OFFICE_ACTIONS[self.action]} может только менеджер "
            "этого пункта или руководитель сети."
        )
