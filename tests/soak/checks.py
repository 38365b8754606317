"""What the parent checks at the end: the paper against the database, and the database itself.

Every count is named as it prints. The invariants (issue #15, notes/reliability.md §2) fail
the run when not zero (or not ok):

    without_record      receipt copies on paper (whole or partial) whose number the database
                        has no receipt for (INV-1/2: nothing on paper without its record)
    other_operation     copies whose number the database has for another operation (another
                        kind, slip or amount): one number on paper for two operations
    twice               numbers on paper more than once with at least one whole copy (a
                        partial followed by a whole copy counts)
    receipt_gaps        problems in fiscal_receipts numbering: not 1..N, or the register's
                        counter not at N
    journal_gaps        journal_entries numbers not 1..N, or the journal counter not at N
    paid_twice          paid_slip_id repeated, or a slip with more than one payout entry
    paid_not_on_paper   payout entries whose «РАСХОД» receipt is not on paper whole
    printed_not_on_paper receipts recorded printed (not spoiled) with no whole copy on paper
    left_unprinted      receipts neither printed nor spoiled after the final recovery
    left_pending        slips or payouts still waiting for their print after it
    issued_not_on_paper issuing: slips issued without a whole slip on paper
    phantom_slips       whole slips on paper the database does not have
    cashless_unpaired   accounts: a slip paid from an account without its one debit of its
                        stake, or a debit without its slip (p.7, issue 37)
    cash                the drawer's running balance, the cash movements, the journal and
                        the receipts disagree
    verify              `shop.verify()` (the audit chain and the journal numbering)
    integrity           SQLite `PRAGMA integrity_check`

Counted for information: receipts on paper (whole, partial), spoiled receipts in the
database and their copies on paper, void slips whose slip is on paper whole (a printer that
printed all and lost its answer: the cashier is told the bet was not taken).
"""

from __future__ import annotations

import sqlite3
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg

from pos.core.clock import FixedClock
from tests.soak.account_checks import check_accounts
from tests.soak.paper import ReceiptOnPaper, SlipOnPaper, read_folder, receipts_of, slips_of
from tests.soak.prepare import MANAGER, open_shop

ISSUED = ("open", "cancelled", "won", "lost", "refund", "paid", "cashed_out")
INVARIANTS = (
    "without_record",
    "other_operation",
    "twice",
    "receipt_gaps",
    "journal_gaps",
    "paid_twice",
    "paid_not_on_paper",
    "printed_not_on_paper",
    "left_unprinted",
    "left_pending",
    "issued_not_on_paper",
    "phantom_slips",
    "cash",
    "accounts",
    "cashless_unpaired",
)


@dataclass
class Findings:
    """The counts, and a few examples of each problem for the report."""

    counts: dict[str, int] = field(default_factory=dict)
    verify: str = "ok"
    integrity: str = "ok"
    examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def add(self, name: str, found: list[str]) -> None:
        self.counts[name] = self.counts.get(name, 0) + len(found)
        self.examples[name].extend(found[:5])

    @property
    def failed(self) -> list[str]:
        bad = [name for name in INVARIANTS if self.counts.get(name)]
        bad += [name for name in ("verify", "integrity") if getattr(self, name) != "ok"]
        return bad


@dataclass(frozen=True)
class DbReceipt:
    number: int
    kind: str
    amount: Decimal
    printed: bool
    spoiled: str | None
    slip_number: str | None


def check(
    url: str, slip_paper: Path, receipt_paper: Path, scenario: str, now: datetime
) -> Findings:
    """Everything, after the final recovery run (`now`: later than anything written)."""
    findings = Findings()
    slip_jobs = read_folder(slip_paper)
    receipt_jobs = slip_jobs if receipt_paper == slip_paper else read_folder(receipt_paper)
    paper = receipts_of(receipt_jobs)
    slips = slips_of(slip_jobs)
    with _connect(url) as db:
        receipts = _receipts(db)
        _check_receipts(findings, paper, receipts)
        _check_numbering(findings, db, receipts)
        _check_journal(findings, db, paper)
        _check_left(findings, db, receipts)
        _check_slips(findings, db, slips, scenario)
        _check_cash(findings, db, receipts)
        check_accounts(findings, db)
        if url.startswith("sqlite"):  # PostgreSQL keeps no such check
            findings.integrity = str(db.execute("PRAGMA integrity_check").fetchone()[0])
    findings.counts["jobs"] = len(slip_jobs) + (
        0 if receipt_jobs is slip_jobs else len(receipt_jobs)
    )
    _check_verify_and_drawer(findings, url, now)
    return findings


def _connect(url: str) -> Any:
    """A read of the database: sqlite3 on the file read-only, or psycopg (the same calls:
    `execute(sql)` giving rows to iterate or fetch)."""
    if url.startswith("sqlite:///"):
        return sqlite3.connect(f"file:{url.removeprefix('sqlite:///')}?mode=ro", uri=True)
    return psycopg.connect(url)


def _receipts(db: sqlite3.Connection) -> dict[int, DbReceipt]:
    rows = db.execute(
        "SELECT r.number, r.kind, r.amount, r.printed, r.spoiled, "
        "coalesce(s.number, r.account_number) "
        "FROM fiscal_receipts r LEFT JOIN slips s ON s.id = r.slip_id"
    )
    return {
        row[0]: DbReceipt(row[0], row[1], Decimal(row[2]) / 100, bool(row[3]), row[4], row[5])
        for row in rows
    }


def _check_receipts(
    findings: Findings, paper: list[ReceiptOnPaper], receipts: dict[int, DbReceipt]
) -> None:
    counts = findings.counts
    counts["receipts_on_paper"] = sum(r.whole for r in paper)
    counts["partial_on_paper"] = sum(not r.whole for r in paper)
    counts["spoiled"] = sum(r.spoiled is not None for r in receipts.values())
    spoiled_on_paper = [r for r in paper if r.number in receipts and receipts[r.number].spoiled]
    counts["spoiled_whole_on_paper"] = sum(r.whole for r in spoiled_on_paper)
    counts["spoiled_partial_on_paper"] = sum(not r.whole for r in spoiled_on_paper)
    findings.add("without_record", [_said(r) for r in paper if r.number not in receipts])
    findings.add(
        "other_operation",
        [
            f"{_said(r)} ≠ db {receipts[r.number]}"
            for r in paper
            if r.number in receipts and not _same(r, receipts[r.number])
        ],
    )
    copies: dict[int, list[ReceiptOnPaper]] = defaultdict(list)
    for receipt in paper:
        copies[receipt.number].append(receipt)
    findings.add(
        "twice",
        [
            f"№ {number}: " + "; ".join(_said(c) for c in found)
            for number, found in sorted(copies.items())
            if len(found) > 1 and any(c.whole for c in found)
        ],
    )
    counts["partial_twice"] = sum(
        1 for found in copies.values() if len(found) > 1 and not any(c.whole for c in found)
    )
    whole = {r.number for r in paper if r.whole}
    findings.add(
        "printed_not_on_paper",
        [
            str(r)
            for r in receipts.values()
            if r.printed and r.spoiled is None and r.number not in whole
        ],
    )


def _same(paper: ReceiptOnPaper, record: DbReceipt) -> bool:
    # A partial copy may have broken off before its slip number or its total.
    return (
        paper.kind == record.kind
        and (paper.slip_number is None or paper.slip_number == record.slip_number)
        and (paper.amount is None or paper.amount == record.amount)
    )


def _said(receipt: ReceiptOnPaper) -> str:
    state = "whole" if receipt.whole else "partial"
    return (
        f"чек {receipt.number} {receipt.kind} {receipt.amount} slip {receipt.slip_number} "
        f"({state}, {receipt.job})"
    )


def _check_numbering(
    findings: Findings, db: sqlite3.Connection, receipts: dict[int, DbReceipt]
) -> None:
    problems = []
    numbers = sorted(receipts)
    if numbers != list(range(1, len(numbers) + 1)):
        missing = sorted(set(range(1, (numbers[-1] if numbers else 0) + 1)) - set(numbers))
        problems.append(f"receipt numbers not 1..{len(numbers)}: missing {missing[:20]}")
    for serial, last in db.execute("SELECT serial, last_receipt_no FROM fiscal_registers"):
        if last != len(numbers):
            problems.append(f"register {serial} counter {last}, receipts {len(numbers)}")
    findings.add("receipt_gaps", problems)


def _check_journal(findings: Findings, db: sqlite3.Connection, paper: list[ReceiptOnPaper]) -> None:
    entries = db.execute(
        "SELECT number, coalesce(account_number, slip_number), paid_slip_id, corrects, "
        "fiscal_receipt_no, account_number FROM journal_entries ORDER BY number"
    ).fetchall()
    numbers = [row[0] for row in entries]
    taken = db.execute("SELECT value FROM counters WHERE name = 'journal:M1'").fetchone()
    problems = []
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"journal numbers not 1..{len(numbers)}")
    if (taken[0] if taken else 0) != len(numbers):
        problems.append(f"journal counter {taken}, entries {len(numbers)}")
    findings.add("journal_gaps", problems)
    payouts = [row for row in entries if row[3] is None]
    findings.counts["journal_entries"] = len(payouts)
    by_slip_id = Counter(row[2] for row in payouts if row[2] is not None)
    by_slip = Counter(row[1] for row in payouts if row[5] is None)  # an account's: many
    findings.add(
        "paid_twice",
        [f"slip id {k} × {n}" for k, n in by_slip_id.items() if n > 1]
        + [f"slip {k} × {n}" for k, n in by_slip.items() if n > 1],
    )
    whole = {(r.number, r.slip_number) for r in paper if r.whole and r.kind == "expense"}
    findings.add(
        "paid_not_on_paper",
        [
            f"entry {row[0]} slip {row[1]} чек {row[4]}"
            for row in payouts
            if (row[4], row[1]) not in whole
        ],
    )


def _check_left(findings: Findings, db: sqlite3.Connection, receipts: dict[int, DbReceipt]) -> None:
    findings.add(
        "left_unprinted",
        [str(r) for r in receipts.values() if not r.printed and r.spoiled is None],
    )
    waiting = [
        f"slip {row[0]} pending"
        for row in db.execute("SELECT number FROM slips WHERE status = 'pending'")
    ]
    waiting += [
        f"payout of slip id {row[0]} pending"
        for row in db.execute("SELECT slip_id FROM pending_payouts")
    ]
    findings.add("left_pending", waiting)


def _check_slips(
    findings: Findings, db: sqlite3.Connection, paper: list[SlipOnPaper], scenario: str
) -> None:
    status = dict(db.execute("SELECT number, status FROM slips").fetchall())
    originals = [s for s in paper if not s.copy]
    whole = {s.number for s in originals if s.whole}
    findings.counts["slips_on_paper"] = len(whole)
    findings.counts["slips_partial_on_paper"] = sum(not s.whole for s in originals)
    findings.counts["void_slips"] = sum(v == "void" for v in status.values())
    findings.counts["void_slips_whole_on_paper"] = sum(status.get(n) == "void" for n in whole)
    findings.add("phantom_slips", sorted(n for n in whole if n not in status))
    copies = Counter(s.number for s in originals if s.whole)
    findings.counts["slips_twice"] = sum(n > 1 for n in copies.values())
    if scenario == "issuing":
        findings.add(
            "issued_not_on_paper",
            sorted(n for n, v in status.items() if v in ISSUED and n not in whole),
        )
        findings.counts["issued"] = sum(v in ISSUED for v in status.values())
        findings.counts["cancelled"] = sum(v == "cancelled" for v in status.values())
        findings.counts["cashed_out"] = sum(v == "cashed_out" for v in status.values())
    else:
        findings.counts["issued_not_on_paper"] = 0


def _check_cash(findings: Findings, db: sqlite3.Connection, receipts: dict[int, DbReceipt]) -> None:
    moved = dict(
        db.execute("SELECT kind, sum(amount) FROM cash_movements GROUP BY kind").fetchall()
    )
    counted = dict(db.execute("SELECT kind, count(*) FROM cash_movements GROUP BY kind").fetchall())
    journal = db.execute(
        "SELECT coalesce(sum(amount), 0), count(*) FROM journal_entries WHERE corrects IS NULL"
    ).fetchone()
    standing = [r for r in receipts.values() if r.spoiled is None]
    problems = []
    accounts = {row[0] for row in db.execute("SELECT number FROM accounts")}
    bought = {row[0] for row in db.execute("SELECT number FROM slips WHERE status = 'cashed_out'")}
    for cash_kind, receipt_kind, sign in (
        ("stake", "income", 1),
        ("window_refund", "return", -1),
        ("payout", "expense", -1),
        ("cashout", "expense", -1),  # a slip bought back: its «РАСХОД» (issue 38)
        ("deposit", "income", 1),
        ("withdrawal", "expense", -1),
    ):
        of_account = cash_kind in ("deposit", "withdrawal")
        of_kind = [
            r
            for r in standing
            if r.kind == receipt_kind
            and (r.slip_number in accounts) is of_account
            # a slip's «РАСХОД» pays its win, or buys it back (its stake's receipt is a stake's)
            and (receipt_kind != "expense" or (r.slip_number in bought) is (cash_kind == "cashout"))
        ]
        cash = Decimal(moved.get(cash_kind) or 0) / 100 * sign
        if cash != sum((r.amount for r in of_kind), Decimal(0)) or counted.get(cash_kind, 0) != len(
            of_kind
        ):
            problems.append(
                f"{cash_kind}: cash {cash} in {counted.get(cash_kind, 0)}, receipts {len(of_kind)}"
            )
    out = ("payout", "withdrawal", "cashout")  # each with its journal entry
    paid = Decimal(sum(moved.get(kind) or 0 for kind in out)) / -100
    paid_count = sum(counted.get(kind, 0) for kind in out)
    if paid != Decimal(journal[0]) / 100 or paid_count != journal[1]:
        problems.append(
            f"payouts: cash {paid}, journal {Decimal(journal[0]) / 100} in {journal[1]}"
        )
    findings.add("cash", problems)


def _check_verify_and_drawer(findings: Findings, url: str, now: datetime) -> None:
    shop = open_shop(url, FixedClock(now))
    try:
        result = shop.verify()
        findings.verify = "ok" if result.ok else " | ".join(result.words())
        status = shop.login(*MANAGER).shift()
    finally:
        shop.close()
    if status is not None and status.shift.drawer != status.summary.expected:
        findings.add("cash", [f"drawer {status.shift.drawer} ≠ expected {status.summary.expected}"])


def print_findings(summary: str, problems: list[str]) -> int:
    """The soak's line of counts, then one line per finding (or "no findings"); the exit
    code: 1 on any finding."""
    sys.stdout.write(summary + "\n")
    for problem in problems:
        sys.stdout.write(f"FINDING: {problem}\n")
    sys.stdout.write("no findings\n" if not problems else "")
    return 1 if problems else 0
