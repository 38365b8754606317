"""Line files, a property: what a spreadsheet writes, the parser reads back."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from pos.core.money import format_money
from pos.line.events import LINE_SPORTS, Sport, new_event
from pos.line.imports import LineEntry, parse_line_csv
from tests.unit.pos.line_import_helpers import MINSK

# --- property: what a spreadsheet writes, the parser reads back ----------------------------


_MARKETS = [
    ("1", "1"),
    ("Х", "X"),
    ("2", "2"),
    ("1х", "1X"),
    ("X2", "X2"),
    ("12", "12"),
    ("Б2,5", "O2.5"),
    ("U2.5", "U2.5"),
    ("м165,5", "U165.5"),
    ("Ф1-1,5", "H1-1.5"),
    ("H2+1.5", "H2+1.5"),
    ("ф1+0", "H1+0"),
]
_RUSSIAN_SPORTS = {Sport.FOOTBALL: "Футбол", Sport.HOCKEY: "хоккей", Sport.BASKETBALL: "БАСКЕТБОЛ"}
# Belarusian and Russian letters, and the characters that make a spreadsheet quote a cell.
_LETTERS = "АБВГДЕЁЖЗІЙКЛМНОПРСТУЎФХЦЧШЫЭЮЯабвгдеёжзійклмнопрстуўфхцчшыэюя" + "-.\"';,09"
_WORDS = st.text(alphabet=_LETTERS, min_size=1, max_size=8)
_NAMES = st.lists(_WORDS, min_size=1, max_size=3).map(" ".join)
_START = datetime(2026, 12, 1, tzinfo=MINSK)


@dataclass(frozen=True)
class _Spreadsheet:
    """How one manager's Excel writes the file."""

    delimiter: str
    russian: bool
    decimal_comma: bool
    iso_times: bool
    encoding: str


@st.composite
def _entries(draw: st.DrawFn) -> LineEntry:
    home, away = draw(st.lists(_NAMES, min_size=2, max_size=2, unique=True))
    event = new_event(
        draw(st.integers(1, 999_999)),
        draw(st.sampled_from(LINE_SPORTS)),
        home,
        away,
        _START + timedelta(minutes=draw(st.integers(0, 60 * 24 * 400))),
        tournament=draw(st.sampled_from(["", "Высшая лига", "Экстралига", "Кубок; «Беларуси»"])),
        max_stake=draw(st.none() | st.decimals("0.01", "1000000", places=2)),
    )
    markets = draw(st.lists(st.sampled_from(_MARKETS), min_size=1, unique=True))
    prices = st.decimals("1.01", "1000", places=2)
    return LineEntry(event, {code: draw(prices) for _, code in markets})


def _write(entries: list[LineEntry], sheet: _Spreadsheet) -> bytes:
    names = ["код", "спорт", "турнир", "хозяева", "гости", "начало", "макс_ставка"]
    if not sheet.russian:
        names = ["Code", "SPORT", "tournament", "home", "away", "starts_at", "max_stake"]
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=sheet.delimiter, lineterminator="\r\n")
    writer.writerow([*names, *(typed for typed, _ in _MARKETS)])
    for entry in entries:
        writer.writerow(_cells(entry, sheet))
    return out.getvalue().encode(sheet.encoding)


def _cells(entry: LineEntry, sheet: _Spreadsheet) -> list[str]:
    event = entry.event
    local = event.starts_at.astimezone(MINSK)
    number = (lambda value: str(value).replace(".", ",")) if sheet.decimal_comma else str
    limit = "" if event.max_stake is None else format_money(event.max_stake)
    return [
        str(event.code),
        _RUSSIAN_SPORTS[event.sport] if sheet.russian else event.sport.value,
        event.tournament,
        event.home,
        event.away,
        f"{local:%Y-%m-%dT%H:%M}" if sheet.iso_times else f"{local:%d.%m.%Y %H:%M}",
        limit if sheet.decimal_comma else limit.replace("\u00a0", "").replace(",", "."),
        *(number(entry.odds[code]) if code in entry.odds else "" for _, code in _MARKETS),
    ]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(_entries(), min_size=1, max_size=6, unique_by=lambda entry: entry.event.code),
    st.builds(
        _Spreadsheet,
        st.sampled_from([";", ","]),
        st.booleans(),
        st.booleans(),
        st.booleans(),
        st.sampled_from(["utf-8", "utf-8-sig", "cp1251"]),
    ),
)
def test_any_valid_line_written_as_csv_reads_back_equal(
    entries: list[LineEntry], sheet: _Spreadsheet
) -> None:
    read = parse_line_csv("line.csv", _write(entries, sheet), MINSK)
    assert read == entries
    assert [list(entry.odds) for entry in read] == [
        [code for _, code in _MARKETS if code in entry.odds] for entry in entries
    ]
