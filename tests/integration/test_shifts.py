"""Shifts on a real database, SQLite and PostgreSQL: a day's cash to the kopeck, one open
shift per terminal."""

from __future__ import annotations

from decimal import Decimal

import pytest

from main import open_shop
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from pos.till.errors import ShiftAlreadyOpen
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration
D = Decimal


def test_a_day_closes_to_the_kopeck(db_shop: Shop) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    anna.close_shift(counted="0")
    anna.open_shift(cash="500,00")
    first = anna.accept_bet([(101, "1")], stake="10,37")
    anna.accept_bet([(102, "X"), (103, "1")], stake="25,50", kind="express")
    anna.cancel_in_window(first.number, "не тот исход")
    anna.cash_in("200,05", "размен из сейфа")
    boss.cash_out("100,01", "в сейф")
    status = anna.shift()
    assert status is not None
    summary = status.summary
    assert (summary.stakes, summary.returns) == (D("35.87"), D("10.37"))
    assert (summary.cash_in, summary.cash_out) == (D("200.05"), D("100.01"))
    assert summary.expected == D("625.54")

    closing = anna.close_shift(counted="625,50")

    assert (closing.expected, closing.counted, closing.difference) == (
        D("625.54"),
        D("625.50"),
        D("-0.04"),
    )
    assert closing.z_report is not None


def test_one_open_shift_per_terminal(db_url: str, db_shop: Shop, clock: FixedClock) -> None:
    again = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    try:
        with pytest.raises(ShiftAlreadyOpen):
            again.login("boss", "9911").open_shift(cash="0")
    finally:
        again.close()
