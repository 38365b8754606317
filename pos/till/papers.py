"""Printing a paper for the player that is not fiscal (pos.core.documents): after the
operation it belongs to has committed, so a printer failure loses nothing but the paper,
which is printed again."""

from __future__ import annotations

from pos.core.context import Context
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
    except PrinterUnavailable as failure:
        record_print_failure(ctx, actor, f"{document.title}: {failure.detail}")
        raise PaperNotPrinted(done, what, failure) from failure
