"""`python main.py verify`: each office's audit chain and journal numbering checked end to end.

The audit trail is a hash chain per office (pos.core.audit) and each office's journal is
numbered 1, 2, 3 … from a counter (pos.payouts.journal); both counters say how many numbers
were handed out, so a record deleted at the end shows as well as one deleted in the middle.
Every problem is said where it is: which record changed, which numbers are missing, which two
were swapped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal

from pos.accounts.accounts import replay
from pos.accounts.numbers import display_account_number
from pos.core.audit import EMPTY_HEAD, ChainBreak, ChainedRecord, ChainHead, verify_chain
from pos.core.ports import UnitOfWork
from pos.payouts.journal import JournalQuery, journal_problems


@dataclass(frozen=True)
class ChainCheck:
    """One office's audit chain as `verify` found it (issue 18: each office keeps its own)."""

    office: str
    records: int
    head: ChainHead
    broken: ChainBreak | None

    def words(self, *, named: bool) -> str:
        whose = f"Журнал аудита пункта {self.office}" if named else "Журнал аудита"
        if self.broken is not None:
            return self.broken.words().replace("Журнал аудита", whose, 1)
        return (
            f"{whose}: записей {self.records}, цепочка хешей цела; "
            f"последняя запись {self.head.words()}."
        )


@dataclass(frozen=True)
class Verification:
    """What `verify` found."""

    audit_records: int  # in all the chains
    head: ChainHead  # the first office's chain's (the only one in a single office)
    audit_break: ChainBreak | None  # the first break found, in whichever chain
    journal_entries: int
    journal_problems: tuple[str, ...]
    # Each office's journal (issue 18): its code and number of entries, by code.
    journals: tuple[tuple[str, int], ...] = ()
    chains: tuple[ChainCheck, ...] = ()  # each office's audit chain, by code
    accounts: int = 0  # players' accounts whose statements were added up
    account_problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.audit_break is None and not self.journal_problems and not self.account_problems

    def words(self) -> list[str]:
        """One line per finding, in Russian; the first ones say all is well when it is."""
        named = len(self.chains) > 1
        lines = [chain.words(named=named) for chain in self.chains]
        if self.journal_problems:
            lines += self.journal_problems
        elif len(self.journals) > 1:
            lines += [f"{_journal_of(code)}: {_numbered(count)}" for code, count in self.journals]
        else:
            lines.append(f"Журнал выплат: {_numbered(self.journal_entries)}")
        if self.account_problems:
            lines += self.account_problems
        elif self.accounts:
            lines.append(f"Счета игроков: {self.accounts}, остатки сходятся с выписками.")
        return lines


def _journal_of(office: str) -> str:
    return f"Журнал выплат пункта {office}"


def _numbered(count: int) -> str:
    if not count:
        return "записей нет."
    return f"записей {count}, нумерация сплошная (№ 1–{count})."


def verify(uow: UnitOfWork) -> Verification:
    """Check each office's audit chain and journal numbering in one read."""
    offices = [office.code for office in uow.offices.list()]
    chains = tuple(_check_chain(uow, office) for office in offices)
    journals, problems = [], []
    for office in offices:
        entries = uow.journal.entries(JournalQuery(office=office))
        journals.append((office, len(entries)))
        found_here = journal_problems(entries, uow.journal.numbers_taken(office))
        if len(offices) > 1:  # say whose journal each problem is in
            prefix = "Журнал выплат:"
            found_here = [p.replace(prefix, _journal_of(office) + ":", 1) for p in found_here]
        problems += found_here
    breaks = [chain.broken for chain in chains if chain.broken is not None]
    accounts, account_problems = _check_accounts(uow)
    return Verification(
        sum(chain.records for chain in chains),
        chains[0].head if chains else EMPTY_HEAD,
        breaks[0] if breaks else None,
        sum(count for _, count in journals),
        tuple(problems),
        tuple(journals),
        chains,
        accounts,
        tuple(account_problems),
    )


def _check_accounts(uow: UnitOfWork) -> tuple[int, list[str]]:
    """Each account's statement added up from zero must give its stored balance, no line
    below zero (pos.accounts.accounts.replay)."""
    numbers = uow.accounts.all_numbers()
    problems = []
    held = uow.spread.held()
    for holder, amount in uow.exchange.held().items():
        held[holder] = held.get(holder, Decimal("0.00")) + amount
    for number in numbers:
        account = uow.accounts.get(number)
        summed, found = replay(uow.accounts.statement(number))
        shown = display_account_number(number)
        problems += [f"Счёт № {shown}: {problem}." for problem in found]
        if account is not None and summed != account.balance:
            problems.append(
                f"Счёт № {shown}: остаток {account.free} + {account.blocked} не равен сумме "
                f"выписки {summed.free} + {summed.blocked}."
            )
        if account is not None and account.blocked != held.get(number, Decimal("0.00")):
            problems.append(
                f"Счёт № {shown}: заблокировано {account.blocked}, а открытые ставки, "
                f"предложения и пари держат {held.get(number, Decimal('0.00'))}."
            )
    return len(numbers), problems


def _check_chain(uow: UnitOfWork, office: str) -> ChainCheck:
    records = uow.audit.chain(office)
    counted = _Counted(records)
    try:
        found = verify_chain(counted, uow.audit.numbers_taken(office))
    finally:
        close = getattr(records, "close", None)  # a generator stopped at a break
        if close is not None:
            close()
    return ChainCheck(office, counted.count, uow.audit.head(office), found)


class _Counted(Iterable[ChainedRecord]):
    """The records as they stream past `verify_chain`, counted (a whole read, not a list)."""

    def __init__(self, records: Iterator[ChainedRecord]) -> None:
        self._records = records
        self.count = 0

    def __iter__(self) -> Iterator[ChainedRecord]:
        for record in self._records:
            self.count += 1
            yield record
