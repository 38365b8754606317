"""The outcomes' exposure kept as slips open and close (db.exposure, issue 38): always what
summing the open, unsettled slips' legs gives, on both databases — so that a bet reads its
outcomes' payouts as one row each instead of a million legs (issue 34)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import timedelta

import pytest

from db.bootstrap import SqlStorage
from db.exposure import rebuild
from main import open_shop
from pos.core.clock import FixedClock
from pos.settlement.results import ResultEntry
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.integration.sql import sql

pytestmark = pytest.mark.integration

# The open, unsettled slips' legs on events without a result, by outcome and office.
SUMMED = (
    "SELECT e.code, l.market, s.office, count(*), sum(s.stake), sum(s.possible_payout) "
    "FROM slips AS s JOIN slip_legs AS l ON l.slip_id = s.id JOIN events AS e ON e.id = l.event_id "
    "WHERE s.status = 'open' AND NOT EXISTS (SELECT 1 FROM settlements x WHERE x.slip_id = s.id) "
    "AND NOT EXISTS (SELECT 1 FROM event_results r WHERE r.event_id = e.id) "
    "GROUP BY e.code, l.market, s.office"
)
KEPT = (
    "SELECT x.event_code, x.market, x.office, x.slips, x.stakes, x.payout "
    "FROM outcome_exposure AS x JOIN events AS e ON e.code = x.event_code "
    "WHERE NOT EXISTS (SELECT 1 FROM event_results r WHERE r.event_id = e.id) "
    "AND (x.slips <> 0 OR x.stakes <> 0 OR x.payout <> 0)"
)
PICKS = [(101, "1"), (101, "2"), (102, "O2.5"), (102, "1"), (103, "1"), (201, "X"), (202, "1")]


@pytest.fixture
def shop(db_url: str, clock: FixedClock) -> Iterator[Shop]:
    opened = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    opened.seed_demo()
    yield opened
    opened.close()


def _rows(shop: Shop, query: str) -> set[tuple[int, str, str, int, int, int]]:
    return {
        (int(a), str(b), str(c), int(d), int(e), int(f))  # type: ignore[call-overload]
        for a, b, c, d, e, f in sql(shop, query)
    }


def _agrees(shop: Shop) -> None:
    assert _rows(shop, KEPT) == _rows(shop, SUMMED)


def test_issued_cancelled_settled_and_corrected_slips_keep_the_exposure_exact(
    shop: Shop, clock: FixedClock
) -> None:
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    anna.accept_bet([(101, "1")], stake="10")
    lost = anna.accept_bet([(101, "2"), (103, "1")], stake="4", kind="express")
    cancelled = anna.accept_bet([(102, "O2.5"), (201, "X")], stake="7", kind="express")
    anna.accept_bet([(101, "1"), (102, "1"), (202, "1")], stake="6", kind="system 2/3")
    _agrees(shop)
    assert _rows(shop, KEPT)  # something is counted

    anna.cancel_in_window(cancelled.number, "игрок передумал")
    _agrees(shop)
    clock.advance(timedelta(days=5))
    boss.record_result(101, 0, 1, source="АБФФ")  # the express on 101 «2» and 103 is lost
    shop.settle()
    _agrees(shop)
    (row,) = sql(shop, f"SELECT status FROM slips WHERE number = '{lost.number}'")
    assert row[0] == "open"  # settled: its settlement row beside it (db.slip_statuses)

    boss.correct_result(101, ResultEntry(101, 1, 1, source="АБФФ"), "перепутан счёт")
    _agrees(shop)  # unsettled: the expresses count again under 103 until settled anew
    shop.settle()
    _agrees(shop)


def test_random_days_of_bets_keep_the_exposure_exact(shop: Shop) -> None:
    anna = shop.login("anna", "4821")
    rng = random.Random(38)
    issued = []
    for _ in range(25):
        size = rng.choice([1, 1, 2, 3])
        picks = rng.sample([p for p in PICKS], k=size)
        if len({code for code, _ in picks}) < size:
            continue
        kind = (
            "single"
            if size == 1
            else rng.choice(["express", "system 2/3"] if size == 3 else ["express"])
        )
        issued.append(anna.accept_bet(picks, stake=str(3 * rng.randint(1, 15)), kind=kind))
        if issued and rng.random() < 0.3:
            victim = issued.pop(rng.randrange(len(issued)))
            anna.cancel_in_window(victim.number, "ошибка кассира")
        _agrees(shop)


def test_a_database_filled_in_bulk_is_counted_afresh(shop: Shop) -> None:
    anna = shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")
    anna.accept_bet([(101, "1"), (102, "1")], stake="3", kind="express")
    sql(shop, "DELETE FROM outcome_exposure")
    storage = shop.storage
    assert isinstance(storage, SqlStorage)
    with storage.engine.begin() as connection:
        rebuild(connection)
    _agrees(shop)
    assert ("101", "1") in {(str(a), str(b)) for a, b, *_ in _rows(shop, KEPT)}
