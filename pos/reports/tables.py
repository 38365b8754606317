"""A report as a table: its kind, title and period, its columns, rows, totals and notes, and
how its cells are written as text and CSV (pos.reports.builders fills them from facts)."""

from __future__ import annotations

import csv
import enum
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.core.money import format_money
from pos.payouts.errors import InvalidPeriod
from pos.till.shifts import ZERO

NO_OPERATIONS = "нет операций"


Cell = str | int | Decimal


class ReportKind(enum.StrEnum):
    """The reports a manager can print; the value is the command line's name for it."""

    SHIFTS = "shifts"
    TURNOVER = "turnover"
    LIABILITIES = "liabilities"
    CANCELLATIONS = "cancellations"
    UNPAID = "unpaid"
    EXPIRED = "expired"
    OFFICES = "offices"  # the chain by office (issue 18)
    EXCHANGE = "exchange"  # «Спрэдбетэкс» by day (issue 20)


TITLES = {
    ReportKind.SHIFTS: "Отчёт о сменах",
    ReportKind.TURNOVER: "Оборот по дням и видам спорта",
    ReportKind.LIABILITIES: "Открытые обязательства по событиям",
    ReportKind.CANCELLATIONS: "Отмены купонов в течение 5 минут",
    ReportKind.UNPAID: "Невыплаченные выигрыши у конца срока выплаты",
    ReportKind.EXPIRED: "Выигрыши с истёкшим сроком выплаты",
    ReportKind.OFFICES: "Пункты сети: оборот, выплаты, касса и обязательства",
    ReportKind.EXCHANGE: "«Спрэдбетэкс»: пари, комиссия и аннулированные предложения",
}


# Reports of the present moment rather than of a period.
SNAPSHOTS = frozenset({ReportKind.LIABILITIES, ReportKind.UNPAID})


@dataclass(frozen=True)
class Column:
    """A column of a report: its heading, its share of the width, whether it holds figures
    (right-aligned) and whether the totals row sums them."""

    title: str
    width: int
    figures: bool = False
    summed: bool = False


def _sum(title: str, width: int) -> Column:
    return Column(title, width, figures=True, summed=True)


@dataclass(frozen=True)
class Report:
    """A report ready to be drawn."""

    kind: ReportKind | None  # None: a listing of another room, e.g. the claims (issue 37)
    title: str
    period: str  # «Период: с 01.11.2026 по 30.11.2026», «По состоянию на 30.11.2026 14:05»
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    totals: tuple[Cell, ...] | None
    notes: tuple[str, ...]
    made_at: datetime  # shop-local
    # Whose figures: «Пункт M2 — Пункт приёма ставок № 2», «Вся сеть: 2 пункта»; "" in a
    # database of one office (issue 18).
    scope: str = ""

    @property
    def empty(self) -> bool:
        return not self.rows


@dataclass(frozen=True)
class Period:
    """Shop-local days, both included, and the moments they span (`since` in, `until` out)."""

    date_from: date
    date_to: date
    zone: ZoneInfo

    @classmethod
    def of(cls, date_from: date, date_to: date, zone: ZoneInfo) -> Period:
        """Raises InvalidPeriod when the period ends before it starts."""
        if date_to < date_from:
            raise InvalidPeriod(date_from, date_to)
        return cls(date_from, date_to, zone)

    @property
    def since(self) -> datetime:
        return datetime.combine(self.date_from, time(), tzinfo=self.zone)

    @property
    def until(self) -> datetime:
        return datetime.combine(self.date_to + timedelta(days=1), time(), tzinfo=self.zone)

    @property
    def text(self) -> str:
        return f"Период: с {self.date_from:%d.%m.%Y} по {self.date_to:%d.%m.%Y}"


def cell_text(value: Cell, *, csv_file: bool = False) -> str:
    """A cell as printed: amounts «1 250,50» on paper and «1250,50» in a CSV file."""
    if isinstance(value, Decimal):
        text = format_money(value)
        return text.replace("\u00a0", "") if csv_file else text
    return str(value)


def to_csv(report: Report) -> str:
    """The report as CSV for a spreadsheet: «;» between cells, the decimal comma, the title
    and period on top, the totals and the notes below; an empty report says so."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([report.title])
    if report.scope:
        writer.writerow([report.scope])
    writer.writerow([report.period])
    writer.writerow([])
    writer.writerow([column.title for column in report.columns])
    if report.empty:
        writer.writerow([NO_OPERATIONS])
    for row in report.rows:
        writer.writerow([cell_text(cell, csv_file=True).replace("\n", " ") for cell in row])
    if report.totals is not None:
        writer.writerow([cell_text(cell, csv_file=True) for cell in report.totals])
    for note in report.notes:
        writer.writerow([note])
    writer.writerow([f"Сформирован {report.made_at:%d.%m.%Y %H:%M}"])
    return out.getvalue()


def _moment(moment: datetime | None, zone: ZoneInfo) -> str:
    return "" if moment is None else moment.astimezone(zone).strftime("%d.%m.%Y %H:%M")


def _report(
    kind: ReportKind,
    period: str,
    columns: tuple[Column, ...],
    rows: Sequence[tuple[Cell, ...]],
    notes: tuple[str, ...],
    made_at: datetime,
    *,
    counted: bool = False,
    totals: tuple[Cell, ...] | None = None,
) -> Report:
    """The report, with a totals row summing its summed columns (and saying how many rows
    there are when `counted`), unless `totals` is given; an empty report has none."""
    if totals is None and rows:
        totals = _totals(columns, rows, counted=counted)
    return Report(kind, TITLES[kind], period, columns, tuple(rows), totals, notes, made_at)


def _totals(
    columns: Sequence[Column], rows: Sequence[tuple[Cell, ...]], *, counted: bool
) -> tuple[Cell, ...]:
    cells: list[Cell] = [f"Итого: {len(rows)}" if counted else "Итого"]
    for index, column in enumerate(columns[1:], start=1):
        figures = [v for row in rows if isinstance(v := row[index], Decimal | int)]
        if not column.summed or not figures:
            cells.append("")
        elif all(isinstance(v, int) for v in figures):
            cells.append(sum(figures))
        else:
            cells.append(sum((Decimal(v) for v in figures), ZERO))
    return tuple(cells)
