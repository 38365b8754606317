"""`python -m tests.soak skks --kills 300`: the till killed while the СККС controller drops
answers and goes down at random (issue 35).

The controller is tests.skks_simulator in a process of its own. The shop is the payouts
scenario's (won slips to pay, a float that covers them) with an event far ahead to bet on and
the player's account, connected to the controller in online mode with `skks_timeout` 1. A few
workers run undisturbed first (the kill window is measured on a controller that answers);
then a switcher process (`python -m tests.soak.skks switch URL SEED`) flips the controller's
switches through `POST /control` — up, down for a while, answers dropped, answers late, a
bet refused — while the workers (tests.soak.skks_worker) are killed at random moments. At the
end the switcher stops, the controller answers again, a last worker recovers what the kills
left, the outbox is sent until it is empty, and the paper, the database, the outbox and the
controller's log and totals are checked (tests.soak.checks, tests.soak.skks_checks).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import shutil
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

from pos.core.clock import FixedClock
from tests.documents import PASSPORT
from tests.skks_process import simulator_process
from tests.skks_simulator import control
from tests.soak.checks import Findings, check
from tests.soak.prepare import CASHIER, MANAGER, open_shop, prepare
from tests.soak.run import REPO, Runner, Totals, Window, measure
from tests.soak.skks_checks import SKKS_INVARIANTS, check_skks
from tests.soak.skks_worker import EVENT, MARKETS
from tests.soak.worker import WorkerConfig, paper_folders

TIMEOUT = 1  # skks_timeout, seconds: the online operation's wait
SLIPS = 400  # won slips to pay (a worker pays about one a kill, and a third of its work)
CALM = {"down": False, "reset": False, "delay": 0.0, "drop": 0.0, "refuse_kinds": {}}
DRAIN_TRIES = 20


def soak_skks(args: argparse.Namespace, began: float, folder: Path, url: str) -> int:
    """The run (tests.soak.__main__ gives the folder and the database); its exit code."""
    with simulator_process(folder / "simulator.log") as controller:
        return _run(args, began, folder, url, controller)


def _run(args: argparse.Namespace, began: float, folder: Path, url: str, controller: str) -> int:
    clock_from = prepare_skks(url, controller, SLIPS + args.kills)
    config = WorkerConfig(
        "skks",
        url,
        str(folder),
        args.printers,
        "",
        seed=args.seed,
        pace=args.pace_ms / 1000,
        control=args.control,
    )
    runner = Runner(config, clock_from, spawn=args.spawn)
    totals = Totals()
    rate = args.fault_rate if args.faulty else 0.0
    window = measure(runner, totals, rate)  # on a controller that answers at once
    # An operation waits up to the timeout for an answer that does not come: the kills land
    # as far after it, so that refusals return to the cashier too, not only recoveries.
    window = dataclasses.replace(window, op=window.op + TIMEOUT)
    switcher = subprocess.Popen(
        [sys.executable, "-m", "tests.soak.skks", "switch", controller, str(args.seed)], cwd=REPO
    )
    try:
        if args.kills:
            _kill_loop(runner, totals, window, args.kills, rate, random.Random(args.seed))
        else:
            totals.add(runner.run(max_ops=args.faulty, fault_rate=rate))
    finally:
        switcher.kill()
        switcher.wait()
    control(controller, **CALM)
    totals.add(runner.run(max_ops=0))  # the last cashier only sorts out what is left
    left = drain(url, runner.now)
    slip_paper, receipt_paper = paper_folders(folder, args.printers)
    findings = check(url, slip_paper, receipt_paper, "skks", runner.now)
    check_skks(findings, url, controller, slip_paper)
    failed = findings.failed + [name for name in SKKS_INVARIANTS if findings.counts.get(name)]
    failed += ["workers"] if totals.errors else []
    failed += [f"drain ({left} unsent)"] if left else []
    _report(args, totals, findings, window, failed, time.monotonic() - began, folder)
    if not failed and not args.keep:
        shutil.rmtree(folder)
    return 1 if failed else 0


def prepare_skks(url: str, controller: str, slips: int) -> datetime:
    """The payouts scenario's shop with `slips` won slips, an event to bet on, the player's
    account, and the controller in online mode (set last: the preparation sends nothing)."""
    start = prepare(url, "payouts", slips)
    shop = open_shop(url, FixedClock(start))
    try:
        boss = shop.login(*MANAGER)
        boss.add_event(
            EVENT, "football", "Хозяева (soak)", "Гости (soak)", start + timedelta(days=30)
        )
        for market, odds in zip(MARKETS, ("2.10", "3.30", "3.40"), strict=True):
            boss.set_odds(EVENT, market, odds)
        shop.login(*CASHIER).open_account(document=PASSPORT)
        shop.update_settings(skks_url=controller, skks_mode="online", skks_timeout=TIMEOUT)
    finally:
        shop.close()
    return start + timedelta(seconds=1)


def drain(url: str, now: datetime) -> int:
    """Send the outbox until it is empty, as the window's background sending does; how many
    messages are left unsent (0)."""
    shop = open_shop(url, FixedClock(now))
    try:
        for _ in range(DRAIN_TRIES):
            shop.skks_send()
            left = shop.skks_status().unsent
            if not left:
                return 0
            time.sleep(0.2)
        return left
    finally:
        shop.close()


def _kill_loop(
    runner: Runner, totals: Totals, window: Window, kills: int, rate: float, rng: random.Random
) -> None:
    """As tests.soak.run.kill_loop, after its measurement (taken before the switcher began)."""
    while totals.kills < kills and not totals.errors and not totals.exhausted:
        plan = window.plan(rng, totals.recover_times)
        totals.add(runner.run(max_ops=None, fault_rate=rate, kill=plan))


def switch(controller: str, seed: int) -> None:
    """Flip the controller's switches at random until killed, each state held 0.5–3 s: up
    (35 %), down (25 %), dropping answers (20 %), slow or too late (15 %), refusing bets."""
    rng = random.Random(seed)
    while True:
        draw = rng.random()
        state: dict[str, object] = dict(CALM)
        if draw < 0.25:
            state.update(down=True, reset=rng.random() < 0.5)
        elif draw < 0.45:
            state.update(drop=rng.uniform(0.2, 0.8))
        elif draw < 0.6:
            state.update(delay=rng.choice((0.3, TIMEOUT + 0.2)))  # slow, or too late
        elif draw < 0.65:
            state.update(refuse_kinds={"bet_accepted": "Касса не зарегистрирована (soak)"})
        control(controller, **state)
        time.sleep(rng.uniform(0.5, 3.0))


def _report(
    args: argparse.Namespace,
    totals: Totals,
    findings: Findings,
    window: Window,
    failed: list[str],
    seconds: float,
    folder: Path,
) -> None:
    counts = findings.counts
    head = "soak skks:"
    summary = [
        f"kills={totals.kills}",
        f"operations={counts['skks_operations']}",
        f"returned={totals.ops}",
        f"refused_no_answer={totals.outcomes['refused:SkksNoAnswer']}",
        f"refused_by_controller={totals.outcomes['refused:SkksRefused']}",
        f"messages={counts['messages']}",
        f"registrations={counts['registrations']}",
        f"annulments={counts['annulments']}",
        f"annulments_undoing={counts['annulments_undoing']}",
        *(f"{name}={counts.get(name, 0)}" for name in SKKS_INVARIANTS),
        f"verify={'ok' if findings.verify == 'ok' else 'FAILED'}",
    ]
    control_note = f" control={args.control}" if args.control else ""
    lines = [
        f"{head} {' '.join(summary)}",
        f"{head} printers={args.printers} seed={args.seed}{control_note} runs={totals.runs}",
        f"{head} measured sign_in={window.ready:.3f}s first_operation={window.op:.3f}s "
        f"operation={window.later_op:.3f}s",
    ]
    lines += [f"{head} {name}={value}" for name, value in sorted(counts.items())]
    lines.append(f"{head} verify={findings.verify}")
    lines.append(f"{head} integrity={findings.integrity}")
    lines.append(f"{head} outcomes {dict(sorted(totals.outcomes.items()))}")
    lines.append(f"{head} recoveries {dict(sorted(totals.recoveries.items()))}")
    lines += [f"{head} worker error: {error}" for error in totals.errors]
    for name in failed:
        lines += [f"{head} FAILED {name}: {example}" for example in findings.examples.get(name, [])]
    verdict = "FAILED " + ", ".join(failed) if failed else "all invariants hold"
    lines.append(f"{head} {verdict} ({seconds:.0f} s; folder {folder})")
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":  # the switcher: python -m tests.soak.skks switch URL SEED
    if sys.argv[1:2] == ["switch"]:
        switch(sys.argv[2], int(sys.argv[3]))
