"""A printed document of the slip printer that is not a slip: its title, number, lines and notes.

The rooms build one for each paper they hand over — a player's account card, a «Спрэдбет»
confirmation, an account statement — and the print station lays it out on paper
(`printing.documents`), so a new paper needs no new port.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class DocumentLine:
    """One line of a document: a label and its value flush right (or the label alone)."""

    left: str
    right: str = ""
    bold: bool = False


@dataclass(frozen=True)
class PrintedDocument:
    """A document as its room words it; the printer decides the line breaks.

    Attributes:
        title: what it is, e.g. "КАРТА СЧЁТА ИГРОКА", "СТАВКА «СПРЭДБЕТ»".
        number: the canonical digits a scanner is to read, printed as a barcode and a QR
            code; None for a document nobody scans (a statement).
        number_shown: the number as people read it, e.g. "000123-456-78"; the digits when
            empty.
        lines: the document's pairs, top to bottom; a line with neither label nor value is
            an empty line.
        notes: paragraphs wrapped at the bottom (e.g. the 5-minute claim window, p.8).
        at: when it was printed, aware; shown in the shop's time zone.
        terminal: the terminal that printed it.
        cashier: the cashier's login; the shop's station prints the name they sign the
            journal with (pos.people.signatures, issue 34).
        job_name: the print job's name (the file's, on a terminal without a printer).
    """

    title: str
    number: str | None
    number_shown: str = ""
    lines: tuple[DocumentLine, ...] = ()
    notes: tuple[str, ...] = ()
    at: datetime | None = None
    terminal: str = ""
    cashier: str = ""
    job_name: str = "document"

    def __post_init__(self) -> None:
        # A naive time would be printed as the PC's clock shows it, not the shop's.
        if self.at is not None and self.at.utcoffset() is None:
            raise ValueError("a printed document's time must be aware")
        if self.number is not None and not self.number:
            raise ValueError("a printed document's number is None or its digits")

    @property
    def shown_number(self) -> str:
        """The number as printed in words: `number_shown`, else the digits, else ""."""
        return self.number_shown or self.number or ""


class PaperTray:
    """The documents this terminal last wrote to files for want of a printer, kept in memory
    for its window to show (issue 34): the last few, each taken once. Thread-safe: the
    window's worker puts, and may take, while a command of the same shop prints."""

    def __init__(self, size: int = 4) -> None:
        self._documents: deque[PrintedDocument] = deque(maxlen=size)
        self._lock = threading.Lock()

    def put(self, document: PrintedDocument) -> None:
        """Keep `document`, dropping the oldest when the tray is full."""
        with self._lock:
            self._documents.append(document)

    def take(self) -> list[PrintedDocument]:
        """The documents kept, oldest first; the tray is empty after."""
        with self._lock:
            taken = list(self._documents)
            self._documents.clear()
        return taken
