"""A4 landscape tables drawn straight onto a reportlab canvas: the journal's and the reports'.

Rows are laid out first (each cell's text wrapped to its column), then packed into pages, so
the page count is known before the first page is drawn and every page can say "Лист N из M"
in one pass. A platypus table would wrap the same text and cost more than half as much again
per row (notes/performance.md, "Payout journal PDF").
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Generic, Never, TypeVar

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
_FONT_FILES = {FONT: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}

PAGE_WIDTH, PAGE_HEIGHT = landscape(A4)  # 842 × 595 pt
MARGIN = 10 * mm
PAD_X = 2.5
PAD_TOP = 2.5
PAD_BOTTOM = 3.0

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


@cache
def register_fonts() -> None:
    """Register the vendored DejaVu Sans: reportlab's own fonts have no Cyrillic."""
    fonts = files("resources") / "fonts"
    for name, file_name in _FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, io.BytesIO((fonts / file_name).read_bytes())))


# --- measuring and wrapping text -----------------------------------------------------------


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


def text_width(text: str, font: str, size: float) -> float:
    """The width of `text` in points."""
    return sum(map(_widths(font).__getitem__, text)) * size / 1000


def wrap(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
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


# --- tables ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row(Generic[T_co]):
    """A laid-out row: each cell's lines, the row's height, and what it shows (`payload`;
    None for a heading or a note, whose text is centred in its cell)."""

    cells: tuple[tuple[str, ...], ...]
    height: float
    payload: T_co | None = None
    bold: bool = False


@dataclass(frozen=True)
class Table:
    """The columns of a table and the room it has on a page."""

    widths: tuple[float, ...]
    right_aligned: frozenset[int]
    top: float  # below the page header
    bottom: float  # above what is printed under the table
    rows_per_page: int
    body_size: float = 8.0
    body_leading: float = 9.6
    head_size: float = 7.0
    head_leading: float = 8.4

    def row(self, texts: Sequence[str], payload: T, *, bold: bool = False) -> Row[T]:
        cells = self._cells(texts, BOLD if bold else FONT, self.body_size)
        return Row(cells, self._height(cells, self.body_leading), payload, bold)

    def note(self, column: int, text: str) -> Row[Never]:
        """A row with only `text`, centred in `column` (a page that has nothing else)."""
        cells = tuple((text,) if index == column else () for index in range(len(self.widths)))
        wrapped = self._cells(["\n".join(lines) for lines in cells], FONT, self.body_size)
        return Row(wrapped, self._height(wrapped, self.body_leading))

    def heading(self, titles: Sequence[str]) -> Row[Never]:
        cells = self._cells(titles, BOLD, self.head_size)
        return Row(cells, self._height(cells, self.head_leading))

    def paginate(self, heading: Row[Never], rows: Sequence[Row[T]]) -> list[list[Row[T]]]:
        """Pack rows into pages: at most `rows_per_page`, no more than the table's height holds."""
        room = self.top - self.bottom - heading.height
        pages: list[list[Row[T]]] = []
        page: list[Row[T]] = []
        used = 0.0
        for row in rows:
            if page and (len(page) == self.rows_per_page or used + row.height > room):
                pages.append(page)
                page, used = [], 0.0
            # A single row taller than a whole page would run off it; rows are never that long.
            page.append(row)
            used += row.height
        pages.append(page)
        return pages

    def draw(self, canvas: Canvas, heading: Row[Never], rows: Sequence[Row[T]]) -> float:
        """Draw the heading and `rows` from the top down; return the table's bottom edge."""
        left = MARGIN
        right = left + sum(self.widths)
        canvas.setFillGray(0.9)
        canvas.rect(left, self.top - heading.height, right - left, heading.height, stroke=0, fill=1)
        canvas.setFillGray(0)
        self._draw_cells(canvas, heading, self.top, BOLD, self.head_size, self.head_leading)
        y = self.top - heading.height
        edges = [self.top, y]
        canvas.setFont(FONT, self.body_size)
        for row in rows:
            font = BOLD if row.bold else FONT
            self._draw_cells(canvas, row, y, font, self.body_size, self.body_leading)
            y -= row.height
            edges.append(y)
        canvas.setLineWidth(0.4)
        path = canvas.beginPath()
        for edge in edges:
            path.moveTo(left, edge)
            path.lineTo(right, edge)
        x = left
        for width in (0.0, *self.widths):
            x += width
            path.moveTo(x, self.top)
            path.lineTo(x, y)
        canvas.drawPath(path, stroke=1, fill=0)
        return y

    def _cells(self, texts: Sequence[str], font: str, size: float) -> tuple[tuple[str, ...], ...]:
        return tuple(
            wrap(text, font, size, width - 2 * PAD_X)
            for text, width in zip(texts, self.widths, strict=True)
        )

    @staticmethod
    def _height(cells: tuple[tuple[str, ...], ...], leading: float) -> float:
        return max(1, *(len(lines) for lines in cells)) * leading + PAD_TOP + PAD_BOTTOM

    def _draw_cells(
        self, canvas: Canvas, row: Row[T], top: float, font: str, size: float, leading: float
    ) -> None:
        text = canvas.beginText()
        text.setFont(font, size, leading)
        x = MARGIN
        centred = row.payload is None
        for column, (lines, width) in enumerate(zip(row.cells, self.widths, strict=True)):
            y = top - PAD_TOP - size
            if centred or column in self.right_aligned:
                for line in lines:
                    if centred:
                        start = x + (width - text_width(line, font, size)) / 2
                    else:
                        start = x + width - PAD_X - text_width(line, font, size)
                    text.setTextOrigin(start, y)
                    text.textLine(line)  # textOut would measure the line again
                    y -= leading
            elif lines:
                text.setTextOrigin(x + PAD_X, y)
                for line in lines:
                    text.textLine(line)  # and moves down by the leading
            x += width
        canvas.drawText(text)


def draw_header(canvas: Canvas, title: str, shop: str, period: str) -> None:
    """The page's title, the shop (two lines at most: a very long name and address get a
    smaller type) and the period, centred above the table."""
    canvas.setFont(BOLD, 12)
    canvas.drawCentredString(PAGE_WIDTH / 2, PAGE_HEIGHT - MARGIN - 12, title)
    size = 9.0
    lines = wrap(shop, FONT, size, PAGE_WIDTH - 2 * MARGIN)
    if len(lines) > 2:
        size = 7.0
        lines = wrap(shop, FONT, size, PAGE_WIDTH - 2 * MARGIN)
    canvas.setFont(FONT, size)
    y = PAGE_HEIGHT - MARGIN - 25
    for line in (*lines[:2], period):
        canvas.drawCentredString(PAGE_WIDTH / 2, y, line)
        y -= 10.5


def draw_totals(canvas: Canvas, right: float, bottom: float, lines: Sequence[str]) -> None:
    """Bold lines right-aligned under a table."""
    canvas.setFont(BOLD, 9)
    y = bottom - 13
    for line in lines:
        canvas.drawRightString(right, y, line)
        y -= 12


def draw_footer(canvas: Canvas, number: int, total: int, printed: str) -> None:
    """When the document was made, and "Лист N из M"."""
    canvas.setFont(FONT, 8)
    canvas.drawString(MARGIN, MARGIN - 4, f"Сформирован {printed}")
    canvas.setFont(BOLD, 9)
    canvas.drawRightString(PAGE_WIDTH - MARGIN, MARGIN - 4, f"Лист {number} из {total}")
