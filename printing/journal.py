"""The cash payout journal (pos.payouts.journal) as a PDF: A4 landscape pages of the appendix's
table.

Drawn as a printing.pdf table: the rows are laid out first, then packed into pages, so every
page can say "Лист N из M" in one pass.

Every page carries the title, the shop, its licence and the period, the eight column headings
and its own total; the last page of entries adds the period's total; a final page certifies
the number of sheets, the entries and their fingerprint (pos.payouts.journal.entries_hash) for the
manager's signature and the seal. The output is byte-for-byte reproducible: the same entries
and the same `printed_at` give the same file.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from itertools import pairwise
from typing import BinaryIO
from zoneinfo import ZoneInfo

from reportlab.pdfgen.canvas import Canvas

from pos.core.audit import ChainHead
from pos.core.money import format_money
from pos.payouts.journal import COLUMNS, TITLE, JournalEntry, JournalHeading, entries_hash
from printing.pdf import (
    BOLD,
    FONT,
    MARGIN,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    Row,
    Table,
    draw_footer,
    draw_header,
    draw_totals,
    register_fonts,
)

# The eight columns' widths in points, filling the 785 pt between the margins.
COLUMN_WIDTHS = (30.0, 80.0, 128.0, 293.0, 58.0, 58.0, 78.0, 60.0)
BODY_SIZE = 8.0
TABLE = Table(
    widths=COLUMN_WIDTHS,
    right_aligned=frozenset({0, 4, 5}),  # the entry's number, the amount, the receipt number
    top=PAGE_HEIGHT - MARGIN - 56,  # below the page header
    bottom=MARGIN + 34,  # above the page's totals and its number
    rows_per_page=20,  # at most; fewer when wrapped text makes the rows taller
    body_size=BODY_SIZE,
)
NO_ENTRIES = "Выплат за период не было"


def write_journal_pdf(
    path_or_file: str | os.PathLike[str] | BinaryIO,
    entries: Sequence[JournalEntry],
    heading: JournalHeading,
    *,
    date_from: date,
    date_to: date,
    zone: ZoneInfo,
    printed_at: datetime,
    chain_head: ChainHead | None = None,
) -> int:
    """Write the journal of `entries` for the period to a PDF file; return its number of sheets.

    The entries must be numbered continuously (the journal has no gaps and no repeats): a
    gap or a repeated number is a caller's bug and raises ValueError before anything is
    written. `chain_head`, the audit trail's last record when printed (pos.core.audit), goes on
    the certification page; the heading's office, whose journal it is, goes on every page
    and on the certification page.
    """
    ordered = sorted(entries, key=lambda e: e.number)
    _check_continuous(ordered)
    register_fonts()
    titles = TABLE.heading(COLUMNS)
    rows: list[Row[JournalEntry]] = [_entry_row(entry, zone) for entry in ordered]
    pages: list[list[Row[JournalEntry]]] = (
        TABLE.paginate(titles, rows) if rows else [[TABLE.note(3, NO_ENTRIES)]]
    )
    total_pages = len(pages) + 1  # and the certification page
    target = (
        os.fspath(path_or_file) if isinstance(path_or_file, str | os.PathLike) else path_or_file
    )
    canvas = Canvas(target, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=1, pageCompression=1)
    shop_name, office = heading.shop_name, heading.office
    canvas.setTitle(f"{TITLE} — {shop_name}")
    canvas.setAuthor(shop_name)
    canvas.setSubject(f"Период: {_period(date_from, date_to)}")
    parts = (shop_name, f"лицензия № {heading.licence}", office, heading.address)
    shop = ", ".join(part for part in parts if part)
    period = f"Период: {_period(date_from, date_to)}"
    printed = printed_at.astimezone(zone).strftime("%d.%m.%Y %H:%M")
    period_total = sum((e.amount for e in ordered), Decimal(0))
    for index, page_rows in enumerate(pages, start=1):
        draw_header(canvas, TITLE, shop, period)
        bottom = TABLE.draw(canvas, titles, page_rows)
        page_total = sum((r.payload.amount for r in page_rows if r.payload), Decimal(0))
        lines = [f"Итого по листу: {format_money(page_total)} руб."] if ordered else []
        if index == len(pages):
            lines.append(f"Итого за период: {format_money(period_total)} руб.")
        draw_totals(canvas, MARGIN + sum(COLUMN_WIDTHS), bottom, lines)
        draw_footer(canvas, index, total_pages, printed)
        canvas.showPage()
    draw_header(canvas, TITLE, shop, period)
    _draw_certificate(canvas, ordered, total_pages, _period(date_from, date_to), chain_head, office)
    draw_footer(canvas, total_pages, total_pages, printed)
    canvas.showPage()
    canvas.save()
    return total_pages


def _check_continuous(ordered: Sequence[JournalEntry]) -> None:
    for before, after in pairwise(ordered):
        if after.number != before.number + 1:
            raise ValueError(
                f"journal entries are not continuous: № {before.number} is followed by "
                f"№ {after.number}"
            )


def _period(date_from: date, date_to: date) -> str:
    return f"с {date_from:%d.%m.%Y} по {date_to:%d.%m.%Y}"


def _entry_row(entry: JournalEntry, zone: ZoneInfo) -> Row[JournalEntry]:
    document = entry.document
    if entry.corrects is not None:
        note = f"Исправление записи № {entry.corrects}: {entry.reason}".rstrip(": ")
        document = f"{note}\n{document}" if document else note
    elif entry.is_cashout:  # issue 38: the appendix has no column for the kind of payout
        document = f"{document}\n({entry.reason})"
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
    return TABLE.row(texts, entry)


def _draw_certificate(
    canvas: Canvas,
    entries: Sequence[JournalEntry],
    sheets: int,
    period: str,
    chain_head: ChainHead | None,
    office: str = "",
) -> None:
    left = MARGIN + 40
    y = PAGE_HEIGHT - MARGIN - 100
    canvas.setFont(BOLD, 12)
    if office:  # each office keeps its own journal (item 47): the sheet names whose it is
        canvas.drawString(left, y + 24, f"Журнал пункта приёма ставок: {office}.")
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
