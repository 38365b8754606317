"""СККС online mode for the one-step account operations (issue 35): a deposit, a spread bet
opened and a pari concluded are made only once the controller registered them; no answer or
a refusal undoes them in one transaction, nothing taken or paid, the annulment queued."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from escpos.printer import Dummy

from pos.accounts.ledger import Movement
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.skks.errors import SkksNoAnswer, SkksRefused
from tests.documents import ID_CARD, PASSPORT
from tests.integration.skks_helpers import brent, connect, drawer, skks_shop
from tests.integration.sql import sql
from tests.skks_simulator import SimulatedController

pytestmark = pytest.mark.integration
D = Decimal


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile="TM-T20II")


@pytest.fixture
def db_shop(db_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    with skks_shop(db_url, clock, printer) as shop:
        yield shop


def _outbox(shop: Shop) -> list[tuple[object, ...]]:
    return sql(shop, "SELECT sequence, kind, registration FROM skks_outbox ORDER BY sequence")


def _receipts(shop: Shop) -> list[tuple[object, ...]]:
    return sql(
        shop,
        "SELECT number, kind, printed, spoiled IS NOT NULL FROM fiscal_receipts ORDER BY number",
    )


def _sent_again(shop: Shop, controller: SimulatedController) -> None:
    """The controller back: the outbox (the operation's message and its annulment) sent."""
    controller.down = False
    controller.refuse_kinds = {}
    assert shop.skks_send().down is None
    assert shop.skks_status().unsent == 0


def _funded(shop: Shop, desk: Desk, document: object = PASSPORT) -> str:
    """An account with 500 roubles on it, its deposit registered (message 1 or next)."""
    number = desk.open_account(document=document).number  # type: ignore[arg-type]
    desk.deposit(number, "500")
    return number


# --- a deposit -------------------------------------------------------------------------------


def test_an_online_deposit_is_registered_once_and_recorded(
    db_shop: Shop, controller: SimulatedController, printer: Dummy
) -> None:
    connect(db_shop, controller)
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    before = drawer(db_shop)

    after = anna.deposit(number, "500")

    assert after.free == D("500.00") and db_shop.account(number).free == D("500.00")
    assert drawer(db_shop) == before + D("500")
    (entry,) = controller.log()
    assert entry["kind"] == "account_deposit" and controller.heard(entry["id"]) == 1
    assert _outbox(db_shop) == [(1, "account_deposit", entry["number"])]
    assert _receipts(db_shop) == [(1, "income", True, False)]
    assert "ПРИХОД".encode("cp866") in printer.output


def test_a_controller_down_refuses_a_deposit_and_nothing_is_taken(
    db_shop: Shop, controller: SimulatedController, printer: Dummy
) -> None:
    connect(db_shop, controller)
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    before, paper = drawer(db_shop), printer.output
    controller.down = True

    with pytest.raises(
        SkksNoAnswer, match="СККС не ответила: пополнение счёта не проведено, деньги верните"
    ):
        anna.deposit(number, "500")

    view = db_shop.account(number)
    assert (view.free, view.blocked) == (D("0.00"), D("0.00"))
    assert [line.kind for line in view.statement()] == [Movement.DEPOSIT, Movement.ANNULLED]
    assert drawer(db_shop) == before
    assert sql(db_shop, "SELECT count(*) FROM cash_movements") == [(0,)]
    # The receipt's number stands spoiled, never printed; the register's totals back.
    assert _receipts(db_shop) == [(1, "income", False, True)]
    assert sql(db_shop, "SELECT grand_income FROM fiscal_registers") == [(0,)]
    assert db_shop.verify().ok  # balances, statements and what the games hold agree
    assert printer.output == paper
    assert _outbox(db_shop) == [(1, "account_deposit", None), (2, "annul", None)]
    anna.print_statement(number)  # the player's statement names the deposit taken back
    assert "Пополнение аннулировано (СККС)".encode("cp866") in printer.output[len(paper) :]

    _sent_again(db_shop, controller)
    assert controller.heard("К1-0000000001") == 1 and controller.annulled("К1-0000000001")
    assert controller.totals("К1", db_shop.context.clock.now().date()) == {}
    # The till is free for the next one.
    assert anna.deposit(number, "500").free == D("500.00")
    assert drawer(db_shop) == before + D("500")


def test_the_controllers_refusal_of_a_deposit_is_shown_with_its_reason(
    db_shop: Shop, controller: SimulatedController
) -> None:
    connect(db_shop, controller)
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    before = drawer(db_shop)
    controller.refuse_kinds = {"account_deposit": "Счёт не зарегистрирован"}

    with pytest.raises(SkksRefused, match=r"\(Счёт не зарегистрирован\): пополнение счёта не"):
        anna.deposit(number, "500")

    assert db_shop.account(number).free == D("0.00") and drawer(db_shop) == before
    assert _receipts(db_shop) == [(1, "income", False, True)]
    # Refused, never registered: nothing to annul.
    assert sql(db_shop, "SELECT kind, error FROM skks_outbox") == [("account_deposit", "refused")]


def test_a_deferred_deposit_is_made_at_once_and_sent_later(
    db_shop: Shop, controller: SimulatedController
) -> None:
    connect(db_shop, controller, mode="deferred")
    controller.down = True
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    assert anna.deposit(number, "500").free == D("500.00")
    _sent_again(db_shop, controller)
    assert [entry["kind"] for entry in controller.log()] == ["account_deposit"]


# --- a spread bet opened ---------------------------------------------------------------------


def _spread_ready(shop: Shop, controller: SimulatedController) -> tuple[Desk, str]:
    """Online, BRENT quoted, an account with 500 roubles (its deposit message 1)."""
    connect(shop, controller)
    anna = shop.login("anna", "4821")
    brent(shop.login("boss", "9911"))
    return anna, _funded(shop, anna)


def test_an_online_spread_bet_is_registered_once_and_recorded(
    db_shop: Shop, controller: SimulatedController
) -> None:
    anna, number = _spread_ready(db_shop, controller)

    bet = anna.open_spread(number, "BRENT", "up", stake="1")

    assert db_shop.account(number).blocked == bet.margin_blocked > 0
    entry = controller.log()[-1]
    assert entry["kind"] == "spread_opened" and controller.heard(entry["id"]) == 1
    assert controller.message(entry["id"])["spread"] == bet.number
    assert _outbox(db_shop)[-1] == (2, "spread_opened", entry["number"])


def test_a_controller_down_refuses_a_spread_bet_and_the_margin_stays_free(
    db_shop: Shop, controller: SimulatedController
) -> None:
    anna, number = _spread_ready(db_shop, controller)
    controller.down = True

    with pytest.raises(
        SkksNoAnswer, match="СККС не ответила: спрэдбет не открыт, деньги остались на счёте"
    ):
        anna.open_spread(number, "BRENT", "up", stake="1")

    view = db_shop.account(number)
    assert (view.free, view.blocked) == (D("500.00"), D("0.00"))
    assert [line.kind for line in view.statement()][-2:] == [Movement.BLOCK, Movement.RELEASE]
    assert sql(db_shop, "SELECT status, stake_open, margin_blocked FROM spread_bets") == [
        ("cancelled", 0, 0)
    ]
    assert _outbox(db_shop)[1:] == [(2, "spread_opened", None), (3, "annul", None)]
    _sent_again(db_shop, controller)
    assert controller.annulled("К1-0000000002")
    assert "spread_opened" not in controller.totals("К1", db_shop.context.clock.now().date())
    assert db_shop.login("boss", "9911").exposure()[0].bets == 0
    assert db_shop.verify().ok  # balances, statements and what the games hold agree


def test_the_controllers_refusal_of_a_spread_bet_is_shown_with_its_reason(
    db_shop: Shop, controller: SimulatedController
) -> None:
    anna, number = _spread_ready(db_shop, controller)
    controller.refuse_kinds = {"spread_opened": "Вид игры не разрешён"}

    with pytest.raises(SkksRefused, match=r"\(Вид игры не разрешён\): спрэдбет не открыт"):
        anna.open_spread(number, "BRENT", "up", stake="1")

    assert db_shop.account(number).free == D("500.00")
    assert sql(db_shop, "SELECT status FROM spread_bets") == [("cancelled",)]
    assert sql(db_shop, "SELECT kind, error FROM skks_outbox WHERE sequence > 1") == [
        ("spread_opened", "refused")
    ]


# --- a pari concluded ------------------------------------------------------------------------


def _offered(shop: Shop, controller: SimulatedController) -> tuple[Desk, str, str, str]:
    """Online, a backer's offer of 10 at 1.5 (its risk blocked) and a layer with 500 roubles;
    the two deposits are messages 1 and 2."""
    connect(shop, controller)
    anna = shop.login("anna", "4821")
    backer, layer = _funded(shop, anna), _funded(shop, anna, ID_CARD)
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="1.5", stake="10"
    )
    return anna, backer, layer, offer.number


def _balances(shop: Shop, *numbers: str) -> list[tuple[Decimal, Decimal]]:
    return [(shop.account(n).free, shop.account(n).blocked) for n in numbers]


def test_an_online_pari_is_registered_once_and_recorded(
    db_shop: Shop, controller: SimulatedController
) -> None:
    anna, backer, layer, offer = _offered(db_shop, controller)

    pari = anna.accept_pari(layer, offer, stake="10")

    entry = controller.log()[-1]
    assert entry["kind"] == "pari_concluded" and controller.heard(entry["id"]) == 1
    assert controller.message(entry["id"])["pari"] == pari.number
    assert _outbox(db_shop)[-1] == (3, "pari_concluded", entry["number"])
    assert _balances(db_shop, backer, layer) == [
        (D("490.00"), D("10.00")),
        (D("485.00"), D("15.00")),
    ]


def test_a_controller_down_refuses_a_pari_and_the_offer_stands_as_it_was(
    db_shop: Shop, controller: SimulatedController
) -> None:
    anna, backer, layer, offer = _offered(db_shop, controller)
    before = _balances(db_shop, backer, layer)
    controller.down = True

    with pytest.raises(
        SkksNoAnswer, match="СККС не ответила: пари не заключено, деньги остались на счетах"
    ):
        anna.accept_pari(layer, offer, stake="10")

    assert (
        _balances(db_shop, backer, layer)
        == before
        == [
            (D("490.00"), D("10.00")),
            (D("500.00"), D("0.00")),
        ]
    )
    assert sql(db_shop, "SELECT count(*) FROM exchange_paris") == [(0,)]
    assert sql(db_shop, "SELECT count(*) FROM exchange_concluded") == [(0,)]
    assert sql(db_shop, "SELECT status, stake_open, accepted, blocked FROM exchange_offers") == [
        ("open", 1000, 0, 1000)
    ]
    assert anna.account_exchange(layer).paris == ()
    assert db_shop.verify().ok  # balances, statements and what the games hold agree
    assert _outbox(db_shop)[2:] == [(3, "pari_concluded", None), (4, "annul", None)]
    _sent_again(db_shop, controller)
    assert controller.annulled("К1-0000000003")
    assert "pari_concluded" not in controller.totals("К1", db_shop.context.clock.now().date())
    # The offer is whole again: accepted now, it is concluded and registered.
    pari = anna.accept_pari(layer, offer, stake="10")
    assert controller.message(controller.log()[-1]["id"])["pari"] == pari.number
    assert _balances(db_shop, backer, layer) == [
        (D("490.00"), D("10.00")),
        (D("485.00"), D("15.00")),
    ]


def test_the_controllers_refusal_of_a_pari_is_shown_with_its_reason(
    db_shop: Shop, controller: SimulatedController
) -> None:
    anna, backer, layer, offer = _offered(db_shop, controller)
    controller.refuse_kinds = {"pari_concluded": "Событие не зарегистрировано"}

    with pytest.raises(SkksRefused, match=r"\(Событие не зарегистрировано\): пари не заключено"):
        anna.accept_pari(layer, offer, stake="4")

    assert _balances(db_shop, backer, layer) == [
        (D("490.00"), D("10.00")),
        (D("500.00"), D("0.00")),
    ]
    assert sql(db_shop, "SELECT count(*) FROM exchange_paris") == [(0,)]
    assert sql(db_shop, "SELECT status, stake_open, accepted, blocked FROM exchange_offers") == [
        ("open", 1000, 0, 1000)
    ]
    assert sql(db_shop, "SELECT kind, error FROM skks_outbox WHERE sequence > 2") == [
        ("pari_concluded", "refused")
    ]
