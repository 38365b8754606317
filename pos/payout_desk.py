"""Paying winnings out and keeping the cash payout journal (p.13, p.23, first p.24, item 47).

A payout is one transaction. Under the lock that result corrections and settlement runs take
(so that a result cannot change under a payout), the slip is read for update and checked
(pos.payouts), then the document and the age (the check is recorded, a refusal committed on
its own), then: the slip is marked paid by a conditional update, the journal entry takes its
number from the journal's counter row, the fiscal expense receipt is numbered on this
terminal's register, the cash leaves the drawer, and the audit line is written.

The receipt and the player's payout note are printed inside that transaction, before the
commit: a receipt that does not print rolls everything back — no journal number used, the
slip not paid, no receipt recorded — and the cashier is told not to hand over the money. A
note that does not print after its receipt (a separate fiscal printer) leaves the payout
made; `print_payout_note` prints it again. What is left is a commit failing after the paper
came out (the database lost in that instant): the cashier is told the payout was not made,
and the next receipt takes the printed number again.

The journal is never edited: a manager corrects an entry's player or document with a new
entry that references it and gives the reason (pos.journal.correction).
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import BinaryIO
from zoneinfo import ZoneInfo

from pos import fiscal
from pos import settings as shop_settings
from pos.audit import AuditAction, AuditRecord
from pos.clock import Clock
from pos.counter import Teller, find_slip, record_id_check
from pos.errors import (
    CorrectionOfCorrection,
    DocumentExpired,
    InvalidDocument,
    InvalidPeriod,
    JournalCorrectionEmpty,
    JournalEntryUnknown,
    NotPayable,
    PayoutDocumentRequired,
    PayoutExpired,
    PayoutNoteNotPrinted,
    PayoutNotPrinted,
    PayoutTooEarly,
    PrinterUnavailable,
    PrintFailed,
    Underage,
)
from pos.fiscal import FiscalReceipt, ReceiptKind
from pos.identity import IdDocument, check_document, check_player
from pos.journal import JournalEntry, JournalQuery, correction, document_text, player_name
from pos.money import format_money, to_money
from pos.payouts import (
    PayoutNote,
    PayoutPeriod,
    last_event_day,
    payable_amount,
    payout_period,
    pays_same_day,
)
from pos.permissions import Permission
from pos.ports import PreviewLine, UnitOfWork
from pos.results import Result
from pos.settings import ShopSettings
from pos.settlement import settle_slip
from pos.shifts import require_working
from pos.slips import SETTLED_STATUSES, CashKind, CashMovement, IdOutcome, Slip, SlipStatus
from pos.till import TillDesk

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


@dataclass(frozen=True)
class _Payout:
    entry: JournalEntry
    receipt: FiscalReceipt
    note: PayoutNote
    settings: ShopSettings


class PayoutDesk(TillDesk):
    """Payouts and the journal, for a signed-in desk."""

    def payout_quote(self, number: str) -> PayoutQuote:
        """The slip with its settlement, what it pays today, or why it is not paid.

        Raises:
            InvalidSlipNumber: a wrong check code (never looked up); UnknownSlip, SlipNotIssued.
        """
        with self._shop.unit_of_work() as uow:
            slip = find_slip(uow, number)
            settings = shop_settings.from_text(uow.settings.load())
            results = _results_of(uow, slip)
            paid = uow.journal.entries(JournalQuery(slip_number=slip.number))
        today = self._shop.clock.now().astimezone(settings.zone).date()
        settlement = (
            settle_slip(slip, results, cap=slip.payout_cap)
            if slip.status in SETTLED_STATUSES
            else None
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
        return PayoutQuote(
            slip,
            settlement.lines if settlement else (),
            amount,
            period,
            refusal,
            next((e for e in paid if not e.is_correction), None),
        )

    def pay_out(self, number: str, document: IdDocument | None) -> JournalEntry:
        """Pay a winning or refund slip to the player showing `document` (p.13).

        Returns:
            The journal entry.

        Raises:
            InvalidSlipNumber, UnknownSlip, SlipNotIssued, NotPayable, PayoutTooEarly,
            PayoutExpired: the slip is not paid; PayoutDocumentRequired, InvalidDocument,
            DocumentExpired, Underage: recorded, then raised; RegisterNotSet, PendingSlip,
            UnprintedReceipts: the receipt cannot be made; PayoutNotPrinted: the printer
            failed and nothing was done; PayoutNoteNotPrinted: the payout is made and its
            receipt printed, the player's note did not come out (`print_payout_note`).
        """
        # The printers are set up from the database at first use: before this transaction,
        # which holds the write lock while it prints (SQLite has one writer at a time).
        self._shop.station  # noqa: B018 - built here, used below
        with self._shop.unit_of_work() as uow:
            outcome = prepare_payout(uow, self._teller, self._shop.clock, number, document)
            if isinstance(outcome, Exception):
                uow.commit()  # the refused identity check is kept
                raise outcome
            try:
                with self._shop.printing() as station:
                    note_failed = station.print_payout(
                        outcome.note, outcome.receipt, outcome.settings
                    )
            except PrinterUnavailable as failure:
                uow.rollback()
                refused = PayoutNotPrinted(outcome.note.slip_number, failure)
            else:
                uow.commit()
                entry = outcome.entry
                if note_failed is not None:
                    self._record_print_failure(
                        f"квитанция выплаты, запись {entry.number}: {note_failed.detail}"
                    )
                    raise PayoutNoteNotPrinted(
                        entry.number, entry.slip_number, entry.amount, note_failed
                    )
                return entry
        self._record_print_failure(f"выплата по купону {refused.number}: {refused.cause.detail}")
        raise refused

    def print_payout_note(self, entry_number: int) -> None:
        """Print the player's payout note of a journal entry again (after it did not come out).

        Raises:
            JournalEntryUnknown; PrintFailed: it did not come out.
        """
        note, _receipt, settings = self._payout_papers(entry_number)
        try:
            with self._shop.printing() as station:
                station.print_payout_note(note, settings)
        except PrinterUnavailable as failure:
            raise PrintFailed("Квитанция о выплате", failure) from failure
        with self._shop.unit_of_work() as uow:
            self._audit(
                uow, AuditAction.RECEIPT_PRINTED, f"квитанция выплаты, запись {entry_number}"
            )
            uow.commit()

    def preview_payout(self, entry_number: int) -> list[PreviewLine]:
        """The payout's receipt and note as printed, for the screen (a virtual printer).

        Raises:
            JournalEntryUnknown: no such entry, or it is a correction (which prints nothing).
        """
        note, receipt, settings = self._payout_papers(entry_number)
        return self._shop.station.preview_payout(note, receipt, settings)

    def _payout_papers(self, entry_number: int) -> tuple[PayoutNote, FiscalReceipt, ShopSettings]:
        with self._shop.unit_of_work() as uow:
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

    # --- the journal ------------------------------------------------------------------------

    def journal(
        self,
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
        self._require(Permission.VIEW_JOURNAL)
        return self._shop.journal(
            date_from, date_to, cashier=cashier, min_amount=min_amount, max_amount=max_amount
        )

    def correct_journal_entry(
        self, number: int, *, player: str | None = None, document: str | None = None, reason: str
    ) -> JournalEntry:
        """Correct the player or document of a payout entry with a new entry (managers).

        What is not given repeats the entry corrected (its latest correction, if any). The
        new entry references the payout entry and pays nothing (pos.journal.correction).

        Raises:
            NotPermitted, JournalEntryUnknown, CorrectionOfCorrection, JournalCorrectionEmpty.
        """
        self._require(Permission.CORRECT_JOURNAL)
        why = " ".join(str(reason or "").split())
        if not why:
            raise JournalCorrectionEmpty("reason")
        if len(why) > CORRECTION_REASON:
            raise JournalCorrectionEmpty("too_long")
        with self._shop.unit_of_work() as uow:
            uow.settlement.lock()  # the journal's numbers are taken one payout at a time
            now = self._shop.clock.now()
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
                self.login,
                new_player,
                new_document,
                why,
            )
            uow.journal.add(entry)
            self._audit(
                uow,
                AuditAction.JOURNAL_CORRECTED,
                f"запись {entry.number} исправляет {old.number}: {why}",
            )
            uow.commit()
        return entry

    def journal_entry_now(self, number: int) -> JournalEntry:
        """The payout entry `number` — or the payout a correction `number` corrects — with the
        player and document as its latest correction states them: what a new correction of
        it starts from.

        Raises:
            NotPermitted, JournalEntryUnknown.
        """
        self._require(Permission.VIEW_JOURNAL)
        with self._shop.unit_of_work() as uow:
            found = _entry(uow, number)
            payout = found if found.corrects is None else _entry(uow, found.corrects)
            return _as_corrected(uow, payout)

    def export_journal_pdf(
        self, path_or_file: str | os.PathLike[str] | BinaryIO, date_from: date, date_to: date
    ) -> int:
        """Write the journal of the period as PDF (managers); returns its number of sheets.

        Raises:
            NotPermitted, InvalidPeriod; FileNotSaved: the file cannot be written.
        """
        self._require(Permission.EXPORT_JOURNAL)
        return self._shop._export_journal_pdf(self.login, path_or_file, date_from, date_to)


def prepare_payout(
    uow: UnitOfWork, teller: Teller, clock: Clock, number: str, document: IdDocument | None
) -> _Payout | Exception:
    """Check the slip and the player, and write the payout into the open unit of work.

    The time is read once the lock is held, so that the journal's numbers and its dates
    run in the same order.

    Returns:
        What to print before the commit, or a refused identity check to commit and raise.
    """
    uow.settlement.lock()
    now = clock.now()
    stored = uow.settings.load()
    slip = find_slip(uow, number, for_update=True, stored=stored)
    settings = shop_settings.from_text(stored)
    require_working(
        uow.shifts.open_for(teller.terminal, for_update=True), teller.terminal, now, settings.zone
    )
    results = _results_of(uow, slip)
    today = now.astimezone(settings.zone).date()
    amount = payable_amount(
        slip, results, today, settings.zone, same_day=pays_same_day(slip, settings)
    )
    checked = _check_player(uow, teller, now, settings, document)
    if isinstance(checked, Exception):
        return checked
    if not uow.slips.mark_paid(slip.number):
        raise NotPayable(slip.number, "paid")  # another terminal paid it in between
    receipt = fiscal.issue_receipt(
        uow,
        teller.terminal,
        ReceiptKind.EXPENSE,
        amount,
        now,
        teller.login,
        slip.number,
        printed=True,  # printed before the commit, or rolled back (PayoutDesk.pay_out)
    )
    entry = JournalEntry(
        number=uow.journal.next_number(),
        paid_at=now,
        player=player_name(checked),
        document=document_text(checked),
        amount=amount,
        fiscal_receipt_no=receipt.number,
        register_serial=receipt.register_serial,
        cashier=teller.login,
        slip_number=slip.number,
        terminal=teller.terminal,
    )
    uow.journal.add(entry)
    uow.slips.add_cash(
        CashMovement(now, teller.terminal, teller.login, CashKind.PAYOUT, -amount, slip.number)
    )
    detail = (
        f"{slip.number}: {format_money(amount)} руб., запись журнала {entry.number}, "
        f"чек {receipt.number}"
    )
    uow.audit.append(AuditRecord(now, teller.terminal, teller.login, AuditAction.PAID_OUT, detail))
    return _Payout(entry, receipt, _note(entry, slip, results, teller.terminal), settings)


def _check_player(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    settings: ShopSettings,
    document: IdDocument | None,
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
    found = uow.journal.get(number) if isinstance(number, int) else None
    if found is None:
        raise JournalEntryUnknown(number)
    return found


def _as_corrected(uow: UnitOfWork, payout: JournalEntry) -> JournalEntry:
    """The payout entry with the player and document of its latest correction, if any."""
    latest = uow.journal.entries(JournalQuery(slip_number=payout.slip_number))[-1]
    return dataclasses.replace(payout, player=latest.player, document=latest.document)


def _given(value: str | None, recorded: str, field: str) -> str:
    if value is None:
        return recorded
    text = " ".join(str(value).split())
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
        cashier=(cashier or "").strip() or None,
        min_amount=None if min_amount in (None, "") else to_money(min_amount),
        max_amount=None if max_amount in (None, "") else to_money(max_amount),
    )


__all__ = ["PayoutDesk", "PayoutQuote", "journal_query", "prepare_payout"]
