"""The cashless stake's money under any sequence and at once (p.7, issue 37), on SQLite and
PostgreSQL: deposits, cashless bets, cancellations and settlements keep each account's ledger
equal to its statement and never below zero (hypothesis); two terminals betting from one
account at once never take it below zero; an account number as typed is refused or taken.
The scenarios one by one are in test_cashless_stakes.py."""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import threading
from collections.abc import Iterator, Sequence
from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from main import open_shop
from pos.accounts.accounts import StatementLine, replay
from pos.accounts.errors import FreeBalanceShort
from pos.accounts.ledger import Movement
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.fuzz_helpers import FUZZ, TEXT, _refused_or_done
from tests.integration.test_cashless_stakes import _funded
from tests.shifts import number_terminals

pytestmark = pytest.mark.integration
D = Decimal


# --- the ledger under any sequence (hypothesis), both backends -----------------------------


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def ledger_shop(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Shop, FixedClock]]:
    """One shop per backend for the whole module, its own clock (each example moves it)."""
    clock = FixedClock(NOW)
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('cashless') / 'shop.db'}"
    else:
        server = request.getfixturevalue("pg_server")
        url = server.url(server.create_database())
    shop = open_shop(url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy())
    shop.seed_demo()
    yield shop, clock
    shop.close()


_SERIALS = itertools.count(1000000)
_CODES = itertools.count(7000)
_BET = st.tuples(st.just("bet"), st.integers(1, 150), st.integers(0, 1), st.sampled_from("12X"))
# Bets weigh double: most sequences take a few stakes off the account, some are refused.
OPS = st.lists(
    st.one_of(
        _BET,
        st.tuples(st.just("deposit"), st.integers(1, 200)),
        _BET,
        st.tuples(st.just("cancel"), st.integers(0, 5)),
        st.tuples(st.just("settle")),
    ),
    min_size=1,
    max_size=12,
)
OUTCOMES = st.lists(st.sampled_from(["home", "away", "draw", "cancelled"]), min_size=2, max_size=2)


# Each example moves its backend's clock an hour: 15 stay inside one 24-hour shift.
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(first=st.integers(0, 300), ops=OPS, outcomes=OUTCOMES)
def test_p7_any_sequence_keeps_each_ledger_equal_to_its_statement_never_below_zero(
    ledger_shop: tuple[Shop, FixedClock],
    first: int,
    ops: list[tuple[object, ...]],
    outcomes: list[str],
) -> None:
    shop, clock = ledger_shop
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    if anna.shift() is None:
        anna.open_shift(cash="100")
    codes = [next(_CODES), next(_CODES)]
    for code in codes:
        starts = clock.now() + timedelta(minutes=10)
        boss.add_event(code, "football", f"Хозяева {code}", "Гости", starts)
        for market in ("1", "2", "X"):
            boss.set_odds(code, market, D("1.85"))
    document = dataclasses.replace(PASSPORT, number=f"MP {next(_SERIALS)}")
    number = anna.open_account(document=document).number
    if first:  # most examples start with money on the account, some with none
        anna.deposit(number, first)
    slips: list[str] = []
    for op in ops:
        with contextlib.suppress(PosError):  # a refusal changes nothing: the ledger says so
            _apply(shop, anna, number, codes, slips, op)
    event("cashless slips issued" if slips else "no cashless slip issued")
    clock.advance(timedelta(hours=1))
    for code, outcome in zip(codes, outcomes, strict=True):
        status = "cancelled" if outcome == "cancelled" else "finished"
        boss.record_result(code, *_SCORES[outcome], status=status, source="АБФФ")
    shop.settle()

    view = shop.account(number)
    balance, problems = replay(list(view.statement()))
    assert problems == [] and balance == view.account.balance and view.free >= 0
    assert shop.verify().ok  # every account's balance is its statement (pos.audit)
    assert view.free == _expected(shop, view.statement(), slips)


_SCORES = {"home": (2, 0), "away": (0, 1), "draw": (1, 1), "cancelled": (None, None)}


def _apply(
    shop: Shop, anna: Desk, number: str, codes: list[int], slips: list[str], op: tuple[object, ...]
) -> None:
    if op[0] == "deposit":
        anna.deposit(number, op[1])
    elif op[0] == "bet":
        pick = (codes[int(str(op[2]))], str(op[3]))
        slips.append(anna.accept_bet([pick], stake=op[1], account=number).number)
    elif op[0] == "cancel" and slips:
        anna.cancel_in_window(slips[int(str(op[1])) % len(slips)], reason="ошибка")
    elif op[0] == "settle":
        shop.settle()


def _expected(shop: Shop, lines: Sequence[StatementLine], slips: list[str]) -> Decimal:
    """The deposits, less every stake, plus every cancelled stake and every credit: each
    cashless slip, once settled, is paid onto the account or lost."""
    expected = sum((line.amount for line in lines if line.kind is Movement.DEPOSIT), D("0"))
    for found in (shop.slip(n) for n in slips):
        expected -= found.stake
        if found.status is SlipStatus.CANCELLED:
            expected += found.stake
        elif found.status is SlipStatus.PAID:
            expected += found.payout or 0
        else:
            assert found.status is SlipStatus.LOST, found  # no cashless win waits for cash
    return expected


# --- two terminals, one account (PostgreSQL: truly at once) --------------------------------


@pytest.mark.postgres
def test_p7_two_terminals_betting_from_one_account_at_once_never_take_it_below_zero(
    pg_migrated_url: str, clock: FixedClock
) -> None:
    k1 = open_shop(
        pg_migrated_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    k1.seed_demo()
    k1.register_terminal("К2", office="M1", register_serial="KSA-0002")
    number_terminals(k1, "К2")
    k2 = open_shop(
        pg_migrated_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    try:
        k2.login("boss", "9911").open_shift(cash="100")
        number = _funded(k1.login("anna", "4821"), "25")
        desks = [k1.login("anna", "4821"), k2.login("boss", "9911")]
        start = threading.Barrier(len(desks) * 3)
        taken: list[Decimal] = []
        refused: list[PosError] = []

        def bet(desk: Desk) -> None:
            start.wait(10)
            try:
                taken.append(desk.accept_bet([(101, "1")], stake="10", account=number).stake)
            except FreeBalanceShort as short:
                refused.append(short)

        workers = [threading.Thread(target=bet, args=(d,)) for d in desks for _ in range(3)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(60)

        assert len(taken) == 2 and len(refused) == 4  # 25 pays two stakes of 10, not three
        view = k1.account(number)
        assert view.free == D("5.00")
        assert replay(list(view.statement())) == (view.account.balance, [])
    finally:
        k2.close()
        k1.close()


# --- the account number as typed, fuzzed on both backends -----------------------------------


@FUZZ
@given(account=st.one_of(TEXT, st.sampled_from(["", "0", "12345678901", "000001-000-00", "²"])))
def test_p7_an_account_number_typed_at_the_counter_is_refused_or_taken(
    cashier: Desk, account: str
) -> None:
    _refused_or_done(lambda: cashier.accept_bet([(101, "1")], stake="1", account=account))
