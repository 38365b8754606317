"""The player's payout note as laid out, and a payout's job as the printers receive it."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy

from pos.betting.numbers import make_slip_number
from pos.core.errors import PrinterUnavailable
from pos.core.printers import PrinterKind, make_printer_config
from pos.core.settings import ShopSettings
from pos.core.wording import display_slip_number
from pos.payouts.rules import PayoutNote
from pos.till.fiscal import FiscalReceipt, ReceiptKind
from printing.layout import Text
from printing.payouts import payout_note_layout
from printing.station import EscposStation, build_station
from tests.fakeprinter import FlakyDummy

CUT = b"\x1dV\x00"
AT = datetime(2026, 12, 4, 9, 30, tzinfo=UTC)  # 12:30 in Minsk
SLIP = make_slip_number(77, b"test secret")
SETTINGS = ShopSettings(
    shop_name="ООО «Фортуна Бет»", address="г. Минск", licence_number="33000/0000123"
)
NOTE = PayoutNote(
    slip_number=SLIP,
    amount=Decimal("38.85"),
    paid_at=AT,
    refund=False,
    lines=(
        "1-е событие выиграло: Динамо Минск — БАТЭ Борисов, П1 по 2,10 (счёт 2 : 1)",
        "Экспресс пересчитан без возвратных событий (коэффициент 1,00): 2,10 × 1,85 = 3,885; "
        "выплата 10,00 руб. × 3,885 = 38,85 руб.",
    ),
    fiscal_receipt_no=18,
    journal_no=5,
    terminal="К1",
    cashier="anna",
)
RECEIPT = FiscalReceipt(
    register_serial="ККМ-00012345",
    number=18,
    day_no=3,
    kind=ReceiptKind.EXPENSE,
    amount=Decimal("38.85"),
    at=AT,
    terminal="К1",
    cashier="anna",
    slip_number=SLIP,
    printed=True,
)


def _texts(width: int, note: PayoutNote = NOTE) -> list[str]:
    items = payout_note_layout(note, SETTINGS, width=width)
    return [item.text for item in items if isinstance(item, Text)]


@pytest.mark.parametrize("width", [48, 32])
def test_the_note_repeats_the_settlement_and_fits_the_paper(width: int) -> None:
    texts = _texts(width)
    assert all(len(line) <= width for line in texts)
    joined = " ".join(" ".join(texts).split())
    assert "КВИТАНЦИЯ О ВЫПЛАТЕ" in joined
    assert display_slip_number(SLIP) in joined
    assert "2,10 × 1,85 = 3,885" in joined.replace("x", "×")
    assert "ВЫПЛАЧЕНО" in joined and "38,85" in joined
    assert "Запись журнала выплат № 5" in joined and "(расход) № 18" in joined
    assert "04.12.2026" in joined and "12:30:00" in joined


def test_a_refund_says_the_stake_is_paid_back() -> None:
    joined = " ".join(_texts(48, dataclasses.replace(NOTE, refund=True)))
    assert "ВОЗВРАТ СТАВКИ" in joined and "ВЫПЛАЧЕНО" not in joined


def _separate(tmp_path: Path, slips: Dummy, receipts: Dummy) -> EscposStation:
    config = make_printer_config(kind=PrinterKind.NONE)
    return build_station(
        config, config, printer=slips, fiscal_printer=receipts, jobs_dir=str(tmp_path)
    )


def test_the_payout_receipt_goes_to_the_fiscal_printer_and_the_note_to_the_slip_printer(
    tmp_path: Path,
) -> None:
    slips, receipts = Dummy(profile="TM-T20II"), Dummy(profile="TM-T20II")
    station = _separate(tmp_path, slips, receipts)
    station.print_receipts([RECEIPT], SETTINGS)
    station.print_payout_note(NOTE, SETTINGS)
    assert "КВИТАНЦИЯ".encode("cp866") in slips.output
    assert "РАСХОД".encode("cp866") not in slips.output
    assert "РАСХОД".encode("cp866") in receipts.output
    assert receipts.output.count(CUT) == 1


@pytest.mark.parametrize(("mode", "sent"), [("unplugged", False), ("cut", True), ("lost", True)])
def test_a_failed_job_says_whether_its_bytes_may_be_on_paper(
    tmp_path: Path, mode: str, sent: bool
) -> None:
    printer = FlakyDummy()
    printer.broken, printer.mode = True, mode
    station = build_station(
        make_printer_config(kind=PrinterKind.NONE), None, printer=printer, jobs_dir=str(tmp_path)
    )
    with pytest.raises(PrinterUnavailable) as failed:
        station.print_receipts([RECEIPT], SETTINGS)
    assert failed.value.sent is sent
    assert bool(printer.papers) is sent


@pytest.mark.parametrize("width", [48, 32])
def test_the_note_never_splits_an_amount_from_its_currency(width: int) -> None:
    # On 58 mm NOTE's own explanation broke before "руб." of "10,00 руб.", on 80 mm this one
    # before that of "10 169,88 руб.".
    big = (
        "Экспресс пересчитан без возвратных событий (коэффициент 1,00): 2,10 × 48,428 = "
        "101,6988; выплата 100,00 руб. × 101,6988 = 10\u00a0169,88 руб."
    )
    note = dataclasses.replace(NOTE, amount=Decimal("10169.88"), lines=(*NOTE.lines, big))
    texts = _texts(width, note)
    assert all(len(line) <= width for line in texts)
    assert not any(line.strip().startswith("руб.") for line in texts), texts
    printed = "\n".join(texts)
    for amount in (" 10,00 руб.", " 38,85 руб.", " 100,00 руб.", " 10 169,88 руб."):
        assert amount in printed, amount


@pytest.mark.parametrize("width", [48, 32])
def test_a_32_character_login_keeps_its_start_on_the_note(width: int) -> None:
    login = "night.shift.supervisor.minsk.001"
    texts = _texts(width, dataclasses.replace(NOTE, cashier=login))
    assert all(len(line) <= width for line in texts)
    assert f"Кассир {login}" in " ".join(line.strip() for line in texts), texts
