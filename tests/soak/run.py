"""The parent: prepares the database, starts workers, kills them, checks what is left.

A worker is a child process (forked from this one once everything is imported, or with
`--spawn` a new interpreter: `python -m tests.soak worker CONFIG FD`). Before the kills a few
workers run a few operations each undisturbed, to measure how long signing in, recovering
and the first operation of a new process take (its statements are compiled then: about
three times a later one). Then each kill: a worker starts, and SIGKILL comes at a
random moment — one kill in ten while it opens the shop and signs in, the others within
the typical recovery plus one and a half operations after it signed in. The next worker
starts after the last one died, its clock a second later than anything the last one can
have written (the parent counts their `tick` lines). A last worker recovers only, unkilled,
and then the paper is compared with the database (tests.soak.checks).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import select
import signal
import statistics
import subprocess
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from tests.soak.worker import WorkerConfig, work

MEASURE_RUNS = 5  # undisturbed workers before the kills, each doing MEASURE_OPS
MEASURE_OPS = 4
EARLY_KILLS = 0.1  # of the kills: while the worker opens the shop and signs in
SILENCE = 120.0  # seconds a worker may say nothing before it is taken for hung
REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class KillPlan:
    """When to kill: `delay` seconds after the worker started, or after it said `ready`."""

    after_ready: bool
    delay: float


@dataclass
class RunResult:
    """What one worker did, as it said on the pipe, and how it ended."""

    ticks: int = 0
    ops: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    recoveries: Counter[str] = field(default_factory=Counter)
    durations: list[float] = field(default_factory=list)
    ready_after: float | None = None
    recovered_after: float | None = None
    faults: Counter[str] = field(default_factory=Counter)
    exhausted: bool = False
    stuck: str | None = None
    status: int | None = None  # the exit code; -9 when killed
    hung: bool = False

    @property
    def killed(self) -> bool:
        return self.status == -signal.SIGKILL

    def take(self, line: str, elapsed: float) -> None:
        word, _, rest = line.partition(" ")
        if word == "tick":
            self.ticks += 1
        elif word == "op":
            seconds, _, outcome = rest.partition(" ")
            self.ops += 1
            self.durations.append(float(seconds))
            self.outcomes[outcome] += 1
        elif word == "recover":
            self.recoveries[rest] += 1
        elif word == "faults":
            self.faults = Counter(json.loads(rest))
        elif word == "ready":
            self.ready_after = elapsed
        elif word == "recovered":
            self.recovered_after = elapsed
        elif word == "exhausted":
            self.exhausted = True
        elif word == "stuck":
            self.stuck = rest


class Runner:
    """Starts workers one after another, each with its clock after the last one's."""

    def __init__(self, config: WorkerConfig, clock_from: datetime, *, spawn: bool) -> None:
        self.config = config
        self.clock_from = clock_from
        self.spawn = spawn
        self.runs = 0
        self.ticks = 0

    @property
    def now(self) -> datetime:
        """Later than anything a worker so far can have written."""
        return self.clock_from + timedelta(seconds=self.ticks + self.runs + 1)

    def run(
        self, *, max_ops: int | None, fault_rate: float = 0.0, kill: KillPlan | None = None
    ) -> RunResult:
        config = dataclasses.replace(
            self.config,
            start=self.now.isoformat(),
            max_ops=max_ops,
            fault_rate=fault_rate,
            seed=self.config.seed * 1_000_003 + self.runs,
        )
        self.runs += 1
        read_end, write_end = os.pipe()
        process = _start(config, write_end, spawn=self.spawn)
        os.close(write_end)
        try:
            result = _watch(process, read_end, kill)
        finally:
            os.close(read_end)
        self.ticks += result.ticks
        return result


class _Process:
    def __init__(self, pid: int, popen: subprocess.Popen[bytes] | None = None) -> None:
        self.pid = pid
        self.popen = popen

    def kill(self) -> None:
        os.kill(self.pid, signal.SIGKILL)

    def wait(self) -> int:
        if self.popen is not None:
            return self.popen.wait()
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


def _start(config: WorkerConfig, write_end: int, *, spawn: bool) -> _Process:
    if spawn:
        command = [sys.executable, "-m", "tests.soak", "worker", config.to_json(), str(write_end)]
        popen = subprocess.Popen(command, pass_fds=(write_end,), cwd=REPO)
        return _Process(popen.pid, popen)
    pid = os.fork()
    if pid == 0:  # the child: never returns into the parent's code
        code = 3
        try:
            code = work(config, write_end)
        except BaseException:  # noqa: BLE001 - anything but a refusal is what the soak seeks
            traceback.print_exc()
            with (Path(config.folder) / "worker-errors.log").open("a") as log:
                log.write(traceback.format_exc())
        finally:
            os._exit(code)
    return _Process(pid)


def _watch(process: _Process, fd: int, kill: KillPlan | None) -> RunResult:
    result = RunResult()
    started = time.monotonic()
    deadline = started + kill.delay if kill is not None and not kill.after_ready else None
    buffer = b""
    killed = False
    while True:
        now = time.monotonic()
        if deadline is not None and not killed and now >= deadline:
            process.kill()
            killed = True
        wait = SILENCE if deadline is None or killed else deadline - now
        readable, _, _ = select.select([fd], [], [], max(wait, 0))
        if not readable:
            if deadline is None or killed:
                result.hung = True
                process.kill()
                killed = True
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            break  # the worker ended (or died): its write end is closed
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        for line in lines:
            result.take(line.decode(), time.monotonic() - started)
            if line == b"ready" and kill is not None and kill.after_ready:
                deadline = time.monotonic() + kill.delay
    result.status = process.wait()
    return result


@dataclass
class Totals:
    """The sums over all workers."""

    kills: int = 0
    runs: int = 0
    ops: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    recoveries: Counter[str] = field(default_factory=Counter)
    faults: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    exhausted: bool = False
    recover_times: list[float] = field(default_factory=list)

    def add(self, result: RunResult) -> None:
        self.runs += 1
        self.kills += result.killed
        self.ops += result.ops
        self.outcomes.update(result.outcomes)
        self.recoveries.update(result.recoveries)
        self.faults.update(result.faults)
        self.exhausted |= result.exhausted
        if result.ready_after is not None and result.recovered_after is not None:
            self.recover_times.append(result.recovered_after - result.ready_after)
        if result.stuck:
            self.errors.append(f"run {self.runs}: stuck on {result.stuck}")
        if result.hung:
            self.errors.append(f"run {self.runs}: silent for {SILENCE:.0f} s, killed")
        elif result.status not in (0, -signal.SIGKILL):
            self.errors.append(f"run {self.runs}: exit status {result.status}")


@dataclass(frozen=True)
class Window:
    """The kill moments, from the measured runs."""

    ready: float  # start → signed in
    op: float  # a restarted worker's first operation (its statements not compiled yet)
    later_op: float  # the operations after it

    def plan(self, rng: random.Random, recover_times: list[float]) -> KillPlan:
        if rng.random() < EARLY_KILLS:
            return KillPlan(after_ready=False, delay=rng.uniform(0, self.ready))
        recent = recover_times[-50:]
        recovering = statistics.median(recent) if recent else 0.0
        return KillPlan(after_ready=True, delay=rng.uniform(0, recovering + 1.5 * self.op))


def measure(runner: Runner, totals: Totals, fault_rate: float) -> Window:
    """A few undisturbed workers: how long starting, signing in and operations take."""
    ready, first, later = [], [], []
    for _ in range(MEASURE_RUNS):
        result = runner.run(max_ops=MEASURE_OPS, fault_rate=fault_rate)
        totals.add(result)
        ready.append(result.ready_after or 0.1)
        first += result.durations[:1]
        later += result.durations[1:]
    return Window(
        statistics.median(ready),
        statistics.median(first or [0.1]),
        statistics.median(later or first or [0.1]),
    )


def kill_loop(
    runner: Runner, totals: Totals, kills: int, fault_rate: float, rng: random.Random
) -> Window:
    """`kills` workers killed at random moments; stops early on a worker's error."""
    window = measure(runner, totals, fault_rate)
    while totals.kills < kills and not totals.errors and not totals.exhausted:
        plan = window.plan(rng, totals.recover_times)
        totals.add(runner.run(max_ops=None, fault_rate=fault_rate, kill=plan))
    return window
