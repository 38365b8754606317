"""A stake paid from the player's account at the counter (p.7, issue 37), on SQLite and
PostgreSQL: the free money debited in the bet's transaction with no cash and no fiscal receipt,
the slip saying so, the stake back on a cancellation, the win or return credited at settlement
(never paid in cash), the statement naming each kind, and the СККС online. The ledger under
any sequence and two terminals at once: test_cashless_ledger.py."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.accounts.accounts import replay
from pos.accounts.errors import AccountBlocked, FreeBalanceShort, NotTheHolder
from pos.accounts.ledger import Movement
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.payouts.errors import CreditedToAccount
from pos.people.actor import SYSTEM
from pos.people.identity import IdDocument
from pos.settlement.use_cases import settle_all
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.skks.errors import SkksNoAnswer
from tests.documents import ID_CARD, PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.skks_helpers import connect, kinds, skks_shop
from tests.integration.sql import sql
from tests.skks_simulator import SimulatedController
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
D = Decimal


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile="TM-T20II")


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    yield shop
    shop.close()


def _funded(desk: Desk, amount: str = "100", document: IdDocument = PASSPORT) -> str:
    number = desk.open_account(document=document).number
    desk.deposit(number, amount)
    return number


def _receipts(shop: Shop) -> int:
    return int(str(sql(shop, "SELECT count(*) FROM fiscal_receipts")[0][0]))


def _kinds(shop: Shop, number: str) -> list[tuple[Movement, Decimal]]:
    return [(line.kind, line.amount) for line in shop.account(number).statement()]


def _printed(printer: Dummy) -> str:
    return "\n".join(read_job(printer.output, "TM-T20II").lines)


def test_p7_a_cashless_bet_debits_the_account_with_no_cash_and_no_receipt(
    db_shop: Shop, printer: Dummy
) -> None:
    anna = db_shop.login("anna", "4821")
    number = _funded(anna)
    receipts, drawer = _receipts(db_shop), anna.shift().summary.expected
    printer.clear()

    slip = anna.accept_bet([(101, "1")], stake=D("10"), account=number)

    assert slip.account == number and db_shop.slip(slip.number).account == number
    assert db_shop.slip(slip.number).status is SlipStatus.OPEN
    assert slip.fiscal_receipt_no is None
    assert db_shop.account(number).free == D("90.00")
    assert _kinds(db_shop, number)[-1] == (Movement.STAKE, D("-10.00"))
    assert _receipts(db_shop) == receipts  # no cash moved: no fiscal receipt (p.7)
    assert anna.shift().summary.expected == drawer
    paper = _printed(printer)
    assert "оплачено со счёта №" in paper and "ПРИХОД" not in paper
    assert number[:6] in paper  # the number as the card shows it (000001-…)


def test_p7_a_stake_above_the_free_money_is_refused_and_nothing_moves(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    number = _funded(anna, "5")
    slips = sql(db_shop, "SELECT count(*) FROM slips")

    with pytest.raises(FreeBalanceShort, match="На счёте не хватает 5,00"):
        anna.accept_bet([(101, "1")], stake=D("10"), account=number)

    assert db_shop.account(number).free == D("5.00")
    assert sql(db_shop, "SELECT count(*) FROM slips") == slips
    checks = sql(db_shop, "SELECT outcome FROM id_checks ORDER BY id")
    assert checks[-1] == ("accepted",)  # the holder's document checked and kept (p.4)


def test_p7_what_the_account_rules_refuse_a_cashless_bet_refuses(db_shop: Shop) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    number = _funded(anna)
    with pytest.raises(NotTheHolder):
        anna.accept_bet([(101, "1")], stake="10", account=number, document=ID_CARD)
    boss.block_account(number, "проверка")
    with pytest.raises(AccountBlocked):
        anna.accept_bet([(101, "1")], stake="10", account=number)
    with pytest.raises(PosError, match=r"не найден|номер"):
        anna.accept_bet([(101, "1")], stake="10", account="12345678901")
    assert db_shop.account(number).free == D("100.00")


def test_p7_cancelled_in_the_window_the_stake_goes_back_onto_the_account(
    db_shop: Shop, printer: Dummy
) -> None:
    anna = db_shop.login("anna", "4821")
    number = _funded(anna)
    slip = anna.accept_bet([(101, "1")], stake="10", account=number)
    receipts, drawer = _receipts(db_shop), anna.shift().summary.expected

    cancelled = anna.cancel_in_window(slip.number, reason="не тот исход")

    assert cancelled.status is SlipStatus.CANCELLED
    assert db_shop.slip(slip.number).status is SlipStatus.CANCELLED
    assert db_shop.account(number).free == D("100.00")
    assert _kinds(db_shop, number)[-1] == (Movement.STAKE_BACK, D("10.00"))
    assert _receipts(db_shop) == receipts  # no cash refund receipt
    assert anna.shift().summary.expected == drawer


def _play(shop: Shop, clock: FixedClock, *, batch: bool = False) -> None:
    clock.advance(timedelta(days=5))
    boss = shop.login("boss", "9911")
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.record_result(102, 1, 1, source="АБФФ")
    boss.record_result(201, None, None, status="cancelled", source="ФХРБ")
    if batch:  # the batch path in chunks of one slip: every chunk credits its own
        settle_all(shop.context, SYSTEM, chunk=1)
    else:
        shop.settle()


@pytest.mark.parametrize("batch", [False, True], ids=["settle", "chunks"])
def test_p7_a_win_and_a_void_return_are_credited_onto_the_account_at_settlement(
    db_shop: Shop, clock: FixedClock, batch: bool
) -> None:
    anna = db_shop.login("anna", "4821")
    number = _funded(anna)
    cash = anna.accept_bet([(101, "1")], stake="10")
    won = anna.accept_bet([(101, "1")], stake="10", account=number)
    void = anna.accept_bet([(201, "1")], stake="5", account=number)
    lost = anna.accept_bet([(102, "O2.5")], stake="4", account=number)

    _play(db_shop, clock, batch=batch)

    assert db_shop.slip(won.number).status is SlipStatus.PAID  # credited: never in cash
    assert db_shop.slip(won.number).payout == D("21.00")
    assert db_shop.slip(void.number).status is SlipStatus.PAID
    assert db_shop.slip(lost.number).status is SlipStatus.LOST
    assert db_shop.slip(cash.number).status is SlipStatus.WON  # the cash slip waits as ever
    assert db_shop.account(number).free == D("100") - 19 + 21 + 5
    assert _kinds(db_shop, number)[-2:] == [
        (Movement.SLIP_WIN, D("21.00")),
        (Movement.SLIP_REFUND, D("5.00")),
    ]
    view = db_shop.account(number)
    assert replay(list(view.statement())) == (view.account.balance, [])
    db_shop.settle()  # again: nothing credited twice
    assert db_shop.account(number).free == D("107.00")


def test_p7_the_statement_names_the_stake_and_the_credit_as_their_own_kinds(
    db_shop: Shop, clock: FixedClock, printer: Dummy
) -> None:
    anna = db_shop.login("anna", "4821")
    number = _funded(anna)
    anna.accept_bet([(101, "1")], stake="10", account=number)
    _play(db_shop, clock)
    printer.clear()

    db_shop.login("boss", "9911").print_statement(number)

    paper = _printed(printer)
    assert "Ставка со счёта" in paper and "Выигрыш по купону на счёт" in paper
    assert "Переводами, итого" not in paper  # a cashless stake is not a bank transfer


def test_p7_the_payout_refuses_a_cashless_slip_its_win_is_on_the_account(
    db_shop: Shop, clock: FixedClock
) -> None:
    anna = db_shop.login("anna", "4821")
    number = _funded(anna)
    slip = anna.accept_bet([(101, "1")], stake="10", account=number)
    open_quote = anna.payout_quote(slip.number)
    assert open_quote.amount is None and "наличными он не выплачивается" in str(open_quote.refusal)
    _play(db_shop, clock)
    anna.close_shift(counted=anna.shift().summary.expected)  # the days went by
    anna.open_shift(cash="100")

    quote = anna.payout_quote(slip.number)

    assert quote.amount is None and "выигрыш зачислен на счёт №" in str(quote.refusal)
    with pytest.raises(CreditedToAccount, match="выигрыш зачислен на счёт №"):
        anna.pay_out(slip.number, document=PASSPORT)
    assert db_shop.account(number).free == D("111.00")


# --- the СККС online: registered before the print, or the bet undone onto the account ------


@pytest.fixture
def online_shop(db_url: str, clock: FixedClock) -> Iterator[Shop]:
    with skks_shop(db_url, clock) as shop:
        yield shop


def test_p7_online_a_cashless_bet_is_registered_then_printed(
    online_shop: Shop, controller: SimulatedController
) -> None:
    connect(online_shop, controller)
    anna = online_shop.login("anna", "4821")
    number = _funded(anna, "500")

    slip = anna.accept_bet([(101, "1")], stake="10", account=number)

    assert kinds(controller) == ["account_deposit", "bet_accepted"]
    assert online_shop.slip(slip.number).status is SlipStatus.OPEN
    assert online_shop.account(number).free == D("490.00")
    assert online_shop.verify().ok


def test_p7_online_no_answer_cancels_the_cashless_bet_and_its_stake_goes_back(
    online_shop: Shop, controller: SimulatedController
) -> None:
    connect(online_shop, controller)
    anna = online_shop.login("anna", "4821")
    number = _funded(anna, "500")
    controller.down = True

    with pytest.raises(SkksNoAnswer):
        anna.accept_bet([(101, "1")], stake="10", account=number)

    assert online_shop.account(number).free == D("500.00")
    assert [kind for kind, _ in _kinds(online_shop, number)] == [
        Movement.DEPOSIT,
        Movement.STAKE,
        Movement.STAKE_BACK,
    ]
    (slip,) = sql(online_shop, "SELECT status FROM slips")
    assert slip == ("cancelled",)
    outbox = sql(online_shop, "SELECT kind FROM skks_outbox ORDER BY sequence")
    assert outbox[-2:] == [("bet_accepted",), ("annul",)]
    assert online_shop.verify().ok
