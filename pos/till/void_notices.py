"""The void notice (issue 34): a short «АННУЛИРОВАН» paper for each spoiled receipt, and with
it the slip voided in the same broken job, printed once the printer is back.

A job that broke midway may leave the top of a slip on paper — its number, the stake and
«Возможный выигрыш» — that looks valid. The screen said the bet was not taken and the receipt
is recorded as spoiled (pos.till.fiscal) in the transaction that voided it, so the notice
needs no record of its own until it is printed: every spoiled receipt of this terminal's
register without a printed notice is one (`uow.void_notices`). It is printed after the next
job that comes out whole, or when asked, and only then recorded as printed, so a restart or
a printer still broken keeps it waiting; a crash between the print and the record prints it
once more, which says nothing new. It carries no code to scan and no receipt's or slip's
heading («Чек №», «Купон №»), takes no number from the register and counts in no total, so
it can never stand in for a receipt or a slip.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, tzinfo
from decimal import Decimal

from pos.core.context import Context
from pos.core.documents import DocumentLine, PrintedDocument
from pos.core.errors import DeviceOrStorageError, PrinterUnavailable
from pos.core.money import format_roubles
from pos.core.wording import display_slip_number
from pos.people.actor import Actor
from pos.till.fiscal import RECEIPT_TITLES, ReceiptKind

log = logging.getLogger(__name__)

TITLE = "АННУЛИРОВАН"
NOT_VALID = (
    "Этот документ не является купоном и кассовым чеком. Напечатанное под указанными "
    "номерами недействительно: ставка по нему не принята, выплата не производится."
)
_RECEIPT_ONLY = (
    "Этот документ не является кассовым чеком. Чек под указанным номером недействителен; "
    "операция оформлена чеком с другим номером."
)


@dataclass(frozen=True)
class VoidNotice:
    """A spoiled receipt whose notice has not been printed, with the slip voided with it.

    Attributes:
        register_serial: the register the receipt was numbered on.
        receipt_no: its number, never used again.
        kind: what it was for: a stake, a return or a payout.
        amount: its amount (it counts in no total).
        at: when it was numbered, aware.
        cashier: the cashier's login.
        reason: why it was spoiled, as recorded.
        slip_number: the slip it was for, if any.
        slip_voided: the slip was voided with it (its job broke: never issued).
        account_number: the player account it was for, if any.
    """

    register_serial: str
    receipt_no: int
    kind: ReceiptKind
    amount: Decimal
    at: datetime
    cashier: str
    reason: str
    slip_number: str | None = None
    slip_voided: bool = False
    account_number: str | None = None


def notice_paper(
    notice: VoidNotice, at: datetime, zone: tzinfo, terminal: str, cashier: str
) -> PrintedDocument:
    """The notice as printed: what is void, its numbers and amount, why, and that it is none.

    Args:
        notice: the spoiled receipt and its slip.
        at: when the notice is printed, aware.
        zone: the shop's time zone.
        terminal: the terminal printing it.
        cashier: who is signed in when it prints.

    Returns:
        A document with no number to scan.
    """
    lines = [DocumentLine("Что аннулировано", _what(notice), bold=True)]
    if notice.slip_number:
        lines.append(DocumentLine("Купон", display_slip_number(notice.slip_number), bold=True))
    lines += [
        DocumentLine("Номер чека", str(notice.receipt_no), bold=True),
        DocumentLine("Вид чека", RECEIPT_TITLES[notice.kind].lower()),
        DocumentLine("Сумма", format_roubles(notice.amount)),
        DocumentLine("Время операции", f"{notice.at.astimezone(zone):%d.%m.%Y %H:%M:%S}"),
        DocumentLine("Кассир операции", notice.cashier),
        DocumentLine(f"Причина: {notice.reason}"),
    ]
    return PrintedDocument(
        title=TITLE,
        number=None,  # nothing to scan: it must not pass for a slip at the payout desk
        lines=tuple(lines),
        notes=(NOT_VALID if notice.slip_voided else _RECEIPT_ONLY,),
        at=at,
        terminal=terminal,
        cashier=cashier,
        job_name=f"void-{notice.register_serial}-{notice.receipt_no}",
    )


def _what(notice: VoidNotice) -> str:
    return "купон и чек" if notice.slip_voided else "чек"


def print_void_notices(ctx: Context, actor: Actor) -> int:
    """Print the notices waiting at this terminal, oldest first, each recorded once printed.

    Returns:
        How many came out; the first that does not come out stops the run (the rest wait
        for the next time, a restart included).
    """
    troubles = ctx.print_troubles
    with ctx.unit_of_work() as uow:
        waiting = uow.void_notices.pending(ctx.terminal)
    if not waiting:
        ctx.notices_clear_at = troubles
        return 0
    settings, printed = ctx.settings(), 0
    for notice in waiting:
        paper = notice_paper(notice, ctx.clock.now(), settings.zone, ctx.terminal, actor.login)
        try:
            with ctx.printing() as station:
                station.print_document(paper, settings)
        except PrinterUnavailable as failure:
            log.info("void notice of receipt %s not printed: %s", notice.receipt_no, failure)
            return printed
        with ctx.unit_of_work() as uow:
            uow.void_notices.mark_printed(
                notice.register_serial, notice.receipt_no, ctx.clock.now()
            )
            uow.commit()
        printed += 1
    ctx.notices_clear_at = troubles  # none waits, unless a job broke since
    return printed


def print_after_job(ctx: Context, actor: Actor) -> None:
    """After a job came out whole the printer is back: the notices waiting follow it.

    Looked up only when one may wait: at the first job since the start, and after a job
    broke in this process (`Context.print_troubles`), since only a broken job spoils a
    receipt (a crash's receipts are answered at the next start, before any job): so a bet
    reads nothing more while the printer works.

    Never raises for the printer or the database: the operation before it has committed and
    stands whatever happens here; the notices wait for the next time.
    """
    if ctx.notices_clear_at == ctx.print_troubles:
        return
    try:
        print_void_notices(ctx, actor)
    except DeviceOrStorageError as failure:
        log.info("void notices wait: %s", failure)
