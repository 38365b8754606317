"""The read side of the manager's reports: a port of pos.core.ports (split off for its size)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the rooms' types the port carries; core imports no room (README)
    from pos.reports.builders import CancelledSlip, EventLiability, SalesHour, ShiftFacts, Tally
    from pos.reports.chain import OfficeFacts
    from pos.reports.wins import UnpaidWin


class ReportQueries(Protocol):
    """The read side of the manager's reports (pos.reports.builders): facts, never changed
    here; each of one office (`office`, the code) or of the whole chain (None)."""

    def shifts(self, since: datetime, until: datetime, office: str | None) -> list[ShiftFacts]:
        """Shifts opened in [since, until) with the cash that moved in each, by kind."""
        ...

    def sales(self, since: datetime, until: datetime, office: str | None) -> list[SalesHour]:
        """Slips issued in [since, until) (not those never issued), counted by the hour, the
        sport and whether they were cancelled in the window."""
        ...

    def liabilities(self, office: str | None) -> tuple[list[EventLiability], Tally, Decimal]:
        """Open, unsettled slips by event; and all of them counted once: their number and
        stakes, and their possible payout."""
        ...

    def cancellations(
        self, since: datetime, until: datetime, office: str | None
    ) -> list[CancelledSlip]:
        """Slips cancelled in the window in [since, until)."""
        ...

    def unpaid_wins(
        self, ended_since: datetime, ended_until: datetime, office: str | None
    ) -> list[UnpaidWin]:
        """Slips settled won or refund and not paid whose last event ended in the range."""
        ...

    def offices(self, since: datetime, until: datetime) -> list[OfficeFacts]:
        """Each office's figures of [since, until) and of now, by code."""
        ...
