"""Results and settlement on a real database, SQLite and PostgreSQL (p.21, chunks, races)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal

import pytest

from main import open_shop
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.people.actor import Actor
from pos.settlement.errors import CorrectionRefused, ResultExists
from pos.settlement.results import ResultEntry
from pos.settlement.use_cases import settle_all
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.integration.sql import sql as _sql

pytestmark = pytest.mark.integration
D = Decimal


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock) -> Iterator[Shop]:
    shop = open_shop(demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    yield shop
    shop.close()


def _after_the_matches(clock: FixedClock) -> None:
    clock.advance(timedelta(days=5))


def test_a_day_of_results_settles_every_slip_once(db_shop: Shop, clock: FixedClock) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    single = anna.accept_bet([(101, "1")], stake="10")
    express = anna.accept_bet([(101, "1"), (102, "O2.5"), (201, "X")], stake="5", kind="express")
    lost = anna.accept_bet([(101, "2"), (103, "1")], stake="4", kind="express")
    waiting = anna.accept_bet([(101, "1"), (103, "1")], stake="4", kind="express")
    _after_the_matches(clock)
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.record_result(102, 1, 1, source="АБФФ")
    boss.record_result(201, None, None, status="cancelled", source="ФХРБ")

    report = db_shop.settle()

    assert (report.won, report.lost, report.refunds) == (1, 2, 0)
    assert report.checked == 4
    assert db_shop.slip(single.number).status is SlipStatus.WON
    assert db_shop.slip(single.number).payout == D("21.00")
    assert db_shop.slip(express.number).status is SlipStatus.LOST  # 102 under 2.5: lost
    assert db_shop.slip(lost.number).status is SlipStatus.LOST  # lost leg: settled early
    assert db_shop.slip(waiting.number).status is SlipStatus.OPEN  # 103 has no result yet
    assert db_shop.slip(waiting.number).payout is None
    again = db_shop.settle()
    assert (again.settled, again.checked) == (0, 1)
    assert _sql(db_shop, "SELECT count(*) FROM settlements") == [(3,)]


def test_the_settlement_explains_each_leg_for_the_slip_page(
    db_shop: Shop, clock: FixedClock
) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    slip = anna.accept_bet([(101, "1"), (102, "O2.5"), (201, "X")], stake="10", kind="express")
    _after_the_matches(clock)
    boss.record_result(101, 3, 0, source="АБФФ")
    boss.record_result(102, 2, 1, source="АБФФ")
    boss.record_result(201, None, None, status="postponed", source="ФХРБ")
    db_shop.settle()

    settlement = anna.settlement(slip.number)

    assert settlement is not None
    assert db_shop.slip(slip.number).payout == settlement.payout == D("40.95")
    assert settlement.lines[2].startswith("3-е событие возврат")
    assert "перенесён более чем на три дня" in settlement.lines[2]
    assert "2,10 × 1,95 = 4,095" in settlement.lines[3]


def test_the_first_recorded_result_stands_p21(db_shop: Shop, clock: FixedClock) -> None:
    boss = db_shop.login("boss", "9911")
    _after_the_matches(clock)
    boss.record_result(101, 2, 1, source="АБФФ")
    with pytest.raises(ResultExists, match=r"п\.21"):
        boss.record_result(101, 0, 0, source="АБФФ, протокол изменён")
    kept = {row.event.code: row.result for row in boss.results()}[101]
    assert kept is not None
    assert (kept.home, kept.away, kept.source) == (2, 1, "АБФФ")


def test_a_correction_before_any_payout_settles_again(db_shop: Shop, clock: FixedClock) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    slip = anna.accept_bet([(101, "1")], stake="10")
    _after_the_matches(clock)
    boss.record_result(101, 0, 1, source="АБФФ")
    db_shop.settle()
    assert db_shop.slip(slip.number).status is SlipStatus.LOST

    boss.correct_result(101, ResultEntry(101, 1, 0, source="АБФФ"), "перепутаны команды")
    assert db_shop.slip(slip.number).status is SlipStatus.OPEN
    db_shop.settle()

    assert db_shop.slip(slip.number).status is SlipStatus.WON
    audit = _sql(db_shop, "SELECT detail FROM audit_log WHERE action = 'result_corrected'")
    assert "перепутаны команды" in str(audit[0][0])


def test_a_result_with_a_paid_slip_cannot_be_corrected(db_shop: Shop, clock: FixedClock) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    slip = anna.accept_bet([(101, "1")], stake="10")
    _after_the_matches(clock)
    boss.record_result(101, 2, 0, source="АБФФ")
    db_shop.settle()
    _sql(db_shop, f"UPDATE slips SET status = 'paid' WHERE number = '{slip.number}'")

    with pytest.raises(CorrectionRefused, match="уже выплачено купонов: 1"):
        boss.correct_result(101, ResultEntry(101, 0, 2, source="АБФФ"), "ошибка")
    assert db_shop.slip(slip.number).status is SlipStatus.PAID
    assert db_shop.slip(slip.number).payout == D("21.00")


def test_settlement_in_small_chunks_reports_progress(db_shop: Shop, clock: FixedClock) -> None:
    anna = db_shop.login("anna", "4821")
    numbers = [anna.accept_bet([(101, "1")], stake=str(n)).number for n in range(1, 8)]
    anna.accept_bet([(102, "1")], stake="3")
    _after_the_matches(clock)
    db_shop.login("boss", "9911").record_result(101, 1, 1, source="АБФФ")
    seen: list[tuple[int, int]] = []

    report = settle_all(
        db_shop, Actor("boss"), lambda done, total: seen.append((done, total)), chunk=3
    )

    assert report.lost == 7
    assert seen == [(0, 8), (3, 8), (6, 8), (8, 8)]
    assert {db_shop.slip(n).status for n in numbers} == {SlipStatus.LOST}


def test_two_terminals_settling_at_once_settle_each_slip_once(
    db_url: str, db_shop: Shop, clock: FixedClock
) -> None:
    anna = db_shop.login("anna", "4821")
    for stake in range(1, 41):
        anna.accept_bet([(101, "1"), (102, "X")], stake=str(stake), kind="express")
    _after_the_matches(clock)
    boss = db_shop.login("boss", "9911")
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.record_result(102, 0, 0, source="АБФФ")
    other = open_shop(db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher())
    reports = []
    errors: list[BaseException] = []

    def run(shop: Shop) -> None:
        try:
            reports.append(settle_all(shop, Actor("boss"), chunk=7))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(s,)) for s in (db_shop, other)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    other.close()

    assert errors == []
    expected = sum(stake * 100 * 7245 // 1000 for stake in range(1, 41))  # 2,10 × 3,45
    assert _sql(db_shop, "SELECT count(*), sum(payout) FROM settlements") == [(40, expected)]
    assert sum(r.settled for r in reports) == 40


def test_a_slip_cancelled_in_its_window_is_not_settled(db_shop: Shop, clock: FixedClock) -> None:
    anna = db_shop.login("anna", "4821")
    slip = anna.accept_bet([(101, "1")], stake="10")
    anna.cancel_in_window(slip.number, "не тот исход")
    _after_the_matches(clock)
    db_shop.login("boss", "9911").record_result(101, 2, 1, source="АБФФ")
    assert db_shop.settle().checked == 0
    assert db_shop.slip(slip.number).status is SlipStatus.CANCELLED
    assert db_shop.slip(slip.number).payout == D("0.00")
