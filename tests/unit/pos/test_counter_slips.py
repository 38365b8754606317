"""Slips taken at the counter, on a fake database: cash and audit, numbers, the five-minute
cancellation window, recent slips, reprints and the lookup.
"""

from datetime import timedelta
from decimal import Decimal

import pytest

from pos.betting.errors import ReasonRequired, SlipNotOpen, WindowClosed
from pos.betting.numbers import make_slip_number
from pos.betting.slips import SlipStatus
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted, UnknownSlip
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.shifts import CashKind
from tests.fakes import FakeStorage

D = Decimal


@pytest.fixture
def anna(demo_shop: Shop) -> Desk:
    return demo_shop.login("anna", "4821")


def test_the_stake_is_a_cash_movement_and_the_bet_is_audited(
    storage: FakeStorage, anna: Desk
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    assert [(m.kind, m.amount, m.slip_number) for m in storage.data.cash] == [
        (CashKind.STAKE, D("10.00"), slip.number)
    ]
    assert storage.data.audit[-1].action is AuditAction.BET_ACCEPTED


def test_slip_numbers_are_unique_and_carry_a_check_code(demo_shop: Shop, anna: Desk) -> None:
    numbers = {anna.accept_bet([(101, "1")], stake="10").number for _ in range(20)}
    assert len(numbers) == 20
    number = next(iter(numbers))
    assert demo_shop.slip(f"{number[:8]}-{number[8:11]}-{number[11:]}").number == number


def test_an_unknown_but_well_formed_number_is_not_found(
    demo_shop: Shop, storage: FakeStorage, anna: Desk
) -> None:
    anna.accept_bet([(101, "1")], stake="10")
    secret = bytes.fromhex(storage.data.settings["slip_secret"])
    with pytest.raises(UnknownSlip):
        demo_shop.slip(make_slip_number(777, secret))


def test_a_slip_can_be_cancelled_until_five_minutes_exactly(
    demo_shop: Shop, storage: FakeStorage, clock: FixedClock, anna: Desk
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    clock.advance(timedelta(minutes=5))
    cancelled = anna.cancel_in_window(slip.number, "  не тот исход ")
    assert cancelled.status is SlipStatus.CANCELLED
    assert cancelled.payout == D("0.00")
    assert demo_shop.slip(slip.number).cancellation.reason == "не тот исход"
    assert [(m.kind, m.amount) for m in storage.data.cash] == [
        (CashKind.STAKE, D("10.00")),
        (CashKind.WINDOW_REFUND, D("-10.00")),
    ]
    assert [s.number for s in anna.window_cancellations()] == [slip.number]
    with pytest.raises(SlipNotOpen, match="отменён"):
        anna.cancel_in_window(slip.number, "ещё раз")


def test_after_five_minutes_the_slip_is_final(clock: FixedClock, anna: Desk) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    clock.advance(timedelta(minutes=5, seconds=1))
    with pytest.raises(WindowClosed, match="12:05:00"):
        anna.cancel_in_window(slip.number, "поздно")


def test_a_slip_is_offered_for_cancelling_only_while_open_and_in_its_window(
    clock: FixedClock, anna: Desk
) -> None:
    """Issue 16: F8 asks pos first, so it never offers a cancelled or a final slip."""
    slip = anna.accept_bet([(101, "1")], stake="10")
    other = anna.accept_bet([(102, "1")], stake="10")
    clock.advance(timedelta(minutes=5))

    assert anna.check_cancellable(display_slip_number(slip.number)) == slip
    anna.cancel_in_window(other.number, "не тот исход")
    with pytest.raises(SlipNotOpen, match="отменён"):
        anna.check_cancellable(other.number)
    clock.advance(timedelta(seconds=1))
    with pytest.raises(WindowClosed, match="12:05:00"):
        anna.check_cancellable(slip.number)


def test_a_refusal_names_the_slip_as_it_is_printed(clock: FixedClock, anna: Desk) -> None:
    """Issue 16: one slip-number format on screen, the printed one (00000001-234-56)."""
    slip = anna.accept_bet([(101, "1")], stake="10")
    clock.advance(timedelta(minutes=6))

    with pytest.raises(WindowClosed) as refused:
        anna.cancel_in_window(slip.number, "поздно")

    assert f"Купон {display_slip_number(slip.number)} отменить нельзя" in str(refused.value)
    assert slip.number not in str(refused.value)


def test_a_cancellation_needs_a_reason(anna: Desk) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    with pytest.raises(ReasonRequired):
        anna.cancel_in_window(slip.number, "   ")


def test_recent_slips_are_this_terminals_newest_first(clock: FixedClock, anna: Desk) -> None:
    first = anna.accept_bet([(101, "1")], stake="10")
    clock.advance(timedelta(minutes=1))
    second = anna.accept_bet([(102, "1")], stake="10")
    assert [s.number for s in anna.recent_slips()] == [second.number, first.number]
    clock.advance(timedelta(minutes=40))
    assert anna.recent_slips() == []


def test_reprints_are_counted_and_after_the_window_need_a_manager(
    demo_shop: Shop, clock: FixedClock, anna: Desk
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    assert anna.reprint(slip.number).reprints == 1
    clock.advance(timedelta(minutes=6))
    with pytest.raises(NotPermitted):
        anna.reprint(slip.number)
    assert demo_shop.login("boss", "9911").reprint(slip.number).reprints == 2
    assert demo_shop.slip(slip.number).reprints == 2


def test_the_desk_looks_up_a_slip_by_its_number_as_scanned(anna: Desk) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    assert anna.slip(f" {slip.number[:8]} {slip.number[8:]} ") == slip
