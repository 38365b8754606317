"""The `_vs_sqlite3` bench lines and the interval they say on stderr (tests.bench.plain_sqlite3)."""

from __future__ import annotations

import random
import re
import statistics

from tests.bench.plain_sqlite3 import versus


def _interval(said: list[str]) -> tuple[float, float]:
    found = re.search(r"within (\d+\.\d\d)-(\d+\.\d\d)$", said[0])
    assert found, said
    return float(found[1]), float(found[2])


def test_the_line_gives_the_p95s_as_statistics_takes_them() -> None:
    draw = random.Random(34)
    app = [draw.uniform(1.5, 4.0) for _ in range(350)]
    ref = [draw.uniform(0.5, 1.5) for _ in range(350)]
    said: list[str] = []
    line = versus("payout_p95_vs_sqlite3", app, ref, "sqlite3_same_writes", said.append)
    value, reference = (statistics.quantiles(xs, n=100)[94] for xs in (app, ref))
    assert line == (
        f"bench: payout_p95_vs_sqlite3 value={value:.3f} unit=ms ref={reference:.3f} "
        f"ref_name=sqlite3_same_writes ratio={value / reference:.2f}"
    )
    low, high = _interval(said)
    assert low < value / reference < high
    assert said[0].startswith(f"payout_p95_vs_sqlite3 {value / reference:.2f}: its 350 calls")


def test_calls_are_drawn_in_pairs() -> None:
    # Each call three times its replay: every draw of pairs gives 3, whatever the spread.
    draw = random.Random(7)
    ref = [draw.lognormvariate(0, 1) for _ in range(700)]
    said: list[str] = []
    versus("accept_bet_p95_vs_sqlite3", [3 * ms for ms in ref], ref, "x", said.append)
    assert _interval(said) == (3.0, 3.0)


def test_a_run_on_a_cliff_gets_a_wide_interval() -> None:
    # 4 % of each side's calls stall (a checkpoint): the p95 sits at the cliff's edge.
    draw = random.Random(1)
    stalls = [i % 25 == 0 for i in range(350)]
    ref = [6.0 if stall else draw.uniform(0.6, 1.0) for stall in stalls]
    app = [8.0 if stall else draw.uniform(1.8, 3.0) for stall in stalls]
    said: list[str] = []
    versus("payout_p95_vs_sqlite3", app, ref, "x", said.append)
    low, high = _interval(said)
    assert high - low > 1
