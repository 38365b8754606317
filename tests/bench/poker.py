"""Exact Bet-on-Poker chances after the deal, against the fastest of two C evaluators.

`pos.poker.chances.win_chances` for the research deal (AsKs, QhQd, 7c8c, 2d2h, JsTd, 9h9c;
shared/notes/performance.md §2) counts, over all 658,008 boards of the 40 cards left, the
boards on which each hand is among the best. The peers do the same count in a plain Python
loop over `itertools.combinations`, calling their library's fastest seven-card evaluation for
each of the six hands: phevaluator's C `_pheval.evaluate_7cards` on card ids and eval7's
`evaluate` on a list of its `Card`s. Their counts must equal ours.

`poker_deal_exact` is our warm time (the best of `runs` rounds, each the best of 5 calls; the
tables and the first call come before), against the faster peer in the same run: goal ≤ 0.2 s.
`poker_deal_vs_peer` is that time over the faster peer's best: goal ≤ 1/6. Each line ends with
its goal (`goal=G`: at most G). The peers take seconds, so they run min(runs, 3) rounds,
interleaved with ours; stderr also gives the cold first call, and the flop (666 boards) and
the turn (36) in ms.
"""

from __future__ import annotations

import functools
import itertools
import sys
import time
import warnings
from collections.abc import Callable
from fractions import Fraction

from phevaluator import _pheval  # type: ignore[import-untyped]  # no stubs
from phevaluator.card import Card as PhCard  # type: ignore[import-untyped]

from pos.poker.chances import RANKS, SUITS, win_chances

with warnings.catch_warnings():
    # eval7 0.1.11 builds its hand-range parser at import with pyparsing's deprecated names.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7  # type: ignore[import-untyped]  # no stubs

DEAL = ("AsKs", "QhQd", "7c8c", "2d2h", "JsTd", "9h9c")
FLOP, TURN = "Ac7h3s", "Ac7h3sKd"
GOAL_S = 0.2
GOAL_RATIO = 1 / 6
CALLS = 5  # our calls per round; the best counts
PEER_ROUNDS = 3


def _say(message: str) -> None:
    sys.stderr.write(f"poker: {message}\n")
    sys.stderr.flush()


def _rest(hands: tuple[str, ...]) -> list[str]:
    dealt = {hand[:2] for hand in hands} | {hand[2:] for hand in hands}
    return [rank + suit for rank in RANKS for suit in SUITS if rank + suit not in dealt]


def phevaluator_count(hands: tuple[str, ...]) -> tuple[Fraction, ...]:
    """phevaluator, board by board: rank 1 is the best hand, so the least rank wins."""
    evaluate = _pheval.evaluate_7cards
    pairs = [(PhCard(hand[:2]).id_, PhCard(hand[2:]).id_) for hand in hands]
    wins = [0] * len(pairs)
    boards = 0
    for board in itertools.combinations([PhCard(name).id_ for name in _rest(hands)], 5):
        ranks = [evaluate(first, second, *board) for first, second in pairs]
        best = min(ranks)
        for seat, rank in enumerate(ranks):
            if rank == best:
                wins[seat] += 1
        boards += 1
    return tuple(Fraction(count, boards) for count in wins)


def eval7_count(hands: tuple[str, ...]) -> tuple[Fraction, ...]:
    """eval7, board by board: the greatest value wins."""
    evaluate = eval7.evaluate
    pairs = [(eval7.Card(hand[:2]), eval7.Card(hand[2:])) for hand in hands]
    wins = [0] * len(pairs)
    boards = 0
    for board in itertools.combinations([eval7.Card(name) for name in _rest(hands)], 5):
        values = [evaluate([first, second, *board]) for first, second in pairs]
        best = max(values)
        for seat, value in enumerate(values):
            if value == best:
                wins[seat] += 1
        boards += 1
    return tuple(Fraction(count, boards) for count in wins)


def _timed(work: Callable[[], tuple[Fraction, ...]]) -> tuple[float, tuple[Fraction, ...]]:
    started = time.perf_counter()
    result = work()
    return time.perf_counter() - started, result


def _best_of(calls: int, work: Callable[[], tuple[Fraction, ...]]) -> float:
    return min(_timed(work)[0] for _ in range(calls))


def run(runs: int) -> list[str]:
    """Time ours `runs` rounds and each peer min(runs, 3) rounds, interleaved.

    Returns:
        The bench lines `poker_deal_exact` and `poker_deal_vs_peer`.
    """
    cold, ours_result = _timed(lambda: win_chances(DEAL))
    flop_ms = _best_of(20, lambda: win_chances(DEAL, FLOP)) * 1000
    turn_ms = _best_of(20, lambda: win_chances(DEAL, TURN)) * 1000
    _say(f"first call (tables built) {cold:.3f} s; flop {flop_ms:.2f} ms, turn {turn_ms:.2f} ms")
    peers: dict[str, Callable[[tuple[str, ...]], tuple[Fraction, ...]]] = {
        "phevaluator_loop": phevaluator_count,
        "eval7_loop": eval7_count,
    }
    ours: list[float] = []
    peer_times: dict[str, list[float]] = {name: [] for name in peers}
    for round_no in range(max(runs, 1)):
        ours.append(_best_of(CALLS, lambda: win_chances(DEAL)))
        if round_no < PEER_ROUNDS:
            for name, count in peers.items():
                seconds, result = _timed(functools.partial(count, DEAL))
                assert result == ours_result, (name, result, ours_result)
                peer_times[name].append(seconds)
        _say(
            f"round {round_no + 1}: ours {ours[-1] * 1000:.1f} ms"
            + "".join(
                f", {name} {times[-1]:.2f} s"
                for name, times in peer_times.items()
                if len(times) == round_no + 1
            )
        )
    value = min(ours)
    ref_name, ref = min(
        ((name, min(times)) for name, times in peer_times.items()), key=lambda p: p[1]
    )
    ratio = value / ref
    _say(
        f"goal ≤ {GOAL_S:g} s: {'met' if value <= GOAL_S else 'NOT met'} ({value:.4f} s); "
        f"goal ratio ≤ 1/6: {'met' if ratio <= GOAL_RATIO else 'NOT met'} ({ratio:.4f}, "
        f"1/{1 / ratio:.0f})"
    )
    return [
        f"bench: poker_deal_exact value={value:.4f} unit=s ref={ref:.3f} ref_name={ref_name} "
        f"ratio={ratio:.4f} goal={GOAL_S:g}",
        f"bench: poker_deal_vs_peer value={ratio:.4f} unit=ratio ref={ref:.3f} "
        f"ref_name={ref_name} ratio={ratio:.4f} goal={GOAL_RATIO:.4f}",
    ]
