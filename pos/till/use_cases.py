"""The till part of a signed-in desk: receipts and their printing, the fiscal day, printers
(a slip's printing, with its receipt, is pos.betting.printing)."""

from __future__ import annotations

import dataclasses
import logging

from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.devices import PreviewLine
from pos.core.errors import PrinterUnavailable, UnknownSlip
from pos.core.printers import PrinterConfig, to_text
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.till import day_reports, fiscal
from pos.till.day_reports import DayReport
from pos.till.errors import (
    PrintFailed,
    ReceiptInDoubt,
    ReceiptNotPrinted,
    ReceiptsInDoubt,
)
from pos.till.fiscal import FiscalReceipt, Register
from pos.till.void_notices import print_after_job

log = logging.getLogger(__name__)


def print_new_receipt(ctx: Context, actor: Actor, receipt: FiscalReceipt, done: str) -> None:
    """Print a receipt recorded unprinted and in doubt, then mark it printed (a crash
    in between leaves it in doubt: «Допечатать чеки» asks before it prints again).

    Raises:
        ReceiptNotPrinted: it did not come out; it stays for "Допечатать чеки".
    """
    settings = ctx.settings()
    try:
        with ctx.printing() as station:
            station.print_receipts([receipt], settings)
    except PrinterUnavailable as failure:
        record_print_failure(ctx, actor, f"чек {receipt.number}: {failure.detail}")
        if not failure.sent:  # nothing came out: «Допечатать чеки» prints it as it is
            _set_in_doubt(ctx, actor, receipt, False)
        raise ReceiptNotPrinted(done, [receipt.number], failure) from failure
    _mark_printed(ctx, actor, [receipt])


def unprinted_receipts(ctx: Context, actor: Actor) -> list[FiscalReceipt]:
    """This terminal's receipts that have not come out yet, in number order."""
    with ctx.unit_of_work() as uow:
        serial = uow.settings.register_serial(ctx.terminal)
        return uow.fiscal.unprinted(serial) if serial else []


def print_receipts(ctx: Context, actor: Actor) -> list[FiscalReceipt]:
    """Print the receipts that did not come out ("Допечатать чеки"), one job each.

    A receipt is marked *in doubt* before it is sent and cleared when the printer took it
    or took nothing, so that neither a broken job nor a crash prints a number twice: a
    receipt left in doubt is printed again only after the cashier said it did not come
    out (`answer_receipt`), and then under a new number.

    Returns:
        The receipts printed.

    Raises:
        ReceiptsInDoubt: receipts wait for the cashier's answer first.
        ReceiptInDoubt: a job broke after its bytes went out.
        ReceiptNotPrinted: the printer took nothing; the rest stay unprinted.
    """
    receipts = unprinted_receipts(ctx, actor)
    doubtful = [r.number for r in receipts if r.in_doubt]
    if doubtful:
        raise ReceiptsInDoubt(doubtful)
    settings = ctx.settings()
    for done, receipt in enumerate(receipts):
        _set_in_doubt(ctx, actor, receipt, True)
        try:
            with ctx.printing() as station:
                station.print_receipts([receipt], settings)
        except PrinterUnavailable as failure:
            if failure.sent:
                record_print_failure(ctx, actor, f"чек {receipt.number}: {failure.detail}")
                raise ReceiptInDoubt(receipt.number, failure) from failure
            _set_in_doubt(ctx, actor, receipt, False)
            numbers = [r.number for r in receipts[done:]]
            raise ReceiptNotPrinted("Печать повторена", numbers, failure) from failure
        _mark_printed(ctx, actor, [receipt])
    print_after_job(ctx, actor)  # the printer is back: the void notices follow (issue 34)
    return receipts


def receipts_in_doubt(ctx: Context, actor: Actor) -> list[FiscalReceipt]:
    """This terminal's receipts whose print broke midway: did they come out?"""
    return [receipt for receipt in unprinted_receipts(ctx, actor) if receipt.in_doubt]


def answer_receipt(
    ctx: Context, actor: Actor, number: int, *, came_out: bool
) -> FiscalReceipt | None:
    """The cashier's answer for a receipt in doubt.

    Came out whole: it is printed. Did not (or only in part): it is spoiled and its
    operation takes the next number, left for «Допечатать чеки».

    Returns:
        The replacement receipt, or None when it came out.

    Raises:
        UnknownSlip: no such receipt in doubt here (named as a receipt).
    """
    with ctx.unit_of_work() as uow:
        serial = uow.settings.register_serial(ctx.terminal) or ""
        receipt = uow.fiscal.receipt(serial, number)
        if receipt is None or not receipt.in_doubt or receipt.printed:
            raise UnknownSlip(f"чек {number}")
        replacement = None
        if came_out:
            uow.fiscal.mark_printed(serial, number)
            actor.audit(ctx, uow, AuditAction.RECEIPT_PRINTED, f"{number} (ответ кассира)")
        else:
            why = "не вышел из принтера целиком (ответ кассира)"
            replacement = fiscal.spoil_and_renumber(uow, receipt, why, ctx.clock.now())
            actor.audit(
                ctx,
                uow,
                AuditAction.RECEIPT_SPOILED,
                f"чек {number} аннулирован: {why}; вместо него чек {replacement.number}",
            )
        uow.commit()
    return replacement


def _set_in_doubt(ctx: Context, actor: Actor, receipt: FiscalReceipt, in_doubt: bool) -> None:
    with ctx.unit_of_work() as uow:
        uow.fiscal.mark_in_doubt(receipt.register_serial, receipt.number, in_doubt)
        uow.commit()


def _mark_printed(ctx: Context, actor: Actor, receipts: list[FiscalReceipt]) -> None:
    with ctx.unit_of_work() as uow:
        for receipt in receipts:
            uow.fiscal.mark_printed(receipt.register_serial, receipt.number)
        numbers = ", ".join(str(r.number) for r in receipts)
        actor.audit(ctx, uow, AuditAction.RECEIPT_PRINTED, numbers)
        uow.commit()


def record_print_failure(ctx: Context, actor: Actor, detail: str) -> None:
    try:
        with ctx.unit_of_work() as uow:
            actor.audit(ctx, uow, AuditAction.PRINT_FAILED, detail)
            uow.commit()
    except Exception:
        log.exception("could not record a print failure: %s", detail)


def fiscal_state(ctx: Context, actor: Actor) -> Register | None:
    """This terminal's register counters (None before it is set up or first used)."""
    with ctx.unit_of_work() as uow:
        serial = uow.settings.register_serial(ctx.terminal)
        return uow.fiscal.register(serial) if serial else None


def x_report(ctx: Context, actor: Actor) -> DayReport:
    """Print the X report: the open fiscal day's totals, the day stays open.

    Raises:
        RegisterNotSet; PrintFailed: made and recorded but not printed.
    """
    return _day_report(ctx, actor, closing=False)


def z_report(ctx: Context, actor: Actor) -> DayReport:
    """Print the Z report and close the fiscal day; the next receipt opens a new one.

    Raises:
        RegisterNotSet, NoFiscalDay, PendingSlip, UnprintedReceipts; PrintFailed: the
        day is closed but the report did not come out (print it again with
        `print_last_z_report`).
    """
    return _day_report(ctx, actor, closing=True)


def print_last_z_report(ctx: Context, actor: Actor) -> DayReport | None:
    """Print the last Z report again (a copy); None when no day was closed yet."""
    with ctx.unit_of_work() as uow:
        serial = uow.settings.register_serial(ctx.terminal)
        report = uow.fiscal.last_day_report(serial) if serial else None
        if report is not None:  # the day's transfers are read again, as its receipts are
            cashless = day_reports.cashless(uow, report.terminal, report.opened_at, report.at)
            report = dataclasses.replace(report, cashless=cashless)
    if report is not None:
        print_report(ctx, actor, report)
    return report


def _day_report(ctx: Context, actor: Actor, *, closing: bool) -> DayReport:
    with ctx.unit_of_work() as uow:
        report = day_reports.day_report(
            uow, ctx.terminal, ctx.office, ctx.clock.now(), actor.login, closing=closing
        )
        totals = report.totals
        actor.audit(
            ctx,
            uow,
            AuditAction.Z_REPORT if closing else AuditAction.X_REPORT,
            # «смена ККМ»: the register's day, not the cash shift (issue 34).
            f"смена ККМ {report.day_no}: чеков {totals.count}, наличные {totals.cash}",
        )
        uow.commit()
    print_report(ctx, actor, report)
    return report


def print_report(ctx: Context, actor: Actor, report: DayReport) -> None:
    settings = ctx.settings()
    try:
        with ctx.printing() as station:
            station.print_report(report, settings)
    except PrinterUnavailable as failure:
        raise PrintFailed(report.title, failure) from failure


def printer_virtual(ctx: Context, actor: Actor) -> bool:
    """True when no paper comes out here: the window shows each job instead."""
    return ctx.station.virtual


def preview_receipt(ctx: Context, actor: Actor, number: int) -> list[PreviewLine]:
    """This terminal's fiscal receipt `number` as printed.

    Raises:
        UnknownSlip: no such receipt here (named as a receipt in the sentence).
    """
    with ctx.unit_of_work() as uow:
        serial = uow.settings.register_serial(ctx.terminal) or ""
        receipt = uow.fiscal.receipt(serial, number)
    if receipt is None:
        raise UnknownSlip(f"чек {number}")
    return ctx.station.preview_receipt(receipt, ctx.settings())


def preview_x_report(ctx: Context, actor: Actor) -> list[PreviewLine]:
    """The X report as it would print now; nothing is recorded or printed."""
    with ctx.unit_of_work() as uow:
        report = day_reports.day_report(
            uow, ctx.terminal, ctx.office, ctx.clock.now(), actor.login, closing=False
        )
    return ctx.station.preview_report(report, ctx.settings())


def printers(ctx: Context, actor: Actor) -> tuple[PrinterConfig, PrinterConfig | None]:
    """This terminal's slip printer and separate fiscal printer (None: the same one)."""
    return ctx.printers()


def update_printers(
    ctx: Context, actor: Actor, slip: PrinterConfig, fiscal_printer: PrinterConfig | None
) -> None:
    """Set this terminal's printers (managers only); recorded in the audit trail."""
    actor.require(Permission.PRINTERS)
    before = ctx.printers()
    with ctx.unit_of_work() as uow:
        uow.settings.set_printer_texts(
            ctx.terminal,
            to_text(slip),
            None if fiscal_printer is None else to_text(fiscal_printer),
        )
        detail = f"купоны: {before[0].where} → {slip.where}"
        if before[1] != fiscal_printer:
            was = before[1].where if before[1] else "тот же"
            now = fiscal_printer.where if fiscal_printer else "тот же"
            detail += f"; чеки: {was} → {now}"
        actor.audit(ctx, uow, AuditAction.PRINTERS_CHANGED, detail)
        uow.commit()
    ctx.reload_printers()


def print_test_page(ctx: Context, actor: Actor, *, fiscal_printer: bool = False) -> None:
    """Print the test page (code page, widths, barcode, QR) on a printer.

    Raises:
        PrintFailed: it did not come out.
    """
    settings = ctx.settings()
    try:
        with ctx.printing() as station:
            station.print_test_page(settings, fiscal=fiscal_printer)
    except PrinterUnavailable as failure:
        raise PrintFailed("Проверочная страница", failure) from failure
