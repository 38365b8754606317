"""The manager's reports as use cases: build one, save it as PDF or CSV (issue #7).

A report is read in one transaction (a consistent picture of the shop at that moment) and
drawn by pos.reports.builders; saving it is recorded in the audit trail with who asked. The window,
the command line (`main.py report`) and the tests call these same functions.
"""

from __future__ import annotations

import enum
import os
from datetime import date, datetime
from typing import BinaryIO

from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.files import saving
from pos.core.ports import UnitOfWork
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.reports.builders import (
    cancellations_report,
    liabilities_report,
    shifts_report,
    turnover_report,
)
from pos.reports.tables import Period, Report, ReportKind, to_csv
from pos.reports.wins import expired_report, expired_window, unpaid_report, unpaid_window


class ReportFormat(enum.StrEnum):
    """What a report is saved as."""

    PDF = "pdf"
    CSV = "csv"


def report(ctx: Context, actor: Actor, kind: ReportKind, date_from: date, date_to: date) -> Report:
    """The report of the shop-local days `date_from`..`date_to` (a snapshot report —
    open liabilities, unpaid winnings — is of the present moment and ignores them), read in
    one transaction.

    Raises:
        NotPermitted, InvalidPeriod.
    """
    actor.require(Permission.REPORTS)
    with ctx.unit_of_work() as uow:
        zone = shop_settings.from_text(uow.settings.load()).zone
        made_at = ctx.clock.now().astimezone(zone)
        return _build(uow, kind, Period.of(date_from, date_to, zone), made_at)


def _build(uow: UnitOfWork, kind: ReportKind, period: Period, made_at: datetime) -> Report:
    queries, today, zone = uow.reports, made_at.date(), period.zone
    match kind:
        case ReportKind.SHIFTS:
            return shifts_report(queries.shifts(period.since, period.until), period, made_at)
        case ReportKind.TURNOVER:
            return turnover_report(queries.sales(period.since, period.until), period, made_at)
        case ReportKind.LIABILITIES:
            events, total, possible = queries.liabilities()
            return liabilities_report(events, total, possible, zone, made_at)
        case ReportKind.CANCELLATIONS:
            slips = queries.cancellations(period.since, period.until)
            return cancellations_report(slips, period, made_at)
        case ReportKind.UNPAID:
            wins = queries.unpaid_wins(*unpaid_window(today, zone))
            return unpaid_report(wins, today, zone, made_at)
        case ReportKind.EXPIRED:
            wins = queries.unpaid_wins(*expired_window(period))
            return expired_report(wins, period, today, made_at)


def export_report(
    ctx: Context,
    actor: Actor,
    kind: ReportKind,
    path_or_file: str | os.PathLike[str] | BinaryIO,
    date_from: date,
    date_to: date,
    file_format: ReportFormat = ReportFormat.PDF,
) -> int:
    """Save the report as PDF (returns its pages) or CSV (returns 1); who saved which report
    is recorded in the audit trail.

    Raises:
        NotPermitted, InvalidPeriod; FileNotSaved: the file cannot be written.
    """
    built = report(ctx, actor, kind, date_from, date_to)
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
        detail = (
            f"{built.title}, {built.period}: строк {len(built.rows)}, {file_format.value.upper()}"
        )
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
