"""db.read_ahead on both databases: what is read ahead answers as the read would have, once,
after the locks before it; on PostgreSQL a bet sends every statement in its pipelines."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterator
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from sqlalchemy import Engine, event

from db.bootstrap import SqlStorage
from main import open_shop
from pos.core.clock import FixedClock
from pos.core.ports import UnitOfWork
from pos.shop.services import Shop
from pos.till.fiscal import Register
from tests.chain_helpers import won_slips
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.shifts import reopen_shift

pytestmark = pytest.mark.integration


@pytest.fixture
def db_shop(db_url: str, clock: FixedClock) -> Iterator[Shop]:
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    shop.update_settings(register_serial="KSA-К1")
    shop.seed_demo()
    yield shop
    shop.close()


def _engine(shop: Shop) -> Engine:
    storage = shop.storage
    assert isinstance(storage, SqlStorage)
    return storage.engine


def _statements_of(shop: Shop, call: Callable[[], object]) -> list[str]:
    """The statements SQLAlchemy itself sent while `call` ran (not those of db.pipeline)."""
    sent: list[str] = []

    def _count(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        sent.append(statement)

    event.listen(_engine(shop), "before_cursor_execute", _count)
    try:
        call()
    finally:
        event.remove(_engine(shop), "before_cursor_execute", _count)
    return sent


def _reads(uow: UnitOfWork, number: str) -> list[Callable[[], object]]:
    """Reads of a bet and a payout, each by what it needs nothing else for."""
    return [
        lambda: uow.settings.load("M1"),
        lambda: uow.shifts.open_for("К1", for_update=True),
        lambda: uow.line.events_by_code([102, 101]),
        lambda: uow.line.quotes_for([(101, "1"), (102, "X")]),
        lambda: uow.results.for_events([101, 102]),
        uow.line.sport_limits,
        lambda: uow.settings.register_of("К1"),
        lambda: uow.fiscal.register_at("К1"),
        lambda: uow.fiscal.anything_waiting("К1"),
        lambda: uow.slips.get(number, for_update=True),
        lambda: uow.pending_payouts.for_slip(number),
    ]


def test_what_is_read_ahead_answers_as_the_read_would(db_shop: Shop) -> None:
    slip = db_shop.login("anna", "4821").accept_bet([(101, "1")], "10")
    with db_shop.unit_of_work() as uow:
        plain = [read() for read in _reads(uow, slip.number)]
    ahead: list[object] = []
    with db_shop.unit_of_work() as uow:
        uow.read_ahead(*_reads(uow, slip.number))
        answered = _statements_of(
            db_shop, lambda: ahead.extend(r() for r in _reads(uow, slip.number))
        )
        sent = _statements_of(db_shop, lambda: [read() for read in _reads(uow, slip.number)])
    assert ahead == plain
    # On PostgreSQL every read was answered from what was read ahead; SQLite reads each, the
    # settings' version once a transaction (issue 34: in the first of the two passes).
    postgresql = _engine(db_shop).dialect.name == "postgresql"
    reads = [statement for statement in answered if not statement.startswith("BEGIN")]
    assert len(reads) == (0 if postgresql else len(sent) + 1)
    assert isinstance(ahead[7], Register)
    assert ahead[9] == slip
    # Each answer once: asked again, read again (legs too). SQLite keeps the settings, the
    # sports' limits and the register while the settings' version stands, and the events,
    # their odds and their results while the line's does (issue 34).
    assert len(sent) == len(ahead) + 1 - (0 if postgresql else 6)


def test_an_answer_read_ahead_is_used_once(db_shop: Shop) -> None:
    with db_shop.unit_of_work() as uow:
        uow.read_ahead(lambda: uow.settings.load("M1"))
        assert uow.settings.load("M1")["min_stake"] != "3.00"  # the answer read ahead
        uow.settings.save({"min_stake": "3.00"})
        assert uow.settings.load("M1")["min_stake"] == "3.00"  # read again, after the write


def test_a_lock_read_ahead_waits_and_the_reads_after_it_see_what_committed(
    db_shop: Shop,
) -> None:
    db_shop.login("anna", "4821").accept_bet([(101, "1")], "10")  # the register in use
    seen: list[Register | None] = []
    holding = db_shop.unit_of_work()
    with holding as first:
        register = first.fiscal.register_at("К1")
        assert register is not None
        first.fiscal.save_register(dataclasses.replace(register, day_no=9))

        def second() -> None:
            with db_shop.unit_of_work() as uow:
                uow.read_ahead(
                    lambda: uow.shifts.open_for("К1", for_update=True),
                    lambda: uow.fiscal.register_at("К1"),
                )
                uow.shifts.open_for("К1", for_update=True)
                seen.append(uow.fiscal.register_at("К1"))

        waiting = threading.Thread(target=second)
        waiting.start()
        waiting.join(0.5)
        assert waiting.is_alive(), "the second transaction did not wait for the first"
        first.commit()
    waiting.join(10)
    assert seen and seen[0] is not None and seen[0].day_no == 9


def test_a_bet_and_a_payout_send_their_reads_ahead(db_shop: Shop, clock: FixedClock) -> None:
    if _engine(db_shop).dialect.name != "postgresql":
        pytest.skip("SQLite has no round trips to save: nothing is read ahead there")
    desk = db_shop.login("anna", "4821")
    desk.accept_bet([(101, "1")], "10")
    sent = _statements_of(db_shop, lambda: desk.accept_bet([(102, "1")], "10"))
    assert sent == []  # every read ahead, every write in the pipelines
    number = won_slips(db_shop, clock, ("M1",), 1, by=("boss", "9911"))["M1"][0]
    reopen_shift(db_shop.login("anna", "4821"), cash="5000")
    paying = db_shop.login("anna", "4821")
    sent = _statements_of(db_shop, lambda: paying.pay_out(number, PASSPORT))
    # The results of the slip's events (known once the slip is read); the pending payout's
    # removal and the journal's number (the second step's locks are read ahead together).
    assert [s.split()[0] for s in sent] == ["SELECT", "DELETE", "UPDATE"]
    assert paying.slip(number).status.value == "paid"
    assert Decimal(0) < paying.slip(number).settled_payout  # type: ignore[operator]
