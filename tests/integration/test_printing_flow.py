"""A network printer that refuses, hangs or cuts a job off: the database stays consistent.

SQLite and a real PostgreSQL server, a fake raw-port printer on 127.0.0.1 (tests/fakeprinter.py)
configured as the terminal's printer from the settings, as a manager would.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from sqlalchemy import select
from sqlalchemy.orm import InstrumentedAttribute

from db.tables import CashMovementRow, FiscalReceiptRow, SlipRow
from main import open_shop
from pos.betting import printing as slip_printing
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.printers import make_printer_config
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.errors import SlipNotPrinted
from printing import devices
from tests.fakeprinter import FakeNetworkPrinter
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration


@pytest.fixture(autouse=True)
def _short_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(devices, "TIMEOUT", 0.5)


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock) -> Iterator[Shop]:
    shop = open_shop(demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    yield shop
    shop.close()


def _use(boss: Desk, printer: FakeNetworkPrinter) -> None:
    config = make_printer_config(kind="network", target=f"{printer.host}:{printer.port}")
    boss.update_printers(config, None)


def _issued(shop: Shop) -> list[str]:
    with shop.unit_of_work() as uow:
        return [s.number for s in uow.slips.issued_since("К1", shop.clock.now().replace(year=2000))]


def _column(shop: Shop, column: InstrumentedAttribute[object]) -> list[object]:
    """Every value of a column, read under the repositories."""
    with shop.unit_of_work() as uow:
        session = uow._session  # type: ignore[attr-defined]
        return list(session.scalars(select(column)))


@pytest.mark.parametrize(("mode", "spoiled"), [("refuse", []), ("drop", [1])])
def test_a_failing_printer_issues_nothing_and_a_number_that_went_out_is_spoiled(
    db_shop: Shop, mode: str, spoiled: list[int]
) -> None:
    # A refused connection sent nothing: the receipt number is free. A job cut off midway
    # may have put the number on paper: it is spoiled, and the next bet takes the next one.
    boss = db_shop.login("boss", "9911")
    with FakeNetworkPrinter(mode) as broken:
        _use(boss, broken)
        with pytest.raises(SlipNotPrinted, match="Ставка НЕ принята") as refused:
            boss.accept_bet([(101, "1")], stake="10", request_key="press")
    assert ("Чек № 1 аннулирован" in str(refused.value)) is bool(spoiled)
    with db_shop.unit_of_work() as uow:
        assert uow.slips.pending("К1") is None
        assert uow.fiscal.unprinted("DEMO-К1") == []
        assert uow.slips.by_request("press") is None  # the key is free for the next press
        assert [r.number for r in uow.fiscal.day_receipts("DEMO-К1", 1) if r.spoiled] == spoiled
    assert _issued(db_shop) == []  # the voided slip is no issued slip
    assert _column(db_shop, SlipRow.status) == ["void"]
    assert _column(db_shop, CashMovementRow.id) == []

    with FakeNetworkPrinter("ok") as working:
        _use(boss, working)
        slip = boss.accept_bet([(101, "1")], stake="10", request_key="press")
        working.wait_closed(2)
        job = working.received
    number = len(spoiled) + 1
    assert slip.status is SlipStatus.OPEN and slip.fiscal_receipt_no == number
    assert slip.number.encode() in job  # in the barcode and the QR code
    assert "ПРИХОД".encode("cp866") in job and "Купон".encode("cp866") in job
    with db_shop.unit_of_work() as uow:
        receipt = uow.fiscal.day_receipts("DEMO-К1", 1)[-1]
        assert (receipt.number, receipt.amount, receipt.printed) == (number, Decimal("10.00"), True)
    assert sorted(_column(db_shop, SlipRow.status)) == ["open", "void"]
    assert _column(db_shop, CashMovementRow.amount) == [Decimal("10.00")]


def test_a_printer_that_hangs_after_working_issues_nothing(db_shop: Shop) -> None:
    """It answered status questions, then stops reading and answering: a small job would
    fit in the network buffers and look sent, so the silence before the job is the sign."""
    boss = db_shop.login("boss", "9911")
    with FakeNetworkPrinter("ok") as printer:
        _use(boss, printer)
        first = boss.accept_bet([(101, "1")], stake="10")
        printer.mode = "hang"
        with pytest.raises(SlipNotPrinted, match="не ответил вовремя"):
            boss.accept_bet([(102, "1")], stake="10")
    assert _issued(db_shop) == [first.number]
    assert sorted(_column(db_shop, SlipRow.status)) == ["open", "void"]
    assert (
        len(_column(db_shop, CashMovementRow.id)) == len(_column(db_shop, FiscalReceiptRow.id)) == 1
    )


def test_a_slip_printed_before_the_app_died_is_confirmed_at_the_next_start(
    db_url: str, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    shop = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    shop.seed_demo()
    with FakeNetworkPrinter("ok") as printer:
        _use(shop.login("boss", "9911"), printer)
        anna = shop.login("anna", "4821")
        monkeypatch.setattr(
            slip_printing, "_confirm", lambda *a, **k: (_ for _ in ()).throw(SystemExit)
        )
        with pytest.raises(SystemExit):
            anna.accept_bet([(101, "1")], stake="10")
        monkeypatch.undo()
        printer.wait_closed(2)
        assert "Купон".encode("cp866") in printer.received  # it did come out
    shop.close()

    again = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    try:
        anna = again.login("anna", "4821")
        pending = anna.pending_slip()
        assert pending is not None
        issued = anna.confirm_pending_slip(pending.number)
        assert issued.status is SlipStatus.OPEN and issued.fiscal_receipt_no == 1
        assert again.slip(pending.number).status is SlipStatus.OPEN
        # Whether its receipt came out whole is asked next, never assumed.
        assert [r.number for r in anna.receipts_in_doubt()] == [1]
        anna.answer_receipt(1, came_out=True)
        assert anna.unprinted_receipts() == []
        assert _issued(again) == [pending.number]
    finally:
        again.close()
