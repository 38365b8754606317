"""A shift's totals compared with the controller's (issue 35): the till counts its books, the
controller what it registered, and the Z report and the manager see where they differ."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal

from pos.skks.messages import Value

# The kinds of operation a shift's totals count, in the order the Z report prints them.
TOTAL_NAMES = ("bets", "returns", "wins_paid", "deposits", "withdrawals", "cash_in", "cash_out")


@dataclasses.dataclass(frozen=True)
class Total:
    """How many operations of a kind and their sum."""

    count: int
    amount: Decimal

    def __add__(self, other: Total) -> Total:
        return Total(self.count + other.count, self.amount + other.amount)

    def fields(self) -> dict[str, Value]:
        return {"count": self.count, "sum": self.amount}


NOTHING = Total(0, Decimal(0))


@dataclasses.dataclass(frozen=True)
class Difference:
    """A kind of operation the till and the controller count differently."""

    name: str
    ours: Total
    theirs: Total


@dataclasses.dataclass(frozen=True)
class Reconciliation:
    """A closed shift's totals as the till sent them and, once it answered, the controller's.

    `theirs` is None while no answer came (or the answer carried no totals); `refused` is the
    controller's reason when it refused the totals.
    """

    terminal: str
    shift: str
    written_at: datetime
    ours: Mapping[str, Total]
    theirs: Mapping[str, Total] | None = None
    registration: str | None = None
    refused: str | None = None

    def differences(self) -> list[Difference]:
        """Each kind counted differently, in the Z report's order (none before the answer)."""
        if self.theirs is None:
            return []
        found = []
        for name in TOTAL_NAMES:
            ours, theirs = self.ours.get(name, NOTHING), self.theirs.get(name, NOTHING)
            if ours != theirs:
                found.append(Difference(name, ours, theirs))
        return found

    @property
    def agreed(self) -> bool:
        """The controller answered with the same totals as the till's."""
        return self.theirs is not None and not self.differences()
