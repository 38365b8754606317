"""The reports of winnings not paid: those whose last payout day is near (NEAR_LIMIT_DAYS) and
those whose last day fell in the period, with the days they cover."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.payouts.rules import PayoutPeriod, payout_period
from pos.reports.tables import (
    Cell,
    Column,
    Period,
    Report,
    ReportKind,
    _moment,
    _report,
    _sum,
)

NEAR_LIMIT_DAYS = 7  # "near their one-month limit": the last payout day within a week


@dataclass(frozen=True)
class UnpaidWin:
    """A slip settled as won or refunded and not paid; `last_ended_at`: its last event's end."""

    number: str
    issued_at: datetime
    terminal: str
    refund: bool
    payout: Decimal
    last_ended_at: datetime

    def period(self, zone: ZoneInfo) -> PayoutPeriod:
        return payout_period(self.last_ended_at.astimezone(zone).date())


def unpaid_report(
    wins: Iterable[UnpaidWin], today: date, zone: ZoneInfo, made_at: datetime
) -> Report:
    """Won or refunded slips not paid whose last payout day is today or within the next
    NEAR_LIMIT_DAYS days, the nearest first."""
    near = [
        (win, period)
        for win in wins
        if today <= (period := win.period(zone)).last_day <= today + timedelta(NEAR_LIMIT_DAYS)
    ]
    rows = [
        (
            *_win_cells(win, period, zone),
            f"{period.first_day:%d.%m.%Y}",
            f"{period.last_day:%d.%m.%Y}",
            (period.last_day - today).days,
        )
        for win, period in sorted(near, key=lambda wp: (wp[1].last_day, wp[0].number))
    ]
    columns = (
        *_WIN_COLUMNS,
        Column("Выплата с", 10),
        Column("Выплата по", 10),
        Column("Осталось дней", 8, figures=True),
    )
    notes = (
        f"Купоны, срок выплаты которых истекает в ближайшие {NEAR_LIMIT_DAYS} дней "
        "(п. 23: один месяц со дня последнего события).",
    )
    return _report(
        ReportKind.UNPAID,
        f"По состоянию на {_moment(made_at, zone)}",
        columns,
        rows,
        notes,
        made_at,
        counted=True,
    )


def expired_report(
    wins: Iterable[UnpaidWin], period: Period, today: date, made_at: datetime
) -> Report:
    """Won or refunded slips not paid whose last payout day fell in the period and is past."""
    zone = period.zone
    expired = [
        (win, payout)
        for win in wins
        if (payout := win.period(zone)).last_day < today
        and period.date_from <= payout.last_day <= period.date_to
    ]
    rows = [
        (*_win_cells(win, payout, zone), f"{payout.last_day:%d.%m.%Y}")
        for win, payout in sorted(expired, key=lambda wp: (wp[1].last_day, wp[0].number))
    ]
    columns = (*_WIN_COLUMNS, Column("Срок выплаты истёк после", 14))
    notes = ("Срок выплаты — один месяц со дня последнего события купона (п. 23).",)
    return _report(ReportKind.EXPIRED, period.text, columns, rows, notes, made_at, counted=True)


_WIN_COLUMNS = (
    Column("Купон", 12),
    Column("Принят", 11),
    Column("Касса", 9),
    Column("Итог", 9),
    _sum("Сумма, руб.", 11),
    Column("Последнее событие", 11),
)


def _win_cells(win: UnpaidWin, period: PayoutPeriod, zone: ZoneInfo) -> tuple[Cell, ...]:
    return (
        win.number,
        _moment(win.issued_at, zone),
        win.terminal,
        "возврат" if win.refund else "выигрыш",
        win.payout,
        f"{period.first_day - timedelta(days=1):%d.%m.%Y}",
    )


def unpaid_window(today: date, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """The moments the last events of the unpaid report's slips ended within (a little
    wider than needed; the report keeps the exact ones)."""
    return _days(today - timedelta(days=32), today + timedelta(days=NEAR_LIMIT_DAYS - 26), zone)


def expired_window(period: Period) -> tuple[datetime, datetime]:
    """The same for the expired report of `period`."""
    return _days(
        period.date_from - timedelta(days=32), period.date_to - timedelta(days=26), period.zone
    )


def _days(first: date, last: date, zone: ZoneInfo) -> tuple[datetime, datetime]:
    return (
        datetime.combine(first, time(), tzinfo=zone),
        datetime.combine(last + timedelta(days=1), time(), tzinfo=zone),
    )
