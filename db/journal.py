"""The cash payout journal in the database: the pos.core.ports JournalRepository.

Each office numbers its own journal, from its counters row "journal:<office>" incremented
with UPDATE … RETURNING in the payout's own transaction: on PostgreSQL the row lock makes a
second terminal of the office wait until the first commits or rolls back, so a number is
used only by a committed entry (a sequence would leave gaps, notes/reliability.md §7); on
SQLite every write transaction runs alone. Offices do not wait for each other's numbers.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, bindparam, select, text, update
from sqlalchemy.orm import Session

from db.pipeline import defer
from db.statements import SLIP_ID_OF_NUMBER, inserting, run_built
from db.tables import CounterRow, JournalEntryRow
from pos.payouts.journal import JournalEntry, JournalQuery

# A payout line points at the slip it paid; a correction does not (paid_slip_id is unique).
_NEXT_NUMBER = (
    update(CounterRow)
    .where(CounterRow.name == bindparam("counter"))
    .values(value=CounterRow.value + 1)
    .returning(CounterRow.value)
)


def counter_name(office: str) -> str:
    """The counters row numbering the journal of `office`."""
    return f"journal:{office}"


_INSERT_PAYOUT = inserting(JournalEntryRow, paid_slip_id=SLIP_ID_OF_NUMBER)
_INSERT_CORRECTION = inserting(JournalEntryRow)


class SqlJournalRepository:
    """Journal entries, added and read; never updated or deleted."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def next_number(self, office: str) -> int:
        """The office's next entry number, taken in this transaction."""
        counter = counter_name(office)
        taken = run_built(self._session, _NEXT_NUMBER, {"counter": counter}).scalar()
        if taken is not None:
            return int(taken)
        # An office's first entry makes its row; two terminals at once: one waits, then counts.
        self._session.execute(
            text("INSERT INTO counters (name, value) VALUES (:name, 0) ON CONFLICT DO NOTHING"),
            {"name": counter},
        )
        return self.next_number(office)

    def numbers_taken(self, office: str) -> int:
        """The office's counters row: how many numbers it handed out."""
        value = self._session.scalar(
            select(CounterRow.value).where(CounterRow.name == counter_name(office))
        )
        return int(value or 0)

    def add(self, entry: JournalEntry) -> None:
        """Store a new entry (its slip is marked as paid by this entry, unless a correction)."""
        payout = entry.corrects is None
        defer(
            self._session,
            _INSERT_PAYOUT if payout else _INSERT_CORRECTION,
            {
                "number": entry.number,
                "office": entry.office,
                "paid_at": entry.paid_at,
                "player": entry.player,
                "document": entry.document,
                "amount": entry.amount,
                "fiscal_receipt_no": entry.fiscal_receipt_no,
                "register_serial": entry.register_serial,
                "cashier": entry.cashier,
                "terminal": entry.terminal,
                "slip_number": entry.slip_number,
                "account_number": entry.account_number or None,
                "paid_slip_id": None,
                "corrects": entry.corrects,
                "reason": entry.reason,
            },
        )

    def get(self, office: str, number: int) -> JournalEntry | None:
        """The entry of the office's journal with this number, if any."""
        row = self._session.scalars(
            select(JournalEntryRow).where(
                JournalEntryRow.office == office, JournalEntryRow.number == number
            )
        ).one_or_none()
        return None if row is None else _entry(row)

    def entries(self, query: JournalQuery) -> list[JournalEntry]:
        """The entries the query selects, in number order."""
        conditions: list[ColumnElement[bool]] = []
        if query.since is not None:
            conditions.append(JournalEntryRow.paid_at >= query.since)
        if query.until is not None:
            conditions.append(JournalEntryRow.paid_at < query.until)
        if query.cashier is not None:
            conditions.append(JournalEntryRow.cashier == query.cashier)
        if query.min_amount is not None:
            conditions.append(JournalEntryRow.amount >= query.min_amount)
        if query.max_amount is not None:
            conditions.append(JournalEntryRow.amount <= query.max_amount)
        if query.slip_number is not None:
            conditions.append(JournalEntryRow.slip_number == query.slip_number)
        if query.office is not None:
            conditions.append(JournalEntryRow.office == query.office)
        if query.account_number is not None:
            conditions.append(JournalEntryRow.account_number == query.account_number)
        rows = self._session.scalars(
            select(JournalEntryRow)
            .where(*conditions)
            .order_by(JournalEntryRow.office, JournalEntryRow.number)
        )
        return [_entry(row) for row in rows]


def _entry(row: JournalEntryRow) -> JournalEntry:
    return JournalEntry(
        number=row.number,
        paid_at=row.paid_at,
        player=row.player,
        document=row.document,
        amount=row.amount,
        fiscal_receipt_no=row.fiscal_receipt_no,
        register_serial=row.register_serial,
        cashier=row.cashier,
        terminal=row.terminal,
        slip_number=row.slip_number,
        account_number=row.account_number or "",
        corrects=row.corrects,
        reason=row.reason,
        office=row.office,
    )
