"""Pictures of the payout journal's first and last sheets for docs/, rendered from the PDF.

Writes a 60-entry journal (one of them a correction) with `printing.journal` and renders its
first sheet and its certification sheet with pypdfium2 (a dev dependency; no Qt, no poppler):

    .venv/bin/python -m tests.screenshots_journal [docs/journal_page.png]

journal_last_page.png is written next to the first sheet's picture.
"""

from __future__ import annotations

import dataclasses
import io
import sys
from pathlib import Path

import pypdfium2

from tests.bench.journal_pdf import synthetic_entries, write_journal

SCALE = 2  # 144 dpi


def main(argv: list[str]) -> int:
    first = Path(argv[1]) if len(argv) > 1 else Path("docs/journal_page.png")
    entries = synthetic_entries(60)
    entries[8] = dataclasses.replace(
        entries[8], corrects=6, reason="неверно указан номер паспорта игрока"
    )
    out = io.BytesIO()
    write_journal(entries, out)
    pdf = pypdfium2.PdfDocument(out.getvalue())
    last = first.with_name("journal_last_page.png")
    for index, target in ((0, first), (len(pdf) - 1, last)):
        pdf[index].render(scale=SCALE).to_pil().save(target)
        sys.stdout.write(f"{target}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
