"""Row locks taken in one order by every money path, so two connections never deadlock.

A bet locks the terminal, then its open shift, then its register. The second steps (a slip
confirmed after its print, a payout made after its receipt) move the shift's drawer and the
register's counters too: they lock the shift before the register, as the bet does. Before
this, a retried request racing the first attempt's confirmation deadlocked on PostgreSQL
about once in twelve (CI, stop 29: "база занята другим терминалом").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from decimal import Decimal

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from db.journal import SqlJournalRepository
from main import open_shop
from pos.betting import counter
from pos.betting.counter import BetRequest
from pos.betting.teller import Teller
from pos.core.clock import FixedClock
from pos.core.ports import UnitOfWork
from pos.payouts import steps
from pos.payouts.errors import PayoutUnconfirmed
from pos.shop.services import Shop
from tests.chain_helpers import won_slips
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.shifts import reopen_shift

pytestmark = pytest.mark.integration
TELLER = Teller("К1", "anna", "M1")


@pytest.fixture
def pg_shop(db_url: str, clock: FixedClock) -> Iterator[Shop]:
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite's BEGIN IMMEDIATE serialises every writer: no row locks to order")
    shop = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    shop.seed_demo()
    yield shop
    shop.close()


def _waiting_on_a_lock(shop: Shop) -> int:
    with shop.unit_of_work() as uow:
        session = uow._session
        query = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
        return int(session.execute(text(query)).scalar_one())


def _race_a_bet_against(shop: Shop, second_step: Callable[[UnitOfWork], object]) -> None:
    """A bet's locks up to the shift held; `second_step` let run until it waits on a lock;
    then the bet takes the register. Either order of the two must end with no error."""
    errors: list[BaseException] = []
    shift_held, bet_done = threading.Event(), threading.Event()

    def bet() -> None:
        try:
            with shop.unit_of_work() as uow:
                uow.slips.lock_issuing(TELLER.terminal)
                uow.shifts.open_for(TELLER.terminal, for_update=True)
                shift_held.set()
                deadline = time.monotonic() + 10
                while _waiting_on_a_lock(shop) == 0 and time.monotonic() < deadline:
                    time.sleep(0.02)
                uow.fiscal.register_at(TELLER.terminal)  # the bet's next lock
        except BaseException as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)
        finally:
            bet_done.set()

    def confirm() -> None:
        try:
            shift_held.wait(10)
            with shop.unit_of_work() as uow:
                second_step(uow)
                uow.commit()
        except BaseException as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=bet), threading.Thread(target=confirm)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []


def test_a_slip_confirmed_while_a_bet_holds_the_shift_waits_for_it(
    pg_shop: Shop, clock: FixedClock
) -> None:
    with pg_shop.unit_of_work() as uow:
        pending = counter.accept_bet(
            uow, TELLER, clock.now(), BetRequest([(101, "1")], "10", request_key="k")
        )
        uow.commit()
    assert isinstance(pending, counter.PendingBet)
    number = pending.slip.number

    def second_step(uow: UnitOfWork) -> object:
        return counter.confirm_pending(uow, TELLER, clock.now(), number, receipt_printed=True)

    _race_a_bet_against(pg_shop, second_step)
    assert pg_shop.slip(number).stake == Decimal("10.00")
    assert pg_shop.verify().ok


def test_a_payout_made_while_a_bet_holds_the_shift_waits_for_it(
    pg_shop: Shop, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    (number,) = won_slips(pg_shop, clock, ("M1",), 1, by=("boss", "9911"))["M1"]
    anna = pg_shop.login("anna", "4821")
    reopen_shift(anna, cash="1000")

    def disk_full(self: SqlJournalRepository, entry: object) -> None:
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    monkeypatch.setattr(SqlJournalRepository, "add", disk_full)
    with pytest.raises(PayoutUnconfirmed):
        anna.pay_out(number, PASSPORT)  # the receipt came out; the payout waits for its step
    monkeypatch.undo()

    def second_step(uow: UnitOfWork) -> object:
        return steps.make_payout(uow, TELLER, clock, number, recovered=True)

    _race_a_bet_against(pg_shop, second_step)
    assert [entry.slip_number for entry in pg_shop.journal()] == [number]
    assert pg_shop.verify().ok
