"""The fake repositories refuse what the SQL ones refuse (the guards of db/slips.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from pos.betting.bets import parse_kind
from pos.betting.slips import Cancellation, Leg, Slip, SlipStatus
from tests.fakes import FakeStorage

AT = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
NUMBER = "1000001"


def _storage_with(status: SlipStatus, settled: SlipStatus | None = None) -> FakeStorage:
    """A fake database holding one slip stored with `status`, settled as `settled`."""
    storage = FakeStorage()
    leg = Leg(101, "1", Decimal("2.00"), 1, "Хозяева", "Гости", AT)
    slip = Slip(
        NUMBER,
        parse_kind("single"),
        ((leg,),),
        Decimal(10),
        Decimal(2),
        Decimal(20),
        "К1",
        "anna",
        AT,
        status=status,
        request_key="key",
    )
    storage.data.slips[NUMBER] = slip
    if settled is not None:
        payout = Decimal(0) if settled is SlipStatus.LOST else Decimal(20)
        storage.data.settled[NUMBER] = (settled, payout)
    return storage


@pytest.mark.parametrize(
    ("settled", "paid"),
    [(SlipStatus.WON, True), (SlipStatus.REFUND, True), (SlipStatus.LOST, False), (None, False)],
)
def test_only_an_open_slip_settled_as_won_or_refund_is_marked_paid(
    settled: SlipStatus | None, paid: bool
) -> None:
    # db/slips.py _MARK_PAID: status 'open' and a settlement whose status is not 'lost'.
    storage = _storage_with(SlipStatus.OPEN, settled)
    with storage.unit_of_work() as uow:
        assert uow.slips.mark_paid(NUMBER) is paid
        stored = uow.slips.get(NUMBER)
        assert stored is not None
        assert (stored.status is SlipStatus.PAID) is paid


@pytest.mark.parametrize(
    "status", [SlipStatus.PENDING, SlipStatus.PAID, SlipStatus.CANCELLED, SlipStatus.VOID]
)
def test_a_slip_that_is_not_open_is_not_cancelled(status: SlipStatus) -> None:
    # db/slips.py cancel: UPDATE … WHERE status = 'open', LookupError when no row matched.
    storage = _storage_with(status)
    with storage.unit_of_work() as uow:
        with pytest.raises(LookupError):
            uow.slips.cancel(NUMBER, Cancellation(AT, "anna", "ошибка"))
        assert uow.slips.get(NUMBER) == storage.data.slips[NUMBER]


def test_an_open_slip_is_cancelled() -> None:
    storage = _storage_with(SlipStatus.OPEN)
    with storage.unit_of_work() as uow:
        uow.slips.cancel(NUMBER, Cancellation(AT, "anna", "ошибка"))
        stored = uow.slips.get(NUMBER)
        assert stored is not None and stored.status is SlipStatus.CANCELLED
