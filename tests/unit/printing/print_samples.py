"""Representative printed documents and the exact ESC/POS bytes each job sends (issue 34).

The byte-identity guard (test_print_bytes.py) compares every job with the bytes kept in
print_samples.json, captured before printing was made cheaper; the print benchmark
(tests/bench/print_slip.py) times the same documents. After a change meant to alter what
prints, write the file again and review its diff:

    .venv/bin/python -m tests.unit.printing.print_samples --write
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from escpos.printer import Dummy

from main import games
from pos.betting.bets import BetKind, BetType
from pos.betting.numbers import make_slip_number
from pos.betting.slips import Leg, Slip
from pos.core.audit import ChainHead
from pos.core.documents import DocumentLine, PrintedDocument
from pos.core.printers import PrinterConfig
from pos.core.settings import ShopSettings
from pos.games.registry import installing
from pos.line.events import Sport
from pos.payouts.rules import PayoutNote
from pos.poker.draws import Round
from pos.poker.events import SCHEDULE, STUDIO, draw_code
from pos.till.day_reports import DayReport, FiscalTotals
from pos.till.fiscal import FiscalReceipt, GrandTotals, ReceiptKind, ReceiptRef
from pos.till.shifts import CashTransfer, TransferKind
from printing.station import EscposStation, build_station

KEPT = Path(__file__).with_name("print_samples.json")
AT = datetime(2026, 11, 30, 9, 0, 5, tzinfo=UTC)  # 12:00:05 in Minsk
NUMBER = make_slip_number(1234, b"test secret")
SETTINGS = ShopSettings(
    shop_name="ООО «Фортуна Бет»",
    address="г. Минск, пр. Независимости, 58",
    licence_number="33000/0000123",
    unp="190000001",
)
# Long words, Belarusian letters and a dash the code pages lack: the wrapping and the fallbacks.
WORDY = dataclasses.replace(
    SETTINGS,
    shop_name="Общество с ограниченной ответственностью «Букмекерская контора Тотализатор»",
    office_name="Офис № 3 «Ўсход»",
    address="г. Гродна, вул. Савецкая, дом 123, корпус 4, памяшканне 56 — Ўсход, Ленiна",
)
STARTS = datetime(2026, 12, 1, 16, 0, tzinfo=UTC)


def _leg(code: int, market: str, odds: str, home: str, away: str, sport: Sport, cup: str) -> Leg:
    return Leg(code, market, Decimal(odds), 1, home, away, STARTS, sport=sport, tournament=cup)


HOCKEY = _leg(201, "X", "4.20", "Юность-Минск", "Металлург Жлобин", Sport.HOCKEY, "Экстралига")
FOOTBALL = _leg(101, "1", "2.10", "Динамо Минск", "БАТЭ Борисов", Sport.FOOTBALL, "Высшая лига")
BASKET = _leg(
    305, "2", "1.85", "Цмокі-Мінск", "Астана", Sport.BASKETBALL, "Единая лига ВТБ — Ўсход"
)
SINGLE = Slip(
    number=NUMBER,
    kind=BetKind(BetType.SINGLE),
    members=((FOOTBALL,),),
    stake=Decimal("25.50"),
    total_odds=Decimal("2.10"),
    possible_payout=Decimal("53.55"),
    terminal="К1",
    cashier="anna",
    issued_at=AT,
)
EXPRESS = dataclasses.replace(
    SINGLE,
    kind=BetKind(BetType.EXPRESS),
    members=((HOCKEY,), (FOOTBALL,), (BASKET,)),
    stake=Decimal("10.00"),
    total_odds=Decimal("16.32"),
    possible_payout=Decimal("163.17"),
)
SYSTEM = dataclasses.replace(
    EXPRESS,
    kind=BetKind(BetType.SYSTEM, 2, 3),
    stake=Decimal("9.99"),
    total_odds=Decimal("20.55"),
    possible_payout=Decimal("68.43"),
    agreed_in_play=True,
)
DRAW = 96013
POKER = dataclasses.replace(
    SINGLE,
    members=(
        (
            Leg(
                draw_code(DRAW),
                "P3",
                Decimal("4.96"),
                int(Round.BEFORE_DEAL),
                STUDIO,
                f"тираж № {DRAW}",
                SCHEDULE.starts_at(DRAW),
                sport=Sport.GAME,
                tournament=STUDIO,
            ),
        ),
    ),
    stake=Decimal("10.00"),
    total_odds=Decimal("4.96"),
    possible_payout=Decimal("49.60"),
    issued_at=SCHEDULE.starts_at(DRAW) - timedelta(minutes=4),
)
STAKE = FiscalReceipt(
    register_serial="ККМ-00012345",
    number=17,
    day_no=3,
    kind=ReceiptKind.INCOME,
    amount=Decimal("25.50"),
    at=AT,
    terminal="К1",
    cashier="anna",
    slip_number=NUMBER,
)
RETURN = dataclasses.replace(
    STAKE, number=18, kind=ReceiptKind.RETURN, reverses=ReceiptRef(17, AT - timedelta(minutes=2))
)
EXPENSE = dataclasses.replace(
    STAKE, number=19, kind=ReceiptKind.EXPENSE, amount=Decimal("1016.99"), printed=True
)
NOTE = PayoutNote(
    slip_number=NUMBER,
    amount=Decimal("1016.99"),
    paid_at=AT,
    refund=False,
    lines=(
        "1-е событие выиграло: Динамо Минск — БАТЭ Борисов, П1 по 2,10 (счёт 2 : 1)",
        "Экспресс пересчитан без возвратных событий (коэффициент 1,00): 2,10 × 1,85 = 3,885; "
        "выплата 10,00 руб. × 3,885 = 38,85 руб.",
    ),
    fiscal_receipt_no=19,
    journal_no=5,
    terminal="К1",
    cashier="anna",
)
TOTALS = FiscalTotals(
    income_count=5,
    income=Decimal("1250.00"),
    return_count=1,
    returns=Decimal("20.00"),
    expense_count=2,
    expenses=Decimal("300.50"),
    first_no=13,
    last_no=21,
    spoiled_count=1,
    spoiled=Decimal("7.00"),
)
X_REPORT = DayReport(
    register_serial="ККМ-00012345",
    terminal="К1",
    day_no=3,
    opened_at=AT - timedelta(hours=4),
    at=AT,
    cashier="boss",
    totals=TOTALS,
    closing=False,
    register_number="РН-777",
    cash_shift=12,
)
Z_REPORT = dataclasses.replace(
    X_REPORT,
    closing=True,
    chain_head=ChainHead(4321, "3fa9" * 16),
    grand=GrandTotals(Decimal("98765.43"), Decimal("120.00"), Decimal("45678.90")),
    cash_shift_closed=True,
)
TRANSFER = CashTransfer(12, AT, "anna", TransferKind.CASH_OUT, Decimal("500.00"), "Инкассация")
DOCUMENT = PrintedDocument(
    title="КАРТА СЧЁТА ИГРОКА",
    number="1234567890123",
    number_shown="123456-789-0123",
    lines=(DocumentLine("Счёт", "№ 42", bold=True), DocumentLine(""), DocumentLine("Остаток")),
    notes=("Храните карту: по ней выплачивается остаток счёта — лично владельцу.",),
    at=AT,
    terminal="К1",
    cashier="anna",
    job_name="account-42",
)

Printing = Callable[[EscposStation, ShopSettings], object]
# What each sample prints, as the use cases ask the station (a slip with its receipt: one job).
DOCUMENTS: dict[str, Printing] = {
    "slip_single": lambda s, o: s.print_slip(SINGLE, o, receipt=STAKE),
    "slip_express3": lambda s, o: s.print_slip(EXPRESS, o, receipt=STAKE),
    "slip_system": lambda s, o: s.print_slip(SYSTEM, o),
    "slip_poker": lambda s, o: s.print_slip(POKER, o),
    "slip_copy": lambda s, o: s.print_slip(EXPRESS, o, copy=2, copied_by="Анна", copied_at=AT),
    "receipt_income": lambda s, o: s.print_receipts([STAKE], o),
    "receipt_return": lambda s, o: s.print_receipts([RETURN], o),
    "receipt_expense": lambda s, o: s.print_receipts([EXPENSE], o),
    "payout_note": lambda s, o: s.print_payout_note(NOTE, o),
    "x_report": lambda s, o: s.print_report(X_REPORT, o),
    "z_report": lambda s, o: s.print_report(Z_REPORT, o),
    "cash_transfer": lambda s, o: s.print_cash_transfer(TRANSFER, "К1", o),
    "document": lambda s, o: s.print_document(DOCUMENT, o),
    "test_page": lambda s, o: s.print_test_page(o),
}
# Printers: 80 mm Epson, 58 mm with hardware codes, a 58 mm clone with pictures and no
# cutter, and CP1251 with FS . (the other code page and the clones' Chinese mode).
PRINTERS: dict[str, tuple[PrinterConfig, ShopSettings]] = {
    "80mm": (PrinterConfig(paper_mm=80), SETTINGS),
    "58mm": (PrinterConfig(paper_mm=58), WORDY),
    "58mm_clone": (PrinterConfig(paper_mm=58, profile="POS-5890"), SETTINGS),
    "80mm_cp1251": (PrinterConfig(code_page="CP1251", cancel_chinese=True), WORDY),
}


def job(printer: str, document: str, folder: str = "") -> bytes:
    """The bytes one sample sends to a Dummy of that printer's profile."""
    config, settings = PRINTERS[printer]
    device = Dummy(
        profile=config.profile or ("TM-T20II" if config.paper_mm == 80 else "RP-F10-58mm")
    )
    station = build_station(config, None, printer=device, jobs_dir=folder)
    with installing(games()):  # a poker slip's claims close with its round, as in the shop
        DOCUMENTS[document](station, settings)
    output: bytes = device.output
    return output


def names() -> list[tuple[str, str]]:
    """Every (printer, document) sample."""
    return [(printer, document) for printer in PRINTERS for document in DOCUMENTS]


def kept() -> dict[str, bytes]:
    """The bytes captured before printing was made cheaper, by "printer/document"."""
    stored: dict[str, str] = json.loads(KEPT.read_text(encoding="ascii"))
    return {name: base64.b64decode(value) for name, value in stored.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="capture the bytes again")
    if not parser.parse_args().write:
        parser.print_help()
        return 2
    captured = {
        f"{printer}/{document}": base64.b64encode(job(printer, document)).decode("ascii")
        for printer, document in names()
    }
    KEPT.write_text(json.dumps(captured, indent=1, sort_keys=True) + "\n", encoding="ascii")
    sys.stdout.write(f"{len(captured)} jobs written to {KEPT}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
