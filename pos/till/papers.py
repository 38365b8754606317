"""Printing a paper for the player that is not fiscal (pos.core.documents): after the
operation it belongs to has committed, so a printer failure loses nothing but the paper,
which is printed again. Without a printer the paper goes to a file and the window shows it."""

from __future__ import annotations

from dataclasses import dataclass

from pos.core.context import Context
from pos.core.devices import PreviewLine
from pos.core.documents import PrintedDocument
from pos.core.errors import PrinterUnavailable
from pos.people.actor import Actor
from pos.till.errors import PaperNotPrinted
from pos.till.use_cases import record_print_failure


def print_paper(
    ctx: Context, actor: Actor, document: PrintedDocument, done: str, what: str
) -> None:
    """Print `document` on the slip printer.

    Args:
        done: what was done, as the refusal starts: "Ставка открыта".
        what: the paper and that it did not come out: "подтверждение не напечатано".

    Raises:
        PaperNotPrinted: the operation stands; the paper did not come out.
    """
    settings = ctx.settings()
    try:
        with ctx.printing() as station:
            station.print_document(document, settings)
            if station.virtual:
                ctx.tray.put(document)  # nobody gets it: the window shows it (issue 34)
    except PrinterUnavailable as failure:
        record_print_failure(ctx, actor, f"{document.title}: {failure.detail}")
        raise PaperNotPrinted(done, what, failure) from failure


@dataclass(frozen=True)
class FiledPaper:
    """A paper written to a file for want of a printer, as the window shows it.

    Attributes:
        heading: what it is and its number, e.g. "Выписка по счёту игрока 000123-456-78".
        lines: the paper as the printer would print it.
    """

    heading: str
    lines: list[PreviewLine]


def filed_papers(ctx: Context, actor: Actor) -> list[FiledPaper]:
    """The papers this terminal wrote to files since it was last asked, oldest first, each
    given once (issue 34: the window shows them as it shows a slip without a printer).

    Returns:
        The papers; none where paper comes out of a printer.
    """
    documents = ctx.tray.take()
    if not documents:
        return []
    settings = ctx.settings()
    return [
        FiledPaper(paper_heading(document), ctx.station.preview_document(document, settings))
        for document in documents
    ]


def paper_heading(document: PrintedDocument) -> str:
    """The paper's title as a heading says it, with its number: "КАРТА СЧЁТА ИГРОКА" →
    "Карта счёта игрока 000123-456-78", "СТАВКА «СПРЭДБЕТ»" → "Ставка «Спрэдбет» …"."""
    words = document.title.lower()
    # Capitals where a sentence and a name in «» start.
    title = "«".join(part[:1].upper() + part[1:] for part in words.split("«"))
    return f"{title} {document.shown_number}".strip()
