"""The player's payout note (pos.payouts.rules.PayoutNote), laid out as lines (printing.layout).

Handed to the player with the cash and the fiscal expense receipt: the slip, the amount, the
journal entry and the settlement's explanation leg by leg. No personal data — no name, no
document — is printed on it (issue #6, "Personal data").
"""

from __future__ import annotations

from pos.core.money import format_roubles as rub
from pos.core.settings import ShopSettings
from pos.core.wording import display_slip_number
from pos.payouts.rules import PayoutNote
from printing.layout import INDENT, WIDTH_80MM, Item, Page, local, shop_header

TITLE = "КВИТАНЦИЯ О ВЫПЛАТЕ"


def payout_note_layout(
    note: PayoutNote,
    settings: ShopSettings,
    *,
    code_page: str = "CP866",
    width: int = WIDTH_80MM,
) -> list[Item]:
    """The payout note as printed, top to bottom.

    Args:
        note: the payout.
        settings: the shop's name, address, licence number and time zone.
        code_page: the printer's code page; text it lacks is replaced (printing.text).
        width: characters per line: 48 on 80 mm paper, 32 on 58 mm.

    Returns:
        Text lines no longer than `width`.
    """
    page = Page(code_page, width)
    shop_header(page, settings)
    page.rule()
    page.wrap(TITLE, bold=True, center=True)
    page.pair("Купон №", display_slip_number(note.slip_number), bold=True)
    page.pair(
        local(note.paid_at, settings.zone, "%d.%m.%Y"),
        local(note.paid_at, settings.zone, "%H:%M:%S"),
    )
    page.pair(f"Терминал {note.terminal}", f"Кассир {note.cashier}")
    page.pair("Запись журнала выплат №", str(note.journal_no))
    page.pair("Кассовый чек (расход) №", str(note.fiscal_receipt_no))
    page.rule()
    page.wrap("Расчёт ставки:", bold=True)
    for line in note.lines:
        page.wrap(line, first="", indent=INDENT, once=True)
    page.rule()
    what = "ВОЗВРАТ СТАВКИ" if note.refund else "ВЫПЛАЧЕНО"
    page.pair(what, rub(note.amount), bold=True, tall=True)
    page.rule()
    page.wrap("Купон погашен и повторно не выплачивается.", center=True)
    return page.items
