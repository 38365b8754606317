"""Printed documents as lines: the items a layout is made of and the page they are laid out on.

A layout (slips.py, receipts.py) decides every printed word and line break on a `Page`,
which fits each text to the printer's code page (printing.text) and to the paper width.
printing.render turns the resulting items into ESC/POS; printing.preview gives the same items
to the screen.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

from pos.core.money import NBSP
from pos.core.settings import ShopSettings
from printing.text import fitting

WIDTH_80MM = 48  # characters of font A on 80 mm paper
WIDTH_58MM = 32
INDENT = "   "
# An amount and its currency stay on one line: "1 016,99 руб.", never "1 016,99" / "руб.".
_CURRENCY = "руб."
_AMOUNT_AND_CURRENCY = re.compile(r"(?<=\d) (?=руб\.)")


@dataclass(frozen=True)
class Text:
    """One printed line, already fitted to the width and to the code page."""

    text: str
    bold: bool = False
    center: bool = False
    tall: bool = False  # double height: the columns stay the same


@dataclass(frozen=True)
class Barcode:
    """A CODE128 barcode of digits (a slip number: what the payout desk's scanner reads)."""

    digits: str


@dataclass(frozen=True)
class QrCode:
    """A QR code of `content`."""

    content: str


Item = Text | Barcode | QrCode


class Page:
    """Collects lines fitted to the width, every text passed through the code page first."""

    def __init__(self, code_page: str, width: int) -> None:
        """Start an empty page.

        Args:
            code_page: the printer's code page, e.g. "CP866" or "CP1251".
            width: characters per line: 48 on 80 mm paper, 32 on 58 mm.
        """
        self.code_page = code_page
        self.width = width
        self.items: list[Item] = []

    def add(self, item: Item) -> None:
        """Append an item as it is (a barcode, a QR code or a line already fitted)."""
        self.items.append(item)

    def wrap(
        self,
        text: str,
        *,
        indent: str = "",
        first: str | None = None,
        bold: bool = False,
        center: bool = False,
        tall: bool = False,
        once: bool = False,
    ) -> None:
        """`text` in lines of at most `width`; never broken at a no-break space (in amounts).

        Args:
            text: what to print; NBSP joins words that must stay on one line.
            indent: put before every line but the first when `first` is given.
            first: put before the first line instead of `indent`.
            bold: print bold.
            center: centre each line.
            tall: print double height.
            once: a text printed once (a payout note's leg): its lines are not kept, and
                keep nothing of the texts that come back on every paper out (issue 34).
        """
        lead = indent if first is None else first
        style = (bold, center, tall)
        lay_out = _lines.__wrapped__ if once else _lines
        self.items.extend(lay_out(self.code_page, self.width, text, indent, lead, style))

    def pair(
        self,
        left: str,
        right: str,
        *,
        indent: str = "",
        bold: bool = False,
        tall: bool = False,
    ) -> None:
        """`left` and `right` on one line, `right` flush right; below `left` if too long.

        A `right` wider than the paper (a 32-character login after «Кассир» on 58 mm) is
        wrapped, each line flush right, rather than cut.

        Args:
            left: the label.
            right: the value, e.g. an amount.
            indent: put before `left` (and before its continuation lines).
            bold: print bold.
            tall: print double height.
        """
        self.items.extend(_pair(self.code_page, self.width, left, right, indent, (bold, tall)))

    def rule(self) -> None:
        """A dashed line across the paper."""
        self.add(_rule(self.width))


def _fit(fitted: Callable[[str], str], text: str) -> str:
    """`text` fitted to the code page, keeping its no-break spaces (printing.text turns them
    into plain ones) and adding one between an amount and its currency."""
    if _CURRENCY in text:  # most texts have no amount: no regex for them (issue 34)
        text = _AMOUNT_AND_CURRENCY.sub(NBSP, text)
    return fitted(text)


@lru_cache(maxsize=1024)
def _lines(
    code_page: str,
    width: int,
    text: str,
    indent: str,
    first: str,
    style: tuple[bool, bool, bool],
) -> tuple[Text, ...]:
    """`Page.wrap`'s lines. The same texts come back on every slip (the shop, the payout
    conditions, the labels), and a `Text` is immutable, so their lines are laid out once
    (issue 34)."""
    bold, center, tall = style
    fitted = _fit(fitting(code_page), text)
    lines = wrapped(fitted, width, indent, first)
    if NBSP in fitted or NBSP in first or NBSP in indent:
        lines = [_spaced(line) for line in lines]
    return tuple([Text(line, bold, center, tall) for line in lines])


@lru_cache(maxsize=1024)
def _pair(
    code_page: str, width: int, left: str, right: str, indent: str, style: tuple[bool, bool]
) -> tuple[Text, ...]:
    """`Page.pair`'s lines, laid out once for each pair as `_lines` are (issue 34)."""
    bold, tall = style
    fitted = fitting(code_page)
    left = indent + _fit(fitted, left)
    right = _fit(fitted, right)
    if len(left) + 1 + len(right) <= width:
        return (Text(_spaced(left + right.rjust(width - len(left))), bold, False, tall),)
    lines = _lines(code_page, width, left.strip(), indent, indent, (bold, False, tall))
    return lines + tuple(
        Text(_spaced(line).rjust(width), bold=bold, tall=tall)
        for line in textwrap.wrap(right, width, break_on_hyphens=False)
    )


@lru_cache(maxsize=8)
def _rule(width: int) -> Text:
    return Text("-" * width)


def wrapped(text: str, width: int, indent: str = "", first: str = "") -> list[str]:
    """`textwrap.wrap` of `text` (hyphens kept whole), `first` before the first line and
    `indent` before the others; a text that fits on its line as it is, the most of a slip's,
    is not taken apart."""
    # One search for any whitespace but the space (issue 34): most texts have none.
    other = _OTHER_SPACE.search(text) is not None
    special = other and _SPECIAL_SPACE.search(text) is not None
    if (
        len(first) + len(text) <= width
        and text
        and not text[-1].isspace()  # textwrap drops a last chunk str.strip() empties
        and not special
        and not text.isspace()
    ):
        return [first + text]
    return _textwrap(text, width, indent, first, other=other, special=special)


def _textwrap(
    text: str, width: int, indent: str, first: str, *, other: bool, special: bool
) -> list[str]:
    # Not kept here: `_lines`, its only way in, keeps the lines of the texts that come back
    # on every slip (the payout conditions, a long shop name); a payout note's leg lines
    # are each new, and keeping them twice cost each one more than its wrapping (issue 34).
    if special or width <= max(len(first), len(indent)):
        return textwrap.wrap(
            text, width, initial_indent=first, subsequent_indent=indent, break_on_hyphens=False
        )
    if other:  # a word of no-break spaces may be dropped as a space
        return _greedy(text, width, indent, first)
    return _at_spaces(text, width, indent, first)


def _at_spaces(text: str, width: int, indent: str, first: str) -> list[str]:
    """`_greedy` for a text whose only whitespace of any kind is the space: each line cut
    where textwrap cuts it, found by position (the last space before the paper's edge)
    instead of word by word, in a quarter of the time (issue 34: a payout's p95 falls on
    slips of 10-20 legs, each leg a line of a hundred characters)."""
    lines: list[str] = []
    size = len(text)
    at = 0
    while at < size:
        lead = indent if lines else first
        room = width - len(lead)
        if lines and text[at] == " ":  # a line starts with no space (but the first)
            at = _SPACE_RUN.match(text, at).end()  # type: ignore[union-attr]
            if at == size:
                break
        start, edge = at, at + room
        if edge >= size:
            end = size
        elif text[edge] == " ":  # the whole chunks before the run of spaces at the edge
            end = start + len(text[start:edge].rstrip(" "))
        else:  # those before the word at the edge (none: it began the line)
            end = max(start, text.rfind(" ", start, edge) + 1)
        full = False  # the line is full, yet the next chunk is longer than a line
        if end < size:  # the next chunk, longer than a line: cut to fill this one
            run = _SPACE_RUN if text[end] == " " else _WORD_RUN
            if run.match(text, end).end() - end > room:  # type: ignore[union-attr]
                full, end = end == edge, edge
        # Nor ends with one; but where the cut is empty, textwrap drops that empty piece
        # instead of the spaces before it.
        line = text[start:end] if full else text[start:end].rstrip(" ")
        if line:
            lines.append(lead + line)
        at = end
    return lines


def _greedy(text: str, width: int, indent: str, first: str) -> list[str]:
    """`textwrap.wrap(text, width, initial_indent=first, subsequent_indent=indent,
    break_on_hyphens=False)` for a text whose only whitespace is spaces, on lines wider than
    their indents (no printed document has one as wide as the paper): the
    same lines, chunk by chunk as textwrap takes them, in half its time (issue 34: a payout
    note's leg lines are each new, and textwrap took a tenth of its printing).
    tests/unit/printing/test_layout.py holds the two to the same lines."""
    chunks = [chunk for chunk in _SPACES.split(text) if chunk]
    chunks.reverse()  # taken from the end, as textwrap takes them
    lines: list[str] = []
    while chunks:
        lead = indent if lines else first
        room = width - len(lead)
        if lines and not chunks[-1].strip():  # a line starts with no space (but the first)
            del chunks[-1]
        line: list[str] = []
        size = 0
        while chunks and size + len(chunks[-1]) <= room:
            size += len(chunks[-1])
            line.append(chunks.pop())
        if chunks and len(chunks[-1]) > room:  # a word longer than any line: cut
            cut = room - size
            line.append(chunks[-1][:cut])
            chunks[-1] = chunks[-1][cut:]
        if line and not line[-1].strip():  # nor ends with one
            del line[-1]
        if line:
            lines.append(lead + "".join(line))
    return lines


_SPACES = re.compile(r"( +)")
_SPACE_RUN = re.compile(r" +")
_WORD_RUN = re.compile(r"[^ ]+")
# Whitespace but the space (a no-break space above all): str.strip() takes it away, so a
# word made of it alone is dropped at a line's ends as textwrap drops spaces.
_OTHER_SPACE = re.compile(r"[^\S ]")


# textwrap's whitespace but the space: turned into spaces.
_SPECIAL_SPACE = re.compile(r"[\t\n\x0b\x0c\r]")


def _spaced(line: str) -> str:
    """A fitted line as printed: a no-break space is a plain space on paper."""
    return line.replace(NBSP, " ")


def shop_header(page: Page, settings: ShopSettings) -> None:
    """The organiser's name, the office and its address, the licence number and УНП, centred
    (every document starts so).

    Args:
        page: the page to add to.
        settings: the shop settings.
    """
    page.wrap(settings.shop_name, bold=True, center=True)
    if settings.office_name:  # where the bet was taken: each office of a chain (issue 18)
        page.wrap(settings.office_name, center=True)
    page.wrap(settings.address, center=True)
    page.wrap(f"Лицензия № {settings.licence_number}", center=True)
    if settings.unp:
        page.wrap(f"УНП {settings.unp}", center=True)


@lru_cache(maxsize=256)
def local(moment: datetime, zone: ZoneInfo, pattern: str) -> str:
    """An aware moment as the shop's wall clock shows it, formatted with strftime `pattern`.

    Kept: a slip prints its events' starts, which come back on slip after slip, and each
    paper its moment's date and time (issue 34: each was a fiftieth of a bet)."""
    return moment.astimezone(zone).strftime(pattern)
