"""The read side of the manager's reports: the pos.ports ReportQueries (pos.reports).

Each report is one or two grouped queries; amounts are summed in the database as the integer
kopecks stored (db.shifts `kopecks`), never read back as roubles and summed as such.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from decimal import Decimal

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from db.shifts import kopecks, roubles, shift_of
from db.tables import (
    CashMovementRow,
    CashTransferRow,
    EventResultRow,
    EventRow,
    SettlementRow,
    ShiftRow,
    SlipLegRow,
    SlipRow,
)
from pos.line import Sport
from pos.reports import CancelledSlip, EventLiability, Sale, ShiftFacts, Tally, UnpaidWin
from pos.shifts import TransferKind
from pos.slips import CashKind, SlipStatus

_ISSUED = (SlipStatus.OPEN.value, SlipStatus.PAID.value, SlipStatus.CANCELLED.value)


class SqlReportQueries:
    """The facts of the reports, read in the unit of work's transaction."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def shifts(self, since: datetime, until: datetime) -> list[ShiftFacts]:
        """Shifts opened in [since, until) with the cash that moved in each, by kind."""
        shifts = [
            shift_of(row)
            for row in self._session.scalars(
                select(ShiftRow)
                .where(ShiftRow.opened_at >= since, ShiftRow.opened_at < until)
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

    def sales(self, since: datetime, until: datetime) -> list[Sale]:
        """Slips issued in [since, until), with their sport (None: several)."""
        query = (
            select(
                SlipRow.issued_at,
                SlipRow.stake,
                SlipRow.status,
                func.min(EventRow.sport),
                func.max(EventRow.sport),
            )
            .join(SlipLegRow, SlipLegRow.slip_id == SlipRow.id)
            .join(EventRow, EventRow.id == SlipLegRow.event_id)
            .where(
                SlipRow.issued_at >= since,
                SlipRow.issued_at < until,
                SlipRow.status.in_(_ISSUED),
            )
            .group_by(SlipRow.id, SlipRow.issued_at, SlipRow.stake, SlipRow.status)
        )
        return [
            Sale(
                issued_at,
                stake,
                Sport(first) if first == last else None,
                status == SlipStatus.CANCELLED.value,
            )
            for issued_at, stake, status, first, last in self._session.execute(query)
        ]

    def liabilities(self) -> tuple[list[EventLiability], Tally, Decimal]:
        """Open, unsettled slips by event, and all of them counted once."""
        open_slips = (
            select(SlipRow.id, SlipRow.stake, SlipRow.possible_payout)
            .outerjoin(SettlementRow, SettlementRow.slip_id == SlipRow.id)
            .where(SlipRow.status == SlipStatus.OPEN.value, SettlementRow.slip_id.is_(None))
            .subquery()
        )
        # A slip has one leg per event (the betting rules refuse two picks on one event).
        by_event = (
            select(
                EventRow,
                func.count(),
                kopecks(open_slips.c.stake),
                kopecks(open_slips.c.possible_payout),
                func.max(open_slips.c.possible_payout),
            )
            .join(SlipLegRow, SlipLegRow.event_id == EventRow.id)
            .join(open_slips, open_slips.c.id == SlipLegRow.slip_id)
            .group_by(EventRow.id)
        )
        events = [
            EventLiability(
                event.code,
                Sport(event.sport),
                event.home,
                event.away,
                event.starts_at,
                count,
                roubles(stakes),
                roubles(possible),
                largest,
            )
            for event, count, stakes, possible, largest in self._session.execute(by_event)
        ]
        count, stakes, possible = self._session.execute(
            select(
                func.count(),
                kopecks(open_slips.c.stake),
                kopecks(open_slips.c.possible_payout),
            )
        ).one()
        return events, Tally(count, roubles(stakes)), roubles(possible)

    def cancellations(self, since: datetime, until: datetime) -> list[CancelledSlip]:
        """Slips cancelled in the window in [since, until)."""
        rows = self._session.scalars(
            select(SlipRow).where(
                SlipRow.status == SlipStatus.CANCELLED.value,
                SlipRow.cancelled_at >= since,
                SlipRow.cancelled_at < until,
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

    def unpaid_wins(self, ended_since: datetime, ended_until: datetime) -> list[UnpaidWin]:
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
            .where(SlipRow.status == SlipStatus.OPEN.value, SettlementRow.status != "lost")
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
