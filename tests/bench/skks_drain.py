"""`skks_drain_10k`'s reference: 10,000 message bodies POSTed by a plain httpx loop (issue 35).

Issue 35 ("Speed") times 10,000 deferred messages sent after an outage against the same
10,000 bodies POSTed by a plain HTTP client loop to the same simulator on loopback (goal
≤ 1.5×). This module is the reference half: `message_bodies` builds the bodies as the outbox
holds them (pos.skks.messages.Message written by db.skks_wire.encode: bets, wins paid, cash
in, one terminal's sequence), and `plain_drain` POSTs them in order on one keep-alive
`httpx.Client`, checking that each is answered with a registration. Each round gets a new
simulator (tests.skks_simulator), so every message is registered for the first time, as
after an outage. The outbox half (the shop's sender draining its table) is added beside it;
`outbox_drain` is that half: the messages written into a shop's outbox as operations write
them (deferred mode, the controller down), then `Shop.skks_send()` timed draining them in
order, each batch's answers recorded in one transaction. Goal: ratio ≤ 1.5.

    python -m tests.bench --only skks_drain_10k --runs 3
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx

from db.skks_wire import encode
from main import open_shop
from pos.core.clock import FixedClock
from pos.skks.messages import Kind, Message, Value
from tests.bench.accept_bet import warn_if_busy
from tests.fakes import PlainPinHasher
from tests.skks_simulator import SimulatedController

MESSAGES = 10_000
TERMINAL, OFFICE = "К1", "M1"
START = datetime(2026, 12, 5, 9, 0, tzinfo=ZoneInfo("Europe/Minsk"))
REF_NAME = "plain_httpx_10k"


def message_bodies(count: int = MESSAGES) -> list[str]:
    """`count` messages of one terminal as their wire text: 8 bets, a win paid, a cash in."""
    return [encode(_message(sequence)) for sequence in range(1, count + 1)]


def _message(sequence: int) -> Message:
    at = START + timedelta(seconds=3 * sequence)
    stake = Decimal(100 + sequence % 900) / 10
    if sequence % 10 == 9:
        fields: dict[str, Value] = {"slip": f"A{sequence - 1:07d}", "amount": stake * 2}
        kind = Kind.WIN_PAID
    elif sequence % 10 == 0:
        fields, kind = {"amount": Decimal(50), "cash": Decimal(1000) + stake}, Kind.CASH_IN
    else:
        legs = [{"event": f"E{sequence % 97}", "market": "1", "odds": "2.15"}]
        fields = {"slip": f"A{sequence:07d}", "stake": stake, "potential_payout": stake * 2}
        fields["legs"] = legs
        kind = Kind.BET_ACCEPTED
    return Message(TERMINAL, OFFICE, kind, at, fields, sequence=sequence)


def plain_drain(url: str, bodies: Sequence[str], *, timeout: float = 3.0) -> float:
    """Seconds to POST `bodies` in order on one keep-alive client, each answered 200."""
    headers = {"content-type": "application/json; charset=utf-8"}
    with httpx.Client(timeout=timeout, trust_env=False) as client:
        began = time.perf_counter()
        for body in bodies:
            answer = client.post(
                f"{url}/v1/messages", content=body.encode("utf-8"), headers=headers
            )
            if answer.status_code != 200 or "registered" not in answer.json():
                raise RuntimeError(f"not registered: {answer.status_code} {answer.text}")
        return time.perf_counter() - began


def reference(runs: int, bodies: Sequence[str]) -> list[float]:
    """The reference's seconds, one per round, each against a new simulator."""
    seconds = []
    for round_no in range(runs):
        with SimulatedController() as simulator:
            seconds.append(plain_drain(simulator.url, bodies))
            assert len(simulator.log()) == len(bodies)
        sys.stderr.write(
            f"skks_drain: round {round_no + 1}: plain httpx {seconds[-1]:.2f} s "
            f"({len(bodies) / seconds[-1]:.0f} messages/s)\n"
        )
    return seconds


def outbox_drain(folder: Path, url: str, count: int = MESSAGES) -> float:
    """Seconds for the shop's sender to drain `count` messages of one terminal written while
    the controller was down (deferred mode), in order, each answer recorded."""
    shop = open_shop(
        f"sqlite:///{folder / 'outbox.db'}",
        clock=FixedClock(START + timedelta(hours=2)),
        terminal=TERMINAL,
        pin_hasher=PlainPinHasher(),
    )
    try:
        with shop.unit_of_work() as uow:  # the outage's backlog, written as operations write it
            for sequence in range(1, count + 1):
                uow.skks.add(dataclasses.replace(_message(sequence), sequence=0))
            uow.commit()
        shop.update_settings(skks_url=url, skks_mode="deferred", skks_max_backlog=24 * 60)
        began = time.perf_counter()
        sent = shop.skks_send()
        seconds = time.perf_counter() - began
        if sent.registered != count or shop.skks_status().unsent:
            raise RuntimeError(f"drained {sent.registered} of {count}: {sent.down}")
    finally:
        shop.close()
    return seconds


def run(runs: int) -> list[str]:
    """`skks_drain_10k`: the outbox half and the plain loop, a new simulator for each, in turn."""
    warn_if_busy(_say)
    bodies = message_bodies()
    outbox: list[float] = []
    plain: list[float] = []
    for round_no in range(max(1, runs)):
        with (
            tempfile.TemporaryDirectory(dir=Path.cwd()) as folder,
            SimulatedController() as simulator,
        ):
            outbox.append(outbox_drain(Path(folder), simulator.url))
            assert len(simulator.log()) == MESSAGES
        plain += reference(1, bodies)
        _say(f"round {round_no + 1}: the outbox {outbox[-1]:.2f} s, plain httpx {plain[-1]:.2f} s")
    value, ref = statistics.median(outbox), statistics.median(plain)
    warn_if_busy(_say)
    return [
        f"bench: skks_drain_10k value={value:.3f} unit=s ref={ref:.3f} "
        f"ref_name={REF_NAME} ratio={value / ref:.2f}"
    ]


def _say(message: str) -> None:
    sys.stderr.write(f"skks_drain: {message}\n")
    sys.stderr.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="rounds (the median is printed)")
    for line in run(parser.parse_args().runs):
        sys.stdout.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
