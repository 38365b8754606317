"""A printed document (pos.core.documents.PrintedDocument), laid out as lines (printing.layout).

The rooms word their papers — a player's account card, a «Спрэдбет» confirmation, an account
statement — and this one layout puts any of them on the slip printer's paper: the shop, the
title, the number, the lines, the notes, the number's barcode and QR code to be scanned as a
slip's are, then when, where and by whom it was printed.
"""

from __future__ import annotations

from pos.core.documents import DocumentLine, PrintedDocument
from pos.core.settings import ShopSettings
from printing.layout import WIDTH_80MM, Barcode, Item, Page, QrCode, Text, local, shop_header


def document_layout(
    document: PrintedDocument,
    settings: ShopSettings,
    *,
    code_page: str = "CP866",
    width: int = WIDTH_80MM,
) -> list[Item]:
    """The document as printed, top to bottom.

    Args:
        document: what the room put on it.
        settings: the shop's name, address, licence number and time zone.
        code_page: the printer's code page; text it lacks is replaced (printing.text).
        width: characters per line: 48 on 80 mm paper, 32 on 58 mm.

    Returns:
        Text lines no longer than `width`, with the number's barcode and QR code after the
        notes when the document has a number.
    """
    page = Page(code_page, width)
    shop_header(page, settings)
    page.rule()
    page.wrap(document.title, bold=True, center=True)
    if document.shown_number:
        page.wrap(f"№ {document.shown_number}", bold=True, center=True, tall=True)
    if document.lines:
        page.rule()
        for line in document.lines:
            _line(page, line)
    page.rule()
    for note in document.notes:
        page.wrap(note)
    if document.number:
        # Scanned as a slip is: the scanner reads the digits, the camera the QR code.
        page.add(Barcode(document.number))
        page.add(QrCode(document.number))
    _printed(page, document, settings)
    return page.items


def _line(page: Page, line: DocumentLine) -> None:
    if line.right:
        page.pair(line.left, line.right, bold=line.bold)
    elif line.left.strip():
        page.wrap(line.left, bold=line.bold)
    else:
        page.add(Text(""))


def _printed(page: Page, document: PrintedDocument, settings: ShopSettings) -> None:
    """When, on which terminal and by whom: the last lines, as on the payout note."""
    if document.at is not None:
        page.pair(
            local(document.at, settings.zone, "%d.%m.%Y"),
            local(document.at, settings.zone, "%H:%M:%S"),
        )
    terminal = f"Терминал {document.terminal}" if document.terminal else ""
    cashier = f"Кассир {document.cashier}" if document.cashier else ""
    if terminal and cashier:
        page.pair(terminal, cashier)
    elif terminal or cashier:
        page.wrap(terminal or cashier)
