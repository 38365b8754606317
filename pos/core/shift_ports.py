"""The port of the terminals' shifts: their cash, transfers and tallies (issue 7, issue 35)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the room's types the port carries; core imports no room (README)
    from pos.till.shifts import CashKind, CashTransfer, Shift, ShiftTally, TransferKind


class ShiftRepository(Protocol):
    """Shifts of the terminals, their cash transfers, and the cash their slips moved."""

    def open_for(self, terminal: str, *, for_update: bool = False) -> Shift | None: ...
    def hold_open(self, terminal: str) -> None:
        """Lock the terminal's open shift for the transaction, reading nothing from it (the
        lock order of a bet and a payout; a no-op where the transaction holds the database's
        write lock already, SQLite: issue 34)."""
        ...

    def add(self, shift: Shift) -> Shift:
        """Store a new open shift; returns it with its id."""
        ...

    def close(self, shift: Shift) -> None: ...
    def remove(self, shift_id: int) -> None:
        """Delete an open shift nothing was done in: its opening undone (issue 35)."""
        ...

    def add_transfer(self, transfer: CashTransfer) -> int:
        """Record cash in or out; returns its id."""
        ...

    def remove_transfer(self, transfer_id: int) -> None:
        """Undo cash in or out: its row deleted, the drawer as before (issue 35)."""
        ...

    def transfers(self, shift_id: int) -> list[tuple[TransferKind, Decimal]]:
        """The shift's cash in and out, summed by kind."""
        ...

    def movements(self, terminal: str, since: datetime) -> list[tuple[CashKind, Decimal]]:
        """The cash the terminal's slips moved since `since`, summed by kind (signed)."""
        ...

    def tallies(self, shift: Shift) -> list[ShiftTally]:
        """The shift's operations counted one by one and summed by kind, a void slip's stake
        paid back apart from wins (the СККС's shift totals, issue 35)."""
        ...
