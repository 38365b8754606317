"""The payout journal of 10,000 entries as PDF, against drawing the same rows on a bare canvas.

`printing.journal.write_journal_pdf` lays out 10,000 synthetic entries (names, identity
documents of realistic length, some corrections) into A4 landscape sheets. The reference,
`canvas_draw_10k`, draws the same rows onto a reportlab canvas with one `drawString` per cell
in the same font, with as many pages as the journal has sheets, and saves the file: the least
any PDF of these rows costs. So the ratio is what wrapping, the grid, the headers, the totals
and the certification page add. Both write to memory, alternating which goes first; the
times are the medians of `runs` rounds, the ratio the median of the rounds' own ratios (the
machine's load drifts between rounds more than within one). The goal is a ratio of at most 1.3.
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from reportlab.pdfgen.canvas import Canvas

from pos.core.money import format_money
from pos.payouts.journal import JournalEntry, JournalHeading
from printing.journal import (
    BODY_SIZE,
    COLUMN_WIDTHS,
    FONT,
    MARGIN,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    write_journal_pdf,
)

ENTRIES = 10_000
ZONE = ZoneInfo("Europe/Minsk")
START = datetime(2026, 1, 1, 7, 0, tzinfo=UTC)
SURNAMES = ("Иванов", "Петров", "Сидоров", "Кузнецов", "Навумчык", "Ярашэвіч", "Шчарбакоў")
NAMES = ("Иван Иванович", "Пётр Сергеевич", "Алесь Міхайлавіч", "Дмитрий Андреевич")
ISSUERS = (
    "Фрунзенским РУВД г. Минска",
    "Октябрьским РОВД г. Гродно",
    "Первомайским РУВД г. Витебска",
    "Министерством внутренних дел Республики Беларусь",
)


def synthetic_entries(count: int) -> list[JournalEntry]:
    """`count` continuous entries over a year, every 97th a correction of the one before."""
    entries = []
    for number in range(1, count + 1):
        kopecks = (number * 7919) % 500_000 + 100
        corrects = number - 1 if number % 97 == 0 else None
        entries.append(
            JournalEntry(
                number=number,
                paid_at=START + timedelta(minutes=number * 47),
                player=f"{SURNAMES[number % 7]} {NAMES[number % 4]}",
                document=(
                    f"Паспорт гражданина Республики Беларусь MP{1_000_000 + number * 31}, "
                    f"выдан {1 + number % 28:02d}.0{1 + number % 9}.20{10 + number % 15} "
                    f"{ISSUERS[number % 4]}"
                ),
                amount=Decimal(kopecks).scaleb(-2),
                fiscal_receipt_no=10_000 + number,
                register_serial=f"ККМ-{12_000_000 + number % 3}",
                cashier="Смирнова А. В.",
                corrects=corrects,
                reason="неверно указан номер документа" if corrects else "",
            )
        )
    return entries


def write_journal(entries: Sequence[JournalEntry], out: io.BytesIO) -> int:
    return write_journal_pdf(
        out,
        entries,
        JournalHeading("ООО «Фортуна Бет»", "33000/0000123", "г. Минск, пр. Независимости, 58"),
        date_from=date(2026, 1, 1),
        date_to=date(2026, 12, 31),
        zone=ZONE,
        printed_at=datetime(2027, 1, 1, 9, 0, tzinfo=UTC),
    )


def draw_on_canvas(entries: Sequence[JournalEntry], pages: int, out: io.BytesIO) -> None:
    """The reference: each row's eight cells, one drawString each, `pages` pages."""
    canvas = Canvas(out, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=1, pageCompression=1)
    per_page = -(-len(entries) // pages)
    for start in range(0, len(entries), per_page):
        canvas.setFont(FONT, BODY_SIZE)
        y = PAGE_HEIGHT - MARGIN - 60
        for entry in entries[start : start + per_page]:
            cells = (
                str(entry.number),
                entry.paid_at.astimezone(ZONE).strftime("%d.%m.%Y %H:%M"),
                entry.player,
                entry.document,
                format_money(entry.amount),
                str(entry.fiscal_receipt_no),
                entry.register_serial,
                "",
            )
            x = MARGIN
            for cell, width in zip(cells, COLUMN_WIDTHS, strict=True):
                canvas.drawString(x + 2, y, cell)
                x += width
            y -= 20
        canvas.showPage()
    canvas.save()


def run(runs: int) -> list[str]:
    entries = synthetic_entries(ENTRIES)
    pages = write_journal(entries, io.BytesIO())  # warms the fonts up, and counts the sheets
    ours: list[float] = []
    reference: list[float] = []
    for round_no in range(runs):
        order = (0, 1) if round_no % 2 == 0 else (1, 0)
        for which in order:
            out = io.BytesIO()
            began = time.perf_counter()
            if which == 0:
                write_journal(entries, out)
            else:
                draw_on_canvas(entries, pages, out)
            (ours if which == 0 else reference).append(time.perf_counter() - began)
        sys.stderr.write(
            f"journal_pdf: round {round_no + 1}: {ours[-1]:.2f} s vs {reference[-1]:.2f} s, "
            f"{pages} sheets\n"
        )
    value = statistics.median(ours)
    ref = statistics.median(reference)
    ratio = statistics.median(o / r for o, r in zip(ours, reference, strict=True))
    return [
        f"bench: journal_pdf_10k value={value:.3f} unit=s ref={ref:.3f} "
        f"ref_name=canvas_draw_10k ratio={ratio:.2f}"
    ]
