"""A terminal far from its database: accepting a bet through 20 ms of delay each way.

The figure of issue 18 for an office on a WAN link: `wan_accept_p95`, the 95th percentile
in milliseconds of `Desk.accept_bet` at a terminal whose PostgreSQL connection goes through
`DelayProxy`, a TCP proxy on loopback that holds every chunk of bytes 20 ms before passing
it on, in each direction (so a round trip costs at least 40 ms). The reference,
`eight_round_trips`, is 8 × 40 ms = 320 ms: what a bet would cost if it needed 8 round
trips and nothing else.

Setup (untimed): the integration tests' throw-away PostgreSQL server (fsync off), the chain
of tests.bench.pg_chain with two offices and one terminal each (К1 in M1 with the demo, К2 in
M2), the head `chief`. The terminal measured is К2, opened with `open_shop` on the proxy's
port, the head signed in, its shift opened, 3 bets to warm up. What is timed: each
`desk.accept_bet(...)` call, the chain module's mix (60% singles, 40% expresses of 2–3
legs, small stakes) at a FixedClock moving on 200 ms a bet, for BETSHOP_BENCH_SECONDS
(default 30) and at least 10 bets; `statistics.quantiles(n=100)[94]` is the p95.

Round trips (`accept_bet_round_trips`, `pay_out_round_trips`, goal 8): counted by the proxy,
per call (a run of bytes from the terminal after bytes from the server is one); the value is
the median over the calls timed. Beside it on stderr, what SQLAlchemy's events on the shop's
engine (`shop.storage.engine`) saw: every statement the engine sends
(`before_cursor_execute`), BEGIN and COMMIT (psycopg sends each as its own query: the
`begin`, `commit` and `rollback` events), and the pool's pings (db.engine pings a connection
only after it rested IDLE_PING_S in the pool; back-to-back bets send none). The statements a
pipeline sends (db.pipeline: deferred writes, the audit lines with the COMMIT) pass no event,
so the events count more trips than there are where statements share one, fewer where a
pipeline carries statements no event saw.
The payouts: 5 won singles made as tests/integration/test_chain.py makes them (issued in
M2, the match's result recorded and settled at К1, the clock moved to the day they may be
paid), paid at К2 through the proxy after its shift is reopened on the new day; stderr
also gives their median time.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import Engine, event

from pos.betting import counter
from pos.betting.bets import parse_kind
from pos.betting.numbers import make_slip_number
from pos.betting.slips import Leg, Slip
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.bench.pg_chain import bets, duration, open_terminal, p95, say, set_up_chain, start_server
from tests.conftest import NOW
from tests.documents import PASSPORT
from tests.shifts import reopen_shift

DELAY_S = 0.020  # each way
GOAL_TRIPS = 8
MIN_BETS = 10
WARM_UP = 3
PAYOUTS = 5
NAME = "wan_accept"


class DelayProxy:
    """A TCP proxy on 127.0.0.1 that delivers every chunk `delay` seconds after it came, in
    order, both ways; `trips` counts the round trips the clients started."""

    def __init__(self, target_port: int, delay: float) -> None:
        self._target = target_port
        self._delay = delay
        self.trips = 0
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server: asyncio.Server | None = None

    def start(self) -> None:
        """Listen on a free port (`port`)."""
        self._thread.start()
        opened = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._connection, "127.0.0.1", 0), self._loop
        )
        self._server = opened.result(timeout=10)
        self.port = int(self._server.sockets[0].getsockname()[1])

    def stop(self) -> None:
        """Stop listening and the loop (open connections are dropped)."""
        asyncio.run_coroutine_threadsafe(self._shut(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    async def _shut(self) -> None:
        if self._server is not None:
            self._server.close()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _connection(self, client: asyncio.StreamReader, back: asyncio.StreamWriter) -> None:
        server, forth = await asyncio.open_connection("127.0.0.1", self._target)
        last = ["server"]  # who sent the last bytes on this connection
        pumps = (self._pump(client, forth, last, up=True), self._pump(server, back, last))
        # Cancelled by stop(): end quietly, or asyncio's stream callback logs the cancellation.
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*pumps)

    async def _pump(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        last: list[str],
        *,
        up: bool = False,
    ) -> None:
        loop = asyncio.get_running_loop()
        held: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await held.get()
                wait = due - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not data:
                    writer.close()
                    return
                writer.write(data)
                await writer.drain()

        delivering = asyncio.create_task(deliver())
        try:
            while data := await self._read(reader):
                if up and last[0] == "server":
                    self.trips += 1
                last[0] = "client" if up else "server"
                held.put_nowait((loop.time() + self._delay, data))
            held.put_nowait((loop.time() + self._delay, b""))  # closed: close after the rest
            await delivering
        except ConnectionError:
            delivering.cancel()

    @staticmethod
    async def _read(reader: asyncio.StreamReader) -> bytes:
        try:
            return await reader.read(65536)
        except ConnectionError:
            return b""


class TripCounter:
    """Round trips an engine sends, counted from its events (see the module docstring)."""

    def __init__(self, engine: Engine) -> None:
        self.trips = 0
        self.by_kind: dict[str, int] = {}
        for name in ("before_cursor_execute", "begin", "commit", "rollback"):
            event.listen(engine, name, self._counting(name))
        ping, counted = engine.dialect.do_ping, self._counting("ping")

        def counted_ping(connection: Any) -> bool:
            counted()
            return ping(connection)

        engine.dialect.do_ping = counted_ping  # type: ignore[method-assign]

    def _counting(self, kind: str) -> Callable[..., None]:
        def count(*_args: object) -> None:
            self.trips += 1
            self.by_kind[kind] = self.by_kind.get(kind, 0) + 1

        return count


def _counted(
    trips: TripCounter, proxy: DelayProxy, call: Callable[[], object]
) -> tuple[float, int, int, dict[str, int]]:
    """Milliseconds, the events' round trips, the proxy's, and the events' by kind."""
    trips.trips, trips.by_kind, seen = 0, {}, proxy.trips
    started = time.perf_counter_ns()
    call()
    ms = (time.perf_counter_ns() - started) / 1e6
    time.sleep(2 * DELAY_S)  # the proxy's count of a call's last bytes lags behind the call
    return ms, trips.trips, proxy.trips - seen, dict(trips.by_kind)


def _won_slips(near: Shop, clock: FixedClock, count: int) -> list[str]:
    """`count` singles on 101 "1" issued at К2 in M2, won and settled; the clock then
    stands on the first day they may be paid (as tests/integration/test_chain.py)."""
    numbers = []
    with near.unit_of_work() as uow:
        demo = uow.line.get_event(101)
        assert demo is not None
        quote = next(q for q in uow.line.current_quotes([101]) if q.market == "1")
        secret = counter.shop_secret(uow)  # as the chain's tests make won slips
        for stake in range(1, count + 1):
            number = make_slip_number(uow.slips.next_serial(), secret)
            leg = Leg(101, "1", quote.odds, quote.version, demo.home, demo.away, demo.starts_at)
            uow.slips.add(
                Slip(
                    number=number,
                    kind=parse_kind("single"),
                    members=((leg,),),
                    stake=Decimal(stake),
                    total_odds=quote.odds,
                    possible_payout=Decimal(stake) * quote.odds,
                    terminal="К2",
                    cashier="chief",
                    office="M2",
                    issued_at=clock.now(),
                    request_key=f"wan-{stake}",
                )
            )
            numbers.append(number)
        uow.commit()
    clock.advance(timedelta(days=3))
    near.login("chief", "7777").record_result(101, 2, 1, source="АБФФ")
    near.settle()
    clock.advance(timedelta(days=1))
    return numbers


def _summary(name: str, counted: list[tuple[float, int, int, dict[str, int]]]) -> int:
    events = [c[1] for c in counted]
    seen = [c[2] for c in counted]
    trips = int(statistics.median(seen))
    # The proxy sees more on some calls: psycopg prepares a statement on its 5th execution
    # (prepare_threshold), a round trip of its own that no engine event shows.
    say(
        NAME,
        f"{name}: {len(counted)} calls, p50 {statistics.median(c[0] for c in counted):.0f} ms; "
        f"round trips seen by the proxy {min(seen)}–{max(seen)} (median {trips}); "
        f"by SQLAlchemy's events {min(events)}–{max(events)} "
        f"(median {statistics.median(events):.0f}, first call {counted[0][3]})",
    )
    return trips


def run(_runs: int) -> list[str]:
    """Time accept_bet at a terminal 20 ms away from PostgreSQL; count its round trips and
    pay_out's.

    Returns:
        The bench lines for the p95 and the two round-trip counts.
    """
    seconds = duration()
    server = start_server()
    proxy = DelayProxy(server.port, DELAY_S)
    shops: list[Shop] = []
    try:
        database = set_up_chain(server, ("M1", "M2"), 1)
        proxy.start()
        clock = FixedClock(NOW)
        near = open_terminal(server.url(database), clock, "К1")
        shops.append(near)
        far = open_terminal(f"postgresql://postgres@127.0.0.1:{proxy.port}/{database}", clock, "К2")
        shops.append(far)
        desk = far.login("chief", "7777")
        desk.open_shift(cash="5000")
        trips = TripCounter(far.storage.engine)
        mix = bets(desk, seed=18)

        def bet() -> Any:
            picks, stake, kind = next(mix)
            clock.advance(timedelta(milliseconds=200))
            return desk.accept_bet(picks, stake, kind)

        for _ in range(WARM_UP):
            bet()
        accepted = []
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline or len(accepted) < MIN_BETS:
            accepted.append(_counted(trips, proxy, bet))
        numbers = _won_slips(near, clock, PAYOUTS)
        reopen_shift(desk, cash="5000")
        paid = [_counted(trips, proxy, lambda n=n: desk.pay_out(n, PASSPORT)) for n in numbers]
    finally:
        for shop in shops:
            shop.close()
        proxy.stop()
        server.stop()
    bet_trips = _summary("accept_bet", accepted)
    pay_trips = _summary("pay_out", paid)
    q95 = p95([c[0] for c in accepted])
    ref = GOAL_TRIPS * 2 * DELAY_S * 1000
    return [
        f"bench: wan_accept_p95 value={q95:.1f} unit=ms ref={ref:.1f} "
        f"ref_name=eight_round_trips ratio={q95 / ref:.2f}",
        f"bench: accept_bet_round_trips value={bet_trips} unit=trips ref={GOAL_TRIPS} "
        f"ref_name=goal ratio={bet_trips / GOAL_TRIPS:.2f}",
        f"bench: pay_out_round_trips value={pay_trips} unit=trips ref={GOAL_TRIPS} "
        f"ref_name=goal ratio={pay_trips / GOAL_TRIPS:.2f}",
    ]
