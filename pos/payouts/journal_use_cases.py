"""The cash payout journal as a manager keeps it: its entries by period, cashier or amount, a
correction of an entry's player or document, the journal as PDF (item 47, the appendix)."""

from __future__ import annotations

import dataclasses
import os
from datetime import date, datetime, time, timedelta
from typing import BinaryIO
from zoneinfo import ZoneInfo

from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.files import saving
from pos.core.inputs import LOGIN, MAX_INTEGER, NO_LIMIT, clean_text, shown
from pos.core.money import to_money
from pos.core.ports import UnitOfWork
from pos.offices.use_cases import readable_office
from pos.payouts.errors import (
    CorrectionOfCorrection,
    InvalidPeriod,
    JournalCorrectionEmpty,
    JournalEntryUnknown,
)
from pos.payouts.journal import JournalEntry, JournalHeading, JournalQuery, correction
from pos.people.actor import Actor
from pos.people.permissions import Permission

JOURNAL_TEXT = 300  # the longest player or document text of a journal line (db.tables)
CORRECTION_REASON = 200


def journal(
    ctx: Context,
    actor: Actor,
    date_from: date | None = None,
    date_to: date | None = None,
    *,
    cashier: str | None = None,
    min_amount: object = None,
    max_amount: object = None,
    office: str | None = None,
) -> list[JournalEntry]:
    """An office's journal entries in number order (None: this terminal's office; another
    one's with the head's right): shop-local days (both included), a cashier, an amount
    range (both included); a filter left None is not applied.

    Raises:
        NotPermitted, OtherOfficesJournal, UnknownOffice; InvalidPeriod: the period ends
        before it starts; InvalidAmount.
    """
    actor.require(Permission.VIEW_JOURNAL)
    code = readable_office(ctx, actor, office)
    with ctx.unit_of_work() as uow:
        zone = shop_settings.from_text(uow.settings.load()).zone
        query = journal_query(zone, date_from, date_to, cashier, min_amount, max_amount)
        return uow.journal.entries(dataclasses.replace(query, office=code))


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
        old = _entry(uow, ctx.office, number)
        if old.corrects is not None:
            raise CorrectionOfCorrection(old.number, old.corrects)
        latest = _as_corrected(uow, old)
        new_player = _given(player, latest.player, "player")
        new_document = _given(document, latest.document, "document")
        if (new_player, new_document) == (latest.player, latest.document):
            raise JournalCorrectionEmpty("same")
        entry = correction(
            old,
            uow.journal.next_number(ctx.office),
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
        found = _entry(uow, ctx.office, number)
        payout = found if found.corrects is None else _entry(uow, ctx.office, found.corrects)
        return _as_corrected(uow, payout)


def export_journal_pdf(
    ctx: Context,
    actor: Actor,
    path_or_file: str | os.PathLike[str] | BinaryIO,
    date_from: date,
    date_to: date,
    *,
    office: str | None = None,
) -> int:
    """Write an office's journal (None: this terminal's office) of the shop-local days
    `date_from`..`date_to` as PDF (A4 landscape, the appendix's columns, a certification page
    naming the office; managers); returns its number of sheets. Recorded in the audit trail.

    Raises:
        NotPermitted, OtherOfficesJournal, UnknownOffice, InvalidPeriod; FileNotSaved: the
        file cannot be written.
    """
    actor.require(Permission.EXPORT_JOURNAL)
    code = readable_office(ctx, actor, office)
    entries = journal(ctx, actor, date_from, date_to, office=code)
    with ctx.unit_of_work() as uow:
        settings = shop_settings.from_text(uow.settings.load(code))
        head = uow.audit.head(code)  # the chain of the office whose journal this is
    with saving(path_or_file):
        sheets = ctx.write_journal(
            path_or_file,
            entries,
            JournalHeading(
                settings.shop_name,
                settings.licence_number,
                settings.address,
                f"{settings.office_name} ({code})" if settings.office_name else code,
            ),
            date_from=date_from,
            date_to=date_to,
            zone=settings.zone,
            printed_at=ctx.clock.now(),
            chain_head=head,
        )
    numbers = f"записи {entries[0].number}–{entries[-1].number}" if entries else "записей нет"
    if code != ctx.office:
        numbers += f", пункт {code}"
    with ctx.unit_of_work() as uow:
        actor.audit(
            ctx,
            uow,
            AuditAction.JOURNAL_EXPORTED,
            f"{date_from:%d.%m.%Y}–{date_to:%d.%m.%Y}: {numbers}, листов {sheets}",
        )
        uow.commit()
    return sheets


def _entry(uow: UnitOfWork, office: str, number: object) -> JournalEntry:
    known = isinstance(number, int) and not isinstance(number, bool) and 0 < number <= MAX_INTEGER
    found = uow.journal.get(office, number) if known else None  # type: ignore[arg-type]
    if found is None:
        raise JournalEntryUnknown(shown(number))
    return found


def _as_corrected(uow: UnitOfWork, payout: JournalEntry) -> JournalEntry:
    """The payout entry with the player and document of its latest correction, if any."""
    query = JournalQuery(slip_number=payout.slip_number, office=payout.office)
    latest = uow.journal.entries(query)[-1]
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
