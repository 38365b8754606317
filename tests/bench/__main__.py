"""Run every benchmark and print one comparable line per figure."""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from collections.abc import Callable

from tests.bench import (
    accept_bet,
    chain,
    chain_rate,
    exchange,
    journal_pdf,
    liability,
    margin_call,
    payout,
    poker,
    print_slip,
    referral_roundtrip,
    roulette,
    settle,
    skks_accept,
    skks_drain,
    startup,
    wan,
)

BENCHMARKS: dict[str, Callable[[int], list[str]]] = {
    "startup": startup.run,
    "accept_bet": accept_bet.run,
    "settle_1m": settle.run,
    "journal_pdf_10k": journal_pdf.run,
    "payout_p95": payout.run,
    "poker": poker.run,  # poker_deal_exact and poker_deal_vs_peer, from the same run
    "chain_accept": chain.run,  # chain_accept_throughput and chain_accept_p95 (PostgreSQL)
    "chain_accept_at_rate": chain_rate.run,  # 16 terminals at 2 bets/s each: p95 and p99
    "wan_accept": wan.run,  # wan_accept_p95 and the round trips of accept_bet and pay_out
    "margin_call_10k": margin_call.run,  # a quote's margin calls among 10,000 open bets
    "exchange_accept_p95": exchange.run_accept,  # a part of one of 100,000 open offers taken
    "exchange_settle_100k": exchange.run_settle,  # 100,000 paris of one event settled
    "skks_accept_p95": skks_accept.run,  # a bet registered by the СККС simulator first
    "skks_drain_10k": skks_drain.run,  # 10,000 deferred messages after an outage
    "print_slip": print_slip.run,  # CPU per slip, express and payout printed to a Dummy
    "roulette_settle_100k": roulette.run,  # 100,000 slips of one draw settled (issue 36)
    "referral_roundtrip": referral_roundtrip.run,  # decided at К2, issued at К1 (issue 38)
    "liability_board_1m": liability.run,  # the board of 1,000,000 open slips (issue 38)
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--runs",
        type=int,
        default=7,
        help="runs per figure (startup: the median of that many starts; accept_bet: 100 bets each)",
    )
    parser.add_argument("--only", choices=sorted(BENCHMARKS), help="run this benchmark only")
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="run under cProfile, setup included, and save its stats to FILE (issue 34; read "
        "them with `python -m pstats FILE`); the figures are then the profiler's, not the app's",
    )
    args = parser.parse_args()
    chosen = [args.only] if args.only else list(BENCHMARKS)
    profile = cProfile.Profile() if args.profile else None
    for name in chosen:
        run = BENCHMARKS[name]
        lines = run(args.runs) if profile is None else profile.runcall(run, args.runs)
        for line in lines:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
    if profile is not None:
        profile.dump_stats(args.profile)
        pstats.Stats(profile, stream=sys.stderr).sort_stats("tottime").print_stats(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
