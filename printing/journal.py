"""The cash payout journal (pos.journal) as a PDF: A4 landscape pages of the appendix's table.

Drawn straight onto a reportlab canvas rather than through platypus: the rows are laid out
first (each cell's text wrapped to its column), then packed into pages, so the page count M
is known before the first page is drawn and every page can say "Лист N из M" in one pass.
A platypus table would wrap the same text and cost more than half as much again per row
(notes/performance.md, "Payout journal PDF").

Every page carries the title, the shop, its licence and the period, the eight column headings
and its own total; the last page of entries adds the period's total; a final page certifies
the number of sheets, the entries and their fingerprint (pos.journal.entries_hash) for the
manager's signature and the seal. The output is byte-for-byte reproducible: the same entries
and the same `printed_at` give the same file.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from importlib.resources import files
from itertools import pairwise
from typing import BinaryIO
from zoneinfo import ZoneInfo

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pos.audit import ChainHead
from pos.journal import COLUMNS, TITLE, JournalEntry, entries_hash
from pos.money import format_money

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
_FONT_FILES = {FONT: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}

PAGE_WIDTH, PAGE_HEIGHT = landscape(A4)  # 842 × 595 pt
MARGIN = 10 * mm
# The eight columns' widths in points, filling the 785 pt between the margins.
COLUMN_WIDTHS = (30.0, 80.0, 128.0, 293.0, 58.0, 58.0, 78.0, 60.0)
ROWS_PER_PAGE = 20  # at most; fewer when wrapped text makes the rows taller
BODY_SIZE = 8.0
BODY_LEADING = 9.6
HEAD_SIZE = 7.0
HEAD_LEADING = 8.4
PAD_X = 2.5
PAD_TOP = 2.5
PAD_BOTTOM = 3.0
TABLE_TOP = PAGE_HEIGHT - MARGIN - 56  # below the page header
TABLE_BOTTOM = MARGIN + 34  # above the page's totals and its number
RIGHT_ALIGNED = frozenset({0, 4, 5})  # the entry's number, the amount, the receipt number
NO_ENTRIES = "Выплат за период не было"


@dataclass(frozen=True)
class _Row:
    cells: tuple[tuple[str, ...], ...]  # each cell's lines
    height: float
    entry: JournalEntry | None


def write_journal_pdf(  # noqa: PLR0913 - the header's facts, each named at the call
    path_or_file: str | os.PathLike[str] | BinaryIO,
    entries: Sequence[JournalEntry],
    *,
    shop_name: str,
    licence: str,
    address: str,
    date_from: date,
    date_to: date,
    zone: ZoneInfo,
    printed_at: datetime,
    chain_head: ChainHead | None = None,
) -> int:
    """Write the journal of `entries` for the period to a PDF file; return its number of sheets.

    The entries must be numbered continuously (the journal has no gaps and no repeats): a
    gap or a repeated number is a caller's bug and raises ValueError before anything is
    written. `chain_head`, the audit trail's last record when printed (pos.audit), goes on
    the certification page.
    """
    ordered = sorted(entries, key=lambda e: e.number)
    _check_continuous(ordered)
    _register_fonts()
    rows = [_entry_row(entry, zone) for entry in ordered]
    pages = _paginate(rows) if rows else [[_empty_row()]]
    total_pages = len(pages) + 1  # and the certification page
    target = (
        os.fspath(path_or_file) if isinstance(path_or_file, str | os.PathLike) else path_or_file
    )
    canvas = Canvas(target, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=1, pageCompression=1)
    canvas.setTitle(f"{TITLE} — {shop_name}")
    canvas.setAuthor(shop_name)
    canvas.setSubject(f"Период: {_period(date_from, date_to)}")
    header = _Header(shop_name, licence, address, _period(date_from, date_to))
    printed = printed_at.astimezone(zone).strftime("%d.%m.%Y %H:%M")
    heading = _heading_row()
    period_total = sum((e.amount for e in ordered), Decimal(0))
    for index, page_rows in enumerate(pages, start=1):
        _draw_header(canvas, header)
        bottom = _draw_table(canvas, heading, page_rows)
        page_total = sum((r.entry.amount for r in page_rows if r.entry is not None), Decimal(0))
        lines = [f"Итого по листу: {format_money(page_total)} руб."] if ordered else []
        if index == len(pages):
            lines.append(f"Итого за период: {format_money(period_total)} руб.")
        _draw_totals(canvas, bottom, lines)
        _draw_footer(canvas, index, total_pages, printed)
        canvas.showPage()
    _draw_header(canvas, header)
    _draw_certificate(canvas, ordered, total_pages, _period(date_from, date_to), chain_head)
    _draw_footer(canvas, total_pages, total_pages, printed)
    canvas.showPage()
    canvas.save()
    return total_pages


@dataclass(frozen=True)
class _Header:
    shop_name: str
    licence: str
    address: str
    period: str


def _check_continuous(ordered: Sequence[JournalEntry]) -> None:
    for before, after in pairwise(ordered):
        if after.number != before.number + 1:
            raise ValueError(
                f"journal entries are not continuous: № {before.number} is followed by "
                f"№ {after.number}"
            )


@cache
def _register_fonts() -> None:
    """Register the vendored DejaVu Sans: reportlab's own fonts have no Cyrillic."""
    fonts = files("resources") / "fonts"
    for name, file_name in _FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, io.BytesIO((fonts / file_name).read_bytes())))


def _period(date_from: date, date_to: date) -> str:
    return f"с {date_from:%d.%m.%Y} по {date_to:%d.%m.%Y}"


# --- laying out the rows ------------------------------------------------------------------


class _Widths(dict[str, float]):
    """One font's advance widths in 1/1000 em by character, filled in as characters are met.

    Typographic measures, the one place floats belong (reportlab lays out in float points);
    no amount of money passes through here — amounts stay Decimal up to format_money.

    reportlab's stringWidth looks every character up afresh; wrapping 10,000 rows spends
    most of its time there, and a plain dict lookup per character is several times faster.
    """

    def __init__(self, font: str) -> None:
        super().__init__()
        registered = pdfmetrics.getFont(font)
        assert isinstance(registered, TTFont)  # only the vendored TrueType fonts are measured
        face = registered.face
        self._widths: dict[int, float] = face.charWidths
        self._default = float(face.defaultWidth)

    def __missing__(self, char: str) -> float:
        width = self[char] = float(self._widths.get(ord(char), self._default))
        return width


@cache
def _widths(font: str) -> _Widths:
    return _Widths(font)


def _width(text: str, font: str, size: float) -> float:
    return sum(map(_widths(font).__getitem__, text)) * size / 1000


def _wrap(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """`text` in lines no wider than `width`, broken between words, inside a word if need be."""
    if not text:
        return ()
    limit = width * 1000 / size  # in the widths' own units
    widths = _widths(font)
    if sum(map(widths.__getitem__, text)) <= limit and "\n" not in text:
        return (text,)
    space = widths[" "]
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words: list[str] = []
        used = 0.0
        for whole_word in paragraph.split():
            word = whole_word
            size_of_word = sum(map(widths.__getitem__, word))
            if words and used + space + size_of_word <= limit:
                words.append(word)
                used += space + size_of_word
                continue
            if words:
                lines.append(" ".join(words))
            while size_of_word > limit and len(word) > 1:
                cut = _fitting_prefix(word, widths, limit)
                lines.append(word[:cut])
                word = word[cut:]
                size_of_word = sum(map(widths.__getitem__, word))
            words, used = [word], size_of_word
        if words:
            lines.append(" ".join(words))
    return tuple(lines)


def _fitting_prefix(word: str, widths: _Widths, limit: float) -> int:
    cut = len(word) - 1
    while cut > 1 and sum(map(widths.__getitem__, word[:cut])) > limit:
        cut -= 1
    return cut


def _cells(texts: Sequence[str], font: str, size: float) -> tuple[tuple[str, ...], ...]:
    return tuple(
        _wrap(text, font, size, width - 2 * PAD_X)
        for text, width in zip(texts, COLUMN_WIDTHS, strict=True)
    )


def _height(cells: tuple[tuple[str, ...], ...], leading: float) -> float:
    return max(1, *(len(lines) for lines in cells)) * leading + PAD_TOP + PAD_BOTTOM


def _entry_row(entry: JournalEntry, zone: ZoneInfo) -> _Row:
    document = entry.document
    if entry.corrects is not None:
        note = f"Исправление записи № {entry.corrects}: {entry.reason}".rstrip(": ")
        document = f"{note}\n{document}" if document else note
    texts = (
        str(entry.number),
        entry.paid_at.astimezone(zone).strftime("%d.%m.%Y %H:%M"),
        entry.player,
        document,
        format_money(entry.amount),
        str(entry.fiscal_receipt_no),
        entry.register_serial,
        "",  # the cashier signs by hand
    )
    cells = _cells(texts, FONT, BODY_SIZE)
    return _Row(cells, _height(cells, BODY_LEADING), entry)


def _empty_row() -> _Row:
    cells = ((), (), (), (NO_ENTRIES,), (), (), (), ())
    return _Row(cells, _height(cells, BODY_LEADING), None)


def _heading_row() -> _Row:
    cells = _cells(COLUMNS, BOLD, HEAD_SIZE)
    return _Row(cells, _height(cells, HEAD_LEADING), None)


def _paginate(rows: Sequence[_Row]) -> list[list[_Row]]:
    """Pack rows into pages: at most ROWS_PER_PAGE, and no more than the table's height holds."""
    room = TABLE_TOP - TABLE_BOTTOM - _heading_row().height
    pages: list[list[_Row]] = []
    page: list[_Row] = []
    used = 0.0
    for row in rows:
        if page and (len(page) == ROWS_PER_PAGE or used + row.height > room):
            pages.append(page)
            page, used = [], 0.0
        # A single row taller than a whole page would run off it; entries are never that long.
        page.append(row)
        used += row.height
    pages.append(page)
    return pages


# --- drawing ------------------------------------------------------------------------------


def _draw_header(canvas: Canvas, header: _Header) -> None:
    canvas.setFont(BOLD, 12)
    canvas.drawCentredString(PAGE_WIDTH / 2, PAGE_HEIGHT - MARGIN - 12, TITLE)
    shop = f"{header.shop_name}, лицензия № {header.licence}, {header.address}"
    # Two lines at most above the table; a very long name and address get a smaller type.
    size = 9.0
    lines = _wrap(shop, FONT, size, PAGE_WIDTH - 2 * MARGIN)
    if len(lines) > 2:
        size = 7.0
        lines = _wrap(shop, FONT, size, PAGE_WIDTH - 2 * MARGIN)
    canvas.setFont(FONT, size)
    y = PAGE_HEIGHT - MARGIN - 25
    for line in (*lines[:2], f"Период: {header.period}"):
        canvas.drawCentredString(PAGE_WIDTH / 2, y, line)
        y -= 10.5


def _draw_table(canvas: Canvas, heading: _Row, rows: Sequence[_Row]) -> float:
    """Draw the heading and `rows` from TABLE_TOP down; return the table's bottom edge."""
    left = MARGIN
    right = left + sum(COLUMN_WIDTHS)
    canvas.setFillGray(0.9)
    canvas.rect(left, TABLE_TOP - heading.height, right - left, heading.height, stroke=0, fill=1)
    canvas.setFillGray(0)
    _draw_cells(canvas, heading, TABLE_TOP, BOLD, HEAD_SIZE, HEAD_LEADING, centred=True)
    y = TABLE_TOP - heading.height
    edges = [TABLE_TOP, y]
    canvas.setFont(FONT, BODY_SIZE)
    for row in rows:
        _draw_cells(canvas, row, y, FONT, BODY_SIZE, BODY_LEADING, centred=False)
        y -= row.height
        edges.append(y)
    canvas.setLineWidth(0.4)
    path = canvas.beginPath()
    for edge in edges:
        path.moveTo(left, edge)
        path.lineTo(right, edge)
    x = left
    for width in (0.0, *COLUMN_WIDTHS):
        x += width
        path.moveTo(x, TABLE_TOP)
        path.lineTo(x, y)
    canvas.drawPath(path, stroke=1, fill=0)
    return y


def _draw_cells(
    canvas: Canvas,
    row: _Row,
    top: float,
    font: str,
    size: float,
    leading: float,
    *,
    centred: bool,
) -> None:
    text = canvas.beginText()
    text.setFont(font, size, leading)
    x = MARGIN
    for column, (lines, width) in enumerate(zip(row.cells, COLUMN_WIDTHS, strict=True)):
        y = top - PAD_TOP - size
        if centred or row.entry is None or column in RIGHT_ALIGNED:
            for line in lines:
                if centred or row.entry is None:
                    start = x + (width - _width(line, font, size)) / 2
                else:
                    start = x + width - PAD_X - _width(line, font, size)
                text.setTextOrigin(start, y)
                text.textLine(line)  # textOut would measure the line again
                y -= leading
        elif lines:
            text.setTextOrigin(x + PAD_X, y)
            for line in lines:
                text.textLine(line)  # and moves down by the leading
        x += width
    canvas.drawText(text)


def _draw_totals(canvas: Canvas, bottom: float, lines: Sequence[str]) -> None:
    canvas.setFont(BOLD, 9)
    y = bottom - 13
    for line in lines:
        canvas.drawRightString(MARGIN + sum(COLUMN_WIDTHS), y, line)
        y -= 12


def _draw_footer(canvas: Canvas, number: int, total: int, printed: str) -> None:
    canvas.setFont(FONT, 8)
    canvas.drawString(MARGIN, MARGIN - 4, f"Сформирован {printed}")
    canvas.setFont(BOLD, 9)
    canvas.drawRightString(PAGE_WIDTH - MARGIN, MARGIN - 4, f"Лист {number} из {total}")


def _draw_certificate(
    canvas: Canvas,
    entries: Sequence[JournalEntry],
    sheets: int,
    period: str,
    chain_head: ChainHead | None,
) -> None:
    left = MARGIN + 40
    y = PAGE_HEIGHT - MARGIN - 100
    canvas.setFont(BOLD, 12)
    canvas.drawString(
        left,
        y,
        f"В журнале пронумеровано, прошнуровано и скреплено печатью {sheets} "
        f"({number_words(sheets)}) {sheets_word(sheets)}.",
    )
    canvas.setFont(FONT, 11)
    if entries:
        scope = (
            f"Записей: {len(entries)}, с № {entries[0].number} по № {entries[-1].number}, "
            f"за период {period}."
        )
    else:
        scope = f"Записей: 0. {NO_ENTRIES} ({period})."
    lines = [
        scope,
        "",
        "Контрольная сумма записей (SHA-256):",
        entries_hash(entries),
    ]
    if chain_head is not None:
        lines += [
            "",
            f"Журнал аудита на момент печати: запись № {chain_head.seq}, её хеш (SHA-256):",
            chain_head.hash,
        ]
    y -= 30
    for line in lines:
        canvas.drawString(left, y, line)
        y -= 18
    y -= 40
    blank = "_" * 23
    canvas.drawString(left, y, f"Руководитель  {blank}   /  {blank}________  /")
    canvas.setFont(FONT, 8)
    canvas.drawString(left + 95, y - 11, "(подпись)")
    canvas.drawString(left + 262, y - 11, "(фамилия, инициалы)")
    canvas.setFont(FONT, 11)
    y -= 50
    canvas.drawString(left, y, "«____» _______________ 20____ г.")
    y -= 50
    canvas.setFont(BOLD, 12)
    canvas.drawString(left, y, "М.П.")


# --- the number of sheets in words ----------------------------------------------------------

_ONES = ("", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять")
_TEENS = (
    "десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать",
    "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать",
)  # fmt: skip
_TENS = (
    "", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят",
    "восемьдесят", "девяносто",
)  # fmt: skip
_HUNDREDS = (
    "", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот", "восемьсот",
    "девятьсот",
)  # fmt: skip


def _plural(n: int, one: str, few: str, many: str) -> str:
    if n % 100 in range(11, 15):
        return many
    return one if n % 10 == 1 else few if n % 10 in (2, 3, 4) else many


def sheets_word(n: int) -> str:
    """The word for sheets as Russian agrees it with the number `n`: лист, листа, листов."""
    return _plural(n, "лист", "листа", "листов")


def _below_thousand(n: int, *, feminine: bool) -> list[str]:
    words = [_HUNDREDS[n // 100]]
    rest = n % 100
    if 10 <= rest < 20:
        words.append(_TEENS[rest - 10])
    else:
        ones = _ONES[rest % 10]
        if feminine and rest % 10 in (1, 2):
            ones = "одна" if rest % 10 == 1 else "две"
        words += [_TENS[rest // 10], ones]
    return [w for w in words if w]


def number_words(n: int) -> str:
    """A count below a million in Russian words, masculine ("лист"): 21 → "двадцать один"."""
    if not 0 <= n < 1_000_000:
        raise ValueError(f"{n} is outside 0…999 999")
    if n == 0:
        return "ноль"
    thousands, rest = divmod(n, 1000)
    words: list[str] = []
    if thousands:
        words += _below_thousand(thousands, feminine=True)
        words.append(_plural(thousands, "тысяча", "тысячи", "тысяч"))
    words += _below_thousand(rest, feminine=False)
    return " ".join(words)
