"""`python -m tests.soak SCENARIO --kills N [--faulty [OPS]] [--printers one|two]`, the scenario
`payouts`, `issuing`, `accounts` or `skks` (issue 35: tests.soak.skks)."""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

# printing's __init__ sets python-escpos's capability cache up before escpos loads; the
# station is loaded once here, not again in every forked worker.
import printing.station  # noqa: F401
from tests.bench.pg_chain import start_server
from tests.soak.checks import Findings, check
from tests.soak.prepare import prepare
from tests.soak.run import MEASURE_OPS, MEASURE_RUNS, Runner, Totals, Window, kill_loop
from tests.soak.skks import soak_skks
from tests.soak.skks_worker import SKKS_CONTROLS
from tests.soak.worker import CONTROLS, WorkerConfig, paper_folders, work

FAULT_RATE = 0.1
# Slips to pay: more than the workers can reach (a worker does about one operation a kill).
SLIPS_PER_KILL = 3
SLIPS_SPARE = 200


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["worker"]:  # --spawn: a worker in a new interpreter
        return work(WorkerConfig.from_json(arguments[1]), int(arguments[2]))
    args = _parser().parse_args(arguments)
    if not args.kills and not args.faulty:
        _parser().error("give --kills N, --faulty [OPS], or both")
    return soak(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tests.soak", description=__doc__)
    parser.add_argument("scenario", choices=("payouts", "issuing", "accounts", "skks"))
    parser.add_argument("--kills", type=int, default=0, help="workers killed with SIGKILL")
    parser.add_argument(
        "--faulty",
        type=int,
        nargs="?",
        const=1500,
        default=0,
        help="printers that fail at random; without --kills: this many operations (1500)",
    )
    parser.add_argument("--fault-rate", type=float, default=FAULT_RATE, help="per print job")
    parser.add_argument("--printers", choices=("one", "two"), default="one")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", action="store_true", help="on a PostgreSQL server it starts")
    parser.add_argument("--pace-ms", type=float, default=2.0, help="pause per 256 bytes printed")
    parser.add_argument("--dir", help="the run's folder (new or empty); default: a temp folder")
    parser.add_argument("--keep", action="store_true", help="keep the folder when all passed")
    parser.add_argument("--spawn", action="store_true", help="workers as new interpreters")
    parser.add_argument(
        "--control",
        choices=CONTROLS + SKKS_CONTROLS,
        default="",
        help="a negative control: the run must fail",
    )
    return parser


def soak(args: argparse.Namespace) -> int:
    began = time.monotonic()
    folder = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix=f"soak-{args.scenario}-"))
    folder.mkdir(parents=True, exist_ok=True)
    if any(folder.iterdir()):
        sys.stderr.write(f"{folder} is not empty\n")
        return 2
    server = None
    if args.postgres:  # the integration tests' throw-away server (fsync off)
        server = start_server()
        url = server.url(server.create_database())
    else:
        url = f"sqlite:///{folder / 'shop.db'}"
    try:
        return _soak(args, began, folder, url)
    finally:
        if server is not None:
            server.stop()


def _soak(args: argparse.Namespace, began: float, folder: Path, url: str) -> int:
    if args.scenario == "skks":  # its controller, switcher and checks (issue 35)
        return soak_skks(args, began, folder, url)
    slips = MEASURE_RUNS * MEASURE_OPS + args.kills * SLIPS_PER_KILL + args.faulty + SLIPS_SPARE
    clock_from = prepare(url, args.scenario, slips if args.scenario == "payouts" else 0)
    config = WorkerConfig(
        args.scenario,
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
    window = None
    if args.kills:
        window = kill_loop(runner, totals, args.kills, rate, random.Random(args.seed))
    else:
        totals.add(runner.run(max_ops=args.faulty, fault_rate=rate))
    totals.add(runner.run(max_ops=0))  # the last cashier only sorts out what is left
    slip_paper, receipt_paper = paper_folders(folder, args.printers)
    findings = check(url, slip_paper, receipt_paper, args.scenario, runner.now)
    failed = findings.failed + (["workers"] if totals.errors else [])
    _report(args, totals, findings, window, failed, time.monotonic() - began, folder)
    if not failed and not args.keep:
        shutil.rmtree(folder)
    return 1 if failed else 0


def _report(
    args: argparse.Namespace,
    totals: Totals,
    findings: Findings,
    window: Window | None,
    failed: list[str],
    seconds: float,
    folder: Path,
) -> None:
    counts = findings.counts
    head = f"soak {args.scenario}:"
    summary = [
        f"kills={totals.kills}",
        f"operations={_made(args.scenario, counts)}",
        f"returned={totals.ops}",
        f"receipts_on_paper={counts['receipts_on_paper']}",
        f"partial={counts['partial_on_paper']}",
        f"without_record={counts['without_record']}",
        f"spoiled={counts['spoiled']}",
        f"twice={counts['twice']}",
        f"receipt_gaps={counts['receipt_gaps']}",
        f"journal_gaps={counts['journal_gaps']}",
        f"paid_twice={counts['paid_twice']}",
        f"paid_not_on_paper={counts['paid_not_on_paper']}",
        f"printed_not_on_paper={counts['printed_not_on_paper']}",
        f"verify={'ok' if findings.verify == 'ok' else 'FAILED'}",
    ]
    lines = [f"{head} {' '.join(summary)}"]
    faulty = ""
    if args.faulty:
        faulty = f" faulty_printers rate={args.fault_rate}"
        faulty += "" if args.kills else f" operations_asked={args.faulty}"
    control = f" control={args.control}" if args.control else ""
    lines.append(
        f"{head} printers={args.printers} seed={args.seed}{faulty}{control} runs={totals.runs}"
    )
    if window is not None:
        lines.append(
            f"{head} measured sign_in={window.ready:.3f}s first_operation={window.op:.3f}s "
            f"operation={window.later_op:.3f}s"
        )
    lines += [f"{head} {name}={value}" for name, value in sorted(counts.items())]
    lines.append(f"{head} verify={findings.verify}")
    lines.append(f"{head} integrity={findings.integrity}")
    lines.append(f"{head} outcomes {dict(sorted(totals.outcomes.items()))}")
    lines.append(f"{head} recoveries {dict(sorted(totals.recoveries.items()))}")
    if totals.faults:
        lines.append(f"{head} printer_faults {dict(sorted(totals.faults.items()))}")
    lines += [f"{head} worker error: {error}" for error in totals.errors]
    for name in failed:
        lines += [f"{head} FAILED {name}: {example}" for example in findings.examples.get(name, [])]
    verdict = "FAILED " + ", ".join(failed) if failed else "all invariants hold"
    lines.append(f"{head} {verdict} ({seconds:.0f} s; folder {folder})")
    sys.stdout.write("\n".join(lines) + "\n")


def _made(scenario: str, counts: dict[str, int]) -> int:
    """Operations the database holds: payouts made, slips issued, cancelled and bought back, or the
    accounts' movements (deposits, withdrawals, blocks, releases, results)."""
    if scenario == "payouts":
        return counts["journal_entries"]
    if scenario == "accounts":
        return counts["account_movements"]
    return counts["issued"] + counts["cancelled"] + counts.get("cashed_out", 0)


if __name__ == "__main__":
    sys.exit(main())
