"""What the «Спрэдбетэкс» report reads (pos.reports.games): each pari concluded and each offer
lapsed in a period, as facts the report groups by the shop's day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal


@dataclass(frozen=True)
class PariFact:
    """A pari: when it was concluded and for how much; when settled, the commission kept."""

    concluded_at: datetime
    stake: Decimal
    settled_at: datetime | None
    commission: Decimal


@dataclass(frozen=True)
class LapsedFact:
    """An offer whose unaccepted part lapsed at its event's start (p.46), and that part."""

    at: datetime
    stake: Decimal
