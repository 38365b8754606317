"""The manager's reports (pos.reports.builders) as PDF: A4 landscape, a printing.pdf table.

Every page carries the report's title, the shop, the period, the column headings and "Лист N
из M"; the totals row closes the table on the last page, the notes say what the figures mean;
an empty report says «нет операций» under its headings. The same report and the same moment
give the same bytes.
"""

from __future__ import annotations

import os
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from pos.reports.tables import NO_OPERATIONS, Cell, Report, cell_text
from printing.pdf import (
    BOLD,
    FONT,
    MARGIN,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    Table,
    draw_footer,
    draw_header,
    register_fonts,
    wrap,
)

NOTE_SIZE = 8.0
NOTE_LEADING = 10.0


def write_report_pdf(
    path_or_file: str | os.PathLike[str] | BinaryIO,
    report: Report,
    *,
    shop_name: str,
    licence: str,
    address: str,
) -> int:
    """Write the report as PDF; return its number of pages."""
    register_fonts()
    room = PAGE_WIDTH - 2 * MARGIN
    notes = [line for note in report.notes for line in wrap(note, FONT, NOTE_SIZE, room)]
    shares = sum(column.width for column in report.columns)
    table = Table(
        widths=tuple(room * column.width / shares for column in report.columns),
        right_aligned=frozenset(i for i, column in enumerate(report.columns) if column.figures),
        top=PAGE_HEIGHT - MARGIN - 56,
        bottom=MARGIN + 16 + NOTE_LEADING * len(notes),
        rows_per_page=40,
    )
    heading = table.heading([column.title for column in report.columns])
    rows = [table.row(_texts(cells), cells) for cells in report.rows]
    if report.totals is not None:
        rows.append(table.row(_texts(report.totals), report.totals, bold=True))
    pages = table.paginate(heading, rows)
    target = (
        os.fspath(path_or_file) if isinstance(path_or_file, str | os.PathLike) else path_or_file
    )
    canvas = Canvas(target, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=1, pageCompression=1)
    canvas.setTitle(f"{report.title} — {shop_name}")
    canvas.setAuthor(shop_name)
    canvas.setSubject(report.period)
    shop = f"{shop_name}, лицензия № {licence}, {address}"
    scoped = f"{report.period} · {report.scope}" if report.scope else report.period
    made = report.made_at.strftime("%d.%m.%Y %H:%M")
    for number, page in enumerate(pages, start=1):
        draw_header(canvas, report.title, shop, scoped)
        bottom = table.draw(canvas, heading, page)
        if report.empty:
            canvas.setFont(BOLD, 11)
            canvas.drawCentredString(PAGE_WIDTH / 2, bottom - 20, NO_OPERATIONS)
            bottom -= 24
        canvas.setFont(FONT, NOTE_SIZE)
        y = bottom - 14
        for line in notes:
            canvas.drawString(MARGIN, y, line)
            y -= NOTE_LEADING
        draw_footer(canvas, number, len(pages), made)
        canvas.showPage()
    canvas.save()
    return len(pages)


def _texts(cells: tuple[Cell, ...]) -> list[str]:
    return [cell_text(cell) for cell in cells]


__all__ = ["write_report_pdf"]
