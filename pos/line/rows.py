"""A data file checked row by row into entries, every problem noted by its line; all or nothing.

The checks every kind of file shares (the encoding, the format by extension, required fields,
event codes not repeated, times in the shop's zone, an empty file) are here; a subclass of
`RecordChecker` says what one row of its kind means (pos.line.imports, pos.settlement.result_files).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import PurePath
from typing import Generic, TypeVar
from zoneinfo import ZoneInfo

from pos.core.errors import PosError
from pos.core.input_errors import InvalidNumber
from pos.core.inputs import parse_code, shown
from pos.line.events import parse_start_time
from pos.line.files import FileSpec, Problems, RawRecord, Reader, csv_records, json_records

_T = TypeVar("_T")
_V = TypeVar("_V")

_MAX_CODE = 999_999


class RecordChecker(ABC, Generic[_T]):
    """Checks records one by one into entries, noting every problem and every event code seen."""

    def __init__(self, spec: FileSpec, zone: ZoneInfo) -> None:
        self.spec = spec
        self.zone = zone
        self.problems: Problems = []
        self.entries: list[_T] = []
        self._seen: set[int] = set()

    def read(self, name: str, data: bytes, reader: Reader | None = None) -> list[_T]:
        """The entries of a whole file, in file order.

        Args:
            name: the file's name, shown in the refusal; without `reader`, its extension
                (`.csv`, `.json`, in any case) picks the format.
            data: the file's bytes, UTF-8 (a BOM is dropped) or else Windows-1251.
            reader: `csv_records` or `json_records`, to read the file as that format.

        Raises:
            PosError: the spec's refusal, listing every problem of the file by line.
        """
        reader = reader or _reader_for(self.spec, name)
        for record in reader(self.spec, name, _decode(self.spec, name, data), self.problems):
            self._add(record)
        if not self.problems and not self.entries:
            self.note(0, "empty")
        if self.problems:
            # Reading notes header and cell problems before checking: list them in file order.
            raise self.spec.rejected(name, sorted(self.problems, key=lambda problem: problem[0]))
        return self.entries

    @abstractmethod
    def entry(self, record: RawRecord, code: int | None) -> _T | None:
        """The record's entry, its problems noted; `code` is None when missing or wrong."""

    def note(self, line: int, reason: str, detail: object = "") -> None:
        """Note one problem in the spec's wording, quoting at most a few words of the cell."""
        # A cell may be a pasted page (4,301 zeros before a code): quote it shortened (issue 34).
        self.problems.append((line, self.spec.problem(reason, shown(detail))))

    def attempt(self, line: int, parse: Callable[[object], _V], raw: object) -> _V | None:
        """`parse(raw)`, or None with the parser's own sentence noted (odds, money, status)."""
        try:
            return parse(raw)
        except PosError as exc:
            self.problems.append((line, str(exc)))
            return None

    def time(self, record: RawRecord, name: str, reason: str) -> datetime | None:
        """A time field in UTC, read in the shop's zone unless it has an offset.

        None when the field is empty, or when it is not a time (noted as `reason`).
        """
        raw = record.value(name)
        when = None if blank(raw) else parse_start_time(raw, self.zone)
        if when is None and not blank(raw):
            self.note(record.line, reason, raw)
        return None if when is None else when.astimezone(UTC)

    def _add(self, record: RawRecord) -> None:
        before = len(self.problems)
        for name in self.spec.required:
            if blank(record.value(name)):
                self.note(record.line, "missing", record.label(name))
        entry = self.entry(record, self._code(record))
        if entry is not None and len(self.problems) == before:
            self.entries.append(entry)

    def _code(self, record: RawRecord) -> int | None:
        raw = record.value("code")
        code = None if blank(raw) else whole_number(raw, 1, _MAX_CODE)
        if code is None and not blank(raw):
            self.note(record.line, "code", raw)
        elif code in self._seen:
            self.note(record.line, "duplicate_code", code)
        elif code is not None:
            self._seen.add(code)
        return code


def blank(value: object) -> bool:
    """No value: absent, null or only spaces."""
    return value is None or (isinstance(value, str) and not value.strip())


def whole_number(raw: object, low: int, high: int) -> int | None:
    """A whole number from `low` to `high` as written (JSON 401 or "401"), else None.

    Never true, 4.5, "٤٠١" (other scripts' digits) or a number of thousands of digits.
    """
    try:
        return parse_code(raw, "event_code", high, low=low)
    except InvalidNumber:
        return None


def _reader_for(spec: FileSpec, name: str) -> Reader:
    suffix = PurePath(name).suffix.casefold()
    readers: dict[str, Reader] = {".csv": csv_records, ".json": json_records}
    if suffix not in readers:
        raise spec.refusal(name, 0, "file_type", suffix or name)
    return readers[suffix]


def _decode(spec: FileSpec, name: str, data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1251"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise spec.refusal(name, 0, "encoding")
