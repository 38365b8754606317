"""Shifts on a real database, SQLite and PostgreSQL: a day's cash to the kopeck, one open
shift per terminal."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from pos.till.errors import RegistrationMissing, ShiftAlreadyOpen
from tests.fakes import PlainPinHasher
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
D = Decimal


def test_a_day_closes_to_the_kopeck(db_shop: Shop) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    anna.close_shift(counted="0")
    anna.open_shift(cash="500,00")
    first = anna.accept_bet([(101, "1")], stake="10,37")
    anna.accept_bet([(102, "X"), (103, "1")], stake="25,50", kind="express")
    anna.cancel_in_window(first.number, "не тот исход")
    anna.cash_in("200,05", "размен из сейфа")
    boss.cash_out("100,01", "в сейф")
    status = anna.shift()
    assert status is not None
    summary = status.summary
    assert (summary.stakes, summary.returns) == (D("35.87"), D("10.37"))
    assert (summary.cash_in, summary.cash_out) == (D("200.05"), D("100.01"))
    assert summary.expected == D("625.54")

    closing = anna.close_shift(counted="625,50")

    assert (closing.expected, closing.counted, closing.difference) == (
        D("625.54"),
        D("625.50"),
        D("-0.04"),
    )
    assert closing.z_report is not None


def test_one_open_shift_per_terminal(db_url: str, db_shop: Shop, clock: FixedClock) -> None:
    again = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    try:
        with pytest.raises(ShiftAlreadyOpen):
            again.login("boss", "9911").open_shift(cash="0")
    finally:
        again.close()


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile="TM-T20II")


@pytest.fixture
def paper_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    yield shop
    shop.close()


def _lines(printer: Dummy) -> list[str]:
    """What came out since the last look, line by line, read back from the ESC/POS bytes."""
    lines = [" ".join(line.split()) for line in read_job(printer.output, "TM-T20II").lines]
    printer.clear()
    return lines


def test_the_papers_name_the_cash_shift_and_the_register_s_shift_apart(
    paper_shop: Shop, printer: Dummy, clock: FixedClock
) -> None:
    """Issue 34: receipts and the X and Z said «Смена № 1» (the register's day), the cash
    documents of the same hour «Смена № 2» (the cash shift), and a Z made while the cash
    shift went on said «смена закрыта»."""
    anna = paper_shop.login("anna", "4821")
    anna.close_shift(counted="0")  # the demo's own shift, no receipts: no Z
    clock.advance(timedelta(minutes=5))
    cash_shift = anna.open_shift(cash="500").id
    anna.accept_bet([(101, "1")], stake="10")
    assert "Чек № 1 Смена ККМ № 1" in _lines(printer)
    anna.cash_in("100", "размен из сейфа")
    paper = _lines(printer)
    assert f"Кассовая смена № {cash_shift}" in paper
    assert not any(line.startswith("Смена №") for line in paper)

    anna.z_report()  # the register's day closes; the cash shift goes on
    z = _lines(printer)
    assert "смена ККМ № 1 закрыта" in z and "Смена ККМ № 1" in z
    assert f"Кассовая смена № {cash_shift} открыта" in z
    assert "смена закрыта" not in z

    clock.advance(timedelta(minutes=5))
    anna.accept_bet([(102, "1")], stake="10")
    assert "Чек № 2 Смена ККМ № 2" in _lines(printer)
    clock.advance(timedelta(minutes=5))
    anna.close_shift(counted="610")
    closing = _lines(printer)
    assert "смена ККМ № 2 закрыта" in closing
    assert f"Кассовая смена № {cash_shift} закрыта" in closing
    anna.open_shift(cash="610")  # the next one, at the same moment
    anna.print_last_z_report()
    assert f"Кассовая смена № {cash_shift} закрыта" in _lines(printer)  # the copy says it too

    with paper_shop.unit_of_work() as uow:
        details = {(r.action, r.detail.split(":")[0]) for r in uow.audit.recent(30)}
    assert (AuditAction.SHIFT_OPENED, f"кассовая смена {cash_shift}") in details
    assert (AuditAction.CASH_IN, f"кассовая смена {cash_shift}") in details
    assert (AuditAction.SHIFT_CLOSED, f"кассовая смена {cash_shift}") in details
    assert (AuditAction.Z_REPORT, "смена ККМ 1") in details


def test_a_shop_without_its_registration_opens_no_shift(db_url: str, clock: FixedClock) -> None:
    """Issue 34: a real shop's papers said «Лицензия № не указан»; it opens no shift until
    its licence, УНП and the register's registration number are set, each named."""
    shop = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    try:
        shop.create_user("boss", "9911", "manager")
        boss = shop.login("boss", "9911")
        with pytest.raises(RegistrationMissing) as refused:
            boss.open_shift(cash="100")
        assert refused.value.missing == ("licence", "unp", "register_number")
        assert "номер лицензии, УНП организатора и регистрационный номер ККМ" in str(refused.value)
        assert boss.shift() is None
        boss.update_settings(
            licence_number="33000/0000777", unp="190000007", register_number="00012345-РБ"
        )
        assert boss.open_shift(cash="100").opening_cash == D("100.00")
    finally:
        shop.close()
