"""What the СККС soak checks at the end (issue 35): the shop's operations, its outbox and the
controller's log and totals, after the outbox was drained.

Every operation the shop holds is matched with the messages the controller holds registered
and not annulled ("standing"), by kind and by what it moved (a slip's or an account's number),
amount by amount: a slip issued has one `bet_accepted` of its stake, a slip cancelled in its
window one `stake_returned`, a payout in the journal one `win_paid`, an account's deposits
and withdrawals (its journal lines) one `account_deposit` / `account_withdrawal` each; a
deposit undone online (its `annulled` line takes it back) is no operation. The invariants,
each a count that fails the run when not zero:

    skks_not_registered  an operation made without its standing registration
    skks_not_annulled    a standing registration of an operation not made (a void slip's bet,
                         a released payout: their annulment missing) or registered twice
    skks_conflicts       a message the controller answered 409 (an id sent with other content)
    skks_other_content   a registration in the controller's log whose id the outbox holds
                         with another kind or time, or does not hold, or another number
    skks_totals          a day whose controller's totals (count and sum per kind) differ from
                         the shop's
    skks_outbox          messages left unanswered, or a terminal's sequence not 1..n
    skks_issued_not_on_paper a slip issued by the soak without a whole slip on paper
    skks_undone_not_annulled a deposit undone online (the controller did not register it: its
                         `annulled` statement line) whose message is not annulled exactly
                         once (nor refused), or a message annulled more than once

The drain sends every message in its terminal's order, an operation's before its annulment,
so a message the controller did not refuse stands registered in the end: an annulment that
was never queued shows as `skks_not_annulled`.

Counted for information: messages, registrations, annulments (written; registered; of a
registration, i.e. that undid one), refusals by the controller, operations by kind.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from tests.skks_simulator import fetch_log, fetch_totals
from tests.soak.checks import ISSUED, Findings, _connect
from tests.soak.paper import read_folder, slips_of
from tests.soak.prepare import TERMINAL

SKKS_INVARIANTS = (
    "skks_not_registered",
    "skks_not_annulled",
    "skks_conflicts",
    "skks_other_content",
    "skks_totals",
    "skks_outbox",
    "skks_issued_not_on_paper",
    "skks_undone_not_annulled",
)
Key = tuple[str, str]  # a message's kind and the number it moved (a slip's, an account's)


class Operations:
    """The shop's operations as the controller should have them: amounts in kopecks by
    (kind, number), and count and sum by day and kind."""

    def __init__(self) -> None:
        self.amounts: dict[Key, list[int]] = defaultdict(list)
        self.days: dict[date, dict[str, tuple[int, int]]] = defaultdict(dict)
        self.undone: list[tuple[str, int]] = []  # deposits undone online: account, amount

    def add(self, kind: str, number: str, amount: int, at: object) -> None:
        self.amounts[(kind, number)].append(amount)
        totals = self.days[_day(at)]
        count, total = totals.get(kind, (0, 0))
        totals[kind] = (count + 1, total + amount)


def check_skks(findings: Findings, url: str, controller: str, slip_paper: Path) -> None:
    """Add the СККС counts and invariants to `findings` (controller: the simulator's url)."""
    log = fetch_log(controller)
    with _connect(url) as db:
        rows = db.execute(
            "SELECT terminal, sequence, kind, body, answered_at, registration, error "
            "FROM skks_outbox ORDER BY terminal, sequence"
        ).fetchall()
        done = _operations(db, findings, slip_paper)
    messages = {json.loads(row[3])["id"]: row for row in rows}
    _check_outbox(findings, rows)
    _check_log(findings, log, messages)
    _check_standing(findings, log, messages, done)
    _check_totals(findings, controller, messages, done)
    _check_undone(findings, rows, done.undone)


def _operations(db: Any, findings: Findings, slip_paper: Path) -> Operations:
    """What the shop made: the soak's slips (not the prepared won ones, which no controller
    heard of), the journal's payouts and withdrawals, the accounts' deposits."""
    done = Operations()
    counts = findings.counts
    slips = db.execute(
        "SELECT number, status, stake, issued_at, cancelled_at FROM slips "
        f"WHERE request_key NOT LIKE 'soak-%' AND terminal = '{TERMINAL}'"
    ).fetchall()
    issued = [row for row in slips if row[1] in ISSUED]
    for number, status, stake, issued_at, cancelled_at in issued:
        done.add("bet_accepted", number, stake, issued_at)
        if status == "cancelled":
            done.add("stake_returned", number, stake, cancelled_at)
    whole = {s.number for s in slips_of(read_folder(slip_paper)) if s.whole and not s.copy}
    findings.add("skks_issued_not_on_paper", sorted(r[0] for r in issued if r[0] not in whole))
    journal = db.execute(
        "SELECT slip_number, account_number, amount, paid_at FROM journal_entries "
        "WHERE corrects IS NULL"
    ).fetchall()
    for slip_number, account_number, amount, paid_at in journal:
        if account_number is None:  # the soak pays won slips only: no stake paid back
            done.add("win_paid", slip_number, amount, paid_at)
        else:
            done.add("account_withdrawal", account_number, amount, paid_at)
    # Cash in and out standing (one undone online is deleted with its drawer's move).
    transfers = db.execute(
        "SELECT t.kind, t.amount, t.at FROM cash_transfers t "
        f"JOIN shifts s ON s.id = t.shift_id WHERE s.terminal = '{TERMINAL}'"
    ).fetchall()
    for kind, amount, at in transfers:
        done.add("cash_in" if kind == "in" else "cash_out", "", amount, at)
    deposits = db.execute(
        "SELECT a.number, m.amount, m.at FROM account_movements m "
        "JOIN accounts a ON a.id = m.account_id WHERE m.kind = 'deposit'"
    ).fetchall()
    done.undone = _undone_deposits(db)
    taken_back = Counter(done.undone)
    for number, amount, at in deposits:
        if taken_back[(number, amount)]:  # undone online: no operation (issue 35)
            taken_back[(number, amount)] -= 1
            continue
        done.add("account_deposit", number, amount, at)
    by_kind: Counter[str] = Counter()
    for (kind, _), amounts in done.amounts.items():
        by_kind[kind] += len(amounts)
    counts["skks_operations"] = sum(by_kind.values())
    counts.update({f"made_{kind}": n for kind, n in by_kind.items()})
    counts["void_slips_of_soak"] = sum(row[1] == "void" for row in slips)
    return done


def _undone_deposits(db: Any) -> list[tuple[str, int]]:
    """The deposits undone online, each by its `annulled` line: account and amount."""
    rows = db.execute(
        "SELECT a.number, m.amount FROM account_movements m "
        "JOIN accounts a ON a.id = m.account_id WHERE m.kind = 'annulled'"
    ).fetchall()
    return [(number, abs(amount)) for number, amount in rows]  # a line out is negative


def _check_undone(findings: Findings, rows: list[Any], undone: list[tuple[str, int]]) -> None:
    """Each deposit undone has one `account_deposit` message of its account and amount that
    is annulled exactly once, or refused by the controller; no message is annulled twice."""
    bodies = [(json.loads(row[3]), row[6]) for row in rows]
    annuls = Counter(body["of"] for body, _ in bodies if body["kind"] == "annul")
    problems = [f"{of} annulled {n} times" for of, n in annuls.items() if n > 1]
    backed: Counter[tuple[str, int]] = Counter()
    for body, error in bodies:
        refused = error not in (None, "conflict")
        if body["kind"] == "account_deposit" and (annuls[body["id"]] == 1 or refused):
            backed[(body["account"], body["amount"])] += 1
    wanted = Counter(undone)
    problems += [f"undone deposit {k[0]} {k[1]} not annulled" for k in (wanted - backed).elements()]
    problems += [
        f"deposit {k[0]} {k[1]} annulled, not undone" for k in (backed - wanted).elements()
    ]
    findings.counts["deposits_undone"] = len(undone)
    findings.add("skks_undone_not_annulled", problems)


def _check_outbox(findings: Findings, rows: list[Any]) -> None:
    counts = findings.counts
    counts["messages"] = len(rows)
    counts["annulments"] = sum(row[2] == "annul" for row in rows)
    counts["refused_by_controller"] = sum(row[6] not in (None, "conflict") for row in rows)
    findings.add(
        "skks_conflicts", [f"{row[0]}-{row[1]} {row[2]}" for row in rows if row[6] == "conflict"]
    )
    problems = [f"{row[0]}-{row[1]} {row[2]} unanswered" for row in rows if row[4] is None]
    sequences: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        sequences[row[0]].append(row[1])
    for terminal, found in sequences.items():
        if found != list(range(1, len(found) + 1)):
            problems.append(f"{terminal}: sequences not 1..{len(found)}")
    findings.add("skks_outbox", problems)


def _check_log(findings: Findings, log: list[dict[str, Any]], messages: dict[str, Any]) -> None:
    """Each registration is of a message the outbox holds, with its kind, time and number."""
    counts = findings.counts
    registered = [entry for entry in log if entry["kind"] != "annul"]
    counts["registrations"] = len(registered)
    counts["annulments_registered"] = len(log) - len(registered)
    ids = {entry["id"] for entry in registered}
    counts["annulments_undoing"] = sum(1 for e in log if e["kind"] == "annul" and e["of"] in ids)
    problems = [f"{n} × {i}" for i, n in Counter(e["id"] for e in log).items() if n > 1]
    for entry in log:
        row = messages.get(entry["id"])
        body = json.loads(row[3]) if row is not None else {}
        if (body.get("kind"), body.get("at"), row[5] if row else None) != (
            entry["kind"],
            entry["at"],
            entry["number"],
        ):
            problems.append(f"{entry} ≠ outbox {body.get('kind')} {body.get('at')}")
    findings.add("skks_other_content", problems)


def _check_standing(
    findings: Findings, log: list[dict[str, Any]], messages: dict[str, Any], done: Operations
) -> None:
    """The standing registrations of each (kind, number) are the shop's operations."""
    annulled = {entry["of"] for entry in log if entry["kind"] == "annul"}
    standing: dict[Key, list[int]] = defaultdict(list)
    for entry in log:
        if entry["kind"] == "annul" or entry["id"] in annulled or entry["id"] not in messages:
            continue
        body = json.loads(messages[entry["id"]][3])
        number = body.get("slip") or body.get("account") or ""
        standing[(entry["kind"], number)].append(body.get("stake", body.get("amount", 0)))
    missing, extra = [], []
    for key in sorted(set(standing) | set(done.amounts)):
        made, held = Counter(done.amounts.get(key, [])), Counter(standing.get(key, []))
        missing += [f"{key[0]} {key[1]} {amount}" for amount in (made - held).elements()]
        extra += [f"{key[0]} {key[1]} {amount}" for amount in (held - made).elements()]
    findings.add("skks_not_registered", missing)
    findings.add("skks_not_annulled", extra)


def _check_totals(
    findings: Findings, controller: str, messages: dict[str, Any], done: Operations
) -> None:
    """The controller's totals of each day equal the shop's, kind by kind."""
    days = set(done.days) | {
        datetime.fromisoformat(json.loads(row[3])["at"]).date() for row in messages.values()
    }
    problems = []
    for day in sorted(days):
        held = {
            kind: (total.count, total.sum)
            for kind, total in fetch_totals(controller, TERMINAL, day).items()
        }
        if held != done.days.get(day, {}):
            problems.append(f"{day}: controller {held} ≠ shop {done.days.get(day, {})}")
    findings.counts["days"] = len(days)
    findings.add("skks_totals", problems)


def _day(value: object) -> date:
    """The UTC day of a moment as either driver reads it (SQLite: "…Z" text)."""
    if isinstance(value, str):
        return datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(UTC).date()
    assert isinstance(value, datetime)
    return value.astimezone(UTC).date()
