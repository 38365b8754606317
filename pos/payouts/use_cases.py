"""Paying winnings out and keeping the cash payout journal (p.13, p.23, first p.24, item 47).

A payout is made in two steps (pos.payouts.steps, issue #15): saved as waiting for its
receipt's print, the receipt printed, then made in one transaction — the slip paid by a
conditional update, the journal entry numbered from the journal's counter row, the fiscal
expense receipt recorded under the number printed, the cash out of the drawer, the audit
line. Paper never says more than the database: a receipt that did not come out leaves the
slip unpaid (its number spoiled if the job broke midway), and a crash in between is answered
by the cashier at the next sign-in. The player's note prints after the commit
(`print_payout_note` prints it again).

The journal is never edited: a manager corrects an entry's player or document with a new
entry that references it and gives the reason (pos.payouts.journal.correction).
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import os
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import BinaryIO
from zoneinfo import ZoneInfo

from pos.betting.counter import Teller, find_slip, record_id_check
from pos.betting.slips import SETTLED_STATUSES, IdOutcome, Slip, SlipStatus
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.errors import DeviceOrStorageError, PrinterUnavailable
from pos.core.files import saving
from pos.core.inputs import LOGIN, MAX_INTEGER, NO_LIMIT, clean_text, shown
from pos.core.money import to_money
from pos.core.ports import PreviewLine, UnitOfWork
from pos.core.settings import ShopSettings
from pos.payouts.errors import (
    CorrectionOfCorrection,
    InvalidPeriod,
    JournalCorrectionEmpty,
    JournalEntryUnknown,
    NotPayable,
    PayoutDocumentRequired,
    PayoutExpired,
    PayoutNoteNotPrinted,
    PayoutNotPrinted,
    PayoutTooEarly,
    PayoutUnconfirmed,
)
from pos.payouts.journal import JournalEntry, JournalQuery, correction
from pos.payouts.rules import (
    PayoutNote,
    PayoutPeriod,
    PendingPayout,
    last_event_day,
    payable_amount,
    payout_period,
    pays_same_day,
)
from pos.payouts.steps import PlannedPayout, make_payout, plan_payout, release_payout
from pos.people.actor import Actor
from pos.people.errors import DocumentExpired, InvalidDocument, Underage
from pos.people.identity import IdDocument, check_document, check_player
from pos.people.permissions import Permission
from pos.settlement.results import Result
from pos.settlement.rules import settle_slip
from pos.till import use_cases as till
from pos.till.errors import PrintFailed, ShiftNotOpen, ShiftTooLong
from pos.till.fiscal import FiscalReceipt
from pos.till.shifts import require_working

log = logging.getLogger(__name__)
_ID_OUTCOMES = {Underage: IdOutcome.UNDERAGE, DocumentExpired: IdOutcome.EXPIRED}
JOURNAL_TEXT = 300  # the longest player or document text of a journal line (db.tables)
CORRECTION_REASON = 200


@dataclass(frozen=True)
class PayoutQuote:
    """What the payout page shows for a slip before the document is taken."""

    slip: Slip
    lines: tuple[str, ...]  # the settlement's explanation; empty while open
    amount: Decimal | None  # what is paid today; None when it is not payable
    period: PayoutPeriod | None  # the days it may be paid; None before it is settled
    refusal: str | None  # why it is not paid today, as pay_out would say it
    entry: JournalEntry | None = None  # the journal entry of a paid slip
    # Why this terminal cannot pay it now, though it is payable: no working shift (issue 16:
    # said at the scan, before the player's document is typed).
    shift_refusal: ShiftNotOpen | ShiftTooLong | None = None


def payout_quote(ctx: Context, actor: Actor, number: str) -> PayoutQuote:
    """The slip with its settlement, what it pays today, or why it is not paid; for a
    payable slip, why this terminal cannot pay it now (no working shift), if so.

    Raises:
        InvalidSlipNumber: a wrong check code (never looked up); UnknownSlip, SlipNotIssued.
    """
    with ctx.unit_of_work() as uow:
        slip = find_slip(uow, number)
        settings = shop_settings.from_text(uow.settings.load())
        results = _results_of(uow, slip)
        paid = uow.journal.entries(JournalQuery(slip_number=slip.number))
        shift = uow.shifts.open_for(ctx.terminal)
    now = ctx.clock.now()
    today = now.astimezone(settings.zone).date()
    settlement = (
        settle_slip(slip, results, cap=slip.payout_cap) if slip.status in SETTLED_STATUSES else None
    )
    period = None
    same_day = pays_same_day(slip, settings)
    if slip.status in (SlipStatus.WON, SlipStatus.REFUND, SlipStatus.PAID):
        period = payout_period(last_event_day(slip, results, settings.zone), same_day=same_day)
    amount, refusal = None, None
    try:
        amount = payable_amount(slip, results, today, settings.zone, same_day=same_day)
    except (NotPayable, PayoutTooEarly, PayoutExpired) as why:
        refusal = str(why)
    shift_refusal: ShiftNotOpen | ShiftTooLong | None = None
    if amount is not None:
        try:
            require_working(shift, ctx.terminal, now, settings.zone)
        except (ShiftNotOpen, ShiftTooLong) as why:
            shift_refusal = why
    return PayoutQuote(
        slip,
        settlement.lines if settlement else (),
        amount,
        period,
        refusal,
        next((e for e in paid if not e.is_correction), None),
        shift_refusal,
    )


def pay_out(ctx: Context, actor: Actor, number: str, document: IdDocument | None) -> JournalEntry:
    """Pay a winning or refund slip to the player showing `document` (p.13).

    Two steps (pos.payouts.steps): saved as waiting for its receipt's print, the receipt
    printed, then made; the player's note prints after that.

    Returns:
        The journal entry.

    Raises:
        InvalidSlipNumber, UnknownSlip, SlipNotIssued, NotPayable, PayoutTooEarly,
        PayoutExpired, DrawerShort: the slip is not paid; PayoutDocumentRequired,
        InvalidDocument, DocumentExpired, Underage: recorded, then raised;
        RegisterNotSet, PendingSlip, PendingPayoutWaiting, ReceiptsInDoubt,
        UnprintedReceipts: the receipt cannot be made; PayoutNotPrinted: the receipt did
        not come out and nothing was paid (its number spoiled if the job broke midway);
        PayoutNoteNotPrinted: the payout is made, the player's note did not come out.
    """
    teller = Teller(ctx.terminal, actor.login)
    check = functools.partial(_check_player, teller=teller)
    with ctx.unit_of_work() as uow:
        planned = plan_payout(uow, teller, ctx.clock, number, check, document)
        uow.commit()  # the payout waiting for its print, or the refused check
    if isinstance(planned, Exception):
        raise planned
    slip_number = planned.slip.number
    try:
        with ctx.printing() as station:
            station.print_receipts([planned.receipt], planned.settings)
    except PrinterUnavailable as failure:
        spoiled = _release(ctx, actor, slip_number, failure)
        raise PayoutNotPrinted(slip_number, failure, spoiled) from failure
    try:
        entry = _make(ctx, actor, slip_number, recovered=False, planned=planned)
    except DeviceOrStorageError as failure:  # the receipt is out: the cashier answers
        raise PayoutUnconfirmed(slip_number, planned.receipt.number, failure) from failure
    note = _note(entry, planned.slip, planned.results, ctx.terminal)
    _print_note(ctx, actor, note, planned.settings)
    return entry


def pending_payout(ctx: Context, actor: Actor) -> PendingPayout | None:
    """This terminal's payout whose receipt was sent and not confirmed (after a crash)."""
    with ctx.unit_of_work() as uow:
        return uow.pending_payouts.for_terminal(ctx.terminal)


def confirm_pending_payout(ctx: Context, actor: Actor, slip_number: str) -> JournalEntry:
    """The cashier saw the payout's receipt come out: make the payout with its number.

    Raises:
        NotPayable: it was released meanwhile; PayoutNoteNotPrinted: made, the player's
        note did not come out.
    """
    entry = _make(ctx, actor, slip_number, recovered=True)
    note, _receipt, settings = _payout_papers(ctx, actor, entry.number)
    _print_note(ctx, actor, note, settings)
    return entry


def release_pending_payout(ctx: Context, actor: Actor, slip_number: str) -> int | None:
    """The payout's receipt did not come out: the payout is not made, the slip is free.

    The planned number is spoiled (the job may have started before the failure).

    Returns:
        The spoiled receipt number (None when nothing waited).
    """
    with ctx.unit_of_work() as uow:
        spoiled = release_payout(
            uow,
            Teller(ctx.terminal, actor.login),
            ctx.clock.now(),
            slip_number,
            "чек о выплате не вышел (ответ кассира после сбоя)",
            spoil=True,
        )
        uow.commit()
    return spoiled


def _make(
    ctx: Context,
    actor: Actor,
    slip_number: str,
    *,
    recovered: bool,
    planned: PlannedPayout | None = None,
) -> JournalEntry:
    with ctx.unit_of_work() as uow:
        entry = make_payout(
            uow,
            Teller(ctx.terminal, actor.login),
            ctx.clock,
            slip_number,
            recovered=recovered,
            planned=planned,
        )
        uow.commit()
    return entry


def _release(
    ctx: Context, actor: Actor, slip_number: str, failure: PrinterUnavailable
) -> int | None:
    why = f"чек не напечатан: {failure.where} — {failure.detail}"
    try:
        with ctx.unit_of_work() as uow:
            spoiled = release_payout(
                uow,
                Teller(ctx.terminal, actor.login),
                ctx.clock.now(),
                slip_number,
                why,
                spoil=failure.sent,
            )
            uow.commit()
    except Exception:  # the database failed too: the payout waits for the cashier's answer
        log.exception("could not release the payout of slip %s", slip_number)
        return None
    return spoiled


def _print_note(ctx: Context, actor: Actor, note: PayoutNote, settings: ShopSettings) -> None:
    try:
        with ctx.printing() as station:
            station.print_payout_note(note, settings)
    except PrinterUnavailable as failure:
        till.record_print_failure(
            ctx, actor, f"квитанция выплаты, запись {note.journal_no}: {failure.detail}"
        )
        raise PayoutNoteNotPrinted(
            note.journal_no, note.slip_number, note.amount, failure
        ) from failure


def print_payout_note(ctx: Context, actor: Actor, entry_number: int) -> None:
    """Print the player's payout note of a journal entry again (after it did not come out).

    Raises:
        JournalEntryUnknown; PrintFailed: it did not come out.
    """
    note, _receipt, settings = _payout_papers(ctx, actor, entry_number)
    try:
        with ctx.printing() as station:
            station.print_payout_note(note, settings)
    except PrinterUnavailable as failure:
        raise PrintFailed("Квитанция о выплате", failure) from failure
    with ctx.unit_of_work() as uow:
        actor.audit(
            ctx, uow, AuditAction.RECEIPT_PRINTED, f"квитанция выплаты, запись {entry_number}"
        )
        uow.commit()


def preview_payout(ctx: Context, actor: Actor, entry_number: int) -> list[PreviewLine]:
    """The payout's receipt and note as printed, for the screen (a virtual printer).

    Raises:
        JournalEntryUnknown: no such entry, or it is a correction (which prints nothing).
    """
    note, receipt, settings = _payout_papers(ctx, actor, entry_number)
    return ctx.station.preview_payout(note, receipt, settings)


def _payout_papers(
    ctx: Context, actor: Actor, entry_number: int
) -> tuple[PayoutNote, FiscalReceipt, ShopSettings]:
    with ctx.unit_of_work() as uow:
        entry = uow.journal.get(entry_number)
        if entry is None or entry.is_correction:
            raise JournalEntryUnknown(entry_number)
        receipt = uow.fiscal.receipt(entry.register_serial, entry.fiscal_receipt_no)
        slip = find_slip(uow, entry.slip_number)
        results = _results_of(uow, slip)
        settings = shop_settings.from_text(uow.settings.load())
    if receipt is None:
        raise JournalEntryUnknown(entry_number)
    return _note(entry, slip, results, receipt.terminal), receipt, settings


def journal(
    ctx: Context,
    actor: Actor,
    date_from: date | None = None,
    date_to: date | None = None,
    *,
    cashier: str | None = None,
    min_amount: object = None,
    max_amount: object = None,
) -> list[JournalEntry]:
    """Journal entries in number order: shop-local days (both included), a cashier, an
    amount range (both included); a filter left None is not applied.

    Raises:
        NotPermitted; InvalidPeriod: the period ends before it starts; InvalidAmount.
    """
    actor.require(Permission.VIEW_JOURNAL)
    with ctx.unit_of_work() as uow:
        zone = shop_settings.from_text(uow.settings.load()).zone
        query = journal_query(zone, date_from, date_to, cashier, min_amount, max_amount)
        return uow.journal.entries(query)


def correct_journal_entry(
    ctx: Context,
    actor: Actor,
    number: int,
    *,
    player: str | None = None,
    document: str | None = None,
    reason: str,
) -> JournalEntry:
    """Correct the player or document of a payout entry with a new entry (managers).

    What is not given repeats the entry corrected (its latest correction, if any). The
    new entry references the payout entry and pays nothing (pos.payouts.journal.correction).

    Raises:
        NotPermitted, JournalEntryUnknown, CorrectionOfCorrection, JournalCorrectionEmpty.
    """
    actor.require(Permission.CORRECT_JOURNAL)
    why = clean_text(reason or "", "correction_reason", NO_LIMIT)
    if not why:
        raise JournalCorrectionEmpty("reason")
    if len(why) > CORRECTION_REASON:
        raise JournalCorrectionEmpty("too_long")
    with ctx.unit_of_work() as uow:
        uow.settlement.lock()  # the journal's numbers are taken one payout at a time
        now = ctx.clock.now()
        old = _entry(uow, number)
        if old.corrects is not None:
            raise CorrectionOfCorrection(old.number, old.corrects)
        latest = _as_corrected(uow, old)
        new_player = _given(player, latest.player, "player")
        new_document = _given(document, latest.document, "document")
        if (new_player, new_document) == (latest.player, latest.document):
            raise JournalCorrectionEmpty("same")
        entry = correction(
            old,
            uow.journal.next_number(),
            now,
            actor.login,
            new_player,
            new_document,
            why,
        )
        uow.journal.add(entry)
        actor.audit(
            ctx,
            uow,
            AuditAction.JOURNAL_CORRECTED,
            f"запись {entry.number} исправляет {old.number}: {why}",
        )
        uow.commit()
    return entry


def journal_entry_now(ctx: Context, actor: Actor, number: int) -> JournalEntry:
    """The payout entry `number` — or the payout a correction `number` corrects — with the
    player and document as its latest correction states them: what a new correction of
    it starts from.

    Raises:
        NotPermitted, JournalEntryUnknown.
    """
    actor.require(Permission.VIEW_JOURNAL)
    with ctx.unit_of_work() as uow:
        found = _entry(uow, number)
        payout = found if found.corrects is None else _entry(uow, found.corrects)
        return _as_corrected(uow, payout)


def export_journal_pdf(
    ctx: Context,
    actor: Actor,
    path_or_file: str | os.PathLike[str] | BinaryIO,
    date_from: date,
    date_to: date,
) -> int:
    """Write the journal of the shop-local days `date_from`..`date_to` as PDF (A4 landscape,
    the appendix's columns, a certification page; managers); returns its number of sheets.
    Recorded in the audit trail.

    Raises:
        NotPermitted, InvalidPeriod; FileNotSaved: the file cannot be written.
    """
    actor.require(Permission.EXPORT_JOURNAL)
    settings = ctx.settings()
    entries = journal(ctx, actor, date_from, date_to)
    with ctx.unit_of_work() as uow:
        head = uow.audit.head()
    with saving(path_or_file):
        sheets = ctx.write_journal(
            path_or_file,
            entries,
            shop_name=settings.shop_name,
            licence=settings.licence_number,
            address=settings.address,
            date_from=date_from,
            date_to=date_to,
            zone=settings.zone,
            printed_at=ctx.clock.now(),
            chain_head=head,
        )
    numbers = f"записи {entries[0].number}–{entries[-1].number}" if entries else "записей нет"
    with ctx.unit_of_work() as uow:
        actor.audit(
            ctx,
            uow,
            AuditAction.JOURNAL_EXPORTED,
            f"{date_from:%d.%m.%Y}–{date_to:%d.%m.%Y}: {numbers}, листов {sheets}",
        )
        uow.commit()
    return sheets


def _check_player(
    uow: UnitOfWork,
    now: datetime,
    settings: ShopSettings,
    document: IdDocument | None,
    *,
    teller: Teller,
) -> IdDocument | Exception:
    """The document (cleaned) or the refusal: the document and the age on the payout day
    (p.4, p.13), recorded either way."""
    if document is None:
        record_id_check(uow, teller, now, IdOutcome.REFUSED, None, None)
        return PayoutDocumentRequired()
    today = now.astimezone(settings.zone).date()
    try:
        cleaned = check_document(document, today)
        age = check_player(cleaned, today, settings.min_age)
        # The journal's fourth column needs the date and the place of issue (item 47).
        if cleaned.issued_on is None:
            raise InvalidDocument("issued_on_missing")
        if not cleaned.issued_by:
            raise InvalidDocument("issued_by")
    except (Underage, DocumentExpired, InvalidDocument) as refusal:
        outcome = _ID_OUTCOMES.get(type(refusal), IdOutcome.INVALID)
        record_id_check(uow, teller, now, outcome, document, getattr(refusal, "age", None))
        if isinstance(refusal, Underage):
            return Underage(refusal.min_age, refusal.age, payout=True)
        return refusal
    record_id_check(uow, teller, now, IdOutcome.ACCEPTED, cleaned, age)
    return cleaned


def _results_of(uow: UnitOfWork, slip: Slip) -> dict[int, Result]:
    return uow.results.for_events({leg.event_code for leg in slip.legs})


def _note(entry: JournalEntry, slip: Slip, results: dict[int, Result], terminal: str) -> PayoutNote:
    settlement = settle_slip(slip, results, cap=slip.payout_cap)
    return PayoutNote(
        slip_number=slip.number,
        amount=entry.amount,
        paid_at=entry.paid_at,
        refund=settlement is not None and settlement.status is SlipStatus.REFUND,
        lines=settlement.lines if settlement else (),
        fiscal_receipt_no=entry.fiscal_receipt_no,
        journal_no=entry.number,
        terminal=terminal,
        cashier=entry.cashier,
    )


def _entry(uow: UnitOfWork, number: object) -> JournalEntry:
    known = isinstance(number, int) and not isinstance(number, bool) and 0 < number <= MAX_INTEGER
    found = uow.journal.get(number) if known else None  # type: ignore[arg-type]
    if found is None:
        raise JournalEntryUnknown(shown(number))
    return found


def _as_corrected(uow: UnitOfWork, payout: JournalEntry) -> JournalEntry:
    """The payout entry with the player and document of its latest correction, if any."""
    latest = uow.journal.entries(JournalQuery(slip_number=payout.slip_number))[-1]
    return dataclasses.replace(payout, player=latest.player, document=latest.document)


def _given(value: str | None, recorded: str, field: str) -> str:
    if value is None:
        return recorded
    text = clean_text(value, f"journal_{field}", NO_LIMIT)
    if not text:
        raise JournalCorrectionEmpty(field)
    if len(text) > JOURNAL_TEXT:
        raise JournalCorrectionEmpty("too_long")
    return text


def journal_query(
    zone: ZoneInfo,
    date_from: date | None,
    date_to: date | None,
    cashier: str | None,
    min_amount: object,
    max_amount: object,
) -> JournalQuery:
    """The query for shop-local days and the filters as typed.

    Raises:
        InvalidPeriod, InvalidAmount.
    """
    if date_from is not None and date_to is not None and date_to < date_from:
        raise InvalidPeriod(date_from, date_to)

    def moment(day: date | None) -> datetime | None:
        return None if day is None else datetime.combine(day, time(), tzinfo=zone)

    return JournalQuery(
        since=moment(date_from),
        until=moment(date_to + timedelta(days=1) if date_to is not None else None),
        cashier=clean_text(cashier or "", "login", LOGIN) or None,
        min_amount=None if min_amount in (None, "") else to_money(min_amount),
        max_amount=None if max_amount in (None, "") else to_money(max_amount),
    )


__all__ = ["PayoutQuote", "journal_query"]
