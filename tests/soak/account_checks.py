"""The soak's checks of the players' accounts (issue 19) and of the stakes paid from them
(issue 37, p.7): each statement follows line by line, each cashless slip has its one debit."""

from __future__ import annotations

import sqlite3
from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.soak.checks import Findings


def check_accounts(findings: Findings, db: sqlite3.Connection) -> None:
    """The accounts' statements: each movement's balance follows from the one before, the
    last is the account's, none below zero (verify adds them up too)."""
    counts = findings.counts
    kinds = dict(
        db.execute("SELECT kind, count(*) FROM account_movements GROUP BY kind").fetchall()
    )
    counts["account_movements"] = sum(kinds.values())
    counts["deposits"], counts["withdrawals"] = kinds.get("deposit", 0), kinds.get("withdrawal", 0)
    bets = dict(db.execute("SELECT status, count(*) FROM spread_bets GROUP BY status").fetchall())
    counts["spread_bets"] = sum(bets.values())
    counts["spread_closed"] = bets.get("closed", 0)
    problems = []
    for number, free, blocked in db.execute("SELECT number, free, blocked FROM accounts"):
        rows = db.execute(
            "SELECT m.amount, m.kind, m.free_after, m.blocked_after FROM account_movements m "
            # The number is the database's own digits; both drivers take the statement as is.
            f"JOIN accounts a ON a.id = m.account_id WHERE a.number = '{number}' ORDER BY m.id"
        ).fetchall()
        now_free = now_blocked = 0
        for amount, kind, free_after, blocked_after in rows:
            now_free += amount
            if kind in ("block", "release"):
                now_blocked -= amount
            if (now_free, now_blocked) != (free_after, blocked_after) or min(
                free_after, blocked_after
            ) < 0:
                problems.append(f"account {number}: a {kind} of {amount} does not follow")
        if (now_free, now_blocked) != (free, blocked):
            problems.append(
                f"account {number}: {free}/{blocked} ≠ statement {now_free}/{now_blocked}"
            )
        held = db.execute(
            "SELECT coalesce(sum(margin_blocked), 0) FROM spread_bets "
            f"WHERE account_number = '{number}' AND status = 'open'"
        ).fetchone()[0]
        if held != blocked:
            problems.append(f"account {number}: blocked {blocked} ≠ open margins {held}")
    findings.add("accounts", problems)
    _check_cashless(findings, db)


def _check_cashless(findings: Findings, db: sqlite3.Connection) -> None:
    """Each slip paid from an account (p.7, issue 37) has its stake's debit, once and of its
    amount, and each debit its slip: a kill never leaves one without the other."""
    slips = {
        f"купон {n[:8]}-{n[8:11]}-{n[11:]}": (n, stake)
        for n, stake in db.execute(
            "SELECT number, stake FROM slips WHERE account_number IS NOT NULL"
        )
    }
    debits = Counter()
    problems = []
    for reference, amount in db.execute(
        "SELECT reference, amount FROM account_movements WHERE kind = 'stake'"
    ):
        debits[reference] += 1
        if reference not in slips:
            problems.append(f"a debit of {-amount} for {reference}, which no slip is")
        elif -amount != slips[reference][1]:
            problems.append(f"{reference}: debited {-amount}, staked {slips[reference][1]}")
    problems += [f"{ref}: debited {n} times" for ref, n in debits.items() if n != 1]
    problems += [f"{ref}: never debited" for ref in slips if ref not in debits]
    findings.counts["cashless_slips"] = len(slips)
    findings.add("cashless_unpaired", problems)
