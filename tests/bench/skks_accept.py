"""`skks_accept_p95`: a bet in online mode, registered by the controller first (issue 35).

What is timed: the whole `desk.accept_bet(...)` of a signed-in cashier on a demo SQLite
database (the app's PRAGMAs, WAL, `synchronous=FULL`), printed to an escpos `Dummy`, with the
office connected to the controller simulator on loopback answering at once, in a process of
its own (tests.skks_process: in the till's process it would take the GIL from the bet): the
bet and its message committed waiting for the print, the message registered (one read of the
outbox, one POST on a keep-alive connection), the print, the issuing transaction recording
the registration. The reference is the same `accept_bet` without a controller on a twin copy
of the same database, called in turn, so that both see the same load. Goal: p95 ratio ≤ 1.5.
The bets are singles and expresses on the demo line by the demo cashier at a `FixedClock`
standing before the demo events start; 20 of each warm up first.

    python -m tests.bench --only skks_accept_p95 --runs 3
"""

from __future__ import annotations

import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from main import open_shop
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from printing.profiles import dummy_printer
from tests.bench.accept_bet import warn_if_busy
from tests.fakes import PlainPinHasher
from tests.skks_process import simulator_process
from tests.skks_simulator import fetch_log

NOW = datetime(2026, 12, 5, 7, 0, tzinfo=UTC)
WARM_UP = 20
BETS_PER_RUN = 100
STAKES = ("2", "5", "10", "25")


def _say(message: str) -> None:
    sys.stderr.write(f"skks_accept: {message}\n")
    sys.stderr.flush()


def _p95(samples: Sequence[float]) -> float:
    return statistics.quantiles(samples, n=100)[94]


def _open(path: Path, clock: FixedClock) -> Shop:
    return open_shop(
        f"sqlite:///{path}",
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=dummy_printer("TM-T20II"),
    )


def _timed_bet(desk: Desk, picks: list[tuple[int, str]], stake: str) -> float:
    started = time.perf_counter_ns()
    desk.accept_bet(picks, stake, "single" if len(picks) == 1 else "express")
    return (time.perf_counter_ns() - started) / 1e6


def _measure(folder: Path, bets: int) -> tuple[list[float], list[float], int]:
    clock = FixedClock(NOW)
    first = folder / "skks.db"
    seeding = _open(first, clock)
    seeding.seed_demo()
    seeding.close()
    shutil.copyfile(first, folder / "plain.db")
    with simulator_process() as url:
        online, plain = _open(first, clock), _open(folder / "plain.db", clock)
        try:
            online.update_settings(skks_url=url, skks_mode="online", skks_timeout=3)
            desks = online.login("anna", "4821"), plain.login("anna", "4821")
            line = {row.event.code: sorted(row.odds) for row in desks[1].line()}
            rng = random.Random(7)
            timings: tuple[list[float], list[float]] = ([], [])
            for index in range(WARM_UP + bets):
                size = 1 if rng.random() < 0.7 else 2
                picks = [(code, rng.choice(line[code])) for code in rng.sample(sorted(line), size)]
                stake = rng.choice(STAKES)
                clock.advance(timedelta(seconds=3))
                for desk, samples in zip(desks, timings, strict=True):
                    ms = _timed_bet(desk, picks, stake)
                    if index >= WARM_UP:
                        samples.append(ms)
            registered = len(fetch_log(url))
        finally:
            online.close()
            plain.close()
    return timings[0], timings[1], registered


def run(runs: int) -> list[str]:
    warn_if_busy(_say)
    online: list[float] = []
    plain: list[float] = []
    for _ in range(max(1, runs)):
        with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
            measured, reference, registered = _measure(Path(folder), BETS_PER_RUN)
        assert registered == WARM_UP + BETS_PER_RUN, registered
        online += measured
        plain += reference
    value, ref = _p95(online), _p95(plain)
    _say(
        f"{len(online)} bets each; median {statistics.median(online):.2f} ms online, "
        f"{statistics.median(plain):.2f} ms without a controller"
    )
    warn_if_busy(_say)
    return [
        f"bench: skks_accept_p95 value={value:.3f} unit=ms ref={ref:.3f} "
        f"ref_name=accept_bet_without_controller ratio={value / ref:.2f}"
    ]


if __name__ == "__main__":
    for line in run(int(sys.argv[1]) if len(sys.argv) > 1 else 3):
        sys.stdout.write(line + "\n")
