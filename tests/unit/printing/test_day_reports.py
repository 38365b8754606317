"""The X and Z reports and the cash documents on paper: what each line counts and which
shift it names (issue 34)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from pos.skks.reconcile import Reconciliation, Total
from pos.till.day_reports import FiscalTotals
from pos.till.fiscal import FiscalReceipt, ReceiptKind
from pos.till.shifts import CashTransfer, TransferKind
from printing import receipts
from printing.receipts import report_layout
from tests.unit.printing.test_receipts import (
    AT,
    CUT,
    RECEIPT,
    REPORT,
    SETTINGS,
    lines,
    printed,
)


@pytest.mark.parametrize("width", [48, 32])
def test_a_report_gives_each_kind_of_operation_its_own_line(width: int) -> None:
    """Issue 34: a player account's deposit is a «ПРИХОД» receipt and its withdrawal a
    «РАСХОД» one, but an auditor must tell betting turnover from account money."""

    def receipt(number: int, kind: ReceiptKind, amount: str, account: str | None) -> FiscalReceipt:
        return dataclasses.replace(
            RECEIPT, number=number, kind=kind, amount=Decimal(amount), account_number=account
        )

    totals = FiscalTotals.of(
        [
            receipt(1, ReceiptKind.INCOME, "41.50", None),
            receipt(2, ReceiptKind.INCOME, "20.00", None),
            receipt(3, ReceiptKind.INCOME, "800.00", "12345678901"),
            receipt(4, ReceiptKind.RETURN, "20.00", None),
            receipt(5, ReceiptKind.EXPENSE, "109.20", None),
            receipt(6, ReceiptKind.EXPENSE, "120.50", "12345678901"),
        ]
    )
    assert (totals.income, totals.expenses) == (Decimal("861.50"), Decimal("229.70"))
    report = dataclasses.replace(REPORT, closing=True, totals=totals)
    text = lines(report_layout(report, SETTINGS, width=width))
    assert all(len(line) <= width for line in text)
    for words, count, amount in (
        ("Ставки наличными", "2", "61,50 руб."),
        ("Возвраты ставок", "1", "20,00 руб."),
        ("Выплаты по купонам", "1", "109,20 руб."),
        ("Пополнения счетов", "1", "800,00 руб."),
        ("Выплаты со счетов", "1", "120,50 руб."),
    ):
        at = next(i for i, line in enumerate(text) if line.startswith(words))
        assert text[at].endswith(f" {amount}"), words
        assert text[at + 1].strip().startswith("чеков") and text[at + 1].endswith(f" {count}")
    # The fiscal totals by receipt kind stay as the register counts them.
    assert text[text.index("Приход") + 2].endswith(" 861,50 руб.")
    assert text[text.index("Расход") + 2].endswith(" 229,70 руб.")


@pytest.mark.parametrize("width", [48, 32])
def test_a_z_report_says_which_shift_it_closed_and_which_goes_on(width: int) -> None:
    """Issue 34: a Z closes the register's day («смена ККМ»); the cash shift closes with it
    only at «Закрыть смену», and the Z says which it was."""
    z = dataclasses.replace(REPORT, closing=True, cash_shift=1234)
    text = lines(report_layout(z, SETTINGS, width=width))
    assert all(len(line) <= width for line in text)
    assert "смена ККМ № 3 закрыта" in text
    assert "Кассовая смена № 1234 открыта" in text
    closed = dataclasses.replace(z, cash_shift_closed=True)
    assert "Кассовая смена № 1234 закрыта" in lines(report_layout(closed, SETTINGS, width=width))
    x = lines(report_layout(dataclasses.replace(REPORT, cash_shift=1234), SETTINGS, width=width))
    assert "Кассовая смена № 1234 открыта" in x and "Смена ККМ № 3 не закрыта" in x
    no_shift = lines(report_layout(dataclasses.replace(z, cash_shift=None), SETTINGS))
    assert not any("Кассовая смена" in line for line in no_shift)


@pytest.mark.parametrize("width", [48, 32])
@pytest.mark.parametrize("kind", list(TransferKind))
def test_a_cash_document_names_the_cash_shift_as_the_reports_do(
    width: int, kind: TransferKind
) -> None:
    transfer = CashTransfer(1234, AT, "supervisor01", kind, Decimal("150.00"), "размен из сейфа")
    items = receipts.transfer_layout(transfer, SETTINGS, terminal="К1", width=width)
    text = lines(items)
    assert all(len(line) <= width for line in text)
    assert "Кассовая смена № 1234" in text
    assert not any(line.startswith("Смена №") for line in text)
    assert any(line.startswith("Терминал К1") and line.endswith("supervisor01") for line in text)
    output = printed(items)
    assert "Кассовая смена № 1234".encode("cp866") in output
    assert " 150,00 руб.".encode("cp866") in output and output.endswith(CUT)


@pytest.mark.parametrize("width", [48, 32])
def test_a_z_report_prints_the_shift_s_comparison_with_the_controller(width: int) -> None:
    """Issue 34/35: the closed shift's totals against the СККС controller's, each difference
    on lines of its own, within the paper's width; nothing of it where the office reports
    to no controller."""
    ours = {"bets": Total(12, Decimal("1234.50")), "cash_in": Total(1, Decimal("100"))}
    checked = Reconciliation("К1", "1234", AT, ours, {"bets": Total(11, Decimal("1200.50"))})
    z = dataclasses.replace(REPORT, closing=True, cash_shift=1234, skks=checked)

    text = lines(report_layout(z, SETTINGS, width=width))

    assert all(len(line) <= width for line in text)
    joined = " ".join(" ".join(text).split())
    assert "Сверка с СККС: расхождение" in joined
    assert "Ставки касса 12 / 1 234,50 руб. СККС 11 / 1 200,50 руб." in joined
    assert "Внесения касса 1 / 100,00 руб. СККС 0 / 0,00 руб." in joined
    agreed = dataclasses.replace(checked, theirs=ours)
    text = lines(report_layout(dataclasses.replace(z, skks=agreed), SETTINGS, width=width))
    assert "Сверка с СККС: совпадает" in text
    assert not any("СККС" in line for line in lines(report_layout(REPORT, SETTINGS, width=width)))
