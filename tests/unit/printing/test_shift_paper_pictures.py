"""The shift's papers of issue 34 drawn again from their ESC/POS bytes: the X report, the Z
report with each operation on its own line, the cash shift it names and its comparison with
the СККС controller (issue 35), and the cash-in and
cash-out documents, on 80 mm and 58 mm paper:

    .venv/bin/python -m tests.unit.printing.test_shift_paper_pictures [docs]

writes print-x-report.png, print-z-report.png, print-cash-in.png and print-cash-out.png
(80 mm) and the same names ending in -58mm.png.
"""

from __future__ import annotations

import dataclasses
import sys
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from PIL import Image

from pos.core.settings import ShopSettings
from pos.skks.reconcile import Reconciliation, Total
from pos.till.day_reports import DayReport, FiscalTotals
from pos.till.fiscal import GrandTotals
from pos.till.shifts import CashTransfer, TransferKind
from printing.layout import WIDTH_58MM, WIDTH_80MM, Item, Text
from printing.receipts import report_layout, transfer_layout
from tests.unit.printing import test_paper_pictures as paper_pictures
from tests.unit.printing.test_paper_pictures import _from_bytes

AT = datetime(2026, 11, 30, 19, 2, tzinfo=UTC)  # 22:02 in Minsk
SETTINGS = ShopSettings(
    shop_name="ООО «Фортуна Бет»",
    address="г. Минск, пр. Независимости, 58",
    licence_number="33000/0000123",
    unp="190123456",
)
# A day of 861,50 taken (61,50 in stakes, 800,00 onto an account) and 229,70 paid (109,20 on
# slips, 120,50 off an account): the finding's figures.
TOTALS = FiscalTotals(
    income_count=4,
    income=Decimal("861.50"),
    return_count=1,
    returns=Decimal("10.00"),
    expense_count=2,
    expenses=Decimal("229.70"),
    first_no=13,
    last_no=19,
    deposit_count=1,
    deposits=Decimal("800.00"),
    withdrawal_count=1,
    withdrawals=Decimal("120.50"),
)
Z = DayReport(
    register_serial="ККМ-00012345",
    terminal="К1",
    day_no=3,
    opened_at=datetime(2026, 11, 30, 5, 45, tzinfo=UTC),
    at=AT,
    cashier="boss",
    totals=TOTALS,
    closing=True,
    grand=GrandTotals(Decimal("98765.00"), Decimal("120.00"), Decimal("50000.50")),
    register_number="00012345-РБ",
    cash_shift=7,
    cash_shift_closed=True,
    # Issue 35: the controller registered no withdrawal of the shift.
    skks=Reconciliation(
        "К1",
        "7",
        AT,
        {"bets": Total(3, Decimal("61.50")), "withdrawals": Total(1, Decimal("120.50"))},
        {"bets": Total(3, Decimal("61.50"))},
        registration="R000042",
    ),
)
CASH_IN = CashTransfer(7, AT, "anna", TransferKind.CASH_IN, Decimal("200.00"), "размен из сейфа")


def _layouts(width: int) -> dict[str, list[Item]]:
    """Each paper laid out for `width` columns."""
    x = dataclasses.replace(Z, closing=False, cash_shift_closed=False, skks=None)
    cash_out = dataclasses.replace(CASH_IN, kind=TransferKind.CASH_OUT, reason="сдача в сейф")
    return {
        "print-x-report": report_layout(x, SETTINGS, width=width),
        "print-z-report": report_layout(Z, SETTINGS, width=width),
        "print-cash-in": transfer_layout(CASH_IN, SETTINGS, terminal="К1", width=width),
        "print-cash-out": transfer_layout(cash_out, SETTINGS, terminal="К1", width=width),
    }


@pytest.mark.parametrize("width", [WIDTH_80MM, WIDTH_58MM])
def test_the_shift_papers_read_back_from_their_bytes_line_for_line(width: int) -> None:
    for name, items in _layouts(width).items():
        again = _from_bytes(items)
        assert again == items, name
        texts = [item.text for item in again if isinstance(item, Text)]
        assert all(len(text) <= width for text in texts), name
        shift = "Кассовая смена № 7"
        assert any(text.startswith(shift) for text in texts), name


def draw_pictures(folder: Path) -> list[Path]:
    """Each shift paper on 80 mm and on 58 mm paper, drawn from its bytes, as PNG files."""
    return paper_pictures.draw_pictures(folder, _layouts)


def test_the_shift_papers_are_drawn_on_80mm_and_58mm_paper(tmp_path: Path) -> None:
    for path in draw_pictures(tmp_path):
        with Image.open(path) as picture:
            assert picture.width == (384 if path.stem.endswith("-58mm") else 576) + 2 * 24


if __name__ == "__main__":
    draw_pictures(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs"))
