"""`bench: referral_roundtrip` (issue 38): a big stake referred from the cashier's terminal К1
and accepted at the manager's К2, each with its own connection to one PostgreSQL database;
the time from the manager's decide call to the cashier's slip issued, the cashier polling
`desk.referral(n)` every 250 ms as the waiting view does (ui.dialogs.referral_wait). The
reference is the goal: 1 s."""

from __future__ import annotations

import statistics
import threading
import time
from decimal import Decimal

from pos.core.clock import FixedClock
from pos.risk.referrals import Referral
from pos.shop.services import Shop
from tests.bench.pg_chain import open_terminal, say, start_server
from tests.conftest import NOW

NAME = "referral_roundtrip"
POLL_S = 0.25  # ui.dialogs.referral_wait.POLL_MS
GOAL = 1.0  # seconds, from the manager's Enter to the cashier's slip (issue 38, "Speed")


def run(runs: int) -> list[str]:
    """The median of `runs` round trips, in seconds."""
    server = start_server()
    try:
        url = server.url(server.create_database())
        clock = FixedClock(NOW)
        cashier_shop = open_terminal(url, clock, "К1")
        cashier_shop.seed_demo()
        cashier_shop.update_settings(max_stake_per_event=Decimal("2000"))
        manager_shop = open_terminal(url, clock, "К2")
        try:
            samples = [_round_trip(cashier_shop, manager_shop) for _ in range(max(runs, 3))]
        finally:
            manager_shop.close()
            cashier_shop.close()
    finally:
        server.stop()
    value = statistics.median(samples)
    say(NAME, f"{len(samples)} round trips, worst {max(samples):.3f} s")
    return [
        f"bench: {NAME} value={value:.3f} unit=s ref={GOAL} ref_name=goal ratio={value / GOAL:.2f}"
    ]


def _round_trip(cashier_shop: Shop, manager_shop: Shop) -> float:
    cashier = cashier_shop.login("anna", "4821")
    boss = manager_shop.login("boss", "9911")
    sent = cashier.accept_bet([(101, "1")], stake="5000", refer=True)
    assert isinstance(sent, Referral)
    issued_at: list[float] = []

    def wait_and_issue() -> None:  # the cashier's window: a poll every 250 ms, then the issue
        while cashier.referral(sent.number).status == "referred":
            time.sleep(POLL_S)
        cashier.issue_referral(sent.number)
        issued_at.append(time.perf_counter())

    till = threading.Thread(target=wait_and_issue)
    till.start()
    time.sleep(0.3)  # the referral on the manager's list a moment, the cashier polling
    started = time.perf_counter()
    boss.decide_referral(sent.number)
    till.join()
    return issued_at[0] - started
