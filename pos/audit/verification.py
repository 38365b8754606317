"""`python main.py verify`: the audit chain and the journal's numbering checked end to end.

The audit trail is a hash chain (pos.core.audit) and the journal is numbered 1, 2, 3 … from a
counter (pos.payouts.journal); both counters say how many numbers were handed out, so a record
deleted at the end shows as well as one deleted in the middle. Every problem is said where
it is: which record changed, which numbers are missing, which two were swapped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from pos.core.audit import ChainBreak, ChainedRecord, ChainHead, verify_chain
from pos.core.ports import UnitOfWork
from pos.payouts.journal import JournalQuery, journal_problems


@dataclass(frozen=True)
class Verification:
    """What `verify` found."""

    audit_records: int
    head: ChainHead
    audit_break: ChainBreak | None
    journal_entries: int
    journal_problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.audit_break is None and not self.journal_problems

    def words(self) -> list[str]:
        """One line per finding, in Russian; the first two say all is well when it is."""
        lines = []
        if self.audit_break is None:
            lines.append(
                f"Журнал аудита: записей {self.audit_records}, цепочка хешей цела; "
                f"последняя запись {self.head.words()}."
            )
        else:
            lines.append(self.audit_break.words())
        if self.journal_problems:
            lines += self.journal_problems
        elif self.journal_entries:
            lines.append(
                f"Журнал выплат: записей {self.journal_entries}, нумерация сплошная "
                f"(№ 1–{self.journal_entries})."
            )
        else:
            lines.append("Журнал выплат: записей нет.")
        return lines


def verify(uow: UnitOfWork) -> Verification:
    """Check the audit chain and the journal's numbering in one read."""
    records = uow.audit.chain()
    counted = _Counted(records)
    try:
        found = verify_chain(counted, uow.audit.numbers_taken())
    finally:
        close = getattr(records, "close", None)  # a generator stopped at a break
        if close is not None:
            close()
    entries = uow.journal.entries(JournalQuery())
    return Verification(
        counted.count,
        uow.audit.head(),
        found,
        len(entries),
        tuple(journal_problems(entries, uow.journal.numbers_taken())),
    )


class _Counted(Iterable[ChainedRecord]):
    """The records as they stream past `verify_chain`, counted (a whole read, not a list)."""

    def __init__(self, records: Iterator[ChainedRecord]) -> None:
        self._records = records
        self.count = 0

    def __iter__(self) -> Iterator[ChainedRecord]:
        for record in self._records:
            self.count += 1
            yield record
