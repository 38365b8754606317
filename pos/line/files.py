"""Reading the shop's data files (the line, results): bytes to text, CSV rows and JSON objects to
raw records with their lines, the fields each kind of file has named by its `FileSpec`.

pos.line.rows checks the records; pos.line.imports and pos.settlement.result_files say what a row
means.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from pos.core.errors import PosError

Problems = list[tuple[int, str]]

_SNIFF_SAMPLE = 8192
# A column, JSON key or market given twice: refused, or one value would silently win.
REPEATED = "repeated"


@dataclass(frozen=True)
class FileSpec:
    """One kind of data file: its fields, their Russian names, its wording and its refusal."""

    required: tuple[str, ...]
    russian: Mapping[str, str]  # Russian name → field, for every field the file may give
    problem: Callable[..., str]  # (reason, detail) → the sentence, e.g. line_file_problem
    rejected: Callable[[str, Problems], PosError]  # file name, problems → the refusal
    # The line's: any other CSV column, and the keys of a JSON "odds" object, are markets.
    market: Callable[[str], str] | None = None

    def field_name(self, text: str) -> str | None:
        """The field a CSV header or JSON key names ("Начало" → "starts_at"), or None."""
        aliases = {_key(russian): name for russian, name in self.russian.items()}
        name = aliases.get(_key(text), _key(text))
        return name if name in aliases.values() else None

    def refusal(self, name: str, line: int, reason: str, detail: object = "") -> PosError:
        """The whole file refused for one problem."""
        return self.rejected(name, [(line, self.problem(reason, detail))])


@dataclass(frozen=True)
class RawRecord:
    """One row or object as written in a file, before checking, with the line it starts on."""

    line: int
    fields: Mapping[str, object]  # "code", "sport", … → the value as written
    odds: Mapping[str, object] = field(default_factory=dict)  # the line: market → odds written
    labels: Mapping[str, str] = field(default_factory=dict)  # field → its name in the file

    def value(self, name: str) -> object:
        """The value of a field, None if the file does not give it."""
        return self.fields.get(name)

    def label(self, name: str) -> str:
        """The field's name as the file writes it (a CSV header may be Russian)."""
        return self.labels.get(name, name)


Reader = Callable[[FileSpec, str, str, Problems], list[RawRecord]]


def csv_records(spec: FileSpec, name: str, text: str, problems: Problems) -> list[RawRecord]:
    """The rows of a CSV file under its header; header and stray-cell problems are noted.

    Raises:
        PosError: the spec's refusal when the csv module cannot split the text into rows.
    """
    rows = _csv_rows(spec, name, text)
    if not rows:
        return []
    columns = _Columns.read(spec, *rows[0], problems)
    if not columns.complete:
        return []
    records = (columns.record(line, cells, problems) for line, cells in rows[1:])
    return [record for record in records if record is not None]


def json_records(spec: FileSpec, name: str, text: str, problems: Problems) -> list[RawRecord]:
    """The objects of a JSON file, each at the line where it starts.

    Raises:
        PosError: the spec's refusal when the text is not JSON or not a list.
    """
    if not text.strip():
        return []
    items = _load_json(spec, name, text)
    records = (
        _json_record(spec, line, item, problems)
        for line, item in zip(_item_lines(text), items, strict=True)
    )
    return [record for record in records if record is not None]


def _key(text: str) -> str:
    return text.strip().casefold().replace(" ", "_").replace("ё", "е")


@dataclass
class _Columns:
    """What each column of a CSV header holds."""

    spec: FileSpec
    fields: dict[int, str] = field(default_factory=dict)  # column → field
    markets: dict[int, str] = field(default_factory=dict)  # column → canonical market
    labels: dict[str, str] = field(default_factory=dict)  # field → header as written
    named: set[int] = field(default_factory=set)  # columns with a header, known or not
    complete: bool = False

    @classmethod
    def read(cls, spec: FileSpec, line: int, header: list[str], problems: Problems) -> _Columns:
        columns = cls(spec)
        for index, cell in enumerate(header):
            if cell.strip():
                columns.named.add(index)
                columns._place(line, index, cell.strip(), problems)
        missing = [name for name in spec.required if name not in columns.labels]
        if missing:
            russian = {name: word for word, name in spec.russian.items()}
            named = ", ".join(f"{name} ({russian[name]})" for name in missing)
            problems.append((line, spec.problem("header", named)))
        columns.complete = not missing
        return columns

    def record(self, line: int, cells: list[str], problems: Problems) -> RawRecord | None:
        if not any(cell.strip() for cell in cells):
            return None  # an empty row, as Excel leaves them
        for index, cell in enumerate(cells):
            if cell.strip() and index not in self.named:
                problems.append((line, self.spec.problem("unknown_column", f"№{index + 1}")))
        fields = {name: cells[index] for index, name in self.fields.items() if index < len(cells)}
        odds = {
            market: cells[index] for index, market in self.markets.items() if index < len(cells)
        }
        return RawRecord(line, fields, odds, self.labels)

    def _place(self, line: int, index: int, cell: str, problems: Problems) -> None:
        name = self.spec.field_name(cell)
        market = None if name else _market(self.spec, cell)
        if name in self.labels or market in self.markets.values():
            problems.append((line, self.spec.problem(REPEATED, cell)))
        elif name:
            self.fields[index] = name
            self.labels[name] = cell
        elif market:
            self.markets[index] = market
        else:
            problems.append((line, self.spec.problem("unknown_column", cell)))


class _JsonObject(dict[str, object]):
    """A JSON object that remembers the keys given twice (json would keep the last silently)."""

    def __init__(self, pairs: list[tuple[str, object]]) -> None:
        super().__init__(pairs)
        self.repeated = [
            key for key, count in Counter(key for key, _ in pairs).items() if count > 1
        ]


def _json_record(spec: FileSpec, line: int, item: object, problems: Problems) -> RawRecord | None:
    with_odds = spec.market is not None
    odds = item.get("odds") if isinstance(item, _JsonObject) and with_odds else None
    odds = _JsonObject([]) if odds is None else odds
    if not isinstance(item, _JsonObject) or not isinstance(odds, _JsonObject):
        problems.append((line, spec.problem("json_shape")))
        return None
    repeated = [*item.repeated, *odds.repeated]
    problems.extend((line, spec.problem(REPEATED, key)) for key in repeated)
    fields: dict[str, object] = {}
    for key, value in item.items():
        name = spec.field_name(key)
        if name:
            fields[name] = value
        elif not (with_odds and key == "odds"):
            problems.append((line, spec.problem("unknown_column", key)))
    return RawRecord(line, fields, _json_odds(spec, line, odds, problems))


def _json_odds(
    spec: FileSpec, line: int, odds: Mapping[str, object], problems: Problems
) -> dict[str, object]:
    checked: dict[str, object] = {}
    for key, value in odds.items():
        try:
            market = spec.market(key) if spec.market else key
        except PosError as exc:
            problems.append((line, str(exc)))
            continue
        if market in checked:
            problems.append((line, spec.problem(REPEATED, key)))
        else:
            checked[market] = value
    return checked


def _load_json(spec: FileSpec, name: str, text: str) -> list[object]:
    try:
        items = json.loads(
            text, parse_float=Decimal, parse_constant=Decimal, object_pairs_hook=_JsonObject
        )
    except json.JSONDecodeError as exc:
        raise spec.refusal(name, exc.lineno, "json", exc.msg) from exc
    except (ValueError, RecursionError) as exc:  # an integer of 4300+ digits, nesting too deep
        raise spec.refusal(name, 0, "json", exc) from exc
    if not isinstance(items, list):
        raise spec.refusal(name, 0, "json_shape")
    return items


def _item_lines(text: str) -> Iterator[int]:
    """The line where each element of the (already valid) top-level JSON list starts."""
    decoder = json.JSONDecoder(parse_float=Decimal, parse_constant=Decimal)
    position, line, counted = _skip_space(text, 0) + 1, 1, 0  # just past "["
    while True:
        position = _skip_space(text, position)
        if text[position] == "]":
            return
        line += text.count("\n", counted, position)
        counted = position
        yield line
        _, position = decoder.raw_decode(text, position)
        position = _skip_space(text, position)
        if text[position] == ",":
            position += 1


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position


def _csv_rows(spec: FileSpec, name: str, text: str) -> list[tuple[int, list[str]]]:
    """Non-empty rows with the physical line each starts on (a quoted cell may span lines)."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(spec, text))
    rows: list[tuple[int, list[str]]] = []
    try:
        for cells in reader:
            if any(cell.strip() for cell in cells) or rows:
                rows.append((reader.line_num - _extra_lines(cells), cells))
    except csv.Error as exc:
        raise spec.refusal(name, reader.line_num, "unreadable", exc) from exc
    return rows


def _extra_lines(cells: list[str]) -> int:
    # reader.line_num is the row's last line; a newline inside a quoted cell adds one.
    return sum(cell.count("\n") + cell.count("\r") - cell.count("\r\n") for cell in cells)


def _delimiter(spec: FileSpec, text: str) -> str:
    """`;` or `,`: csv.Sniffer's guess, unless the header names more known columns with the other.

    The check is needed: a `;` file whose cells hold exactly one decimal comma on every line
    (a single `Б2,5` column) looks to the sniffer like a consistent `,` file.
    """
    try:
        guess = csv.Sniffer().sniff(text[:_SNIFF_SAMPLE], delimiters=";,").delimiter
    except csv.Error:
        guess = ";"
    guess = guess if guess == "," else ";"
    other = ";" if guess == "," else ","
    header = text.lstrip("\r\n").splitlines()[0] if text.strip() else ""
    known = {
        delimiter: sum(spec.field_name(cell) is not None for cell in _cells(header, delimiter))
        for delimiter in (guess, other)
    }
    return other if known[other] > known[guess] else guess


def _cells(header: str, delimiter: str) -> list[str]:
    return next(csv.reader([header], delimiter=delimiter), [])


def _market(spec: FileSpec, text: str) -> str | None:
    if spec.market is None:
        return None
    try:
        return spec.market(text)
    except PosError:
        return None
