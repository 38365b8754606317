"""The payout rules: what is paid, from which day and until which day (p.13, p.23, first p.24)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.betting.bets import parse_kind
from pos.betting.slips import Leg, Slip, SlipStatus
from pos.payouts.errors import NotPayable, PayoutExpired, PayoutTooEarly
from pos.payouts.rules import last_event_day, one_month_from, payable_amount, payout_period
from pos.settlement.results import Result, ResultStatus

MINSK = ZoneInfo("Europe/Minsk")
D = Decimal
KICKOFF = datetime(2026, 11, 30, 16, 0, tzinfo=UTC)  # 19:00 in Minsk


def ended(code: int, at: datetime) -> Result:
    return Result(code, ResultStatus.FINISHED, 2, 1, KICKOFF, at, "АБФФ")


def slip(
    status: SlipStatus = SlipStatus.WON, payout: str = "21.00", codes: tuple[int, ...] = (101,)
) -> Slip:
    legs = tuple((Leg(code, "1", D("2.10"), 1, "А", "Б", KICKOFF),) for code in codes)
    kind = parse_kind("single" if len(codes) == 1 else "express")
    return Slip(
        "0000000000017",
        kind,
        legs,
        D("10.00"),
        D("2.10"),
        D("21.00"),
        "К1",
        "anna",
        KICKOFF - timedelta(hours=1),
        status=status,
        settled_payout=D(payout),
    )


@pytest.mark.parametrize(
    ("day", "month_later"),
    [
        (date(2026, 12, 1), date(2027, 1, 1)),  # DESIGN.md: 1 Dec → 1 Jan inclusive
        (date(2027, 1, 31), date(2027, 2, 28)),  # 31 Jan → the last day of February
        (date(2028, 1, 31), date(2028, 2, 29)),  # … of a leap year
        (date(2027, 1, 29), date(2027, 2, 28)),
        (date(2027, 3, 31), date(2027, 4, 30)),
        (date(2027, 3, 15), date(2027, 4, 15)),
        (date(2026, 12, 31), date(2027, 1, 31)),
    ],
)
def test_p23_one_month_runs_through_the_same_date_of_the_next_month(
    day: date, month_later: date
) -> None:
    assert one_month_from(day) == month_later


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 12, 31)))
def test_p23_one_month_is_28_to_31_days_and_keeps_the_date_where_it_can(day: date) -> None:
    later = one_month_from(day)
    assert 28 <= (later - day).days <= 31
    assert later.day == day.day or later.day < day.day  # clamped only at a month's end


def test_first_p24_p23_payable_from_the_next_day_through_one_month() -> None:
    period = payout_period(date(2026, 11, 30))
    assert (period.first_day, period.last_day) == (date(2026, 12, 1), date(2026, 12, 30))
    assert not period.covers(date(2026, 11, 30))
    assert period.covers(date(2026, 12, 1)) and period.covers(date(2026, 12, 30))
    assert not period.covers(date(2026, 12, 31))


def test_the_last_event_day_is_the_shop_local_day_the_last_event_ended() -> None:
    late_evening = ended(101, datetime(2026, 11, 30, 20, 30, tzinfo=UTC))  # 23:30 in Minsk
    after_midnight = ended(102, datetime(2026, 11, 30, 21, 30, tzinfo=UTC))  # 00:30 on 1 Dec
    two = slip(codes=(101, 102))
    assert last_event_day(slip(), {101: late_evening}, MINSK) == date(2026, 11, 30)
    assert last_event_day(two, {101: late_evening, 102: after_midnight}, MINSK) == date(2026, 12, 1)


def test_first_p24_not_on_the_day_of_the_last_event() -> None:
    results = {101: ended(101, datetime(2026, 11, 30, 18, 0, tzinfo=UTC))}
    with pytest.raises(PayoutTooEarly, match=r"с 01\.12\.2026"):
        payable_amount(slip(), results, date(2026, 11, 30), MINSK)
    assert payable_amount(slip(), results, date(2026, 12, 1), MINSK) == D("21.00")


def test_p23_not_after_one_month_from_the_day_of_the_last_event() -> None:
    results = {101: ended(101, datetime(2026, 11, 30, 18, 0, tzinfo=UTC))}
    assert payable_amount(slip(), results, date(2026, 12, 30), MINSK) == D("21.00")
    with pytest.raises(PayoutExpired, match=r"истёк 30\.12\.2026"):
        payable_amount(slip(), results, date(2026, 12, 31), MINSK)


def test_p24_a_refund_is_paid_like_a_win() -> None:
    results = {101: ended(101, datetime(2026, 11, 30, 18, 0, tzinfo=UTC))}
    refund = slip(SlipStatus.REFUND, "10.00")
    assert payable_amount(refund, results, date(2026, 12, 2), MINSK) == D("10.00")


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (SlipStatus.OPEN, "ещё не рассчитан"),
        (SlipStatus.LOST, "проигранные ставки не выплачиваются"),
        (SlipStatus.CANCELLED, "ставка уже возвращена"),
        (SlipStatus.PAID, "повторная выплата невозможна"),
        (SlipStatus.VOID, "не был выдан"),
        (SlipStatus.PENDING, "не был выдан"),
    ],
)
def test_p13_only_a_winning_or_refund_slip_is_paid(status: SlipStatus, words: str) -> None:
    results = {101: ended(101, datetime(2026, 11, 30, 18, 0, tzinfo=UTC))}
    unpaid = dataclasses.replace(slip(), status=status)
    with pytest.raises(NotPayable, match=words):
        payable_amount(unpaid, results, date(2026, 12, 2), MINSK)
