"""СККС (issue 35): the till's register opened and closed, the shift's totals counted one by one,
compared with the controller's on the Z report and for the manager; the drawer's operations
wait for their registration in online mode."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy

from pos.core.clock import FixedClock
from pos.shop.services import Shop
from pos.skks.errors import SkksNoAnswer, SkksRefused
from tests.documents import PASSPORT
from tests.integration.skks_helpers import connect, kinds, skks_shop
from tests.integration.sql import sql
from tests.shifts import reopen_shift
from tests.skks_simulator import SimulatedController

pytestmark = pytest.mark.integration


@pytest.fixture
def printer() -> Dummy:
    return Dummy()


@pytest.fixture
def db_shop(db_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    with skks_shop(db_url, clock, printer) as shop:
        yield shop


def _expected(shop: Shop) -> Decimal:
    status = shop.login("anna", "4821").shift()
    assert status is not None
    return status.summary.expected


def _printed(printer: Dummy) -> str:
    text = printer.output.decode("cp866", errors="replace")
    printer.clear()
    return text


def _fresh_shift(shop: Shop, controller: SimulatedController) -> None:
    """The demo's shift closed before the controller is connected, a new one opened after."""
    anna = shop.login("anna", "4821")
    anna.close_shift(counted=_expected(shop))
    connect(shop, controller)
    anna.open_shift(cash="1000")


def test_the_shift_totals_count_every_operation_one_by_one(
    db_shop: Shop, controller: SimulatedController
) -> None:
    _fresh_shift(db_shop, controller)
    anna = db_shop.login("anna", "4821")
    for stake in ("10", "20", "5"):
        anna.accept_bet([(101, "1")], stake=stake)
    anna.cash_in("100", reason="размен")
    anna.cash_in("50", reason="размен")

    anna.close_shift(counted=_expected(db_shop))

    totals = next(
        controller.message(entry["id"])["totals"]
        for entry in controller.log()
        if entry["kind"] == "shift_totals"
    )
    assert totals["bets"] == {"count": 3, "sum": 3500}
    assert totals["cash_in"] == {"count": 2, "sum": 15000}


def test_a_void_slip_paid_back_is_a_return_not_a_win(
    db_shop: Shop, clock: FixedClock, controller: SimulatedController
) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    slip = anna.accept_bet([(201, "X")], stake="10")
    clock.advance(timedelta(days=5))
    boss.record_result(201, None, None, status="cancelled", source="ФХРБ")
    db_shop.settle()
    clock.advance(timedelta(days=1))  # paid from the day after the match (p.24)
    reopen_shift(anna)
    connect(db_shop, controller)
    anna.pay_out(slip.number, PASSPORT)

    anna.close_shift(counted=_expected(db_shop))

    (entry,) = [e for e in controller.log() if e["kind"] == "shift_totals"]
    totals = controller.message(entry["id"])["totals"]
    assert totals["returns"] == {"count": 1, "sum": 1000}
    assert totals["wins_paid"] == {"count": 0, "sum": 0}


def test_the_register_opens_and_closes_with_the_controller(
    db_shop: Shop, controller: SimulatedController
) -> None:
    _fresh_shift(db_shop, controller)
    anna = db_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")

    anna.close_shift(counted=_expected(db_shop))

    assert kinds(controller) == [
        "terminal_opened",
        "shift_opened",
        "bet_accepted",
        "shift_totals",
        "terminal_closed",
    ]
    opened, closed = controller.log()[0], controller.log()[-1]
    assert controller.message(opened["id"])["cash"] == 100000
    assert controller.message(closed["id"])["cash"] == 101000


def test_the_z_report_prints_the_controllers_agreement(
    db_shop: Shop, controller: SimulatedController, printer: Dummy
) -> None:
    _fresh_shift(db_shop, controller)
    anna = db_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")
    anna.cash_in("100", reason="размен")
    _printed(printer)

    closing = anna.close_shift(counted=_expected(db_shop))

    text = _printed(printer)
    assert "Сверка с СККС" in text and "совпадает" in text
    assert closing.skks is not None and closing.skks.agreed
    (checked,) = db_shop.skks_reconciliations()[:1]
    assert checked.agreed and checked.theirs is not None
    assert checked.theirs["bets"].count == 1


def test_a_difference_from_the_controller_is_printed_and_shown(
    db_shop: Shop, controller: SimulatedController, printer: Dummy
) -> None:
    _fresh_shift(db_shop, controller)
    anna = db_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")
    bet = next(e["id"] for e in controller.log() if e["kind"] == "bet_accepted")
    anna.accept_bet([(101, "1")], stake="20")
    controller.registry.forget(bet)  # the controller lost one registration
    _printed(printer)

    closing = anna.close_shift(counted=_expected(db_shop))

    text = " ".join(_printed(printer).split())
    assert "Сверка с СККС: расхождение" in text
    assert "Ставки касса 2 / 30,00 руб. СККС 1 / 20,00 руб." in text
    assert closing.skks is not None and not closing.skks.agreed
    (shown,) = db_shop.skks_reconciliations()[:1]
    assert [d.name for d in shown.differences()] == ["bets"]


def test_a_z_closed_while_the_controller_is_down_says_the_check_waits(
    db_shop: Shop, controller: SimulatedController, printer: Dummy
) -> None:
    _fresh_shift(db_shop, controller)
    anna = db_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")
    controller.down = True
    _printed(printer)

    closing = anna.close_shift(counted=_expected(db_shop))

    # The shift closes however the controller answers: the count is made and the day ends.
    assert closing.shift.closed_at is not None
    text = " ".join(_printed(printer).split())
    assert "Сверка с СККС: ждёт ответа СККС" in text
    assert closing.skks is not None and closing.skks.theirs is None
    controller.down = False
    db_shop.skks_send()
    (checked,) = db_shop.skks_reconciliations()[:1]
    assert checked.agreed


def test_an_online_shift_waits_for_its_registration(
    db_shop: Shop, controller: SimulatedController
) -> None:
    anna = db_shop.login("anna", "4821")
    anna.close_shift(counted=_expected(db_shop))
    connect(db_shop, controller)
    controller.down = True

    with pytest.raises(SkksNoAnswer, match="смена не открыта"):
        anna.open_shift(cash="1000")

    assert anna.shift() is None
    controller.down = False
    anna.open_shift(cash="1000")
    db_shop.skks_send()
    heard = kinds(controller)
    assert heard.count("annul") == 2  # the register's opening and the shift's, undone
    assert heard[-2:] == ["terminal_opened", "shift_opened"]
    assert anna.shift() is not None


@pytest.mark.parametrize("kind", ["cash_in", "cash_out"])
def test_online_cash_in_and_out_wait_for_their_registration(
    db_shop: Shop, controller: SimulatedController, kind: str
) -> None:
    connect(db_shop, controller)
    boss = db_shop.login("boss", "9911")
    move = boss.cash_in if kind == "cash_in" else boss.cash_out
    before = _expected(db_shop)
    controller.down = True

    with pytest.raises(SkksNoAnswer, match="не проведено, деньги"):
        move("50", reason="размен")

    assert _expected(db_shop) == before
    assert sql(db_shop, "SELECT count(*) FROM cash_transfers") == [(0,)]
    controller.down = False
    controller.refuse_kinds = {kind: "касса не зарегистрирована"}
    with pytest.raises(SkksRefused, match="касса не зарегистрирована"):
        move("50", reason="размен")
    assert _expected(db_shop) == before
