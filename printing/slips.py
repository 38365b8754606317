"""The betting slip: its layout as lines, and that layout rendered onto an injected Escpos printer.

`slip_layout` decides every printed word and line break (STYLE.md B1: layouts live in
printing/); `render_slip` only turns the layout into ESC/POS commands. The same layout feeds
the picture of a slip in docs/ (tests/screenshots_slip.py), so the picture shows what prints.
"""

from __future__ import annotations

import contextlib
import io
import logging
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from escpos.escpos import Escpos
from escpos.exceptions import Error as EscposError

from pos.errors import PrinterUnavailable
from pos.money import NBSP, format_money
from pos.settings import ShopSettings
from pos.slipnumbers import display_slip_number
from pos.slips import Leg, Slip
from pos.wording import kind_words, market_words, odds_words, total_odds_words
from printing.text import for_code_page

log = logging.getLogger(__name__)

WIDTH_80MM = 48  # characters of font A on 80 mm paper
WIDTH_58MM = 32
_INDENT = "   "
# DESIGN.md "Payout" (p.13, p.23, p.24): the conditions the player takes home with the slip.
PAYOUT_CONDITIONS = (
    "Выигрыш и возврат ставки выплачиваются только при предъявлении этого купона "
    "и документа, удостоверяющего личность, со дня, следующего за днём окончания "
    "последнего события купона, в течение одного месяца. Утерянный купон не оплачивается."
)


@dataclass(frozen=True)
class Text:
    """One printed line, already fitted to the width and to the code page."""

    text: str
    bold: bool = False
    center: bool = False
    tall: bool = False  # double height: the columns stay the same


@dataclass(frozen=True)
class Barcode:
    """A CODE128 barcode of the slip number's digits (what the payout desk's scanner reads)."""

    digits: str


@dataclass(frozen=True)
class QrCode:
    """A QR code of the slip number."""

    content: str


Item = Text | Barcode | QrCode


def slip_layout(
    slip: Slip,
    settings: ShopSettings,
    *,
    code_page: str = "CP866",
    width: int = WIDTH_80MM,
    copy: int = 0,
) -> list[Item]:
    """The slip as printed, top to bottom.

    Args:
        slip: the issued slip.
        settings: the shop's name, address, licence number and time zone.
        code_page: the printer's code page; text it lacks is replaced (printing.text).
        width: characters per line: 48 on 80 mm paper, 32 on 58 mm.
        copy: 0 for the slip handed over at issue, N for the N-th reprint ("КОПИЯ N").

    Returns:
        Text lines no longer than `width`, with the barcode and QR code in their places.
    """
    page = _Page(code_page, width)
    _header(page, slip, settings, copy)
    _times(page, slip, settings.zone)
    _bet(page, slip, settings.zone)
    _totals(page, slip)
    page.wrap(PAYOUT_CONDITIONS)
    return page.items


def render_slip(
    printer: Escpos,
    slip: Slip,
    settings: ShopSettings,
    *,
    code_page: str = "CP866",
    width: int = WIDTH_80MM,
    copy: int = 0,
) -> None:
    """Print the slip on `printer`: reset, one forced code page, the layout, then cut.

    Render onto an `escpos.printer.Dummy` and send its `.output` in one write, so a slip
    is never half-printed (notes/libraries.md §1).

    Args:
        printer: any Escpos printer; its profile gives the code-page slot and barcode support.
        slip: the issued slip.
        settings: the shop settings (name, address, licence, time zone).
        code_page: "CP866" (every ESC/POS printer with Cyrillic) or "CP1251".
        width: characters per line: 48 on 80 mm paper, 32 on 58 mm.
        copy: 0 at issue, N for the N-th reprint.

    Raises:
        PrinterUnavailable: the printer's profile lacks the code page, or the device failed.
    """
    items = slip_layout(slip, settings, code_page=code_page, width=width, copy=copy)
    where = str(printer.profile.profile_data.get("name", "принтер"))
    try:
        _reset(printer, code_page)
        _Renderer(printer).render(items)
        printer.cut()
    except (EscposError, OSError) as exc:
        raise PrinterUnavailable(where, str(exc)) from exc


def _reset(printer: Escpos, code_page: str) -> None:
    # ESC @ resets the printer's code page, but python-escpos still believes its last one is
    # active and would not resend ESC t; forgetting it makes charcode() emit ESC t again.
    # FS . cancels the Chinese double-byte mode clone printers (Xprinter, ZJ) power up in.
    printer.hw("INIT")
    printer._raw(b"\x1c\x2e")  # FS .: python-escpos has no named command for it
    printer.magic.encoding = None
    printer.charcode(code_page)


class _Renderer:
    """Turns layout items into escpos calls, switching styles only when they change."""

    def __init__(self, printer: Escpos) -> None:
        self._printer = printer
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
        self._printer.textln(line.text)

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


class _Page:
    """Collects lines fitted to the width, every text passed through the code page first."""

    def __init__(self, code_page: str, width: int) -> None:
        self.code_page = code_page
        self.width = width
        self.items: list[Item] = []

    def add(self, item: Item) -> None:
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
        """`text` in lines of at most `width`; never broken at a no-break space (in amounts)."""
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

    def pair(self, left: str, right: str, *, indent: str = "", bold: bool = False) -> None:
        """`left` and `right` on one line, `right` flush right; on two lines if too long."""
        left = indent + for_code_page(left, self.code_page)
        right = for_code_page(right, self.code_page)
        if len(left) + 1 + len(right) <= self.width:
            self.add(Text(left + right.rjust(self.width - len(left)), bold=bold))
            return
        self.wrap(left.strip(), indent=indent, bold=bold)
        self.add(Text(right.rjust(self.width)[-self.width :], bold=bold))

    def rule(self) -> None:
        self.add(Text("-" * self.width))


def _header(page: _Page, slip: Slip, settings: ShopSettings, copy: int) -> None:
    page.wrap(settings.shop_name, bold=True, center=True)
    page.wrap(settings.address, center=True)
    page.wrap(f"Лицензия № {settings.licence_number}", center=True)
    page.pair(f"Терминал {slip.terminal}", f"Кассир {slip.cashier}")
    page.rule()
    if copy > 0:
        page.wrap(f"КОПИЯ {copy}", bold=True, center=True, tall=True)
    page.wrap(f"Купон № {display_slip_number(slip.number)}", bold=True, center=True, tall=True)
    page.add(Barcode(slip.number))
    page.add(QrCode(slip.number))


def _times(page: _Page, slip: Slip, zone: ZoneInfo) -> None:
    page.pair("Принят", _local(slip.issued_at, zone, "%d.%m.%Y %H:%M:%S"))
    # p.8: a claim about how the slip was filled in is accepted for 5 minutes after issue.
    until = _local(slip.window_ends_at, zone, "%H:%M:%S")
    page.wrap(f"Претензии принимаются до{NBSP}{until}")
    page.rule()


def _bet(page: _Page, slip: Slip, zone: ZoneInfo) -> None:
    blocks = any(len(member) > 1 for member in slip.members)
    page.wrap(kind_words(slip.kind, blocks=blocks), bold=True)
    combinations = slip.kind.combinations
    if combinations > 1:
        each = format_money(slip.stake / combinations)
        page.wrap(f"Вариантов: {combinations}, ставка на вариант {each} руб.", indent=_INDENT)
    for number, member in enumerate(slip.members, start=1):
        if len(member) == 1:
            _leg(page, member[0], zone, f"{number}.".ljust(len(_INDENT)))
            continue
        page.wrap(f"{number}. Блок (экспресс из {len(member)})", bold=True)
        for leg in member:
            _leg(page, leg, zone, _INDENT)
    if slip.agreed_in_play:
        # p.22: a bet after the start stands only when agreed with the bookmaker in play.
        page.wrap("Ставка в игре: согласовано", bold=True)
    page.rule()


def _leg(page: _Page, leg: Leg, zone: ZoneInfo, first: str) -> None:
    indent = " " * len(first)
    page.wrap(f"{leg.event_code} {leg.home} — {leg.away}", indent=indent, first=first)
    page.wrap(f"Начало {_local(leg.starts_at, zone, '%d.%m %H:%M')}", indent=indent)
    page.pair(market_words(leg.market), odds_words(leg.odds), indent=indent)


def _totals(page: _Page, slip: Slip) -> None:
    page.pair("Общий коэффициент", total_odds_words(slip.total_odds))
    page.pair("Ставка", _rub(slip.stake))
    page.pair("Возможный выигрыш", _rub(slip.possible_payout), bold=True)
    page.rule()


def _rub(amount: Decimal) -> str:
    return f"{format_money(amount)} руб."


def _local(moment: datetime, zone: ZoneInfo, pattern: str) -> str:
    return moment.astimezone(zone).strftime(pattern)
