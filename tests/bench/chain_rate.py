"""The chain's p95 as a cashier feels it: 16 terminals sending bets at a fixed rate (issue 34).

`chain_accept_p95` (tests.bench.chain) times 16 terminals betting without pause on two cores,
where no client meets 25 ms: every terminal waits for the others' CPU. A counter does not bet
like that. Here each of the 16 terminals (4 offices × 4, the same chain and the same bet mix)
is sent RATE bets a second for the duration (BETSHOP_BENCH_SECONDS, default 30) in an open
loop, each terminal a sixteenth of a period after the last, not all at the same instant: bet i
is due at (i + phase) / RATE after the start, and its time counts from when it was due to
when `accept_bet` returned, so that a stall is not hidden by the bets that were not sent
meanwhile (tests.bench.chain.drive). The reference, `psycopg_same_writes_at_rate`, replays
the same bets' writes with plain psycopg at the same rate on its own copy of the database.

Goal: p95 ≤ 25 ms and ≤ 1.5 × the reference's p95; the p99 is printed beside it.
"""

from __future__ import annotations

import statistics

from tests.bench.chain import TERMINALS, measure
from tests.bench.pg_chain import duration, p95, say

RATE = 2.0  # bets a second per terminal: a busy counter
GOAL_MS = 25.0
REF_NAME = "psycopg_same_writes_at_rate"


def p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def run(_runs: int) -> list[str]:
    """Time the chain at RATE bets a second per terminal, then the reference at the same rate.

    Returns:
        The bench lines of the p95 (against the reference's) and the p99, and the p95 against
        the goal of 25 ms.
    """
    app, ref, _seen = measure(RATE, rounds=1)
    app_ms = [ms for o in app for ms in o.ms]
    ref_ms = [ms for o in ref for ms in o.ms]
    name = "chain_accept_p95_at_rate"
    say(
        name,
        f"{len(TERMINALS)} terminals at {RATE:g} bets/s each for {duration():.0f} s: app "
        f"{len(app_ms)} bets (refused {sum(o.refused for o in app)}), p50 "
        f"{statistics.median(app_ms):.1f} ms; reference {len(ref_ms)} bets, p50 "
        f"{statistics.median(ref_ms):.2f} ms",
    )
    ours, theirs = p95(app_ms), p95(ref_ms)
    ours99, theirs99 = p99(app_ms), p99(ref_ms)
    return [
        f"bench: chain_accept_p95_at_rate value={ours:.1f} unit=ms ref={theirs:.1f} "
        f"ref_name={REF_NAME} ratio={ours / theirs:.2f}",
        f"bench: chain_accept_p95_at_rate_goal value={ours:.1f} unit=ms ref={GOAL_MS:.1f} "
        f"ref_name=goal ratio={ours / GOAL_MS:.2f}",
        f"bench: chain_accept_p99_at_rate value={ours99:.1f} unit=ms ref={theirs99:.1f} "
        f"ref_name={REF_NAME} ratio={ours99 / theirs99:.2f}",
    ]
