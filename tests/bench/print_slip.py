"""Printing a bet's and a payout's papers to a Dummy printer: CPU time per document (issue 34).

Part of a bet's time at the counter (tests.bench.accept_bet) is its paper: the slip and its
fiscal receipt laid out (printing.slips, printing.receipts), rendered to ESC/POS bytes in
one job (printing.render) and written to an escpos `Dummy`, as `EscposStation.print_slip`
does; a payout's is the «РАСХОД» receipt and the player's payout note, two jobs. This times
those three, on 80 mm paper in CP866 with the games installed as the shop installs them:

- `print_slip_single`: a single's slip and its receipt;
- `print_slip_express3`: an express of 3 legs and its receipt;
- `print_payout`: the expense receipt, then the payout note.

Each figure is the CPU time (`time.process_time`, so that other work on the machine counts
less than in wall time) of ITERATIONS prints in a row, per print, in microseconds; the
median of `runs` rounds. The reference, `encode_lines`, is the least any printing of those
papers costs: their printed lines, already laid out, encoded with the code page's codec.
stderr also splits a print into its layout and its rendering, and gives the load average.

The documents are those of the byte-identity guard (tests/unit/printing/print_samples.py),
which makes sure that printing made cheaper sends the very same bytes.

    .venv/bin/python -m tests.bench.print_slip [--runs 7]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from escpos.printer import Dummy

from main import games
from pos.betting.numbers import make_slip_number
from pos.betting.slips import Slip
from pos.core.printers import PrinterConfig
from pos.games.registry import installing
from pos.payouts.rules import PayoutNote
from pos.till.fiscal import FiscalReceipt
from printing.layout import Item, Text
from printing.payouts import payout_note_layout
from printing.receipts import receipt_layout
from printing.render import render_job
from printing.slips import slip_layout
from printing.station import EscposStation, build_station
from printing.text import encoder
from tests.unit.printing.print_samples import EXPENSE, EXPRESS, NOTE, SETTINGS, SINGLE, STAKE

ITERATIONS = 500
PROFILE = "TM-T20II"
CODE_PAGE = "CP866"
FLOOR = encoder(CODE_PAGE)  # the fastest encoding of text in the code page there is
SLIPS_BEFORE = 1_000_000  # the numbers continue those of a shop's first million slips
STAKES = ("2", "5", "10", "10", "20", "25.50", "50", "100", "150", "300")


def _say(message: str) -> None:
    sys.stderr.write(f"print_slip: {message}\n")
    sys.stderr.flush()


@dataclass(frozen=True)
class _Papers:
    """One bet's or payout's documents: each print is of another slip, as at the counter."""

    slip: Slip
    express: Slip
    stake: FiscalReceipt
    expense: FiscalReceipt
    note: PayoutNote


def _papers(count: int) -> list[_Papers]:
    """`count` bets' papers: their numbers, times and amounts differ as a shift's do, so
    that no cache sees the same document twice in a row (the legs come from a small line)."""
    papers = []
    for serial in range(1, count + 1):
        at = SINGLE.issued_at + timedelta(seconds=37 * serial)
        number = make_slip_number(SLIPS_BEFORE + serial, b"bench secret")
        stake = Decimal(STAKES[serial % len(STAKES)])
        slip = dataclasses.replace(SINGLE, number=number, issued_at=at, stake=stake)
        express = dataclasses.replace(EXPRESS, number=number, issued_at=at, stake=stake)
        receipt = dataclasses.replace(STAKE, number=serial, amount=stake, at=at, slip_number=number)
        won = stake * 3
        expense = dataclasses.replace(
            EXPENSE, number=serial + 1, amount=won, at=at, slip_number=number
        )
        note = dataclasses.replace(
            NOTE,
            slip_number=number,
            amount=won,
            paid_at=at,
            journal_no=serial,
            fiscal_receipt_no=serial + 1,
        )
        papers.append(_Papers(slip, express, receipt, expense, note))
    return papers


Job = list[list[Item]]  # the documents of one write, each ending in a cut


def _single(p: _Papers) -> list[Job]:
    return [
        [
            slip_layout(p.slip, SETTINGS, code_page=CODE_PAGE),
            receipt_layout(p.stake, SETTINGS, code_page=CODE_PAGE),
        ]
    ]


def _express(p: _Papers) -> list[Job]:
    return [
        [
            slip_layout(p.express, SETTINGS, code_page=CODE_PAGE),
            receipt_layout(p.stake, SETTINGS, code_page=CODE_PAGE),
        ]
    ]


def _payout(p: _Papers) -> list[Job]:
    return [
        [receipt_layout(p.expense, SETTINGS, code_page=CODE_PAGE)],
        [payout_note_layout(p.note, SETTINGS, code_page=CODE_PAGE)],
    ]


# Each figure's jobs laid out, as the station lays them out: a slip and its receipt in one.
LAYOUTS: dict[str, Callable[[_Papers], list[Job]]] = {
    "print_slip_single": _single,
    "print_slip_express3": _express,
    "print_payout": _payout,
}


def _per_print(operation: Callable[[_Papers], object], papers: list[_Papers]) -> float:
    """Microseconds of CPU time per call of `operation`, one call for each bet's papers; the
    garbage collector is off while timing, as `timeit` has it, and collects before."""
    gc.collect()
    gc.disable()
    try:
        started = time.process_time()
        for paper in papers:
            operation(paper)
        spent = time.process_time() - started
    finally:
        gc.enable()
    return spent / len(papers) * 1e6


def _pay(station: EscposStation, p: _Papers) -> None:
    station.print_receipts([p.expense], SETTINGS)  # as pos.payouts.use_cases.pay_out prints
    station.print_payout_note(p.note, SETTINGS)


def _round(papers: list[_Papers]) -> dict[str, dict[str, float]]:
    """One round: each figure's print, layout, rendering and reference, in µs per print."""
    device = Dummy(profile=PROFILE)
    station = build_station(PrinterConfig(), None, printer=device, jobs_dir="")
    prints: dict[str, Callable[[_Papers], object]] = {
        "print_slip_single": lambda p: station.print_slip(p.slip, SETTINGS, receipt=p.stake),
        "print_slip_express3": lambda p: station.print_slip(p.express, SETTINGS, receipt=p.stake),
        "print_payout": functools.partial(_pay, station),
    }
    laid = {(name, id(p)): LAYOUTS[name](p) for name in LAYOUTS for p in papers}
    figures: dict[str, dict[str, float]] = {}
    for name, document in prints.items():

        def printed(paper: _Papers, document: Callable[[_Papers], object] = document) -> None:
            document(paper)
            device.clear()  # the Dummy keeps every job; a device sends and forgets it

        layout = LAYOUTS[name]

        def render(paper: _Papers, name: str = name) -> None:
            for job in laid[(name, id(paper))]:
                render_job(PROFILE, job, code_page=CODE_PAGE)

        def reference(paper: _Papers, name: str = name) -> None:
            for job in laid[(name, id(paper))]:
                for items in job:
                    FLOOR("\n".join(item.text for item in items if isinstance(item, Text)))

        figures[name] = {
            "print": _per_print(printed, papers),
            "layout": _per_print(layout, papers),
            "render": _per_print(render, papers),
            "ref": _per_print(reference, papers),
        }
    return figures


def run(runs: int, iterations: int = ITERATIONS) -> list[str]:
    """Time each figure's print `runs` times over `iterations` prints.

    Returns:
        The bench lines: µs of CPU per print, against encoding its lines.
    """
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with installing(games()):
        _round(_papers(50))  # warm-up: imports, caches, escpos's profile data
        rounds = [_round(_papers(iterations)) for _ in range(runs)]
    after = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = []
    for name in rounds[0]:
        median = {
            part: statistics.median(r[name][part] for r in rounds) for part in rounds[0][name]
        }
        best = min(r[name]["print"] for r in rounds)
        _say(
            f"{name}: print p50 {median['print']:.0f} µs (best {best:.0f}), layout "
            f"{median['layout']:.0f} µs, render {median['render']:.0f} µs, CPU per print"
        )
        lines.append(
            f"bench: {name} value={median['print']:.1f} unit=us ref={median['ref']:.1f} "
            f"ref_name=encode_lines ratio={median['print'] / median['ref']:.1f}"
        )
    _say(f"{runs} rounds of {iterations} prints; load average {load:.2f} before, {after:.2f} after")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7, help="rounds; the figures are medians")
    parser.add_argument("--iterations", type=int, default=ITERATIONS, help="prints per round")
    args = parser.parse_args()
    for line in run(args.runs, args.iterations):
        sys.stdout.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
