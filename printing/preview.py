"""Printed documents as the screen shows them: lines of text, and the modules of their codes."""

from __future__ import annotations

import qrcode
from barcode import Code128

from pos.core.devices import PreviewLine
from printing.layout import Barcode, Item, Text


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
            bars = (code128_modules(item.digits),)
            preview.append(PreviewLine(item.digits, kind="barcode", modules=bars))
        else:
            preview.append(PreviewLine(item.content, kind="qr", modules=qr_modules(item.content)))
    return preview


def code128_modules(digits: str) -> str:
    """The bars and spaces of a CODE128 symbol of `digits`, one character a module.

    python-barcode chooses code set C for pairs of digits, as the printer's own CODE128 is
    sent (printing.render.code128_data), so the screen shows the bars a scanner reads off the paper.

    Args:
        digits: what the scanner is to read.

    Returns:
        "1" for a dark module, "0" for a light one, without the quiet zones.
    """
    modules: str = Code128(digits).build()[0]
    return modules


def qr_modules(content: str) -> tuple[str, ...]:
    """The rows of a QR code of `content`, as python-escpos makes it (error correction L).

    Args:
        content: what the code holds.

    Returns:
        One string a row, "1" for a dark module, without the quiet zone.
    """
    code = qrcode.QRCode(version=None, error_correction=qrcode.constants.ERROR_CORRECT_L, border=0)
    code.add_data(content)
    code.make(fit=True)
    return tuple("".join("1" if dark else "0" for dark in row) for row in code.get_matrix())
