"""The manager's reports (issue #7): what each one shows, worked out from the facts the
storage reads (pos.core.ports.ReportQueries), as a table any writer can draw — a PDF
(printing.reports), a CSV file (`to_csv`, here) or the window's table.

Every report has a title, its period (or the moment of a snapshot), columns, rows, a totals
row and notes saying what the figures mean; an empty report says «нет операций». Cells
keep their values (Decimal amounts, int counts, text); each writer formats them its way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.line.events import Sport
from pos.line.wording import sport_words
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
from pos.till.shifts import ZERO, CashKind, CashSummary, Shift, ShiftState, TransferKind

MIXED = "несколько видов"  # an express over events of different sports


def sport_name(sport: Sport, game: str = "") -> str:
    """A sport as the reports name it, the slip's words in lower case: "футбол"; a game's draws
    by its game's own words (issue 36), by its key if it is no longer installed."""
    return sport_words(sport, game).lower() or game


# --- the facts the storage reads (pos.core.ports.ReportQueries) ---------------------------------


@dataclass(frozen=True)
class Tally:
    """How many and how much (a signed sum, as the cash movements are recorded)."""

    count: int = 0
    amount: Decimal = ZERO

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.count + other.count, self.amount + other.amount)


@dataclass(frozen=True)
class ShiftFacts:
    """A shift and the cash that moved in it, by kind."""

    shift: Shift
    cash: dict[CashKind, Tally]
    transfers: dict[TransferKind, Tally]

    def summary(self) -> CashSummary:
        return CashSummary.of(
            self.shift.opening_cash,
            ((kind, tally.amount) for kind, tally in self.cash.items()),
            ((kind, tally.amount) for kind, tally in self.transfers.items()),
        )


@dataclass(frozen=True)
class SalesHour:
    """The slips issued in one hour (its start, on the hour in UTC) on one sport (None: an
    express over several), either cancelled in the window (their stakes given back) or not.

    Counted by the hour so that the storage sums a year of slips into a few thousand rows;
    an hour falls in one shop-local day when the shop's zone is a whole number of hours
    from UTC, as Europe/Minsk (UTC+3) is."""

    hour: datetime
    sport: Sport | None
    cancelled: bool
    slips: Tally
    game: str = ""  # the game's key for Sport.GAME (issue 36)


@dataclass(frozen=True)
class EventLiability:
    """What the open (unsettled) slips with a leg on one event could pay."""

    code: int
    sport: Sport
    home: str
    away: str
    starts_at: datetime
    slips: int
    stakes: Decimal
    possible: Decimal
    largest: Decimal
    game: str = ""  # the game's key for Sport.GAME (issue 36)


@dataclass(frozen=True)
class CancelledSlip:
    """A slip cancelled in the 5-minute window."""

    number: str
    issued_at: datetime
    cancelled_at: datetime
    terminal: str
    cashier: str
    cancelled_by: str
    stake: Decimal
    reason: str


# --- the reports ---------------------------------------------------------------------------


def shifts_report(facts: Sequence[ShiftFacts], period: Period, made_at: datetime) -> Report:
    """Every shift opened in the period with its cash: float, stakes, returns, payouts, the
    players' accounts' deposits and withdrawals each in its own column (issue 34), cash in
    and out, expected, counted and the difference (an open shift: expected so far)."""
    zone = period.zone
    columns = (
        # Widths so that every heading keeps its words whole and a difference of thousands
        # fits its column (issue 34 added the accounts' two columns).
        Column("Смена", 6, figures=True),
        Column("Касса", 6),
        Column("Открыта", 10),
        Column("Закрыта", 10),
        # A float, the expected and the counted cash are what a drawer held at one moment:
        # summed over shifts they count the same cash twice (issue 34), so no total.
        Column("Размен", 9, figures=True),
        _sum("Купонов", 7),
        _sum("Ставки", 9),
        _sum("Возвраты", 8),
        _sum("Выплаты", 8),
        _sum("Выкуп ставок", 8),
        _sum("Пополнения счетов", 10),
        _sum("Выплаты со счетов", 9),
        _sum("Внесено", 8),
        _sum("Изъято", 8),
        Column("Ожидалось", 10, figures=True),
        Column("Пересчитано", 11, figures=True),
        _sum("Разница", 10),
    )
    rows: list[tuple[Cell, ...]] = []
    for fact in sorted(facts, key=lambda f: (f.shift.opened_at, f.shift.id)):
        shift, cash = fact.shift, fact.summary()
        closed = shift.state is ShiftState.CLOSED and shift.closed_at is not None
        rows.append(
            (
                shift.id,
                shift.terminal,
                f"{_moment(shift.opened_at, zone)}\n{shift.opened_by}",
                f"{_moment(shift.closed_at, zone)}\n{shift.closed_by}"
                if closed and shift.closed_at
                else "открыта",
                cash.opening,
                fact.cash.get(CashKind.STAKE, Tally()).count,
                cash.stakes,
                cash.returns,
                cash.payouts,
                cash.cashouts,
                cash.deposits,
                cash.withdrawals,
                cash.cash_in,
                cash.cash_out,
                shift.expected if closed and shift.expected is not None else cash.expected,
                shift.counted if closed and shift.counted is not None else "",
                shift.counted - shift.expected
                if closed and shift.counted is not None and shift.expected is not None
                else "",
            )
        )
    notes = (
        "Ставки, возвраты и выплаты — по купонам; пополнения и выплаты со счетов — деньги "
        "счетов игроков, не оборот ставок. Ожидалось = размен + ставки − возвраты − выплаты − "
        "выкуп ставок + пополнения счетов − выплаты со счетов + внесено − изъято; у открытой "
        "смены — на момент отчёта.",
        "Разница = пересчитано − ожидалось: минус — недостача, плюс — излишек. Размен, "
        "ожидалось и пересчитано — остатки кассы в один момент, в итог они не складываются.",
    )
    return _report(ReportKind.SHIFTS, period.text, columns, rows, notes, made_at)


def turnover_report(sales: Iterable[SalesHour], period: Period, made_at: datetime) -> Report:
    """Stakes taken, returned in the window and kept, by shop-local day and sport."""
    by_day: dict[tuple[date, str], tuple[Tally, Tally]] = {}
    for sold in sales:
        key = (
            sold.hour.astimezone(period.zone).date(),
            MIXED if sold.sport is None else sport_name(sold.sport, sold.game),
        )
        taken, returned = by_day.get(key, (Tally(), Tally()))
        by_day[key] = (taken + sold.slips, returned + sold.slips if sold.cancelled else returned)
    columns = (
        Column("Дата", 10),
        Column("Вид спорта", 14),
        _sum("Купонов", 8),
        _sum("Ставки, руб.", 12),
        _sum("Отменено", 8),
        _sum("Возвращено, руб.", 12),
        _sum("Оборот, руб.", 12),
    )
    rows = [
        (
            f"{day:%d.%m.%Y}",
            sport,
            taken.count,
            taken.amount,
            returned.count,
            returned.amount,
            taken.amount - returned.amount,
        )
        for (day, sport), (taken, returned) in sorted(by_day.items())
    ]
    notes = (
        "Оборот = ставки − возвращённые при отмене в течение 5 минут.",
        f"Экспресс на события разных видов спорта учтён в строке «{MIXED}».",
    )
    return _report(ReportKind.TURNOVER, period.text, columns, rows, notes, made_at)


def liabilities_report(
    events: Sequence[EventLiability],
    total: Tally,
    total_possible: Decimal,
    zone: ZoneInfo,
    made_at: datetime,
) -> Report:
    """What open slips could pay, by event, largest first; `total`: the open slips counted
    once each (an express is under every one of its events) and `total_possible` theirs."""
    columns = (
        Column("Код", 6, figures=True),
        Column("Событие", 30),
        Column("Вид спорта", 10),
        Column("Начало", 11),
        Column("Купонов", 7, figures=True),
        Column("Ставки, руб.", 11, figures=True),
        Column("Возможная выплата, руб.", 13, figures=True),
        Column("Наибольшая, руб.", 12, figures=True),
    )
    rows = [
        (
            e.code,
            f"{e.home} — {e.away}",
            sport_name(e.sport, e.game),
            _moment(e.starts_at, zone),
            e.slips,
            e.stakes,
            e.possible,
            e.largest,
        )
        for e in sorted(events, key=lambda e: (-e.possible, e.starts_at, e.code))
    ]
    notes = (
        "Открытые купоны — принятые и ещё не рассчитанные. Экспресс входит в строку каждого "
        "своего события; итог считает каждый купон один раз.",
    )
    totals: tuple[Cell, ...] = ("Итого", "", "", "", total.count, total.amount, total_possible, "")
    return _report(
        ReportKind.LIABILITIES,
        f"По состоянию на {_moment(made_at, zone)}",
        columns,
        rows,
        notes,
        made_at,
        totals=totals if rows else None,
    )


def cancellations_report(
    slips: Iterable[CancelledSlip], period: Period, made_at: datetime
) -> Report:
    """Every slip cancelled in the window during the period, with who and why."""
    zone = period.zone
    columns = (
        Column("Купон", 11),
        Column("Принят", 10),
        Column("Отменён", 10),
        Column("Касса", 8),
        Column("Кассир", 9),
        Column("Отменил", 9),
        _sum("Ставка, руб.", 10),
        Column("Причина", 33),
    )
    rows = [
        (
            s.number,
            _moment(s.issued_at, zone),
            _moment(s.cancelled_at, zone),
            s.terminal,
            s.cashier,
            s.cancelled_by,
            s.stake,
            s.reason,
        )
        for s in sorted(slips, key=lambda s: (s.cancelled_at, s.number))
    ]
    return _report(ReportKind.CANCELLATIONS, period.text, columns, rows, (), made_at, counted=True)
