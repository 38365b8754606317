"""The read side of the manager's reports: the pos.core.ports ReportQueries (pos.reports.builders).

Each report is one or two grouped queries; amounts are summed in the database as the integer
kopecks stored (db.shifts `kopecks`), never read back as roubles and summed as such.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from decimal import Decimal

from sqlalchemy import ColumnElement, Select, and_, func, or_, select, type_coerce
from sqlalchemy.orm import InstrumentedAttribute, Session

from db.shifts import kopecks, roubles, shift_of
from db.sports import sport_of
from db.tables import (
    CashMovementRow,
    CashTransferRow,
    EventResultRow,
    EventRow,
    JournalEntryRow,
    OfficeRow,
    SettlementRow,
    ShiftRow,
    SlipLegRow,
    SlipRow,
)
from db.types import UTCDateTime
from pos.betting.slips import SlipStatus
from pos.line.events import Sport
from pos.reports.builders import CancelledSlip, EventLiability, SalesHour, ShiftFacts, Tally
from pos.reports.chain import OfficeFacts
from pos.reports.wins import UnpaidWin
from pos.till.shifts import CashKind, TransferKind

_ISSUED = (
    SlipStatus.OPEN.value,
    SlipStatus.PAID.value,
    SlipStatus.CANCELLED.value,
    SlipStatus.CASHED_OUT.value,  # issue 38: its stake was taken like any other
)


class SqlReportQueries:
    """The facts of the reports, read in the unit of work's transaction."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def shifts(self, since: datetime, until: datetime, office: str | None) -> list[ShiftFacts]:
        """Shifts opened in [since, until) with the cash that moved in each, by kind."""
        shifts = [
            shift_of(row)
            for row in self._session.scalars(
                select(ShiftRow)
                .where(
                    ShiftRow.opened_at >= since,
                    ShiftRow.opened_at < until,
                    *_of(ShiftRow.office, office),
                )
                .order_by(ShiftRow.opened_at, ShiftRow.id)
            )
        ]
        if not shifts:
            return []
        cash: dict[int, dict[CashKind, Tally]] = defaultdict(dict)
        # A movement belongs to the shift open at its terminal when it was made.
        moved = (
            select(ShiftRow.id, CashMovementRow.kind, func.count(), kopecks(CashMovementRow.amount))
            .join(
                CashMovementRow,
                and_(
                    CashMovementRow.terminal == ShiftRow.terminal,
                    CashMovementRow.at >= ShiftRow.opened_at,
                    or_(ShiftRow.closed_at.is_(None), CashMovementRow.at <= ShiftRow.closed_at),
                ),
            )
            .where(ShiftRow.id.in_([s.id for s in shifts]))
            .group_by(ShiftRow.id, CashMovementRow.kind)
        )
        for shift_id, kind, count, total in self._session.execute(moved):
            cash[shift_id][CashKind(kind)] = Tally(count, roubles(total))
        transfers: dict[int, dict[TransferKind, Tally]] = defaultdict(dict)
        handed = (
            select(
                CashTransferRow.shift_id,
                CashTransferRow.kind,
                func.count(),
                kopecks(CashTransferRow.amount),
            )
            .where(CashTransferRow.shift_id.in_([s.id for s in shifts]))
            .group_by(CashTransferRow.shift_id, CashTransferRow.kind)
        )
        for shift_id, kind, count, total in self._session.execute(handed):
            transfers[shift_id][TransferKind(kind)] = Tally(count, roubles(total))
        return [ShiftFacts(s, cash[s.id], transfers[s.id]) for s in shifts]

    def sales(self, since: datetime, until: datetime, office: str | None) -> list[SalesHour]:
        """Slips issued in [since, until), counted by the hour, sport and cancellation."""
        per_slip = (
            select(
                SlipRow.issued_at,
                SlipRow.stake,
                SlipRow.status,
                func.min(EventRow.sport).label("first"),
                func.max(EventRow.sport).label("last"),
            )
            .join(SlipLegRow, SlipLegRow.slip_id == SlipRow.id)
            .join(EventRow, EventRow.id == SlipLegRow.event_id)
            .where(
                SlipRow.issued_at >= since,
                SlipRow.issued_at < until,
                SlipRow.status.in_(_ISSUED),
                *_of(SlipRow.office, office),
            )
            .group_by(SlipRow.id)
            .subquery()
        )
        hour = self._hour(per_slip.c.issued_at)
        cancelled = per_slip.c.status == SlipStatus.CANCELLED.value
        query = select(
            hour, per_slip.c.first, per_slip.c.last, cancelled, func.count(),
            kopecks(per_slip.c.stake),
        ).group_by(hour, per_slip.c.first, per_slip.c.last, cancelled)  # fmt: skip
        return [
            SalesHour(at, sport, bool(gone), Tally(n, roubles(total)), game)
            for at, first, last, gone, n, total in self._session.execute(query)
            for sport, game in [_sport(first, last)]
        ]

    def _hour(self, moment: ColumnElement[datetime]) -> ColumnElement[datetime]:
        """The start of a moment's hour, as a moment (the storage's own text or timestamp)."""
        if self._session.get_bind().dialect.name == "sqlite":
            # "2026-11-30T09:41:07.000000Z" (db.types): the hour is its first 13 characters.
            start = func.substr(moment, 1, 13).concat(":00:00.000000Z")
            return type_coerce(start, UTCDateTime())
        return type_coerce(func.date_trunc("hour", moment), UTCDateTime())

    def liabilities(self, office: str | None) -> tuple[list[EventLiability], Tally, Decimal]:
        """Open, unsettled slips by event, and all of them counted once."""
        unsettled = (
            SlipRow.status == SlipStatus.OPEN.value,
            ~select(SettlementRow.slip_id).where(SettlementRow.slip_id == SlipRow.id).exists(),
            *_of(SlipRow.office, office),
        )
        # A slip has one leg per event (the betting rules refuse two picks on one event).
        by_event = (
            select(
                SlipLegRow.event_id,
                func.count(),
                kopecks(SlipRow.stake),
                kopecks(SlipRow.possible_payout),
                func.max(SlipRow.possible_payout),
            )
            .join(SlipRow, SlipRow.id == SlipLegRow.slip_id)
            .where(*unsettled)
            .group_by(SlipLegRow.event_id)
        )
        figures = {row[0]: row[1:] for row in self._session.execute(by_event)}
        events = self._session.scalars(select(EventRow).where(EventRow.id.in_(figures)))
        liabilities = [
            EventLiability(
                event.code,
                sport,
                event.home,
                event.away,
                event.starts_at,
                count,
                roubles(stakes),
                roubles(possible),
                largest,
                game,
            )
            for event in events
            for count, stakes, possible, largest in [figures[event.id]]
            for sport, game in [sport_of(event.sport)]
        ]
        count, stakes, possible = self._session.execute(
            select(func.count(), kopecks(SlipRow.stake), kopecks(SlipRow.possible_payout)).where(
                *unsettled
            )
        ).one()
        return liabilities, Tally(count, roubles(stakes)), roubles(possible)

    def cancellations(
        self, since: datetime, until: datetime, office: str | None
    ) -> list[CancelledSlip]:
        """Slips cancelled in the window in [since, until)."""
        rows = self._session.scalars(
            select(SlipRow).where(
                SlipRow.status == SlipStatus.CANCELLED.value,
                SlipRow.cancelled_at >= since,
                SlipRow.cancelled_at < until,
                *_of(SlipRow.office, office),
            )
        )
        return [
            CancelledSlip(
                row.number,
                row.issued_at,
                row.cancelled_at,
                row.terminal,
                row.cashier,
                row.cancelled_by or "",
                row.stake,
                row.cancel_reason or "",
            )
            for row in rows
            if row.cancelled_at is not None
        ]

    def unpaid_wins(
        self, ended_since: datetime, ended_until: datetime, office: str | None
    ) -> list[UnpaidWin]:
        """Slips settled won or refund and not paid whose last event ended in the range."""
        last_ended = func.max(EventResultRow.ended_at)
        query = (
            select(
                SlipRow.number,
                SlipRow.issued_at,
                SlipRow.terminal,
                SettlementRow.status,
                SettlementRow.payout,
                last_ended,
            )
            .join(SettlementRow, SettlementRow.slip_id == SlipRow.id)
            .join(SlipLegRow, SlipLegRow.slip_id == SlipRow.id)
            .join(EventResultRow, EventResultRow.event_id == SlipLegRow.event_id)
            .where(
                SlipRow.status == SlipStatus.OPEN.value,
                SettlementRow.status != "lost",
                # A slip is settled after its last event ended: the years of expired slips
                # are left out before the grouping.
                SettlementRow.settled_at >= ended_since,
                *_of(SlipRow.office, office),
            )
            .group_by(
                SlipRow.id,
                SlipRow.number,
                SlipRow.issued_at,
                SlipRow.terminal,
                SettlementRow.status,
                SettlementRow.payout,
            )
            .having(last_ended >= ended_since, last_ended < ended_until)
        )
        return [
            UnpaidWin(number, issued_at, terminal, status == "refund", payout, ended)
            for number, issued_at, terminal, status, payout, ended in self._session.execute(query)
        ]

    def offices(self, since: datetime, until: datetime) -> list[OfficeFacts]:
        """Each office's figures of [since, until) and of now, by code."""
        issued = self._by_office(
            select(SlipRow.office, func.count(), kopecks(SlipRow.stake)).where(
                SlipRow.issued_at >= since,
                SlipRow.issued_at < until,
                SlipRow.status.in_(_ISSUED),
            )
        )
        cancelled = self._by_office(
            select(SlipRow.office, func.count(), kopecks(SlipRow.stake)).where(
                SlipRow.issued_at >= since,
                SlipRow.issued_at < until,
                SlipRow.status == SlipStatus.CANCELLED.value,
            )
        )
        paid = self._by_office(
            select(JournalEntryRow.office, func.count(), kopecks(JournalEntryRow.amount)).where(
                JournalEntryRow.paid_at >= since,
                JournalEntryRow.paid_at < until,
                JournalEntryRow.corrects.is_(None),
            )
        )
        drawers = self._by_office(
            select(ShiftRow.office, func.count(), kopecks(ShiftRow.drawer)).where(
                ShiftRow.state == "open"
            )
        )
        unsettled = (
            ~select(SettlementRow.slip_id).where(SettlementRow.slip_id == SlipRow.id).exists()
        )
        liable = self._by_office(
            select(SlipRow.office, func.count(), kopecks(SlipRow.possible_payout)).where(
                SlipRow.status == SlipStatus.OPEN.value, unsettled
            )
        )
        rows = self._session.execute(
            select(OfficeRow.code, OfficeRow.name).order_by(OfficeRow.code)
        )
        return [
            OfficeFacts(
                code,
                name,
                issued.get(code, Tally()),
                cancelled.get(code, Tally()),
                paid.get(code, Tally()),
                drawers.get(code, Tally()).amount,
                liable.get(code, Tally()).amount,
            )
            for code, name in rows
        ]

    def _by_office(self, query: Select[str, int, int]) -> dict[str, Tally]:
        """A count and a sum of kopecks per office (the query's three columns)."""
        grouped = query.group_by(query.selected_columns[0])
        return {
            str(row[0]): Tally(int(row[1]), roubles(row[2]))
            for row in self._session.execute(grouped)
        }


def _sport(first: str, last: str) -> tuple[Sport | None, str]:
    """The sport and game of a slip whose legs' stored sports run from `first` to `last`:
    (None, "") for an express over several."""
    return sport_of(first) if first == last else (None, "")


def _of(
    column: ColumnElement[str] | InstrumentedAttribute[str], office: str | None
) -> tuple[ColumnElement[bool], ...]:
    """The condition for one office's rows; none for the whole chain."""
    return () if office is None else (column == office,)
