"""A withdrawal while another terminal pays out of the same account (issue 34): the second
is told where the money is being paid, as a slip's second payout is, on both backends;
nothing is taken twice."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from decimal import Decimal

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.accounts.errors import AccountPaying
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.shifts import number_terminals

pytestmark = pytest.mark.integration


class HeldPrinter(Dummy):
    """A printer that holds each job until the test lets it go, as a slow printer does."""

    def __init__(self) -> None:
        super().__init__()
        self.started = threading.Event()
        self.release = threading.Event()

    def _raw(self, msg: bytes) -> None:
        self.started.set()
        assert self.release.wait(30), "the test never let the job go"
        super()._raw(msg)


@pytest.fixture
def held() -> HeldPrinter:
    return HeldPrinter()


@pytest.fixture
def shops(db_url: str, clock: FixedClock, held: HeldPrinter) -> Iterator[tuple[Shop, Shop]]:
    """The demo at К1, whose printer holds its jobs, and К2 of the same office."""
    k1 = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=held)
    held.release.set()  # the demo prints freely
    k1.seed_demo()
    k1.register_terminal("К2", office="M1", register_serial="KSA-0002")
    number_terminals(k1, "К2")  # no shift opens without it (issue 34)
    k2 = open_shop(db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher(), printer=Dummy())
    k2.login("boss", "9911").open_shift(cash="1000")
    yield k1, k2
    held.release.set()
    k2.close()
    k1.close()


def test_a_withdrawal_while_another_terminal_pays_from_the_account_names_that_terminal(
    shops: tuple[Shop, Shop], held: HeldPrinter
) -> None:
    k1, k2 = shops
    anna, boss = k1.login("anna", "4821"), k2.login("boss", "9911")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "300")
    held.started.clear()
    held.release.clear()
    paid: list[object] = []
    worker = threading.Thread(
        target=lambda: paid.append(anna.withdraw(number, "100", document=PASSPORT))
    )
    worker.start()
    try:
        assert held.started.wait(30), "К1's receipt never reached its printer"
        with pytest.raises(AccountPaying) as refused:
            boss.withdraw(number, "100", document=PASSPORT)
    finally:
        held.release.set()
        worker.join(30)
    shown = refused.value.number[:6]
    assert str(refused.value) == (
        f"Со счёта № {shown}-{refused.value.number[6:9]}-{refused.value.number[9:]} сейчас "
        "выплачивается на терминале К1: выплата ждёт подтверждения печати чека там. "
        "Повторите, когда она закончится."
    )
    assert len(paid) == 1
    assert k1.account(number).account.free == Decimal("200.00")
    assert [entry.amount for entry in k1.journal()] == [Decimal("100.00")]


def test_two_withdrawals_at_once_pay_one_and_name_its_terminal_to_the_other(
    db_url: str, clock: FixedClock
) -> None:
    printers = {"К1": HeldPrinter(), "К2": HeldPrinter()}
    shops = {
        name: open_shop(
            db_url, clock=clock, terminal=name, pin_hasher=PlainPinHasher(), printer=printer
        )
        for name, printer in printers.items()
    }
    try:
        for printer in printers.values():
            printer.release.set()
        shops["К1"].seed_demo()
        shops["К1"].register_terminal("К2", office="M1", register_serial="KSA-0002")
        number_terminals(shops["К1"], "К2")  # no shift opens without it (issue 34)
        shops["К2"].login("boss", "9911").open_shift(cash="1000")
        desks = {name: shop.login("boss", "9911") for name, shop in shops.items()}
        number = desks["К1"].open_account(document=PASSPORT).number
        desks["К1"].deposit(number, "300")
        for printer in printers.values():
            printer.started.clear()
            printer.release.clear()
        outcomes = _withdraw_at_once(desks, number, printers)
    finally:
        for printer in printers.values():
            printer.release.set()
        for shop in shops.values():
            shop.close()
    paid = [name for name, outcome in outcomes.items() if not isinstance(outcome, Exception)]
    [refused] = [outcome for outcome in outcomes.values() if isinstance(outcome, Exception)]
    assert isinstance(refused, AccountPaying), refused
    assert refused.terminal == paid[0]


def _withdraw_at_once(
    desks: dict[str, Desk], number: str, printers: dict[str, HeldPrinter]
) -> dict[str, object]:
    """Both desks withdraw 100 from `number` at one moment; the first receipt to reach its
    printer is let go once the other withdrawal has answered."""
    outcomes: dict[str, object] = {}
    start = threading.Barrier(len(desks))

    def withdraw(name: str) -> None:
        start.wait(10)
        try:
            outcomes[name] = desks[name].withdraw(number, "100", document=PASSPORT)
        except Exception as refusal:  # noqa: BLE001 - the test asserts on what came out
            outcomes[name] = refusal

    workers = [threading.Thread(target=withdraw, args=(name,)) for name in desks]
    for worker in workers:
        worker.start()
    for _ in range(300):  # the refused one answers while the other's receipt is held
        if outcomes:
            break
        threading.Event().wait(0.1)
    for printer in printers.values():
        printer.release.set()
    for worker in workers:
        worker.join(30)
    return outcomes
