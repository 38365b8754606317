"""The register of persons restricted from gambling a manager loads from the centre's file
(issue 35; DESIGN.md "Restricted persons"), and the older self-exclusion list of documents.

The centre's file: UTF-8 CSV, the header `личный_номер;документ`, one person a line, either
field may be empty. The older list: one document number a line (a CSV's first column; a
header line without digits is skipped), in UTF-8 or Windows-1251. Both load all or nothing:
a bad line refuses the whole file, naming its line. Both fill the same register.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from pos.accounts.errors import ExclusionFileRejected, RestrictedFileRejected
from pos.core.wording import plural
from pos.people.identity import compact_personal_number
from pos.people.mrz import PERSONAL_NUMBER

_NUMBER = re.compile(r"[0-9A-ZА-ЯЁ]{4,30}")
_CELL = re.compile(r"[;,\t]")
HEADER = ("личный_номер", "документ")
_SHOWN = 30


@dataclass(frozen=True)
class RestrictedPersons:
    """What the centre's file lists: personal numbers and document numbers, compacted."""

    personal_numbers: tuple[str, ...]
    document_numbers: tuple[str, ...]
    persons: int  # the lines with a person on them


@dataclass(frozen=True)
class RegisterLoad:
    """A register loaded: its version (the file's name: the centre names each issue of the
    file, and the name is what the manager can compare with the centre's notice), when, by
    whom, and how many persons it holds."""

    version: str
    loaded_at: datetime
    loaded_by: str
    persons: int

    def stale(self, now: datetime, max_age_days: int) -> bool:
        """Whether the register is older than the setting `restricted_max_age` allows."""
        return now - self.loaded_at > timedelta(days=max_age_days)


@dataclass(frozen=True)
class RegisterStatus:
    """What the manager's page shows of the register, and the warning at sign-in."""

    load: RegisterLoad | None
    stale: bool
    zone: ZoneInfo  # the shop's, in which the load time is shown

    def warning(self) -> str | None:
        """The warning at a manager's sign-in, short for the status bar (`words()` says it
        whole): when the register is stale or was never loaded; None while it is fresh."""
        if not self.stale:
            return None
        if self.load is None:
            return "Перечень лиц не загружен"
        return "Перечень лиц устарел"

    def words(self) -> str:
        """The manager's sentence: the version and load time, and a stale register's warning."""
        if self.load is None:
            return (
                "Перечень лиц, ограниченных в посещении игорных заведений, не загружен: "
                "загрузите файл центра."
            )
        load = self.load
        persons = plural(load.persons, "лицо", "лица", "лиц")
        at = load.loaded_at.astimezone(self.zone)
        loaded = f"«{load.version}» загружен {at:%d.%m.%Y %H:%M}, {persons}"
        if self.stale:
            return f"Перечень лиц устарел: {loaded}; загрузите новый файл центра."
        return f"Перечень лиц {loaded}."


def is_centre_file(data: bytes) -> bool:
    """Whether the file starts with the centre's header (`личный_номер;документ`): load it with
    `load_restricted`; any other file is the older list of documents (`load_self_exclusions`).

    Args:
        data: The file's bytes.

    Returns:
        True for the centre's file, even one whose later lines are bad (it is refused whole).
    """
    first = data.split(b"\n", 1)[0].removeprefix(b"\xef\xbb\xbf").strip()
    try:
        header = first.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return tuple(cell.strip().lower() for cell in header.split(";")) == HEADER


def parse_restricted(name: str, data: bytes) -> RestrictedPersons:
    """The persons in the centre's file.

    Args:
        name: The file's name, for the refusal.
        data: The file's bytes.

    Returns:
        The personal numbers and document numbers, compacted.

    Raises:
        RestrictedFileRejected: not UTF-8, no header, a bad line (with its number), or no
            person at all.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RestrictedFileRejected(name, [(0, "кодировка файла не UTF-8")]) from None
    lines = text.splitlines()
    header = tuple(cell.strip().lower() for cell in lines[0].split(";")) if lines else ()
    if header != HEADER:
        raise RestrictedFileRejected(name, [(1, "первая строка не «личный_номер;документ»")])
    personal: list[str] = []
    documents: list[str] = []
    problems: list[tuple[int, str]] = []
    for index, raw in enumerate(lines[1:], start=2):
        if not raw.strip():
            continue
        problem = _read_person(raw, personal, documents)
        if problem:
            problems.append((index, problem))
    persons = len(lines) - 1 - sum(1 for raw in lines[1:] if not raw.strip())
    if problems or not persons:
        raise RestrictedFileRejected(name, problems)
    return RestrictedPersons(tuple(personal), tuple(documents), persons)


def _read_person(raw: str, personal: list[str], documents: list[str]) -> str:
    """Add the line's numbers to the lists; returns what is wrong with the line, or ""."""
    cells = [cell.strip().strip('"') for cell in raw.split(";")]
    if len(cells) != len(HEADER):
        return f"«{raw[:_SHOWN]}» — нужно два поля через «;»"
    person = compact_personal_number(cells[0])
    document = "".join(cells[1].split()).upper()
    if not person and not document:
        return "ни личного номера, ни номера документа"
    if person and not PERSONAL_NUMBER.fullmatch(person):
        return f"«{cells[0][:_SHOWN]}» — не личный номер"
    if document and not _NUMBER.fullmatch(document):
        return f"«{cells[1][:_SHOWN]}» — не номер документа"
    if person:
        personal.append(person)
    if document:
        documents.append(document)
    return ""


def parse_exclusions(name: str, data: bytes) -> list[str]:
    """The document numbers in the older self-exclusion list, compacted (spaces dropped,
    letters upper-case).

    Raises:
        ExclusionFileRejected: a line that is not a document number (with its line number),
            or no number at all.
    """
    text = _decoded(name, data)
    numbers: list[str] = []
    problems: list[tuple[int, str]] = []
    for index, raw in enumerate(text.splitlines(), start=1):
        cell = _CELL.split(raw, maxsplit=1)[0].strip().strip('"')
        compact = "".join(cell.split()).upper()
        if not compact or (index == 1 and not any(ch.isdigit() for ch in compact)):
            continue  # a blank line, or the header
        if _NUMBER.fullmatch(compact) is None:
            problems.append((index, f"«{cell[:30]}» — не номер документа"))
            continue
        numbers.append(compact)
    if problems or not numbers:
        raise ExclusionFileRejected(name, problems)
    return numbers


def _decoded(name: str, data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1251"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ExclusionFileRejected(name, [(0, "кодировка не UTF-8 и не Windows-1251")])
