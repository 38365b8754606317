"""Printed documents as lines: the page they are laid out on, and their rendering into ESC/POS.

A layout (slips.py, receipts.py) decides every printed word and line break on a `Page`,
which fits each text to the printer's code page (printing.text) and to the paper width.
`render_items` turns the resulting items into escpos calls; `render_job` renders one or more
documents into the bytes of one write; `to_preview` gives the same items to the screen.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import logging
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from escpos.escpos import Escpos
from escpos.exceptions import CharCodeError
from escpos.exceptions import Error as EscposError
from escpos.printer import Dummy

from pos.errors import PrinterUnavailable
from pos.money import NBSP
from pos.ports import PreviewLine
from pos.settings import ShopSettings
from printing.text import for_code_page

log = logging.getLogger(__name__)

WIDTH_80MM = 48  # characters of font A on 80 mm paper
WIDTH_58MM = 32
INDENT = "   "
# FS .: cancels the Chinese double-byte mode that clone printers (Xprinter, ZJ) power up in,
# where Cyrillic bytes print as hieroglyphs. python-escpos has no named command for it.
CANCEL_CHINESE = b"\x1c\x2e"


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
    ) -> None:
        """`text` in lines of at most `width`; never broken at a no-break space (in amounts).

        Args:
            text: what to print; NBSP joins words that must stay on one line.
            indent: put before every line but the first when `first` is given.
            first: put before the first line instead of `indent`.
            bold: print bold.
            center: centre each line.
            tall: print double height.
        """
        fitted = NBSP.join(for_code_page(part, self.code_page) for part in text.split(NBSP))
        lines = textwrap.wrap(
            fitted,
            self.width,
            initial_indent=indent if first is None else first,
            subsequent_indent=indent,
            break_on_hyphens=False,
        )
        for line in lines:
            self.add(Text(line.replace(NBSP, " "), bold=bold, center=center, tall=tall))

    def pair(
        self,
        left: str,
        right: str,
        *,
        indent: str = "",
        bold: bool = False,
        tall: bool = False,
    ) -> None:
        """`left` and `right` on one line, `right` flush right; on two lines if too long.

        Args:
            left: the label.
            right: the value, e.g. an amount.
            indent: put before `left` (and before its continuation lines).
            bold: print bold.
            tall: print double height.
        """
        left = indent + for_code_page(left, self.code_page)
        right = for_code_page(right, self.code_page)
        if len(left) + 1 + len(right) <= self.width:
            self.add(Text(left + right.rjust(self.width - len(left)), bold=bold, tall=tall))
            return
        self.wrap(left.strip(), indent=indent, bold=bold, tall=tall)
        self.add(Text(right.rjust(self.width)[-self.width :], bold=bold, tall=tall))

    def rule(self) -> None:
        """A dashed line across the paper."""
        self.add(Text("-" * self.width))


def shop_header(page: Page, settings: ShopSettings) -> None:
    """The shop's name, address, licence number and УНП, centred (every document starts so).

    Args:
        page: the page to add to.
        settings: the shop settings.
    """
    page.wrap(settings.shop_name, bold=True, center=True)
    page.wrap(settings.address, center=True)
    page.wrap(f"Лицензия № {settings.licence_number}", center=True)
    if settings.unp:
        page.wrap(f"УНП {settings.unp}", center=True)


def render_items(
    printer: Escpos,
    items: list[Item],
    *,
    code_page: str,
    cancel_chinese: bool = False,
) -> None:
    """Print one document: reset, one forced code page, the items, then cut.

    Render onto an `escpos.printer.Dummy` and send its `.output` in one write, so a document
    is never half-printed (notes/libraries.md §1); `render_job` does that.

    Args:
        printer: any Escpos printer; its profile gives the code-page slot and barcode support.
        items: the layout, fitted to `code_page`.
        code_page: "CP866" (every ESC/POS printer with Cyrillic) or "CP1251".
        cancel_chinese: also send FS ., for clone printers that power up in Chinese mode.

    Raises:
        PrinterUnavailable: the printer's profile lacks the code page, or the device failed.
    """
    where = str(printer.profile.profile_data.get("name", "принтер"))
    try:
        _reset(printer, code_page, cancel_chinese=cancel_chinese, where=where)
        _Renderer(printer, code_page).render(items)
        printer.cut()
    except (EscposError, OSError) as exc:
        raise PrinterUnavailable(where, str(exc)) from exc


def render_job(
    profile: str,
    items_list: list[list[Item]],
    *,
    code_page: str,
    cancel_chinese: bool = False,
) -> bytes:
    """The bytes of one or more documents (e.g. a slip, then its receipt), each ending in a cut.

    This is the one write the station sends to the device.

    Args:
        profile: the python-escpos capability profile of the printer, e.g. "TM-T20II".
        items_list: the documents' layouts, in printing order, fitted to `code_page`.
        code_page: "CP866" or "CP1251".
        cancel_chinese: also send FS . before each document (clone printers).

    Returns:
        The ESC/POS bytes.

    Raises:
        PrinterUnavailable: escpos knows no such profile, or the profile lacks the code page.
    """
    try:
        printer = Dummy(profile=profile)
    except KeyError as exc:
        raise PrinterUnavailable(profile, "неизвестная модель принтера") from exc
    for items in items_list:
        render_items(printer, items, code_page=code_page, cancel_chinese=cancel_chinese)
    output: bytes = printer.output
    return output


def to_preview(items: list[Item]) -> list[PreviewLine]:
    """The layout as the screen shows it: lines of text, barcodes and QR codes.

    Args:
        items: a layout.

    Returns:
        One preview line per item: "text" with its style, "barcode" of the digits, "qr" of
        the content.
    """
    preview: list[PreviewLine] = []
    for item in items:
        if isinstance(item, Text):
            preview.append(PreviewLine(item.text, item.bold, item.center, item.tall))
        elif isinstance(item, Barcode):
            preview.append(PreviewLine(item.digits, kind="barcode"))
        else:
            preview.append(PreviewLine(item.content, kind="qr"))
    return preview


def local(moment: datetime, zone: ZoneInfo, pattern: str) -> str:
    """An aware moment as the shop's wall clock shows it, formatted with strftime `pattern`."""
    return moment.astimezone(zone).strftime(pattern)


def _reset(printer: Escpos, code_page: str, *, cancel_chinese: bool, where: str) -> None:
    # ESC @ resets the printer's code page, but python-escpos still believes its last one is
    # active and would not resend ESC t; forgetting it makes charcode() emit ESC t again.
    name = code_page.upper()
    if name not in printer.profile.get_code_pages():
        raise PrinterUnavailable(where, f"модель не поддерживает кодовую страницу {name}")
    printer.hw("INIT")
    if cancel_chinese:
        printer._raw(CANCEL_CHINESE)
    printer.magic.encoding = None
    try:
        printer.charcode(name)
    except (CharCodeError, KeyError) as exc:  # escpos 3.1 raises KeyError for a missing slot
        raise PrinterUnavailable(where, f"модель не поддерживает кодовую страницу {name}") from exc


class _Renderer:
    """Turns layout items into escpos calls, switching styles only when they change.

    A line of text is encoded with Python's codec of the forced code page and sent raw:
    the bytes escpos's `textln` sends with that code page forced (`charcode` disables its
    code-page switching; notes/libraries.md, "Cyrillic"), without its encoder's Python loop
    over every character, which was a tenth of a payout's time (issue #15). The layout is
    already fitted to the code page (printing.text.for_code_page); anything else is "?", as
    escpos prints it.
    """

    def __init__(self, printer: Escpos, code_page: str) -> None:
        self._printer = printer
        self._codec = codecs.lookup(code_page).name
        self._style: tuple[bool, bool, bool] | None = None

    def render(self, items: list[Item]) -> None:
        for item in items:
            if isinstance(item, Text):
                self._text(item)
            elif isinstance(item, Barcode):
                self._barcode(item.digits)
            else:
                self._qr(item.content)

    def _text(self, line: Text) -> None:
        style = (line.bold, line.center, line.tall)
        if style != self._style:
            self._printer.set(
                align="center" if line.center else "left",
                bold=line.bold,
                normal_textsize=not line.tall,
                double_height=line.tall,
            )
            self._style = style
        self._printer._raw(line.text.encode(self._codec, errors="replace") + b"\n")

    def _barcode(self, digits: str) -> None:
        hardware = self._printer.profile.supports("barcodeB")
        # The printer needs the code set ({B) in the data; the software renderer, used for
        # profiles without function type B, would draw "{B" into the bars.
        code = "{B" + digits if hardware else digits
        with _quiet():
            self._printer.barcode(
                code, "CODE128", height=60, width=2, function_type="B" if hardware else None
            )
        self._style = None  # barcode() centres on its own

    def _qr(self, content: str) -> None:
        # Native: the printer draws it (a few bytes). center=True is not implemented for
        # native codes, so centre by justification.
        self._printer.set(align="center")
        self._printer.qr(content, size=6, native=True)
        self._style = None


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    # python-escpos print()s "Using hardware barcode renderer" on stdout; a GUI app's stdout
    # is no place for it, so it goes to the debug log instead.
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        yield
    if captured.getvalue():
        log.debug("escpos: %s", captured.getvalue().strip())
