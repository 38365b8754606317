"""A slip's printing: the slip and its receipt in one job, confirmed or voided after it.

Print and save are one step (DESIGN.md "Conventions", issue #4). A bet is committed first as
a slip *waiting for its print* (no stake recorded, its receipt number only planned), then the
slip and its receipt are rendered and sent, then a second transaction issues it: stake,
numbered receipt, audit. A printer failure voids the waiting slip; a crash in between leaves
it waiting, and the next sign-in at this terminal asks whether it came out (confirm or void).
So no money is taken without a slip and no printed slip lacks its record; the receipt
counter never skips or repeats a number, because nothing else numbers a receipt while a
slip waits.
"""

from __future__ import annotations

import dataclasses
import logging

from pos.betting import counter
from pos.betting.slips import Slip
from pos.betting.teller import Teller
from pos.core.context import Context
from pos.core.devices import PreviewLine
from pos.core.errors import ConcurrentChange, PrinterUnavailable
from pos.core.wording import display_slip_number
from pos.people.actor import Actor
from pos.skks.errors import SkksNoAnswer, SkksRefused
from pos.skks.use_cases import require_registered
from pos.till.errors import PrintFailed, ReceiptNotPrinted, SlipNotPrinted
from pos.till.void_notices import print_after_job

log = logging.getLogger(__name__)

NOT_PRINTED = "купон не вышел из принтера"


def print_and_issue(ctx: Context, actor: Actor, pending: counter.PendingBet) -> Slip:
    """Print a slip waiting for its print, then issue it, or void it if it did not print.

    Raises:
        SlipNotPrinted: the printer did not take the slip; it is voided, nothing issued.
        ReceiptNotPrinted: the slip is issued but its receipt did not come out.
    """
    pending = _registered_or_void(ctx, actor, pending)
    slip, receipt = pending.slip, pending.receipt
    try:
        with ctx.printing() as station:
            failed = station.print_slip(slip, pending.settings, receipt=receipt)
    except PrinterUnavailable as failure:
        voided = _void_after_failure(ctx, actor, slip, failure)
        spoiled = receipt.number if voided and failure.sent else None
        raise SlipNotPrinted(failure, spoiled) from failure
    if failed is None:
        issued = _confirm(ctx, actor, slip.number, receipt_printed=True, planned=pending)
        print_after_job(ctx, actor)  # the printer is back: the void notices follow (issue 34)
        return issued
    ctx.print_troubles += 1  # the receipt's job broke: its void notice may wait (issue 34)
    why = f"чек купона {slip.number}: {failed.where} — {failed.detail}"
    issued = _confirm(
        ctx, actor, slip.number, receipt_printed=False, receipt_spoiled=why if failed.sent else None
    )
    raise ReceiptNotPrinted(
        f"Ставка принята, купон № {display_slip_number(issued.number)} выдан",
        [issued.fiscal_receipt_no or receipt.number],
        failed,
        spoiled=receipt.number if failed.sent else None,
    )


def _registered_or_void(
    ctx: Context, actor: Actor, pending: counter.PendingBet
) -> counter.PendingBet:
    """Online, the controller registers the bet before it is printed (its number recorded as
    the slip is issued); unregistered, the slip is voided, its annulment queued when the
    controller may have registered it (issue 35)."""
    try:
        registered = require_registered(ctx, pending.settings, pending.message, "bet")
    except SkksRefused as refused:
        _void(ctx, actor, pending.slip.number, f"СККС отказала: {refused.reason}", spoil=False)
        raise
    except SkksNoAnswer:
        _void(ctx, actor, pending.slip.number, "СККС не ответила", spoil=False)
        raise
    if registered is None:
        return pending
    return dataclasses.replace(pending, registration=registered.number)


def _void_after_failure(
    ctx: Context, actor: Actor, slip: Slip, failure: PrinterUnavailable
) -> bool:
    why = f"не напечатан: {failure.where} — {failure.detail}"
    try:
        _void(ctx, actor, slip.number, why, spoil=failure.sent)
    except Exception:  # the database failed too: the slip stays waiting for the cashier
        log.exception("could not void slip %s after a printer failure", slip.number)
        return False
    return True


def _issue_planned(ctx: Context, actor: Actor, pending: counter.PendingBet) -> Slip | None:
    """Issue the slip the printer took from what the bet planned (issue 34: nothing read
    back); None when it changed meanwhile (voided or confirmed on another window, or the
    register moved on): reading it back then says how."""
    try:
        with ctx.unit_of_work() as uow:
            slip = counter.issue_planned(
                uow, Teller(ctx.terminal, actor.login, ctx.office), ctx.clock.now(), pending
            )
            uow.commit()
    except ConcurrentChange:
        return None
    return slip


def _confirm(
    ctx: Context,
    actor: Actor,
    number: str,
    *,
    receipt_printed: bool,
    receipt_spoiled: str | None = None,
    receipt_in_doubt: bool = False,
    planned: counter.PendingBet | None = None,
) -> Slip:
    issued = None if planned is None else _issue_planned(ctx, actor, planned)
    if issued is not None:
        return issued
    with ctx.unit_of_work() as uow:
        slip = counter.confirm_pending(
            uow,
            Teller(ctx.terminal, actor.login, ctx.office),
            ctx.clock.now(),
            number,
            receipt_printed=receipt_printed,
            receipt_spoiled=receipt_spoiled,
            receipt_in_doubt=receipt_in_doubt,
        )
        uow.commit()
    return slip


def pending_slip(ctx: Context, actor: Actor) -> Slip | None:
    """This terminal's slip sent to the printer and not confirmed (after a crash)."""
    with ctx.unit_of_work() as uow:
        return uow.slips.pending(ctx.terminal)


def confirm_pending_slip(ctx: Context, actor: Actor, number: str) -> Slip:
    """The cashier saw the waiting slip come out of the printer: issue it (stake, receipt).

    Whether its receipt came out whole is another question — on one printer the job
    may have died between the slip's cut and the receipt's, with a separate fiscal
    printer before the receipt was sent — so the receipt is recorded *in doubt* and the
    till page asks «Вышел ли чек № N целиком?» next (found by the kill -9 soak).

    Raises:
        SlipNotIssued: it was voided meanwhile.
    """
    return _confirm(ctx, actor, number, receipt_printed=False, receipt_in_doubt=True)


def void_pending_slip(ctx: Context, actor: Actor, number: str, reason: str = NOT_PRINTED) -> Slip:
    """The waiting slip did not come out: void it (never issued, never payable).

    Its planned receipt number is spoiled: the job may have started before the failure,
    so the number may be on paper (issue #15).

    Raises:
        SlipNotOpen: it was confirmed meanwhile and stays issued.
    """
    return _void(ctx, actor, number, reason or NOT_PRINTED, spoil=True)


def _void(ctx: Context, actor: Actor, number: str, reason: str, *, spoil: bool) -> Slip:
    with ctx.unit_of_work() as uow:
        slip = counter.void_pending(
            uow,
            Teller(ctx.terminal, actor.login, ctx.office),
            ctx.clock.now(),
            number,
            reason,
            spoil=spoil,
        )
        uow.commit()
    return slip


def print_copy(ctx: Context, actor: Actor, slip: Slip) -> None:
    """Print copy `slip.reprints` of the slip, saying who printed it and when (issue 34).

    Raises:
        PrintFailed: the copy did not come out (the reprint stays counted).
    """
    settings = ctx.settings()
    try:
        with ctx.printing() as station:
            station.print_slip(
                slip,
                settings,
                copy=slip.reprints,
                copied_by=actor.login,
                copied_at=ctx.clock.now(),
            )
    except PrinterUnavailable as failure:
        copy = f"Копия купона № {display_slip_number(slip.number)}"
        raise PrintFailed(copy, failure) from failure


def preview_slip(ctx: Context, actor: Actor, number: str) -> list[PreviewLine]:
    """The slip as printed (its last copy, if reprinted), for the screen.

    Raises:
        InvalidSlipNumber, UnknownSlip, SlipNotIssued.
    """
    with ctx.unit_of_work() as uow:
        slip = counter.find_slip(uow, number)
        serial = uow.settings.register_serial(slip.terminal) or ""
        receipt = uow.fiscal.receipt(serial, slip.fiscal_receipt_no or 0)
    return ctx.station.preview_slip(slip, ctx.settings(), copy=slip.reprints, receipt=receipt)
