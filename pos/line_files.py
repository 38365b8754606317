"""Reading line files: bytes to text, CSV rows and JSON objects to raw events with their lines."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from pos.errors import LineFileRejected, PosError, line_file_problem
from pos.line import parse_market

Problems = list[tuple[int, str]]

REQUIRED = ("code", "sport", "home", "away", "starts_at")
_FIELDS = frozenset({*REQUIRED, "tournament", "max_stake"})
_RUSSIAN = {
    "код": "code",
    "спорт": "sport",
    "турнир": "tournament",
    "хозяева": "home",
    "гости": "away",
    "начало": "starts_at",
    "макс_ставка": "max_stake",
}
_RUSSIAN_NAMES = {name: russian for russian, name in _RUSSIAN.items()}
_SNIFF_SAMPLE = 8192
# A column, JSON key or market given twice: refused, or one value would silently win.
REPEATED = "repeated"


@dataclass(frozen=True)
class RawEvent:
    """One event as written in a file, before checking, with the line it starts on."""

    line: int
    fields: Mapping[str, object]  # "code", "sport", … → the value as written
    odds: Mapping[str, object]  # canonical market → the odds as written
    labels: Mapping[str, str] = field(default_factory=dict)  # field → its name in the file

    def value(self, name: str) -> object:
        """The value of a field, None if the file does not give it."""
        return self.fields.get(name)

    def label(self, name: str) -> str:
        """The field's name as the file writes it (a CSV header may be Russian)."""
        return self.labels.get(name, name)


def decode(name: str, data: bytes) -> str:
    """The text of a file in UTF-8 (a BOM is dropped) or else Windows-1251.

    Raises:
        LineFileRejected: neither encoding reads the bytes.
    """
    for encoding in ("utf-8-sig", "cp1251"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise LineFileRejected(name, [(0, line_file_problem("encoding"))])


def csv_events(name: str, text: str, problems: Problems) -> list[RawEvent]:
    """The rows of a CSV line file under its header; header and stray-cell problems are noted.

    Raises:
        LineFileRejected: the csv module cannot split the text into rows.
    """
    rows = _csv_rows(name, text)
    if not rows:
        return []
    columns = _Columns.read(*rows[0], problems)
    if not columns.complete:
        return []
    events = (columns.event(line, cells, problems) for line, cells in rows[1:])
    return [event for event in events if event is not None]


def json_events(name: str, text: str, problems: Problems) -> list[RawEvent]:
    """The objects of a JSON line file, each at the line where it starts.

    Raises:
        LineFileRejected: the text is not JSON or not a list.
    """
    if not text.strip():
        return []
    items = _load_json(name, text)
    events = (
        _json_event(line, item, problems)
        for line, item in zip(_item_lines(text), items, strict=True)
    )
    return [event for event in events if event is not None]


def field_name(text: str) -> str | None:
    """The field a CSV header or JSON key names ("Начало" → "starts_at"), or None."""
    key = text.strip().casefold().replace(" ", "_")
    key = _RUSSIAN.get(key, key)
    return key if key in _FIELDS else None


@dataclass
class _Columns:
    """What each column of a CSV header holds."""

    fields: dict[int, str] = field(default_factory=dict)  # column → field
    markets: dict[int, str] = field(default_factory=dict)  # column → canonical market
    labels: dict[str, str] = field(default_factory=dict)  # field → header as written
    named: set[int] = field(default_factory=set)  # columns with a header, known or not
    complete: bool = False

    @classmethod
    def read(cls, line: int, header: list[str], problems: Problems) -> _Columns:
        columns = cls()
        for index, cell in enumerate(header):
            if cell.strip():
                columns.named.add(index)
                columns._place(line, index, cell.strip(), problems)
        missing = [name for name in REQUIRED if name not in columns.labels]
        if missing:
            named = ", ".join(f"{name} ({_RUSSIAN_NAMES[name]})" for name in missing)
            problems.append((line, line_file_problem("header", named)))
        columns.complete = not missing
        return columns

    def event(self, line: int, cells: list[str], problems: Problems) -> RawEvent | None:
        if not any(cell.strip() for cell in cells):
            return None  # an empty row, as Excel leaves them
        for index, cell in enumerate(cells):
            if cell.strip() and index not in self.named:
                problems.append((line, line_file_problem("unknown_column", f"№{index + 1}")))
        fields = {name: cells[index] for index, name in self.fields.items() if index < len(cells)}
        odds = {
            market: cells[index] for index, market in self.markets.items() if index < len(cells)
        }
        return RawEvent(line, fields, odds, self.labels)

    def _place(self, line: int, index: int, cell: str, problems: Problems) -> None:
        name = field_name(cell)
        market = None if name else _market(cell)
        if name in self.labels or market in self.markets.values():
            problems.append((line, line_file_problem(REPEATED, cell)))
        elif name:
            self.fields[index] = name
            self.labels[name] = cell
        elif market:
            self.markets[index] = market
        else:
            problems.append((line, line_file_problem("unknown_column", cell)))


class _JsonObject(dict[str, object]):
    """A JSON object that remembers the keys given twice (json would keep the last silently)."""

    def __init__(self, pairs: list[tuple[str, object]]) -> None:
        super().__init__(pairs)
        self.repeated = [
            key for key, count in Counter(key for key, _ in pairs).items() if count > 1
        ]


def _json_event(line: int, item: object, problems: Problems) -> RawEvent | None:
    odds = item.get("odds") if isinstance(item, _JsonObject) else None
    odds = _JsonObject([]) if odds is None else odds
    if not isinstance(item, _JsonObject) or not isinstance(odds, _JsonObject):
        problems.append((line, line_file_problem("json_shape")))
        return None
    repeated = [*item.repeated, *odds.repeated]
    problems.extend((line, line_file_problem(REPEATED, key)) for key in repeated)
    fields: dict[str, object] = {}
    for key, value in item.items():
        name = field_name(key)
        if name:
            fields[name] = value
        elif key != "odds":
            problems.append((line, line_file_problem("unknown_column", key)))
    return RawEvent(line, fields, _json_odds(line, odds, problems))


def _json_odds(line: int, odds: Mapping[str, object], problems: Problems) -> dict[str, object]:
    checked: dict[str, object] = {}
    for key, value in odds.items():
        try:
            market = parse_market(key)
        except PosError as exc:
            problems.append((line, str(exc)))
            continue
        if market in checked:
            problems.append((line, line_file_problem(REPEATED, key)))
        else:
            checked[market] = value
    return checked


def _load_json(name: str, text: str) -> list[object]:
    try:
        items = json.loads(
            text, parse_float=Decimal, parse_constant=Decimal, object_pairs_hook=_JsonObject
        )
    except json.JSONDecodeError as exc:
        raise LineFileRejected(name, [(exc.lineno, line_file_problem("json", exc.msg))]) from exc
    except (ValueError, RecursionError) as exc:  # an integer of 4300+ digits, nesting too deep
        raise LineFileRejected(name, [(0, line_file_problem("json", exc))]) from exc
    if not isinstance(items, list):
        raise LineFileRejected(name, [(0, line_file_problem("json_shape"))])
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


def _csv_rows(name: str, text: str) -> list[tuple[int, list[str]]]:
    """Non-empty rows with the physical line each starts on (a quoted cell may span lines)."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    rows: list[tuple[int, list[str]]] = []
    try:
        for cells in reader:
            if any(cell.strip() for cell in cells) or rows:
                rows.append((reader.line_num - _extra_lines(cells), cells))
    except csv.Error as exc:
        raise LineFileRejected(
            name, [(reader.line_num, line_file_problem("unreadable", exc))]
        ) from exc
    return rows


def _extra_lines(cells: list[str]) -> int:
    # reader.line_num is the row's last line; a newline inside a quoted cell adds one.
    return sum(cell.count("\n") + cell.count("\r") - cell.count("\r\n") for cell in cells)


def _delimiter(text: str) -> str:
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
    return other if _known_columns(header, other) > _known_columns(header, guess) else guess


def _known_columns(header: str, delimiter: str) -> int:
    cells = next(csv.reader([header], delimiter=delimiter), [])
    return sum(field_name(cell) is not None for cell in cells)


def _market(text: str) -> str | None:
    try:
        return parse_market(text)
    except PosError:
        return None
