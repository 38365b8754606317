"""Recording results, correcting them and settling, through the desk (on the fake database)."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from decimal import Decimal

import pytest

from pos.betting.slips import SlipStatus
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.line.errors import UnknownEvent
from pos.settlement.errors import (
    CorrectionReasonRequired,
    CorrectionRefused,
    InvalidResult,
    ResultExists,
    ResultNotRecorded,
    ResultsFileRejected,
)
from pos.settlement.results import ResultEntry, ResultStatus
from pos.settlement.use_cases import SettleReport
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import FakeStorage

D = Decimal


@pytest.fixture
def boss(demo_shop: Shop, clock: FixedClock) -> Desk:
    return demo_shop.login("boss", "9911")


@pytest.fixture
def anna(demo_shop: Shop) -> Desk:
    return demo_shop.login("anna", "4821")


def _later(clock: FixedClock) -> None:
    clock.advance(timedelta(days=5))


def test_only_a_manager_records_results(anna: Desk, clock: FixedClock) -> None:
    _later(clock)
    with pytest.raises(NotPermitted):
        anna.record_result(101, 1, 0, source="АБФФ")
    with pytest.raises(NotPermitted):
        anna.settle()


def test_a_result_is_checked_and_worded_before_it_is_recorded(
    boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    _later(clock)
    words = boss.check_result(ResultEntry(101, 2, 1, source="АБФФ"))
    assert words == (
        "Динамо Минск 2 : 1 БАТЭ Борисов — победа хозяев (Динамо Минск); источник: АБФФ"
    )
    assert storage.data.results == {}  # the first step records nothing
    with pytest.raises(UnknownEvent):
        boss.check_result(ResultEntry(999, 1, 0, source="АБФФ"))


def test_p21_a_second_result_for_the_same_event_is_refused(boss: Desk, clock: FixedClock) -> None:
    _later(clock)
    boss.record_result(101, 2, 1, source="АБФФ")
    with pytest.raises(ResultExists) as refused:
        boss.record_result(101, 2, 2, source="АБФФ, уточнение")
    assert "2 : 1" in str(refused.value)
    with pytest.raises(ResultExists):
        boss.check_result(ResultEntry(101, 2, 2, source="АБФФ"))


def test_a_match_not_yet_played_cannot_have_a_result(boss: Desk) -> None:
    with pytest.raises(InvalidResult, match="ещё не сыграно"):
        boss.record_result(101, 1, 0, source="АБФФ")


def test_recording_is_audited(boss: Desk, clock: FixedClock, storage: FakeStorage) -> None:
    _later(clock)
    boss.record_result(201, status="postponed", source="ФХРБ")
    record = storage.data.audit[-1]
    assert record.action is AuditAction.RESULT_RECORDED
    assert "перенесено более чем на три дня" in record.detail


def test_a_results_file_is_recorded_all_or_nothing_with_line_numbers(
    boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    _later(clock)
    boss.record_result(102, 1, 1, source="АБФФ")
    text = "code;home;away;source\n101;2;1;АБФФ\n102;0;0;АБФФ\n999;1;1;АБФФ\n"
    with pytest.raises(ResultsFileRejected) as refused:
        boss.import_results("итоги.csv", text.encode())
    message = str(refused.value)
    assert "строка 3: Результат события 102 уже записан" in message
    assert "строка 4: События с кодом 999 нет в линии" in message
    assert set(storage.data.results) == {102}

    recorded = boss.import_results("итоги.csv", b"code;home;away;source\n101;2;1;ABFF\n")
    assert [r.event_code for r in recorded] == [101]


def test_a_correction_needs_a_reason_and_a_recorded_result(boss: Desk, clock: FixedClock) -> None:
    _later(clock)
    entry = ResultEntry(101, 1, 0, source="АБФФ")
    with pytest.raises(CorrectionReasonRequired):
        boss.correct_result(101, entry, "  ")
    with pytest.raises(ResultNotRecorded):
        boss.correct_result(101, entry, "опечатка")


def test_p21_a_correction_resettles_until_something_is_paid(
    boss: Desk, anna: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    _later(clock)
    boss.record_result(101, 0, 2, source="АБФФ")
    boss.settle()
    assert anna.slip(slip.number).status is SlipStatus.LOST

    fixed = boss.correct_result(101, ResultEntry(101, 2, 0, source="АБФФ"), "опечатка")
    assert fixed.corrections == 1
    assert storage.data.audit[-1].action is AuditAction.RESULT_CORRECTED
    boss.settle()
    assert anna.slip(slip.number).status is SlipStatus.WON

    paid = dataclasses.replace(storage.data.slips[slip.number], status=SlipStatus.PAID)
    storage.data.slips[slip.number] = paid
    with pytest.raises(CorrectionRefused):
        boss.correct_result(101, ResultEntry(101, 0, 0, source="АБФФ"), "опять")


def test_settling_reports_progress_and_what_it_did(
    boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    winner = anna.accept_bet([(101, "1"), (102, "X")], stake="10", kind="express")
    anna.accept_bet([(101, "2")], stake="5")
    anna.accept_bet([(103, "1")], stake="5")
    _later(clock)
    boss.record_result(101, 3, 1, source="АБФФ")
    boss.record_result(102, 1, 1, source="АБФФ")
    seen: list[tuple[int, int]] = []

    report = boss.settle(lambda done, total: seen.append((done, total)))

    assert (report.checked, report.won, report.lost, report.refunds) == (3, 1, 1, 0)
    assert report.payout == D("72.45")
    assert seen == [(0, 3), (3, 3)]
    assert "Рассчитано купонов: 2 из 3" in report.words()
    explained = anna.settlement(winner.number)
    assert explained is not None
    assert explained.status is SlipStatus.WON
    assert explained.lines[-1] == "Выплата: 10,00 руб. × (2,10 × 3,45 = 7,245) = 72,45 руб."
    assert boss.settle().settled == 0


def test_a_refunded_event_refunds_a_single(boss: Desk, anna: Desk, clock: FixedClock) -> None:
    slip = anna.accept_bet([(201, "1")], stake="7,50")
    _later(clock)
    boss.record_result(201, status=ResultStatus.CANCELLED, source="ФХРБ")
    boss.settle()
    settled = anna.slip(slip.number)
    assert (settled.status, settled.payout) == (SlipStatus.REFUND, D("7.50"))


def test_p8_a_slip_in_its_claim_window_is_settled_only_once_the_window_closes(
    boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    """It may still be cancelled for five minutes; a settled slip no longer can be."""
    kickoff = clock.now() + timedelta(minutes=1)
    boss.add_event(901, "football", "Минск", "Слуцк", kickoff)
    boss.set_odds(901, "1", "1.50")
    slip = anna.accept_bet([(901, "1")], stake="10")
    clock.advance(timedelta(minutes=4))
    boss.record_result(901, 1, 0, source="АБФФ")

    assert boss.settle().settled == 0
    assert anna.slip(slip.number).status is SlipStatus.OPEN
    assert anna.settlement(slip.number) is None
    clock.advance(timedelta(minutes=1, seconds=1))
    assert boss.settle().won == 1


def test_a_correction_keeps_what_it_does_not_give(
    boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    """Typing the score again must not move the end (the payout period, p.23) nor drop the
    time the score was opened (p.22)."""
    _later(clock)
    kickoff = storage.data.events[101].starts_at
    first = boss.record_result(
        101,
        0,
        1,
        first_score_at=kickoff + timedelta(minutes=14),
        ended_at=kickoff + timedelta(hours=2),
        source="АБФФ",
    )
    clock.advance(timedelta(days=3))
    fixed = boss.correct_result(101, ResultEntry(101, 1, 0), "перепутаны команды")
    assert (fixed.home, fixed.away) == (1, 0)
    assert (fixed.first_score_at, fixed.ended_at, fixed.source) == (
        first.first_score_at,
        first.ended_at,
        "АБФФ",
    )
    assert (fixed.recorded_at, fixed.recorded_by) == (first.recorded_at, "boss")


def test_only_a_settled_slip_has_a_settlement(boss: Desk, anna: Desk, clock: FixedClock) -> None:
    cancelled = anna.accept_bet([(101, "1")], stake="10")
    anna.cancel_in_window(cancelled.number, "не тот исход")
    still_open = anna.accept_bet([(102, "1")], stake="10")
    _later(clock)
    boss.record_result(101, 2, 0, source="АБФФ")
    boss.settle()
    assert anna.settlement(cancelled.number) is None
    assert anna.settlement(still_open.number) is None


def test_the_service_api_as_design_md_shows_it(
    demo_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    slip = anna.accept_bet([(101, "1"), (102, "O2.5")], stake=D("10"), kind="express")
    when = storage.data.events[101].starts_at
    clock.advance(timedelta(days=2))
    boss.record_result(101, home=2, away=1, actual_start=when)
    boss.record_result(102, home=3, away=1)
    assert demo_shop.slip(slip.number).payout is None  # open until settled
    demo_shop.settle()
    settled = demo_shop.slip(slip.number)
    assert (settled.status, settled.payout) == (SlipStatus.WON, D("40.95"))


@pytest.mark.parametrize(
    ("paris", "said"),
    [
        (0, "Рассчитано купонов: 2 из 3 (выигрыш 1, проигрыш 1, возврат 0); к выплате 72,45 руб."),
        (
            4,
            "Рассчитано купонов: 2 из 3 (выигрыш 1, проигрыш 1, возврат 0); к выплате "
            "72,45 руб.; рассчитано пари: 4.",
        ),
    ],
)
def test_the_settlement_report_names_the_slips_and_the_paris_it_settled(
    paris: int, said: str
) -> None:
    # Issue 34: the paris settled went unsaid.
    report = SettleReport(3, 1, 1, 0, D("72.45"), 0.0, paris=paris)

    assert report.words() == said
