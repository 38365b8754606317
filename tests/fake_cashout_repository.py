"""The cash-out offers in memory (pos.core.risk_ports.CashoutRepository, issue 38)."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from decimal import Decimal

from pos.cashout.rules import CashoutOffer
from pos.till.shifts import CashKind

try:  # tests.fakes
    from tests.fake_repositories import FakeData
except ImportError:  # fakes, with tests/ on sys.path (python tests/screenshots.py)
    from fake_repositories import FakeData  # type: ignore[no-redef]


@dataclasses.dataclass(frozen=True)
class _Taken:
    offer: CashoutOffer
    at: datetime | None


class FakeCashouts:
    """Offers kept in a list on the data (copied with it, as the fakes' containers are)."""

    def __init__(self, data: FakeData) -> None:
        if not hasattr(data, "cashout_offers"):
            data.cashout_offers = []  # type: ignore[attr-defined]
        self._offers: list[_Taken] = data.cashout_offers  # type: ignore[attr-defined]
        self._data = data

    def add(self, offer: CashoutOffer) -> None:
        self._offers.append(_Taken(offer, None))

    def holding(self, slip_number: str, now: datetime) -> list[CashoutOffer]:
        found = [t.offer for t in self._offers if t.offer.slip_number == slip_number]
        return [o for o in reversed(found) if o.holds(now)]

    def take(self, offer: CashoutOffer, at: datetime) -> None:
        for index, taken in enumerate(self._offers):
            if taken.offer == offer:
                self._offers[index] = _Taken(offer, at)

    def paid(self, terminal: str, since: datetime, until: datetime) -> tuple[int, Decimal]:
        moved = [
            m.amount
            for m in self._data.cash
            if m.terminal == terminal and m.kind is CashKind.CASHOUT and since <= m.at <= until
        ]
        return len(moved), -sum(moved, Decimal("0.00"))

    def taken(self, slip_number: str, at: datetime) -> bool:
        return any(t.offer.slip_number == slip_number and t.at == at for t in self._offers)
