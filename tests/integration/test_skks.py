"""СККС (issue 35): every operation's message written with it, registered once by the
controller (the simulator on loopback), in the terminal's order, through outages."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal

import pytest

from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.shop.services import Shop
from pos.skks.errors import SkksCutOff, SkksNoAnswer, SkksRefused
from tests.chain_helpers import won_slips
from tests.documents import ID_CARD, PASSPORT
from tests.integration.skks_helpers import brent, connect, drawer, kinds, skks_shop
from tests.integration.sql import sql
from tests.shifts import reopen_shift
from tests.skks_simulator import SimulatedController

pytestmark = pytest.mark.integration
FLOAT = Decimal("1000")


@pytest.fixture
def db_shop(db_url: str, clock: FixedClock) -> Iterator[Shop]:
    with skks_shop(db_url, clock) as shop:
        yield shop


def test_a_shop_without_a_controller_writes_no_message(db_shop: Shop) -> None:
    db_shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")
    assert sql(db_shop, "SELECT count(*) FROM skks_outbox") == [(0,)]
    status = db_shop.skks_status()
    assert not status.connected and status.unsent == 0


def test_an_online_bet_is_registered_before_it_is_issued(
    db_shop: Shop, controller: SimulatedController
) -> None:
    connect(db_shop, controller)
    slip = db_shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")

    (entry,) = controller.log()
    assert entry["kind"] == "bet_accepted" and entry["terminal"] == "К1"
    assert entry["id"] == "К1-0000000001"
    assert sql(db_shop, "SELECT kind, subject, registration FROM skks_outbox") == [
        ("bet_accepted", slip.number, entry["number"])
    ]
    totals = controller.totals("К1", db_shop.context.clock.now().date())
    assert totals["bet_accepted"].count == 1 and totals["bet_accepted"].sum == 1000
    assert db_shop.skks_status().unsent == 0


def test_a_controller_down_refuses_the_bet_and_nothing_is_taken(
    db_shop: Shop, controller: SimulatedController
) -> None:
    connect(db_shop, controller)
    anna = db_shop.login("anna", "4821")
    before = drawer(db_shop)
    controller.down = True

    with pytest.raises(SkksNoAnswer, match="СККС не ответила: ставка не принята, деньги верните"):
        anna.accept_bet([(101, "1")], stake="10")

    assert sql(db_shop, "SELECT status FROM slips") == [(SlipStatus.VOID.value,)]
    assert drawer(db_shop) == before
    assert sql(db_shop, "SELECT count(*) FROM cash_movements") == [(0,)]
    # The bet's message and its annulment wait, in order, for the controller.
    assert sql(db_shop, "SELECT sequence, kind FROM skks_outbox ORDER BY sequence") == [
        (1, "bet_accepted"),
        (2, "annul"),
    ]
    controller.down = False
    sent = db_shop.skks_send()
    assert sent.registered == 2 and sent.down is None
    assert kinds(controller) == ["bet_accepted", "annul"]
    assert controller.annulled("К1-0000000001")
    assert controller.totals("К1", db_shop.context.clock.now().date()) == {}


def test_an_answer_dropped_is_registered_once_when_sent_again(
    db_shop: Shop, controller: SimulatedController
) -> None:
    connect(db_shop, controller)
    controller.drop = 1.0  # registered, then the connection closed without an answer
    anna = db_shop.login("anna", "4821")
    with pytest.raises(SkksNoAnswer):
        anna.accept_bet([(101, "1")], stake="10")
    controller.drop = 0.0
    db_shop.skks_send()
    # Registered once however often it arrived; the annulment undoes it.
    assert kinds(controller) == ["bet_accepted", "annul"]
    slip = anna.accept_bet([(101, "1")], stake="10")
    assert kinds(controller) == ["bet_accepted", "annul", "bet_accepted"]
    assert db_shop.slip(slip.number).status is SlipStatus.OPEN


def test_the_controllers_refusal_is_shown_with_its_reason(
    db_shop: Shop, controller: SimulatedController
) -> None:
    connect(db_shop, controller)
    controller.refuse_kinds = {"bet_accepted": "Касса не зарегистрирована"}
    with pytest.raises(SkksRefused, match=r"СККС отказала в регистрации \(Касса не зарег"):
        db_shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")
    assert sql(db_shop, "SELECT status FROM slips") == [(SlipStatus.VOID.value,)]
    # Refused, never registered: nothing to annul.
    assert sql(db_shop, "SELECT kind, error FROM skks_outbox") == [("bet_accepted", "refused")]
    assert len(db_shop.skks_status().refused) == 1


def test_a_win_paid_carries_the_participant_and_a_down_controller_pays_nothing(
    db_shop: Shop, clock: FixedClock, controller: SimulatedController
) -> None:
    (number,) = won_slips(db_shop, clock, ("M1",), 1, by=("boss", "9911"))["M1"]
    anna = db_shop.login("anna", "4821")
    reopen_shift(anna, cash=FLOAT)
    connect(db_shop, controller)
    controller.down = True
    with pytest.raises(SkksNoAnswer, match="выплата не проведена, деньги не выдавайте"):
        anna.pay_out(number, PASSPORT)
    assert db_shop.journal() == []
    assert db_shop.slip(number).status is SlipStatus.WON
    controller.down = False

    entry = anna.pay_out(number, PASSPORT)

    assert db_shop.slip(number).status is SlipStatus.PAID and entry.amount == Decimal("2.10")
    heard = kinds(controller)
    assert heard[-3:] == ["win_paid", "annul", "win_paid"]
    paid = controller.log()[-1]
    message = controller.message(paid["id"])
    assert message["amount"] == 210 and message["slip"] == number
    assert message["participant"]["surname"] == "Иванов"
    assert message["participant"]["document_number"] == "MP1234567"


def test_deferred_operations_complete_and_arrive_in_order_after_an_outage(
    db_shop: Shop, clock: FixedClock, controller: SimulatedController
) -> None:
    connect(db_shop, controller, mode="deferred")
    controller.down = True
    anna = db_shop.login("anna", "4821")
    slips = [anna.accept_bet([(101, "1")], stake=str(stake)) for stake in (5, 6, 7)]
    anna.cash_in("50", reason="размен")
    assert controller.log() == []
    assert db_shop.skks_send().down is not None
    assert db_shop.skks_status().unsent == 4

    controller.down = False
    assert db_shop.skks_send().registered == 4
    log = controller.log()
    assert [entry["kind"] for entry in log] == ["bet_accepted"] * 3 + ["cash_in"]
    assert [entry["id"] for entry in log] == [f"К1-{n:010d}" for n in range(1, 5)]
    assert all(db_shop.slip(slip.number).status is SlipStatus.OPEN for slip in slips)
    assert db_shop.skks_send().registered == 0  # once each
    assert len(controller.log()) == 4


def test_a_deferred_terminal_cut_off_too_long_takes_no_operation(
    db_shop: Shop, clock: FixedClock, controller: SimulatedController
) -> None:
    connect(db_shop, controller, mode="deferred")
    controller.down = True
    anna = db_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="5")
    clock.advance(timedelta(minutes=61))
    with pytest.raises(SkksCutOff, match=r"61 мин\. без связи с СККС"):
        anna.accept_bet([(101, "1")], stake="5")
    controller.down = False
    db_shop.skks_send()
    anna.accept_bet([(101, "1")], stake="5")
    db_shop.skks_send()  # the window's background sending
    assert kinds(controller) == ["bet_accepted", "bet_accepted"]


def test_the_drawer_and_a_cancellation_are_reported(
    db_shop: Shop, controller: SimulatedController
) -> None:
    connect(db_shop, controller)
    anna = db_shop.login("anna", "4821")
    slip = anna.accept_bet([(101, "1")], stake="10")
    anna.cancel_in_window(slip.number, reason="не тот исход")
    anna.cash_in("100", reason="размен")
    db_shop.login("boss", "9911").cash_out("50", reason="инкассация части")
    assert kinds(controller) == ["bet_accepted", "stake_returned", "cash_in", "cash_out"]
    closing = anna.close_shift(counted=drawer(db_shop))
    assert closing.shift.closed_at is not None
    assert kinds(controller)[-2:] == ["shift_totals", "terminal_closed"]  # the Z closed the day
    totals = controller.message(controller.log()[-2]["id"])["totals"]
    assert totals["bets"] == {"count": 1, "sum": 1000}
    assert totals["returns"]["count"] == 1 and totals["cash_in"] == {"count": 1, "sum": 10000}


def test_the_drawer_taken_out_to_the_last_kopeck_is_an_incassation(
    db_shop: Shop, controller: SimulatedController
) -> None:
    connect(db_shop, controller)
    db_shop.login("boss", "9911").cash_out(str(drawer(db_shop)), reason="инкассация")
    (entry,) = controller.log()
    assert entry["kind"] == "incassation"
    assert controller.message(entry["id"])["cash"] == 0


@pytest.mark.parametrize(
    "address", ["ftp://kiz.example.by/", "https://kiz example.by/", "https://kiz.by:99999/"]
)
def test_a_controller_address_that_cannot_be_reached_is_refused(
    db_shop: Shop, address: str
) -> None:
    with pytest.raises(PosError, match="Адрес СККС"):
        db_shop.update_settings(skks_url=address)
    assert not db_shop.skks_status().connected


def test_accounts_spread_bets_and_paris_reach_the_controller(
    db_shop: Shop, controller: SimulatedController
) -> None:
    connect(db_shop, controller)
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    brent(boss)
    backer = anna.open_account(document=PASSPORT).number
    layer = anna.open_account(document=ID_CARD).number
    anna.deposit(backer, "500")
    anna.deposit(layer, "500")
    spread = anna.open_spread(backer, "BRENT", "up", stake="1")
    anna.close_spread(spread.number, stake="1")
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="1.5", stake="10"
    )
    pari = anna.accept_pari(layer, offer.number, stake="10")
    anna.withdraw(layer, "100", document=ID_CARD)

    assert kinds(controller) == [
        "account_deposit",
        "account_deposit",
        "spread_opened",
        "spread_closed",
        "pari_concluded",
        "account_withdrawal",
    ]
    log = controller.log()
    deposit = controller.message(log[0]["id"])
    assert deposit["account"] == backer and deposit["amount"] == 50000
    assert deposit["participant"]["document_number"] == "MP1234567"  # the account's holder
    assert controller.message(log[4]["id"])["pari"] == pari.number
    withdrawal = controller.message(log[5]["id"])
    assert withdrawal["amount"] == 10000 and withdrawal["participant"]["surname"] == "Ковалёва"
    assert db_shop.skks_status().unsent == 0


def test_an_online_bet_sends_its_message_once(
    db_shop: Shop, controller: SimulatedController
) -> None:
    """The registration is recorded with the slip's issue, not before: the sending must not
    take the message, answered but not yet recorded, for one still to send (the screenshot's
    simulator log showed the same id sent again and again for the whole wait)."""
    connect(db_shop, controller)
    db_shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")
    (entry,) = controller.log()
    assert controller.heard(entry["id"]) == 1


def test_a_bet_the_bookmaker_closes_by_a_margin_call_is_reported(
    db_shop: Shop, controller: SimulatedController
) -> None:
    connect(db_shop, controller)
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    brent(boss)
    account = anna.open_account(document=PASSPORT).number
    anna.deposit(account, "500")
    anna.open_spread(account, "BRENT", "up", stake="1")

    called = boss.set_quote("BRENT", bid=Decimal("73.00"), ask=Decimal("73.04"))

    assert len(called.calls) == 1
    closed = controller.message(controller.log()[-1]["id"])
    assert closed["kind"] == "spread_closed" and closed["closed_by"] == "margin_call"
    assert db_shop.skks_status().unsent == 0
