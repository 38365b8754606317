"""The manager's reports as use cases: build one, save it as PDF or CSV (issue #7).

A report is read in one transaction (a consistent picture of the shop at that moment) and
drawn by pos.reports.builders; saving it is recorded in the audit trail with who asked. The window,
the command line (`main.py report`) and the tests call these same functions.
"""

from __future__ import annotations

import dataclasses
import enum
import os
from datetime import date, datetime, timedelta
from typing import BinaryIO

from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.files import saving
from pos.core.ports import UnitOfWork
from pos.offices.use_cases import readable_office
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.reports.builders import (
    cancellations_report,
    liabilities_report,
    shifts_report,
    turnover_report,
)
from pos.reports.cashless import with_cashless
from pos.reports.chain import offices_report
from pos.reports.games import exchange_report
from pos.reports.tables import Period, Report, ReportKind, to_csv
from pos.reports.wins import expired_report, expired_window, unpaid_report, unpaid_window

# `report(..., office=WHOLE_CHAIN)`: the figures of every office together.
WHOLE_CHAIN = "*"


class ReportFormat(enum.StrEnum):
    """What a report is saved as."""

    PDF = "pdf"
    CSV = "csv"


def report(
    ctx: Context,
    actor: Actor,
    kind: ReportKind,
    date_from: date,
    date_to: date,
    *,
    office: str | None = None,
) -> Report:
    """The report of the shop-local days `date_from`..`date_to` (a snapshot report —
    open liabilities, unpaid winnings — is of the present moment and ignores them), read in
    one transaction: of this terminal's office (None), of another office or of the whole
    chain (`WHOLE_CHAIN`) with the head's right. The chain's report by office
    (ReportKind.OFFICES) is of the whole chain.

    Raises:
        NotPermitted, OtherOfficesJournal, UnknownOffice, InvalidPeriod.
    """
    actor.require(Permission.REPORTS)
    whole = office == WHOLE_CHAIN or kind is ReportKind.OFFICES
    if whole:
        actor.require(Permission.CHAIN)
    code = None if whole else readable_office(ctx, actor, office)
    with ctx.reports_unit_of_work() as uow:
        zone = shop_settings.from_text(uow.settings.load()).zone
        made_at = ctx.clock.now().astimezone(zone)
        period = Period.of(date_from, date_to, zone)
        if kind is ReportKind.OFFICES:
            built = offices_report(uow.reports.offices(period.since, period.until), period, made_at)
        elif kind is ReportKind.EXCHANGE:
            paris, lapsed = uow.exchange.facts(period.since, period.until, code)
            built = exchange_report(paris, lapsed, period, made_at)
        else:
            built = _build(uow, kind, period, made_at, code)
        offices = uow.offices.list()
    if len(offices) == 1:
        return built  # one office is the whole shop, as before offices
    if code is None:
        scope = f"Вся сеть: пунктов {len(offices)} ({', '.join(o.code for o in offices)})"
    else:
        scope = next(f"Пункт {o.code} — {o.name}, {o.address}" for o in offices if o.code == code)
    return dataclasses.replace(built, scope=scope)


def _build(
    uow: UnitOfWork, kind: ReportKind, period: Period, made_at: datetime, office: str | None
) -> Report:
    queries, today, zone = uow.reports, made_at.date(), period.zone
    since, until = period.since, period.until
    match kind:
        case ReportKind.SHIFTS:
            built = shifts_report(queries.shifts(since, until, office), period, made_at)
            # Cash in the columns, transfers in a note (issue 37): `until` is the next day's.
            last = until - timedelta(microseconds=1)
            return with_cashless(built, uow.transfers.totals(since, last, office=office))
        case ReportKind.TURNOVER:
            return turnover_report(queries.sales(since, until, office), period, made_at)
        case ReportKind.LIABILITIES:
            events, total, possible = queries.liabilities(office)
            return liabilities_report(events, total, possible, zone, made_at)
        case ReportKind.CANCELLATIONS:
            slips = queries.cancellations(since, until, office)
            return cancellations_report(slips, period, made_at)
        case ReportKind.UNPAID:
            wins = queries.unpaid_wins(*unpaid_window(today, zone), office)
            return unpaid_report(wins, today, zone, made_at)
        case ReportKind.EXPIRED:
            wins = queries.unpaid_wins(*expired_window(period), office)
            return expired_report(wins, period, today, made_at)

    raise ValueError(f"not a report of one office: {kind}")


def export_report(
    ctx: Context,
    actor: Actor,
    kind: ReportKind,
    path_or_file: str | os.PathLike[str] | BinaryIO,
    date_from: date,
    date_to: date,
    file_format: ReportFormat = ReportFormat.PDF,
    *,
    office: str | None = None,
) -> int:
    """Save the report (of an office or of the chain, as `report` says) as PDF (returns its
    pages) or CSV (returns 1); who saved which report is recorded in the audit trail.

    Raises:
        NotPermitted, OtherOfficesJournal, UnknownOffice, InvalidPeriod; FileNotSaved: the
        file cannot be written.
    """
    built = report(ctx, actor, kind, date_from, date_to, office=office)
    detail = f"{built.title}, {built.period}: строк {len(built.rows)}, {file_format.value.upper()}"
    if built.scope:
        detail += f"; {built.scope}"
    return save_report(ctx, actor, built, path_or_file, file_format, detail)


def save_report(
    ctx: Context,
    actor: Actor,
    built: Report,
    path_or_file: str | os.PathLike[str] | BinaryIO,
    file_format: ReportFormat,
    detail: str,
) -> int:
    """Write a built report as PDF (returns its pages) or CSV (returns 1), then record who
    saved it, `detail` saying which, in the audit trail (the reports, the liability board,
    the claims' register).

    Raises:
        FileNotSaved: the file cannot be written.
    """
    settings = ctx.settings()
    with saving(path_or_file):
        if file_format is ReportFormat.CSV:
            pages = _write_csv(path_or_file, built)
        else:
            pages = ctx.write_report(
                path_or_file,
                built,
                shop_name=settings.shop_name,
                licence=settings.licence_number,
                address=settings.address,
            )
    with ctx.unit_of_work() as uow:
        actor.audit(ctx, uow, AuditAction.REPORT_SAVED, detail)
        uow.commit()
    return pages


def _write_csv(path_or_file: str | os.PathLike[str] | BinaryIO, report: Report) -> int:
    # UTF-8 with a byte-order mark: spreadsheets then read the Cyrillic right.
    data = to_csv(report).encode("utf-8-sig")
    if isinstance(path_or_file, str | os.PathLike):
        with open(path_or_file, "wb") as file:
            file.write(data)
    else:
        path_or_file.write(data)
    return 1
