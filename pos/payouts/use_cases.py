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
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos.betting.counter import find_slip
from pos.betting.identity_checks import record_id_check
from pos.betting.slips import SETTLED_STATUSES, IdOutcome, Slip, SlipStatus
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.devices import PreviewLine
from pos.core.errors import DeviceOrStorageError, PrinterUnavailable
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.payouts.errors import (
    JournalEntryUnknown,
    NotPayable,
    PayoutDocumentRequired,
    PayoutExpired,
    PayoutNoteNotPrinted,
    PayoutNotPrinted,
    PayoutTooEarly,
    PayoutUnconfirmed,
)
from pos.payouts.journal import JournalEntry, JournalQuery
from pos.payouts.rules import (
    PayoutNote,
    PayoutPeriod,
    PendingPayout,
    last_event_day,
    payable_amount,
    payout_period,
    pays_same_day,
)
from pos.payouts.steps import BuyBack, PlannedPayout, make_payout, plan_payout, release_payout
from pos.people.actor import Actor
from pos.people.errors import DocumentExpired, InvalidDocument, Underage
from pos.people.identity import IdDocument, check_document, player_age
from pos.settlement.results import Result
from pos.settlement.rules import settle_slip
from pos.skks.errors import SkksNoAnswer, SkksRefused
from pos.skks.use_cases import require_registered
from pos.till import use_cases as till
from pos.till.errors import PrintFailed, ShiftNotOpen, ShiftTooLong
from pos.till.fiscal import FiscalReceipt
from pos.till.shifts import require_working

log = logging.getLogger(__name__)
_ID_OUTCOMES = {Underage: IdOutcome.UNDERAGE, DocumentExpired: IdOutcome.EXPIRED}


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
        settings = shop_settings.from_text(uow.settings.load(ctx.office))
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


def pay_out(
    ctx: Context,
    actor: Actor,
    number: str,
    document: IdDocument | None,
    *,
    by_list: bool = False,
    buy_back: BuyBack | None = None,
) -> JournalEntry:
    """Pay a winning or refund slip to the player showing `document` (p.13); a remote
    coupon's slip only `by_list`, its payment list (pos.coupons, p.17); an open slip the shop
    buys back, by `buy_back`'s amount (pos.cashout, issue 38).

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
    teller = Teller(ctx.terminal, actor.login, ctx.office)
    check = functools.partial(check_full_document, teller=teller)
    with ctx.unit_of_work() as uow:
        planned = plan_payout(
            uow, teller, ctx.clock, number, check, document, by_list=by_list, buy_back=buy_back
        )
        uow.commit()  # the payout waiting for its print, or the refused check
    if isinstance(planned, Exception):
        raise planned
    slip_number = planned.slip.number
    planned = _registered_or_released(ctx, actor, planned)
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
    if entry.account_number:
        return entry  # a withdrawal from an account: its receipt is the player's paper
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
            Teller(ctx.terminal, actor.login, ctx.office),
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
            Teller(ctx.terminal, actor.login, ctx.office),
            ctx.clock,
            slip_number,
            recovered=recovered,
            planned=planned,
        )
        uow.commit()
    return entry


def _registered_or_released(ctx: Context, actor: Actor, planned: PlannedPayout) -> PlannedPayout:
    """Online, the controller registers the payout before its receipt is printed (its number
    recorded with the payout); else the payout is released, its annulment queued (issue 35)."""
    try:
        registered = require_registered(ctx, planned.settings, planned.message, "payout")
    except (SkksNoAnswer, SkksRefused) as unregistered:
        _release(ctx, actor, planned.slip.number, unregistered)
        raise
    if registered is None:
        return planned
    return dataclasses.replace(planned, registration=registered.number)


def _release(
    ctx: Context,
    actor: Actor,
    slip_number: str,
    failure: PrinterUnavailable | SkksNoAnswer | SkksRefused,
) -> int | None:
    if isinstance(failure, PrinterUnavailable):
        why, spoil = f"чек не напечатан: {failure.where} — {failure.detail}", failure.sent
    else:
        why, spoil = "СККС не зарегистрировала выплату", False
    try:
        with ctx.unit_of_work() as uow:
            spoiled = release_payout(
                uow,
                Teller(ctx.terminal, actor.login, ctx.office),
                ctx.clock.now(),
                slip_number,
                why,
                spoil=spoil,
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
        entry = uow.journal.get(ctx.office, entry_number)
        if entry is None or entry.is_correction:
            raise JournalEntryUnknown(entry_number)
        receipt = uow.fiscal.receipt(entry.register_serial, entry.fiscal_receipt_no)
        slip = find_slip(uow, entry.slip_number)
        results = _results_of(uow, slip)
        settings = shop_settings.from_text(uow.settings.load(entry.office))
    if receipt is None:
        raise JournalEntryUnknown(entry_number)
    return _note(entry, slip, results, receipt.terminal), receipt, settings


def check_full_document(
    uow: UnitOfWork,
    now: datetime,
    settings: ShopSettings,
    document: IdDocument | None,
    *,
    teller: Teller,
) -> IdDocument | Exception:
    """The document (cleaned) or the refusal: the whole document, as the journal's fourth
    column needs it, and the age on the day (p.4, p.13), recorded either way. A payout
    checks the player with it, and so do an account's opening and withdrawals."""
    if document is None:
        record_id_check(uow, teller, now, IdOutcome.REFUSED, None, None)
        return PayoutDocumentRequired()
    today = now.astimezone(settings.zone).date()
    try:
        cleaned = check_document(document, today)
        age = player_age(cleaned, today, settings.min_age)
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
        lines=(entry.reason,) if entry.is_cashout else settlement.lines if settlement else (),
        fiscal_receipt_no=entry.fiscal_receipt_no,
        journal_no=entry.number,
        terminal=terminal,
        cashier=entry.cashier,
    )


__all__ = ["PayoutQuote"]
