"""Shifts: the float, the cash of a day, the blind count, the 24-hour rule (issue #7)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from main import assemble_shop
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.core.input_errors import InvalidAmount
from pos.core.wording import display_slip_number
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.errors import (
    ShiftAlreadyOpen,
    ShiftCloseBlocked,
    ShiftNotOpen,
    ShiftTooLong,
    TransferRefused,
)
from pos.till.shifts import (
    MAX_LENGTH,
    CashKind,
    CashSummary,
    Shift,
    ShiftState,
    TransferKind,
    shift_end_notice,
)
from tests.conftest import REGISTER
from tests.fakeprinter import FlakyDummy
from tests.fakes import FakeStorage, PlainPinHasher
from tests.shifts import reopen_shift

D = Decimal


@pytest.fixture
def anna(demo_shop: Shop) -> Desk:
    return demo_shop.login("anna", "4821")


@pytest.fixture
def boss(demo_shop: Shop) -> Desk:
    return demo_shop.login("boss", "9911")


kopecks = st.integers(min_value=1, max_value=10_000_000).map(lambda k: D(k).scaleb(-2))


@given(
    opening=st.integers(min_value=0, max_value=10_000_000).map(lambda k: D(k).scaleb(-2)),
    stakes=st.lists(kopecks, max_size=30),
    returns=st.lists(kopecks, max_size=5),
    payouts=st.lists(kopecks, max_size=10),
    cash_in=st.lists(kopecks, max_size=3),
    cash_out=st.lists(kopecks, max_size=3),
)
def test_the_cash_identity_holds_for_any_day(
    opening: Decimal,
    stakes: list[Decimal],
    returns: list[Decimal],
    payouts: list[Decimal],
    cash_in: list[Decimal],
    cash_out: list[Decimal],
) -> None:
    movements = (
        [(CashKind.STAKE, s) for s in stakes]
        + [(CashKind.WINDOW_REFUND, -r) for r in returns]
        + [(CashKind.PAYOUT, -p) for p in payouts]
    )
    transfers = [(TransferKind.CASH_IN, a) for a in cash_in] + [
        (TransferKind.CASH_OUT, a) for a in cash_out
    ]
    summary = CashSummary.of(opening, movements, transfers)
    assert summary.expected == (
        opening
        + sum(stakes, D(0))
        - sum(returns, D(0))
        - sum(payouts, D(0))
        + sum(cash_in, D(0))
        - sum(cash_out, D(0))
    )
    assert summary.expected == opening + sum((a for _, a in movements), D(0)) + sum(
        cash_in, D(0)
    ) - sum(cash_out, D(0))


def test_a_whole_day_closes_to_the_kopeck(anna: Desk, boss: Desk, storage: FakeStorage) -> None:
    status = anna.shift()
    assert status is not None and status.shift.opened_by == "система"  # the demo's shift
    anna.close_shift(counted="0")
    with pytest.raises(ShiftNotOpen):
        anna.accept_bet([(101, "1")], stake="10")
    shift = anna.open_shift(cash="500")
    with pytest.raises(ShiftAlreadyOpen):
        boss.open_shift(cash="100")
    first = anna.accept_bet([(101, "1")], stake="10")
    anna.accept_bet([(102, "X")], stake="25,50")
    anna.cancel_in_window(first.number, "не тот исход")
    anna.cash_in("200", "размен из сейфа")
    with pytest.raises(NotPermitted):
        anna.cash_out("100", "в сейф")
    boss.cash_out("100", "в сейф")
    status = anna.shift()
    assert status is not None and status.shift.id == shift.id
    summary = status.summary
    assert (summary.opening, summary.stakes, summary.returns) == (D("500"), D("35.50"), D("10"))
    assert (summary.cash_in, summary.cash_out, summary.expected) == (
        D("200"),
        D("100"),
        D("625.50"),
    )

    closing = anna.close_shift(counted="625,00")

    assert (closing.expected, closing.counted, closing.difference) == (
        D("625.50"),
        D("625.00"),
        D("-0.50"),
    )
    assert closing.z_report is not None and closing.z_report.closing
    assert anna.shift() is None
    record = next(r for r in reversed(storage.data.audit) if r.action is AuditAction.SHIFT_CLOSED)
    assert "ожидалось 625,50 руб., посчитано 625,00 руб., разница -0,50 руб." in record.detail


def test_cash_in_and_out_need_a_reason_and_the_cash(anna: Desk, boss: Desk) -> None:
    with pytest.raises(TransferRefused, match="причину"):
        anna.cash_in("10", " ")
    with pytest.raises(TransferRefused, match="больше нуля"):
        anna.cash_in("0", "размен")
    with pytest.raises(TransferRefused, match=r"только 1\s000,00 руб\."):
        boss.cash_out("1000,01", "в сейф")  # the demo shift's float is 1 000,00
    granted = anna.authorised_by("boss", "9911", Permission.CASH_OUT)
    anna.cash_in("50", "размен")
    assert granted.cash_out("50", "в сейф").amount == D("50")
    with pytest.raises(InvalidAmount, match="отрицательной"):
        anna.open_shift(cash="-1")


def test_a_shift_longer_than_24_hours_takes_no_more_work(anna: Desk, clock: FixedClock) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    clock.advance(timedelta(hours=24, seconds=1))
    with pytest.raises(ShiftTooLong, match="больше 24 часов"):
        anna.accept_bet([(102, "1")], stake="10")
    with pytest.raises(ShiftTooLong):
        anna.cash_in("10", "размен")
    reopen_shift(anna)
    assert anna.accept_bet([(102, "1")], stake="10").number != slip.number


CLOSES_IN = "Смена закрывается через {}: закройте её и откройте новую."


@pytest.mark.parametrize(
    ("open_for", "words"),
    [
        (timedelta(hours=22, minutes=59, seconds=59), None),
        (timedelta(hours=23), CLOSES_IN.format("60 минут")),
        (timedelta(hours=23, minutes=20), CLOSES_IN.format("40 минут")),
        (timedelta(hours=23, minutes=38), CLOSES_IN.format("22 минуты")),
        (timedelta(hours=23, minutes=59, seconds=1), CLOSES_IN.format("1 минуту")),
        (timedelta(hours=24), CLOSES_IN.format("1 минуту")),  # 24 hours still work
        (
            timedelta(hours=24, seconds=1),
            "Смена открыта больше 24 часов: ставки, выплаты и внесения не принимаются. "
            "Закройте её (пересчёт кассы и Z-отчёт) и откройте новую.",
        ),
    ],
)
def test_a_shift_is_announced_from_an_hour_before_its_24_hours_run_out(
    open_for: timedelta, words: str | None
) -> None:
    opened = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    shift = Shift(1, "К1", opened, "anna", D("100"))

    notice = shift_end_notice(shift, opened + open_for)

    assert (notice.words() if notice else None) == words
    if notice is not None:
        assert notice.ends_at == opened + MAX_LENGTH


def test_a_closed_shift_is_not_announced() -> None:
    opened = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    shift = Shift(1, "К1", opened, "anna", D("100"), state=ShiftState.CLOSED)

    assert shift_end_notice(shift, opened + timedelta(hours=23, minutes=30)) is None
    assert shift_end_notice(None, opened) is None


def test_the_shift_read_at_the_till_says_when_it_runs_out(anna: Desk, clock: FixedClock) -> None:
    status = anna.shift()
    assert status is not None and status.ending is None
    clock.advance(timedelta(hours=23, minutes=20))

    status = anna.shift()

    assert status is not None and status.ending is not None
    assert status.ending.words() == CLOSES_IN.format("40 минут")


def test_a_refusal_to_close_names_what_blocks_it(anna: Desk, storage: FakeStorage) -> None:
    pending = anna.accept_bet([(101, "1")], stake="10")
    storage.data.slips[pending.number] = storage.data.slips[pending.number].__class__(
        **{**storage.data.slips[pending.number].__dict__, "status": pending.status.PENDING}
    )
    with pytest.raises(ShiftCloseBlocked, match="ждёт подтверждения печати") as refused:
        anna.close_shift(counted="10")
    assert display_slip_number(pending.number) in str(refused.value)  # as printed
    assert anna.shift() is not None


@pytest.mark.warns_in_log
def test_a_z_report_that_does_not_print_still_gives_the_closing_figures(
    storage: FakeStorage, clock: FixedClock
) -> None:
    flaky = FlakyDummy()
    storage.data.serials["К1"] = REGISTER
    shop = assemble_shop(
        storage, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=flaky
    )
    shop.seed_demo()
    anna = shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], "10")
    flaky.broken = True

    closing = anna.close_shift(counted="1009,50")

    assert (closing.expected, closing.counted, closing.difference) == (
        Decimal("1010.00"),
        Decimal("1009.50"),
        Decimal("-0.50"),
    )
    assert closing.z_report is not None and closing.print_failure is not None
    assert str(closing.print_failure).startswith("Z-ОТЧЁТ: не напечатано")
    assert anna.shift() is None
