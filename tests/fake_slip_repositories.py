"""The fake repositories of the till: slips, fiscal receipts and day reports, shifts."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from decimal import Decimal

from pos.betting.slips import CashMovement, IdCheck, Slip, SlipStatus, Transition
from pos.core.errors import ConcurrentChange
from pos.till.day_reports import DayReport
from pos.till.fiscal import FiscalReceipt, Register
from pos.till.shifts import (
    ZERO,
    CashKind,
    CashTransfer,
    Shift,
    ShiftState,
    ShiftTally,
    TransferKind,
)
from pos.till.void_notices import VoidNotice

try:  # tests.fake_slip_repositories
    from tests.fake_repositories import FakeData
except ImportError:  # fake_slip_repositories, with tests/ on sys.path (python tests/screenshots.py)
    from fake_repositories import FakeData  # type: ignore[no-redef]


class FakeSlips:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def lock_issuing(self, terminal: str) -> None:
        pass  # one fake transaction at a time

    def next_serial(self) -> int:
        self._data.serial += 1
        return self._data.serial

    def add(self, slip: Slip) -> None:
        assert slip.number not in self._data.slips
        assert all(s.request_key != slip.request_key for s in self._data.slips.values())
        self._data.slips[slip.number] = slip

    def get(self, number: str, *, for_update: bool = False) -> Slip | None:
        slip = self._data.slips.get(number)
        return None if slip is None else settled(self._data, slip)

    def by_request(self, key: str) -> Slip | None:
        found = next((s for s in self._data.slips.values() if s.request_key == key), None)
        return None if found is None else settled(self._data, found)

    def count_reprint(self, number: str) -> int:
        slip = self._data.slips[number]
        self._data.slips[number] = dataclasses.replace(slip, reprints=slip.reprints + 1)
        return slip.reprints + 1

    def issued_since(self, terminal: str, since: datetime) -> list[Slip]:
        found = [
            s
            for s in self._data.slips.values()
            if s.terminal == terminal
            and s.issued_at >= since
            and s.status not in (SlipStatus.PENDING, SlipStatus.VOID)
        ]
        return [
            settled(self._data, s) for s in sorted(found, key=lambda s: s.issued_at, reverse=True)
        ]

    def cancelled(self, limit: int) -> list[Slip]:
        found = [s for s in self._data.slips.values() if s.cancellation is not None]
        found.sort(key=lambda s: s.cancellation.at if s.cancellation else s.issued_at, reverse=True)
        return found[:limit]

    def add_cash(self, movement: CashMovement) -> None:
        self._data.cash.append(movement)

    def add_id_check(self, check: IdCheck) -> None:
        self._data.id_checks.append(check)

    def pending(self, terminal: str) -> Slip | None:
        return next(
            (
                s
                for s in self._data.slips.values()
                if s.terminal == terminal and s.status is SlipStatus.PENDING
            ),
            None,
        )

    def move_or_refuse(self, transition: Transition, refusal: Exception) -> None:
        if not self.move(transition):
            raise refusal

    def move(self, transition: Transition) -> bool:
        # As db/slip_statuses.py: stored only while the slip, its settlement read with it
        # (a settled slip keeps the status 'open'), is in a status the move starts from.
        slip = self._data.slips.get(number := transition.number)
        if slip is None or slip.status in (SlipStatus.WON, SlipStatus.LOST, SlipStatus.REFUND):
            return False  # never stored so: settlement writes `settled`
        found = self._data.settled.get(number)
        status = found[0] if slip.status is SlipStatus.OPEN and found is not None else slip.status
        if not transition.allowed_from(status):
            return False
        self._data.slips[number] = transition.applied(slip)
        return True


class FakeFiscal:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def register(self, serial: str, *, for_update: bool = False) -> Register | None:
        return self._data.registers.get(serial)

    def register_at(self, terminal: str) -> Register | None:
        serial = self._data.serials.get(terminal)
        return None if serial is None else self._data.registers.get(serial)

    def advance_register(self, register: Register, *, was: int) -> None:
        if not self.save_register(register, was=was):
            raise ConcurrentChange()

    def save_register(self, register: Register, *, was: int | None = None) -> bool:
        stored = self._data.registers.get(register.serial)
        if was is not None and (stored is None or stored.last_receipt_no != was):
            return False
        self._data.registers[register.serial] = register
        return True

    def add_receipt(self, receipt: FiscalReceipt) -> None:
        key = (receipt.register_serial, receipt.number)
        assert key not in self._data.receipts, "a receipt number used twice"
        self._data.receipts[key] = receipt

    def receipt(self, serial: str, number: int) -> FiscalReceipt | None:
        return self._data.receipts.get((serial, number))

    def mark_printed(self, serial: str, number: int) -> None:
        self._change(serial, number, printed=True, in_doubt=False)

    def mark_in_doubt(self, serial: str, number: int, in_doubt: bool) -> None:
        self._change(serial, number, in_doubt=in_doubt)

    def mark_spoiled(self, serial: str, number: int, reason: str) -> None:
        self._change(serial, number, spoiled=reason, in_doubt=False, printed=False)

    def _change(self, serial: str, number: int, **changes: object) -> None:
        receipt = self._data.receipts[(serial, number)]
        self._data.receipts[(serial, number)] = dataclasses.replace(receipt, **changes)  # type: ignore[arg-type]

    def anything_waiting(self, terminal: str) -> bool:
        slips = (s for s in self._data.slips.values() if s.terminal == terminal)
        payouts = (p for p in self._data.pending_payouts.values() if p.terminal == terminal)
        pending = any(s.status is SlipStatus.PENDING for s in slips)
        serial = self._data.serials.get(terminal)
        return pending or any(payouts) or bool(serial and self.unprinted(serial))

    def unprinted(self, serial: str) -> list[FiscalReceipt]:
        found = [
            r
            for (s, _), r in self._data.receipts.items()
            if s == serial and not r.printed and r.spoiled is None
        ]
        return sorted(found, key=lambda r: r.number)

    def day_receipts(self, serial: str, day_no: int) -> list[FiscalReceipt]:
        found = [
            r for (s, _), r in self._data.receipts.items() if s == serial and r.day_no == day_no
        ]
        return sorted(found, key=lambda r: r.number)

    def add_day_report(self, report: DayReport) -> None:
        self._data.days.append(report)

    def last_day_report(self, serial: str) -> DayReport | None:
        return next((d for d in reversed(self._data.days) if d.register_serial == serial), None)


class FakeVoidNotices:
    """Every spoiled receipt of the terminal's register not in `data.noticed` is waiting."""

    def __init__(self, data: FakeData) -> None:
        self._data = data

    def pending(self, terminal: str) -> list[VoidNotice]:
        serial = self._data.serials.get(terminal)
        found = sorted(
            (r for (s, n), r in self._data.receipts.items() if s == serial and r.spoiled),
            key=lambda r: r.number,
        )
        return [
            self._notice(r) for r in found if (r.register_serial, r.number) not in self._noticed
        ]

    def mark_printed(self, serial: str, number: int, at: datetime) -> None:
        self._noticed.add((serial, number))

    @property
    def _noticed(self) -> set[tuple[str, int]]:
        return self._data.noticed

    def _notice(self, receipt: FiscalReceipt) -> VoidNotice:
        slip = self._data.slips.get(receipt.slip_number or "")
        return VoidNotice(
            register_serial=receipt.register_serial,
            receipt_no=receipt.number,
            kind=receipt.kind,
            amount=receipt.amount,
            at=receipt.at,
            cashier=receipt.cashier,
            reason=receipt.spoiled or "",
            slip_number=receipt.slip_number,
            slip_voided=slip is not None and slip.status is SlipStatus.VOID,
            account_number=receipt.account_number,
        )


def settled(data: FakeData, slip: Slip) -> Slip:
    """The slip as the database shows it: an open slip takes its settlement's status."""
    found = data.settled.get(slip.number)
    if found is None:
        return slip
    status = found[0] if slip.status is SlipStatus.OPEN else slip.status
    return dataclasses.replace(slip, status=status, settled_payout=found[1])


class FakeShifts:
    def __init__(self, data: FakeData) -> None:
        self._data = data
        self._undone: set[int] = set()  # transfers undone (their index + 1)

    def hold_open(self, terminal: str) -> None:
        pass  # one fake transaction at a time

    def open_for(self, terminal: str, *, for_update: bool = False) -> Shift | None:
        shift = next(
            (s for s in self._data.shifts if s.terminal == terminal and s.state is ShiftState.OPEN),
            None,
        )
        if shift is None:
            return None
        # The real table keeps a running balance; here it is summed (both are tested).
        moved = sum((amount for _, amount in self.movements(terminal, shift.opened_at)), ZERO)
        for kind, amount in self.transfers(shift.id):
            moved += amount if kind is TransferKind.CASH_IN else -amount
        return dataclasses.replace(shift, drawer=shift.opening_cash + moved)

    def add(self, shift: Shift) -> Shift:
        assert self.open_for(shift.terminal) is None
        stored = dataclasses.replace(shift, id=len(self._data.shifts) + 1)
        self._data.shifts.append(stored)
        return stored

    def close(self, shift: Shift) -> None:
        self._data.shifts[shift.id - 1] = shift

    def remove(self, shift_id: int) -> None:
        shift = self._data.shifts[shift_id - 1]
        self._data.shifts[shift_id - 1] = dataclasses.replace(shift, state=ShiftState.CLOSED)

    def add_transfer(self, transfer: CashTransfer) -> int:
        self._data.transfers.append(transfer)
        return len(self._data.transfers)

    def remove_transfer(self, transfer_id: int) -> None:
        self._undone.add(transfer_id)

    def transfers(self, shift_id: int) -> list[tuple[TransferKind, Decimal]]:
        return [(t.kind, t.amount) for t in self._kept() if t.shift_id == shift_id]

    def _kept(self) -> list[CashTransfer]:
        return [t for i, t in enumerate(self._data.transfers, 1) if i not in self._undone]

    def tallies(self, shift: Shift) -> list[ShiftTally]:
        found: dict[tuple[CashKind | TransferKind, bool], ShiftTally] = {}
        moved = [
            (m.kind, abs(m.amount), self._refund(m.slip_number))
            for m in self._data.cash
            if m.terminal == shift.terminal and m.at >= shift.opened_at
        ]
        moved += [(t.kind, t.amount, False) for t in self._kept() if t.shift_id == shift.id]
        for kind, amount, refund in moved:
            was = found.get((kind, refund), ShiftTally(kind, 0, ZERO, refund))
            found[kind, refund] = ShiftTally(kind, was.count + 1, was.amount + amount, refund)
        return list(found.values())

    def _refund(self, number: str) -> bool:
        settled = self._data.settled.get(number)
        return settled is not None and settled[0] is SlipStatus.REFUND

    def movements(self, terminal: str, since: datetime) -> list[tuple[CashKind, Decimal]]:
        return [
            (m.kind, m.amount) for m in self._data.cash if m.terminal == terminal and m.at >= since
        ]
