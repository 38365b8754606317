"""Printed documents into ESC/POS: what a printer model can do, and the escpos calls and bytes
of one or more laid-out documents.

`render_items` turns a layout's items (printing.layout) into escpos calls; `render_job` renders
one or more documents into the bytes of one write.
"""

from __future__ import annotations

import contextlib
import functools
import io
import logging
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from escpos import capabilities as escpos_capabilities
from escpos.constants import CODEPAGE_CHANGE
from escpos.escpos import Escpos
from escpos.exceptions import Error as EscposError
from escpos.magicencode import Encoder
from escpos.printer import Dummy

from pos.core.errors import PrinterUnavailable
from printing.layout import Barcode, Item, Text
from printing.text import encoder

log = logging.getLogger(__name__)

# FS .: cancels the Chinese double-byte mode that clone printers (Xprinter, ZJ) power up in,
# where Cyrillic bytes print as hieroglyphs. python-escpos has no named command for it.
CANCEL_CHINESE = b"\x1c\x2e"
# A printer without a cutter feeds this many lines after a document, past its tear bar.
TEAR_FEED = 6
# CODE128 bars are 2 dots wide: the 13 digits of a slip number in code set C take 123
# modules, 246 dots, and leave 69 dots on each side of 58 mm paper (384 dots), more than
# the 10 modules of quiet zone a scanner needs; in code set B they took 356 (issue 16).
BARCODE_MODULE = 2
QR_MODULE = 6
_IMAGE_MODES = ("bitImageRaster", "bitImageColumn", "graphics")  # escpos image() impls


@dataclass(frozen=True)
class Capabilities:
    """What a printer model can do, as its python-escpos capability profile says (issue 16).

    The renderer prints by it, and the self-test page shows it.

    Attributes:
        model: the profile's name, e.g. "POS-5890".
        cuts: it has a cutter; without one the paper is fed past the tear bar.
        native_qr: it draws QR codes itself; otherwise they go out as pictures.
        hardware_barcode: it draws CODE128 itself; otherwise a picture.
        image_mode: how it takes pictures (an escpos image() impl), None if it takes none.
        slots: each code page's first slot in its table (the ESC t number).
    """

    model: str
    cuts: bool
    native_qr: bool
    hardware_barcode: bool
    image_mode: str | None
    slots: Mapping[str, int]


def model_capabilities(profile: str) -> Capabilities:
    """What the printer model of this python-escpos profile can do.

    Args:
        profile: the profile's name, e.g. "TM-T20II" (printing.profiles.profile_for).

    Returns:
        Its cutter, its codes, how it takes pictures and its code-page slots.

    Raises:
        PrinterUnavailable: escpos knows no profile of that name.
    """
    try:
        data = escpos_capabilities.CAPABILITIES["profiles"][profile]
    except KeyError as exc:
        raise PrinterUnavailable(profile, "неизвестная модель принтера") from exc
    return _capabilities(profile, data)


def _capabilities(name: str, data: Mapping[str, Any]) -> Capabilities:
    known = _KNOWN.get(name)
    if known is not None and known[0] is data:  # a profile's data is escpos's, never changed
        return known[1]
    features: Mapping[str, bool] = data.get("features", {})
    slots: dict[str, int] = {}
    for slot, code_page in sorted(data.get("codePages", {}).items(), key=lambda s: int(s[0])):
        slots.setdefault(code_page, int(slot))
    capabilities = Capabilities(
        model=name,
        cuts=bool(features.get("paperFullCut") or features.get("paperPartCut")),
        native_qr=bool(features.get("qrCode")),
        hardware_barcode=bool(features.get("barcodeB")),
        image_mode=next((mode for mode in _IMAGE_MODES if features.get(mode)), None),
        slots=slots,
    )
    _KNOWN[name] = (data, capabilities)
    return capabilities


_KNOWN: dict[str, tuple[Mapping[str, Any], Capabilities]] = {}


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
    where, can = _model(printer)
    try:
        _reset(printer, can, code_page, cancel_chinese=cancel_chinese)
        _Renderer(printer, code_page, can).render(items)
        _finish(printer, can)
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
    if all(isinstance(item, Text) for items in items_list for item in items):
        return b"".join(
            _text_document(profile, items, code_page, cancel_chinese) for items in items_list
        )
    printer = _dummy(profile)
    try:
        for items in items_list:
            render_items(printer, items, code_page=code_page, cancel_chinese=cancel_chinese)
        output: bytes = printer.output
    finally:
        _let_go(printer)
    return output


def _text_document(profile: str, items: list[Item], code_page: str, cancel_chinese: bool) -> bytes:
    """`render_items`' bytes for a document of text lines alone (a receipt, a payout note, a
    report): the start and the end escpos sends for the model are made once (`_frame`), the
    lines in between as `_Renderer` sends them; no escpos printer is made for it (issue 34: a
    payout's receipt and note are two such jobs, each run cold after a commit). The
    print-bytes test holds the bytes to those escpos sent."""
    can, start, end = _frame(profile, code_page, cancel_chinese)
    parts: list[bytes] = []
    # Text needs the printer's `_raw` alone: the bytes are kept in order instead.
    _Renderer(SimpleNamespace(_raw=parts.append), code_page, can).render(items)
    return b"".join((start, *parts, end))


@functools.lru_cache(maxsize=64)
def _frame(profile: str, code_page: str, cancel_chinese: bool) -> tuple[Capabilities, bytes, bytes]:
    """What escpos sends before a document's lines (reset, FS ., the code page) and after them
    (the cut, or the feed past the tear bar) on this model: the same for every document.

    Raises:
        PrinterUnavailable: escpos knows no such model, or it lacks the code page.
    """
    printer = _dummy(profile)
    where, can = _model(printer)
    try:
        _reset(printer, can, code_page, cancel_chinese=cancel_chinese)
        start: bytes = printer.output
        printer.clear()
        _finish(printer, can)
        end: bytes = printer.output
    except (EscposError, OSError) as exc:
        raise PrinterUnavailable(where, str(exc)) from exc
    finally:
        _let_go(printer)
    return can, start, end


def _dummy(profile: str) -> Dummy:
    """A job's escpos printer of this model (with its code pages made once, `_code_pages`).

    Raises:
        PrinterUnavailable: escpos knows no such model.
    """
    try:
        return Dummy(profile=profile, magic_encode_args={"encoder": _code_pages(profile)})
    except KeyError as exc:
        raise PrinterUnavailable(profile, "неизвестная модель принтера") from exc


def _model(printer: Escpos) -> tuple[str, Capabilities]:
    """The printer's model name (what a refusal names) and what it can do."""
    where = str(printer.profile.profile_data.get("name", "принтер"))
    return where, _capabilities(where, printer.profile.profile_data)


@functools.lru_cache(maxsize=64)
def _code_pages(profile: str) -> Encoder:
    """The model's code pages as escpos's encoder holds them, made once per model: escpos
    makes them anew for each printer object, 6 of the 7 µs a job's printer took (issue 34).
    Our jobs encode their text themselves (`_Renderer`); the encoder keeps nothing of a job.

    Raises:
        KeyError: escpos knows no such model.
    """
    return Encoder(escpos_capabilities.get_profile(profile).get_code_pages())


def _let_go(printer: Dummy) -> None:
    """Break the cycle between an escpos printer and its encoder (`MagicEncode` holds its
    printer), so that the job's objects go at once rather than at Python's next collection
    of cycles (issue 34: one such collection every 25 bets or payouts, 0.3-0.6 ms of the
    operation it fell in, and the p95 is where such stalls show)."""
    printer.magic.driver = None


def code128_data(digits: str) -> str:
    """The data of a hardware CODE128 symbol (GS k, function B) of a slip number's digits.

    Code set C takes two digits in one symbol, sent as one byte 0-99 after "{C" (the Epson
    ESC/POS reference, GS k m=73); an odd last digit follows in code set B.

    Args:
        digits: what the scanner is to read; anything but ASCII digits goes in code set B.

    Returns:
        The data for escpos `barcode(..., "CODE128", function_type="B")`.
    """
    if not (digits.isascii() and digits.isdecimal()):
        return "{B" + digits
    even = len(digits) - len(digits) % 2
    pairs = "".join(chr(int(digits[at : at + 2])) for at in range(0, even, 2))
    return ("{C" + pairs if pairs else "") + ("{B" + digits[even:] if even < len(digits) else "")


def _reset(printer: Escpos, can: Capabilities, code_page: str, *, cancel_chinese: bool) -> None:
    name = code_page.upper()
    slot = can.slots.get(name)
    if slot is None:
        raise PrinterUnavailable(can.model, f"модель не поддерживает кодовую страницу {name}")
    printer.hw("INIT")
    if cancel_chinese:
        printer._raw(CANCEL_CHINESE)
    # ESC t with the code page's first slot in the model's table: escpos's charcode() takes
    # the last (POS-5890 lists CP866 at 17 and 59, and many of its clones print another
    # table at 59; issue 16). Its encoder is told the code page, so that the line feeds it
    # sends itself around a QR picture go out in it, with no ESC t of its own.
    printer._raw(CODEPAGE_CHANGE + bytes([slot]))
    printer.magic.encoding = name
    printer.magic.disabled = True


def _finish(printer: Escpos, can: Capabilities) -> None:
    """Cut where the model has a cutter; otherwise feed the paper past its tear bar."""
    if can.cuts:
        printer.cut()
    else:
        printer.print_and_feed(TEAR_FEED)


class _Renderer:
    """Turns layout items into escpos calls, switching styles only when they change.

    Text is encoded in the forced code page (printing.text.encoder) and sent raw: the bytes
    escpos's `textln` sends with that code page forced (`charcode` disables its code-page
    switching; notes/libraries.md, "Cyrillic"), without its encoder's Python loop over every
    character, which was a tenth of a payout's time (issue #15); the lines of one style go
    out in one write (issue 34). The layout is already fitted to the code page
    (printing.text.for_code_page); anything else is "?", as escpos prints it.
    """

    def __init__(self, printer: Escpos, code_page: str, can: Capabilities) -> None:
        self._printer = printer
        self._encode = encoder(code_page)
        self._can = can
        self._style: tuple[bool, bool, bool] | None = None
        self._lines: list[str] = []  # text lines of the current style, not yet sent

    def render(self, items: list[Item]) -> None:
        lines = self._lines
        for item in items:
            if isinstance(item, Text):  # the most items: no call of its own (issue 34)
                style = (item.bold, item.center, item.tall)
                if style != self._style:
                    self._send_lines()
                    self._printer._raw(_style_bytes(style))
                    self._style = style
                lines.append(item.text)
            elif isinstance(item, Barcode):
                self._send_lines()
                self._barcode(item.digits)
            else:
                self._send_lines()
                self._qr(item.content)
        self._send_lines()

    def _send_lines(self) -> None:
        # The lines of one style go out in one encode and one write: the codec replaces
        # character by character, so the bytes are those of each line sent on its own,
        # without a call per line (issue 34).
        if self._lines:
            self._lines.append("")
            self._printer._raw(self._encode("\n".join(self._lines)))
            self._lines.clear()

    def _barcode(self, digits: str) -> None:
        # The printer draws it from the code sets in the data; a model that cannot gets a
        # picture from python-barcode, which chooses code set C for digits itself (and would
        # draw a "{C" into the bars).
        if self._can.hardware_barcode:
            # What barcode() sends once it has found the model draws CODE128 itself, which
            # `Capabilities` knows already: without its capability lists and its print() on
            # stdout, a thirtieth of a bet (issue 34). The print-bytes test holds the bytes.
            self._printer._hw_barcode(
                code128_data(digits), "CODE128", height=60, width=BARCODE_MODULE, function_type="B"
            )
        else:
            with _quiet():
                self._printer.barcode(
                    digits, "CODE128", height=60, width=BARCODE_MODULE, force_software=True
                )
        self._style = None  # barcode() centres on its own

    def _qr(self, content: str) -> None:
        # Native where the model draws QR codes (a few bytes), centred by justification
        # (escpos has no center=True for native codes); elsewhere a picture (issue 16).
        self._printer.set(align="center")
        if self._can.native_qr:
            self._printer.qr(content, size=QR_MODULE, native=True)
        else:
            picture = {"impl": self._can.image_mode or _IMAGE_MODES[0], "center": True}
            with _quiet():
                self._printer.qr(content, size=QR_MODULE, native=False, image_arguments=picture)
        self._style = None


@functools.cache
def _style_bytes(style: tuple[bool, bool, bool]) -> bytes:
    """What escpos `set()` sends for a line's (bold, center, tall): it depends on nothing
    else, so it is asked once per style and not for every change of style (issue 34)."""
    bold, center, tall = style
    recorder = Dummy(profile="TM-T20II")  # set() reads no profile data but a font's
    recorder.set(
        align="center" if center else "left",
        bold=bold,
        normal_textsize=not tall,
        double_height=tall,
    )
    output: bytes = recorder.output
    return output


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    # python-escpos print()s "Using hardware barcode renderer" on stdout; a GUI app's stdout
    # is no place for it, so it goes to the debug log instead.
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        yield
    if captured.getvalue():
        log.debug("escpos: %s", captured.getvalue().strip())
