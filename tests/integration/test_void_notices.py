"""The void notice (issue 34): a slip or receipt whose job broke midway is recorded as spoiled,
and once the printer is back a short «АННУЛИРОВАН» paper says so, with its number and the
reason: printed once, kept across a restart, never standing in for a slip or a receipt."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from escpos.printer import Dummy
from sqlalchemy import select

from db.tables import SlipRow
from main import open_shop
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.shop.services import Shop
from pos.till.errors import ReceiptNotPrinted, SlipNotPrinted
from pos.till.void_notices import VoidNotice
from tests.fakeprinter import FlakyDummy
from tests.fakes import PlainPinHasher
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
CUT = b"\x1dV\x00"


@pytest.fixture
def printer() -> FlakyDummy:
    return FlakyDummy()


def _open(db_url: str, clock: FixedClock, printer: FlakyDummy) -> Shop:
    return open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: FlakyDummy) -> Iterator[Shop]:
    shop = _open(demo_url, clock, printer)
    yield shop
    shop.close()


def _documents(output: bytes) -> list[str]:
    parts = [part + CUT for part in output.split(CUT) if part.strip(b"\n")]
    return [" ".join(read_job(part, "TM-T20II").text().split()) for part in parts]


def _broken_bet(shop: Shop, printer: FlakyDummy) -> str:
    """A bet whose slip job breaks halfway: the slip is voided, its receipt spoiled."""
    printer.broken, printer.mode = True, "cut"
    with pytest.raises(SlipNotPrinted) as refused:
        shop.login("anna", "4821").accept_bet([(101, "1")], stake="10", request_key="k1")
    assert refused.value.spoiled == 1
    printer.broken = False
    with shop.unit_of_work() as uow:
        session = uow._session  # type: ignore[attr-defined]
        (number,) = session.scalars(select(SlipRow.number).where(SlipRow.status == "void"))
    return str(number)


def test_a_broken_slip_gets_a_void_notice_once_the_printer_is_back(
    db_shop: Shop, printer: FlakyDummy
) -> None:
    number = _broken_bet(db_shop, printer)
    printer.clear()
    anna = db_shop.login("anna", "4821")
    assert anna.print_void_notices() == 1
    (notice,) = _documents(printer.output)
    assert "АННУЛИРОВАН" in notice
    assert f"Купон {display_slip_number(number)}" in notice and "Номер чека 1" in notice
    assert "Причина: купон" in notice and "соединение прервано" in notice  # the reason
    assert "не является купоном и кассовым чеком" in notice
    job = read_job(printer.output, "TM-T20II")
    assert job.barcodes == [] and job.qr_codes == [] and job.images == []  # nothing to scan
    # It is no slip and no receipt as the payout desk and the soak read paper.
    assert "Купон №" not in notice and "Чек №" not in notice and "Возможный" not in notice
    printer.clear()
    assert anna.print_void_notices() == 0  # printed once
    assert printer.output == b""
    assert anna.unprinted_receipts() == []  # no receipt waits for it


def test_the_next_slip_brings_the_notice_out_after_itself(
    db_shop: Shop, printer: FlakyDummy
) -> None:
    number = _broken_bet(db_shop, printer)
    printer.clear()
    db_shop.login("anna", "4821").accept_bet([(101, "1")], stake="10", request_key="k2")
    documents = _documents(printer.output)
    assert "Купон №" in documents[0]  # the slip, its receipt, then the notice
    assert "АННУЛИРОВАН" in documents[-1] and display_slip_number(number) in documents[-1]
    assert sum("АННУЛИРОВАН" in d for d in documents) == 1


def test_a_notice_survives_a_restart_and_a_printer_still_broken(
    db_url: str, db_shop: Shop, clock: FixedClock, printer: FlakyDummy, tmp_path: Path
) -> None:
    number = _broken_bet(db_shop, printer)
    printer.broken, printer.mode = True, "unplugged"
    assert db_shop.login("anna", "4821").print_void_notices() == 0  # still broken: kept
    db_shop.close()
    printer.broken = False
    printer.clear()
    again = _open(db_url, clock, printer)
    try:
        assert again.login("anna", "4821").print_void_notices() == 1
    finally:
        again.close()
    (notice,) = _documents(printer.output)
    assert display_slip_number(number) in notice


@pytest.mark.warns_in_log  # the station logs the receipt that did not print
def test_a_receipt_spoiled_under_a_slip_that_stands_voids_the_receipt_only(
    db_url: str, clock: FixedClock
) -> None:
    slips, receipts = Dummy(profile="TM-T20II"), FlakyDummy()
    shop = open_shop(
        db_url,
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=slips,
        fiscal_printer=receipts,
    )
    try:
        shop.seed_demo()
        anna = shop.login("anna", "4821")
        receipts.broken, receipts.mode = True, "cut"
        with pytest.raises(ReceiptNotPrinted):
            anna.accept_bet([(101, "1")], stake="10", request_key="k3")
        receipts.broken = False
        slips.clear()
        assert anna.print_void_notices() == 1  # on the slip printer, as every paper
    finally:
        shop.close()
    (notice,) = _documents(slips.output)
    assert "Что аннулировано чек" in notice and "купон и чек" not in notice
    assert "не является кассовым чеком" in notice and "операция оформлена чеком" in notice


def test_while_the_printer_works_a_bet_looks_for_no_notice(
    db_shop: Shop, printer: FlakyDummy, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bet pays no read more for the notices: they are looked for at the first job since
    # the start and after a job broke, the only moments one can be waiting.
    from db.void_notices import SqlVoidNoticeRepository

    looked: list[str] = []
    pending = SqlVoidNoticeRepository.pending

    def counted(self: SqlVoidNoticeRepository, terminal: str) -> list[VoidNotice]:
        looked.append(terminal)
        return pending(self, terminal)

    monkeypatch.setattr(SqlVoidNoticeRepository, "pending", counted)
    anna = db_shop.login("anna", "4821")
    for key in ("a", "b", "c"):
        anna.accept_bet([(101, "1")], stake="10", request_key=key)
    assert looked == ["К1"]  # the first job only
    printer.broken, printer.mode = True, "cut"
    with pytest.raises(SlipNotPrinted) as refused:
        anna.accept_bet([(101, "1")], stake="10", request_key="broken")
    printer.broken = False
    printer.clear()
    anna.accept_bet([(101, "1")], stake="10", request_key="d")
    assert looked == ["К1", "К1"]
    assert f"Номер чека {refused.value.spoiled}" in _documents(printer.output)[-1]
    anna.accept_bet([(101, "1")], stake="10", request_key="e")
    assert looked == ["К1", "К1"]
