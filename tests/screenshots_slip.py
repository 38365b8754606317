"""Pictures of a printed slip, fiscal receipt and Z report for docs/, drawn from the printed lines.

An 80 mm ESC/POS printer (TM-T20II) prints font A in 12 × 24-dot cells, 48 to a 576-dot line;
this script draws each character of `printing.slips.slip_layout`,
`printing.receipts.receipt_layout` and `printing.receipts.report_layout` in such a cell with
DejaVu Sans (bold where the printer prints bold, stretched where it prints double height),
the CODE128 barcode with python-barcode and the QR code with qrcode, both at the printer's
module sizes. No printer (the shop prints onto an escpos Dummy), no Qt:

    .venv/bin/python tests/screenshots_slip.py [docs/slip.png]

receipt.png and z_report.png are written next to the slip's picture.
"""

from __future__ import annotations

import dataclasses
import sys
from datetime import UTC, datetime
from decimal import Decimal
from functools import lru_cache
from importlib.resources import as_file, files
from pathlib import Path

import qrcode
from barcode import Code128
from barcode.writer import ImageWriter
from escpos.printer import Dummy
from PIL import Image, ImageDraw, ImageFont

from main import assemble_shop
from pos.betting.slips import Slip
from pos.core.clock import FixedClock
from pos.core.settings import ShopSettings
from pos.people.names import signed_name
from pos.people.signatures import printed_names
from pos.shop.demo import DEMO_NAMES
from pos.till.day_reports import DayReport, FiscalTotals
from pos.till.fiscal import FiscalReceipt, ReceiptKind
from printing.layout import Barcode, Item, QrCode, Text
from printing.receipts import receipt_layout, report_layout
from printing.slips import slip_layout

try:  # python -m tests.screenshots_slip
    from tests.fakes import FakeStorage, PlainPinHasher
except ImportError:  # python tests/screenshots_slip.py: the script's folder is on sys.path
    from fakes import FakeStorage, PlainPinHasher  # type: ignore[no-redef]

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # 12:00 in Minsk, as in tests/conftest.py
DAY_OPENED = datetime(2026, 11, 30, 5, 45, tzinfo=UTC)  # 08:45 in Minsk
DAY_CLOSED = datetime(2026, 11, 30, 19, 2, tzinfo=UTC)  # 22:02 in Minsk
REGISTER_SERIAL = "ККМ-00012345"
DOTS = 576  # TM-T20II printable width
CELL_W, CELL_H = 12, 24  # font A
DPI = 203
MARGIN = 24
FONT_SIZE = 17


@lru_cache(maxsize=2)
def _font(bold: bool) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    with as_file(files("resources") / "fonts" / name) as path:
        return ImageFont.truetype(str(path), FONT_SIZE)


@lru_cache(maxsize=1024)
def _glyph(ch: str, bold: bool) -> Image.Image:
    """One character in its 12 × 24 cell, squeezed if DejaVu's glyph is wider (Ж, Ш, Щ, Ю)."""
    font = _font(bold)
    width = max(CELL_W, round(font.getlength(ch)))
    cell = Image.new("L", (width, CELL_H), 255)
    ImageDraw.Draw(cell).text((width / 2, CELL_H / 2 + 1), ch, font=font, fill=0, anchor="mm")
    return cell if width == CELL_W else cell.resize((CELL_W, CELL_H), Image.Resampling.LANCZOS)


def _text(line: Text) -> Image.Image:
    row = Image.new("L", (DOTS, CELL_H), 255)
    left = (DOTS - len(line.text) * CELL_W) // 2 if line.center else 0
    for column, ch in enumerate(line.text):
        row.paste(_glyph(ch, line.bold), (left + column * CELL_W, 0))
    return row.resize((DOTS, CELL_H * 2)) if line.tall else row


def _barcode(code: Barcode) -> Image.Image:
    # p.barcode(..., height=60, width=2): 2-dot modules, 60 dots high, digits below.
    dot_mm = 25.4 / DPI
    image = Code128(code.digits, writer=ImageWriter()).render(
        {
            "module_width": 2 * dot_mm,
            "module_height": 60 * dot_mm,
            "dpi": DPI,
            "quiet_zone": 0,
            "font_size": 8,
            "text_distance": 4,
            "font_path": str(files("resources") / "fonts" / "DejaVuSans.ttf"),
        }
    )
    return _centred(image.convert("L"))


def _qr(code: QrCode) -> Image.Image:
    # p.qr(..., size=6, native=True): 6-dot modules, error correction L.
    maker = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, box_size=6, border=1)
    maker.add_data(code.content)
    return _centred(maker.make_image().get_image().convert("L"))


def _centred(image: Image.Image) -> Image.Image:
    row = Image.new("L", (DOTS, image.height + CELL_H // 2), 255)
    row.paste(image, ((DOTS - image.width) // 2, CELL_H // 4))
    return row


def draw(items: list[Item]) -> Image.Image:
    """The slip on paper: each item under the previous one, then the feed before the cut."""
    rows = [
        _text(item)
        if isinstance(item, Text)
        else _barcode(item)
        if isinstance(item, Barcode)
        else _qr(item)
        for item in items
    ]
    height = sum(row.height for row in rows) + 3 * CELL_H
    paper = Image.new("RGB", (DOTS + 2 * MARGIN, height + 2 * MARGIN), "white")
    top = MARGIN
    for row in rows:
        paper.paste(row.convert("RGB"), (MARGIN, top))
        top += row.height
    ImageDraw.Draw(paper).rectangle(
        (0, 0, paper.width - 1, paper.height - 1), outline=(190, 190, 190)
    )
    return paper


def demo_slip() -> tuple[Slip, ShopSettings]:
    """A complex-system slip issued by the demo shop, and the shop's settings."""
    storage = FakeStorage()
    storage.data.settings["slip_secret"] = "00" * 32  # the same slip number on every run
    shop = assemble_shop(
        storage,
        clock=FixedClock(NOW),
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=Dummy(profile="TM-T20II"),  # the shop prints the slip; nothing leaves memory
    )
    shop.seed_demo()
    shop.update_settings(
        shop_name="ООО «Фортуна Бет»",
        address="г. Минск, пр. Независимости, 58",
        licence_number="33000/0000123",
        register_serial=REGISTER_SERIAL,
    )
    slip = shop.login("anna", "4821").accept_bet(
        [[(101, "1"), (102, "O2.5")], (201, "2"), (103, "X"), (105, "H2-1.5")],
        Decimal("12"),
        "system 2/4",
    )
    # The cashier as the station prints her: by the name she signs with (issue 34).
    signed = printed_names(shop.storage, [slip.cashier])[slip.cashier]
    return dataclasses.replace(slip, cashier=signed), shop.settings()


def demo_receipt(slip: Slip) -> FiscalReceipt:
    """The income receipt of the slip's stake, as the 17th receipt of the third fiscal day."""
    return FiscalReceipt(
        REGISTER_SERIAL,
        17,
        3,
        ReceiptKind.INCOME,
        slip.stake,
        slip.issued_at,
        slip.terminal,
        slip.cashier,
        slip.number,
    )


def demo_z_report() -> DayReport:
    """The Z report closing a day of 42 receipts, two of them a player account's, with the
    cash shift closed along (issue 34)."""
    totals = FiscalTotals(
        income_count=35,
        income=Decimal("4870.00"),
        return_count=2,
        returns=Decimal("30.00"),
        expense_count=5,
        expenses=Decimal("2145.60"),
        first_no=1,
        last_no=42,
        deposit_count=1,
        deposits=Decimal("800.00"),
        withdrawal_count=1,
        withdrawals=Decimal("120.50"),
    )
    boss = signed_name(DEMO_NAMES["boss"], "boss")  # as the station prints him (issue 34)
    return DayReport(
        REGISTER_SERIAL,
        "К1",
        3,
        DAY_OPENED,
        DAY_CLOSED,
        boss,
        totals,
        closing=True,
        cash_shift=7,
        cash_shift_closed=True,
    )


def main() -> None:
    """Draw the slip, its receipt and a Z report into docs/ (or next to the path given)."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs") / "slip.png"
    slip, settings = demo_slip()
    draw(slip_layout(slip, settings)).save(out)
    draw(receipt_layout(demo_receipt(slip), settings)).save(out.with_name("receipt.png"))
    draw(report_layout(demo_z_report(), settings)).save(out.with_name("z_report.png"))


if __name__ == "__main__":
    main()
