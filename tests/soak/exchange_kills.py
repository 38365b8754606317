"""`python -m tests.soak.exchange_kills [--rounds 100] [--postgres]`: the paris' settlement
killed with SIGKILL at random moments (issue 20), then the books checked.

The shop is prepared once: 12 players' accounts of 100,000 roubles, offers of «Спрэдбетэкс» on
the eight events of the demo line accepted in parts (about 90 paris an event), every event's
result recorded. Each round starts from a copy of it (a file on SQLite, a template database on
PostgreSQL) and runs `shop.settle()` in a child process, killed at a random moment of its
settlement (measured first by an undisturbed child), again and again until a child finishes;
at most KILLS kills, then one more child runs undisturbed.

After every kill and at the end of each round: each pari either still concluded or settled,
never both nor neither; each event's paris all settled or none (one transaction an event);
each account's statement with one release line for each event settled that it played on and
none for the others; Σ accounts + the bookmaker's commission = Σ deposits; `verify` (every
statement added up, each account's blocked money what its offers and paris hold, the audit
chain). The exit code is 1 on any finding.
"""

from __future__ import annotations

import argparse
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from escpos.printer import Dummy

from main import open_shop
from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.integration.pg import soak_server
from tests.soak.checks import _connect, print_findings
from tests.soak.exchange import open_players

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
SETTLE_AT = START + timedelta(days=6)
EVENTS = (101, 102, 103, 104, 105, 201, 202, 203)
SCORES = ((2, 1), (0, 0), (1, 3), (2, 2), (0, 1), (3, 0), (1, 1), (4, 2))
PLAYERS = 12
DEPOSIT = Decimal("100000")
OFFERS = 40  # an event
KILLS = 5  # a round at most
REPO = Path(__file__).resolve().parents[2]


def _open(url: str, at: datetime) -> Shop:
    return open_shop(
        url, clock=FixedClock(at), terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )


def prepare(url: str, rng: random.Random) -> None:
    """The players, their paris on every event, the results."""
    clock = FixedClock(START)
    shop = open_shop(url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy())
    try:
        shop.seed_demo()
        shop.update_settings(exchange_commission="5")
        desk = shop.login("anna", "4821")
        accounts = open_players(desk, PLAYERS, DEPOSIT)
        for event in EVENTS:
            markets = sorted(next(r for r in desk.line() if r.event.code == event).odds)
            for _ in range(OFFERS):
                offerer = rng.choice(accounts)
                offer = desk.offer_pari(
                    offerer,
                    event=event,
                    market=rng.choice(markets),
                    side=rng.choice(("back", "lay")),
                    coefficient=Decimal(rng.randrange(20, 400)) / 100,
                    stake=Decimal(rng.randrange(30, 300)),
                )
                left = offer.stake_open
                for _part in range(rng.choice((1, 2, 3))):
                    taker = rng.choice([a for a in accounts if a != offerer])
                    part = min(left, Decimal(rng.randrange(10, 150)))
                    if part <= 0:
                        break
                    desk.accept_pari(taker, offer.number, stake=part)
                    left -= part
        clock.advance(SETTLE_AT - START - timedelta(hours=1))
        boss = shop.login("boss", "9911")
        for event, (home, away) in zip(EVENTS, SCORES, strict=True):
            boss.record_result(event, home, away, source="АБФФ")
    finally:
        shop.close()


# --- the child --------------------------------------------------------------------------------


def child(url: str, control: str = "") -> int:
    """Open the shop, say `ready`, settle, say `done SECONDS`.

    `control` "split" is the negative control: a settlement that commits the accounts'
    lines before it writes the paris settled — two transactions where there must be one —
    which the checks must find once a kill falls between them.
    """
    if control == "split":
        _split_the_transaction()
    shop = _open(url, SETTLE_AT)
    try:
        sys.stdout.write("ready\n")
        sys.stdout.flush()
        began = time.perf_counter()
        shop.settle()
        sys.stdout.write(f"done {time.perf_counter() - began:.4f}\n")
        sys.stdout.flush()
    finally:
        shop.close()
    return 0


def _split_the_transaction() -> None:
    from db.accounts import SqlAccountRepository

    moved = SqlAccountRepository.move_many

    def move_and_commit(self: SqlAccountRepository, *args: Any) -> None:
        moved(self, *args)
        self._session.commit()

    SqlAccountRepository.move_many = move_and_commit  # type: ignore[method-assign]


def _run_child(url: str, kill_after: float | None, control: str = "") -> tuple[bool, float]:
    """A child settling on `url`, killed `kill_after` seconds after it is ready (None: not
    killed). Returns whether it finished, and how long its settlement took if it did."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.soak.exchange_kills", "--child", url, "--control", control],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.strip() == "ready", line
    if kill_after is not None:
        time.sleep(kill_after)
        process.send_signal(signal.SIGKILL)
    out = process.stdout.read()
    status = process.wait()
    done = [w for w in out.split() if w != "done"]
    finished = status == 0 and out.startswith("done")
    return finished, float(done[0]) if finished else 0.0


# --- the checks -------------------------------------------------------------------------------


def findings(url: str) -> tuple[list[str], int]:
    """What does not hold, and how many events are settled."""
    problems: list[str] = []
    with closing(_connect(url)) as db:
        rows = db.execute(
            "SELECT p.id, p.event_code, c.pari_id IS NOT NULL, s.pari_id IS NOT NULL "
            "FROM exchange_paris p LEFT JOIN exchange_concluded c ON c.pari_id = p.id "
            "LEFT JOIN exchange_settlements s ON s.pari_id = p.id"
        ).fetchall()
        states: dict[int, set[bool]] = {}
        for pari, event, concluded, settled in rows:
            if bool(concluded) == bool(settled):
                problems.append(f"pari {pari}: concluded {concluded}, settled {settled}")
            states.setdefault(event, set()).add(bool(settled))
        problems += [f"event {e}: half settled" for e, s in states.items() if len(s) > 1]
        settled_events = {e for e, s in states.items() if s == {True}}
        players = _players(db)
        lines = Counter(
            (number, reference.split(":")[0])
            for number, reference in db.execute(
                "SELECT a.number, m.reference FROM account_movements m JOIN accounts a "
                "ON a.id = m.account_id WHERE m.kind = 'release' AND m.reference LIKE 'событие %'"
            ).fetchall()
        )
        for (number, event), played in players.items():
            wanted = 1 if played and event in settled_events else 0
            got = lines.get((number, f"событие {event}"), 0)
            if got != wanted:
                problems.append(f"account {number}, event {event}: {got} release lines")
        held = db.execute("SELECT coalesce(sum(free + blocked), 0) FROM accounts").fetchone()[0]
        kept = db.execute(
            "SELECT coalesce(sum(commission), 0) FROM exchange_settlements"
        ).fetchone()[0]
    if int(held) + int(kept) != int(DEPOSIT) * 100 * PLAYERS:
        problems.append(f"accounts {held} + commission {kept} ≠ deposits")
    shop = _open(url, SETTLE_AT)
    try:
        checked = shop.verify()
        if not checked.ok:
            problems.append(f"verify: {checked}")
    finally:
        shop.close()
    return problems, len(settled_events)


def _players(db: Any) -> dict[tuple[str, int], bool]:
    """(account, event) → whether the account is a side of a pari on the event."""
    played: dict[tuple[str, int], bool] = {}
    accounts = [row[0] for row in db.execute("SELECT number FROM accounts").fetchall()]
    sides = db.execute(
        "SELECT back_account, lay_account, event_code FROM exchange_paris"
    ).fetchall()
    for number in accounts:
        for event in EVENTS:
            played[(number, event)] = False
    for back, lay, event in sides:
        played[(back, event)] = played[(lay, event)] = True
    return played


# --- the rounds -------------------------------------------------------------------------------


def run(
    fresh: Callable[[], str], rounds: int, rng: random.Random, control: str = ""
) -> tuple[Counter[str], list[str]]:
    """The rounds, each on a `fresh()` copy of the prepared shop."""
    tally: Counter[str] = Counter()
    problems: list[str] = []
    url = fresh()
    finished, took = _run_child(url, None)
    assert finished, "an undisturbed settlement did not finish"
    tally["measured settlement ms"] = round(took * 1000)
    for _round in range(rounds):
        url = fresh()
        for _kill in range(KILLS):
            finished, _ = _run_child(url, rng.uniform(0, took * 1.2), control)
            if finished:
                tally["finished before the kill"] += 1
                break
            tally["kills"] += 1
            found, settled = findings(url)
            tally[f"killed with {settled} of {len(EVENTS)} events settled"] += 1
            problems += found
        else:
            finished, _ = _run_child(url, None)
            if not finished:
                problems.append(f"round {_round}: the settlement after the kills did not finish")
        found, settled = findings(url)
        problems += found
        if settled != len(EVENTS):
            problems.append(f"round {_round}: {settled} events settled at the end")
        tally["rounds"] += 1
        if problems:
            break
    return tally, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.soak.exchange_kills", description=__doc__
    )
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--control", default="", choices=("", "split"), help="negative control")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child, args.control)
    rng = random.Random(46)
    began = time.perf_counter()
    if args.postgres:
        with soak_server() as server:
            prepared = server.create_database()
            prepare(server.url(prepared), rng)
            tally, problems = run(
                lambda: server.url(server.create_database(template=prepared)),
                args.rounds,
                rng,
                args.control,
            )
    else:
        with tempfile.TemporaryDirectory(prefix="exchange-kills-") as folder:
            prepared_file = Path(folder) / "prepared.db"
            prepare(f"sqlite:///{prepared_file}", rng)
            copies = iter(range(10**6))

            def fresh() -> str:
                copy = Path(folder) / f"round-{next(copies)}.db"
                shutil.copyfile(prepared_file, copy)
                return f"sqlite:///{copy}"

            tally, problems = run(fresh, args.rounds, rng, args.control)
    return print_findings(
        f"exchange kills ({'PostgreSQL' if args.postgres else 'SQLite'}): "
        f"{time.perf_counter() - began:.0f} s; {dict(sorted(tally.items()))}",
        problems[:20],
    )


if __name__ == "__main__":
    try:
        sys.exit(main())
    except PosError as refused:  # a refusal while preparing: the soak's own mistake
        sys.stderr.write(f"{refused.message()}\n")
        sys.exit(2)
