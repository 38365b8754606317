"""Fiscal receipts, X/Z reports and the printer test page, as laid out and as printed."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from pos.betting.numbers import make_slip_number
from pos.core.audit import ChainHead
from pos.core.settings import ShopSettings
from pos.core.wording import display_slip_number
from pos.till.day_reports import DayReport, FiscalTotals
from pos.till.fiscal import FiscalReceipt, GrandTotals, ReceiptKind, ReceiptRef
from printing import receipts  # the module: pytest would collect a test_page_layout name
from printing.layout import Barcode, Item, QrCode, Text
from printing.receipts import receipt_layout, report_layout
from printing.render import render_job

ESC_T = b"\x1bt"
FS_DOT = b"\x1c."
CUT = b"\x1dV\x00"
SLOT = {"CP866": 0x11, "CP1251": 0x2E}  # TM-T20II
AT = datetime(2026, 11, 30, 9, 0, 5, tzinfo=UTC)  # 12:00:05 in Minsk
OPENED = datetime(2026, 11, 30, 5, 30, tzinfo=UTC)  # 08:30 in Minsk
SLIP = make_slip_number(1234, b"test secret")
SETTINGS = ShopSettings(
    shop_name="ООО «Фортуна Бет»",
    address="г. Минск, пр. Независимости, 58",
    licence_number="33000/0000123",
)
WORDY = dataclasses.replace(
    SETTINGS,
    shop_name="Общество с ограниченной ответственностью «Букмекерская контора Тотализатор»",
    address="г. Гродна, вул. Савецкая, дом 123, корпус 4, памяшканне 56 — Ўсход, Ленiна",
)
RECEIPT = FiscalReceipt(
    register_serial="ККМ-00012345",
    number=17,
    day_no=3,
    kind=ReceiptKind.INCOME,
    amount=Decimal("10.00"),
    at=AT,
    terminal="К1",
    cashier="anna",
    slip_number=SLIP,
)
TOTALS = FiscalTotals(
    income_count=5,
    income=Decimal("1250.00"),
    return_count=1,
    returns=Decimal("20.00"),
    expense_count=2,
    expenses=Decimal("300.50"),
    first_no=13,
    last_no=20,
)
REPORT = DayReport(
    register_serial="ККМ-00012345",
    terminal="К1",
    day_no=3,
    opened_at=OPENED,
    at=AT,
    cashier="boss",
    totals=TOTALS,
    closing=False,
)


def lines(items: list[Item]) -> list[str]:
    return [item.text for item in items if isinstance(item, Text)]


def printed(items: list[Item], code_page: str = "CP866", *, cancel_chinese: bool = False) -> bytes:
    return render_job("TM-T20II", [items], code_page=code_page, cancel_chinese=cancel_chinese)


def check_page(code_page: str = "CP866", width: int = 48) -> list[Item]:
    return receipts.test_page_layout(
        SETTINGS, code_page=code_page, width=width, where="К1, купоны, 10.0.0.7:9100"
    )


def test_receipt_shows_number_day_time_register_and_amount() -> None:
    text = lines(receipt_layout(RECEIPT, SETTINGS))
    assert 'ООО "Фортуна Бет"' in text
    assert "Лицензия № 33000/0000123" in text
    assert "КАССОВЫЙ ЧЕК" in text
    assert "ПРИХОД" in text
    assert any(line.startswith("Чек № 17") and line.endswith("Смена ККМ № 3") for line in text)
    assert any(line.startswith("30.11.2026") and line.endswith("12:00:05") for line in text)
    assert any(line.startswith("Терминал К1") and line.endswith("Кассир anna") for line in text)
    assert "Заводской № ККМ ККМ-00012345" in text
    item = f"Ставка по купону № {display_slip_number(SLIP)}"
    assert any(line.startswith(item) and line.endswith(" 10,00 руб.") for line in text)
    assert any(line.startswith("Наличными") and line.endswith(" 10,00 руб.") for line in text)


def test_receipt_total_is_bold_and_tall() -> None:
    totals = [
        item
        for item in receipt_layout(RECEIPT, SETTINGS)
        if isinstance(item, Text) and item.text.startswith("ИТОГО")
    ]
    assert len(totals) == 1
    assert totals[0].bold
    assert totals[0].tall
    assert totals[0].text.endswith(" 10,00 руб.")


@pytest.mark.parametrize(
    ("kind", "title", "words"),
    [
        (ReceiptKind.INCOME, "ПРИХОД", "Ставка по купону"),
        (ReceiptKind.RETURN, "ВОЗВРАТ ПРИХОДА", "Возврат ставки по купону"),
        (ReceiptKind.EXPENSE, "РАСХОД", "Выплата по купону"),
    ],
)
def test_each_kind_of_receipt_has_its_title_and_item(
    kind: ReceiptKind, title: str, words: str
) -> None:
    items = receipt_layout(dataclasses.replace(RECEIPT, kind=kind), SETTINGS)
    titles = [item for item in items if isinstance(item, Text) and item.text == title]
    assert len(titles) == 1
    assert titles[0].bold
    assert f"{words} № {display_slip_number(SLIP)}" in " ".join(lines(items))


def test_receipt_without_a_slip_names_only_the_item() -> None:
    text = lines(receipt_layout(dataclasses.replace(RECEIPT, slip_number=None), SETTINGS))
    assert any(line.startswith("Ставка по купону ") for line in text)
    assert not any("купону №" in line for line in text)


def test_receipt_goes_out_in_the_forced_code_page() -> None:
    output = printed(receipt_layout(RECEIPT, SETTINGS))
    assert ESC_T + bytes([SLOT["CP866"]]) in output
    assert output.count(ESC_T) == 1
    for words in ("ПРИХОД", "КАССОВЫЙ ЧЕК", "Чек № 17", "Смена ККМ № 3", "10,00 руб."):
        assert words.encode("cp866") in output, words
    assert "ПРИХОД".encode() not in output  # no UTF-8
    assert FS_DOT not in output
    assert output.endswith(CUT)


def test_receipt_on_cp1251_keeps_guillemets() -> None:
    output = printed(receipt_layout(RECEIPT, SETTINGS, code_page="CP1251"), "CP1251")
    assert ESC_T + bytes([SLOT["CP1251"]]) in output
    assert "ООО «Фортуна Бет»".encode("cp1251") in output
    assert "ПРИХОД".encode("cp1251") in output


def test_fs_dot_is_sent_only_when_asked() -> None:
    output = printed(receipt_layout(RECEIPT, SETTINGS), cancel_chinese=True)
    assert output.startswith(b"\x1b@" + FS_DOT + ESC_T + bytes([SLOT["CP866"]]))


def test_slip_and_receipt_in_one_job_each_end_with_a_cut() -> None:
    slip: list[Item] = [Text("Купон"), Barcode(SLIP)]
    output = render_job("TM-T20II", [slip, receipt_layout(RECEIPT, SETTINGS)], code_page="CP866")
    assert output.count(CUT) == 2
    assert output.index(CUT) < output.index("КАССОВЫЙ ЧЕК".encode("cp866"))


@pytest.mark.parametrize("width", [48, 32])
@pytest.mark.parametrize("code_page", ["CP866", "CP1251"])
def test_no_line_is_wider_than_the_paper(width: int, code_page: str) -> None:
    long_receipt = dataclasses.replace(
        RECEIPT, kind=ReceiptKind.RETURN, amount=Decimal("1234567.89"), cashier="supervisor01"
    )
    closing = dataclasses.replace(REPORT, closing=True, cashier="supervisor01")
    for items in (
        receipt_layout(long_receipt, WORDY, code_page=code_page, width=width),
        report_layout(REPORT, WORDY, code_page=code_page, width=width),
        report_layout(closing, WORDY, code_page=code_page, width=width),
        check_page(code_page, width),
    ):
        text = lines(items)
        assert max(len(line) for line in text) <= width
        for line in text:
            line.encode(code_page)  # fitted: nothing left for escpos to print as "?"


def test_x_report_keeps_the_day_open() -> None:
    items = report_layout(REPORT, SETTINGS)
    assert items[0] == Text("X-ОТЧЁТ", bold=True, center=True, tall=True)
    text = lines(items)
    assert "Смена ККМ № 3 не закрыта" in text
    assert not any(line.endswith(" закрыта") and "не" not in line for line in text)
    assert "Z-ОТЧЁТ" not in text


def test_z_report_says_the_day_is_closed() -> None:
    items = report_layout(dataclasses.replace(REPORT, closing=True), SETTINGS)
    assert items[0] == Text("Z-ОТЧЁТ", bold=True, center=True, tall=True)
    text = lines(items)
    assert "смена ККМ № 3 закрыта" in text
    assert not any("не закрыта" in line for line in text)
    output = printed(items)
    assert "Z-ОТЧЁТ".encode("cp866") in output
    assert output.endswith(CUT)


@pytest.mark.parametrize("width", [48, 32])
def test_a_report_carries_the_audit_chain_head_whole(width: int) -> None:
    head = ChainHead(1234, "3fa9" + "0" * 56 + "c2d1")
    items = report_layout(
        dataclasses.replace(REPORT, closing=True, chain_head=head), SETTINGS, width=width
    )
    texts = [item.text for item in items if isinstance(item, Text)]
    assert all(len(text) <= width for text in texts)
    assert any(t.startswith("Журнал аудита, запись №") and t.endswith("1234") for t in texts)
    assert "".join(t for t in texts if set(t) <= set("0123456789abcdef")) == head.hash


def test_report_shows_the_day_counts_sums_and_cash() -> None:
    text = lines(report_layout(REPORT, SETTINGS))
    assert "Заводской № ККМ ККМ-00012345" in text
    assert "Смена ККМ № 3" in text
    assert any(line.startswith("Открыта") and line.endswith("30.11.2026 08:30") for line in text)
    assert any(line.startswith("Отчёт") and line.endswith("30.11.2026 12:00") for line in text)
    assert any(line.endswith("Кассир boss") for line in text)
    for title, count, amount in (
        ("Приход", "5", "1 250,00 руб."),
        ("Возврат прихода", "1", "20,00 руб."),
        ("Расход", "2", "300,50 руб."),
    ):
        at = text.index(title)
        assert text[at + 1].strip().startswith("Чеков")
        assert text[at + 1].endswith(f" {count}")
        assert text[at + 2].endswith(f" {amount}")
    cash = next(line for line in text if line.startswith("Наличные за смену"))
    assert cash.endswith(" 929,50 руб.")
    assert any(line.startswith("Чеки за смену") and line.endswith("№ 13-20") for line in text)


def test_report_of_a_day_without_receipts_says_so() -> None:
    empty = dataclasses.replace(REPORT, totals=FiscalTotals(), opened_at=None)
    text = lines(report_layout(empty, SETTINGS))
    assert any(line.endswith("чеков нет") for line in text)
    assert any(
        line.startswith("Наличные за смену") and line.endswith(" 0,00 руб.") for line in text
    )
    assert any(line.startswith("Открыта") and line.endswith("-") for line in text)
    assert "чеков нет".encode("cp866") in printed(report_layout(empty, SETTINGS))


def test_report_with_more_paid_out_than_taken_shows_negative_cash() -> None:
    totals = FiscalTotals(1, Decimal("10"), 0, Decimal("0"), 1, Decimal("100"), 1, 2)
    text = lines(report_layout(dataclasses.replace(REPORT, totals=totals), SETTINGS))
    assert any(
        line.startswith("Наличные за смену") and line.endswith(" -90,00 руб.") for line in text
    )


@pytest.mark.parametrize("width", [48, 32])
def test_test_page_ruler_is_exactly_the_width(width: int) -> None:
    text = lines(check_page(width=width))
    rulers = [line for line in text if line.startswith("1234567890")]
    assert len(rulers) == 1
    assert len(rulers[0]) == width
    assert rulers[0] == ("1234567890" * 5)[:width]


def test_test_page_shows_where_the_code_page_and_the_width() -> None:
    text = lines(check_page())
    assert text[0] == "ПРОВЕРКА ПРИНТЕРА"
    assert "Принтер: К1, купоны, 10.0.0.7:9100" in text
    assert any(line.startswith("Кодовая страница") and line.endswith("CP866") for line in text)
    assert any(line.startswith("Ширина строки") and line.endswith("48 симв.") for line in text)


def test_test_page_has_the_whole_alphabet_and_digits() -> None:
    wide = lines(check_page(width=48))
    assert "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ" in wide
    assert "абвгдеёжзийклмнопрстуфхцчшщъыьэюя" in wide
    assert "Цифры: 0123456789" in wide
    narrow = lines(check_page(width=32))  # 33 letters: in halves on 58 mm paper
    assert narrow[narrow.index("АБВГДЕЁЖЗИЙКЛМНОП") + 1] == "РСТУФХЦЧШЩЪЫЬЭЮЯ"
    assert "абвгдеёжзийклмноп" in narrow


def test_test_page_shows_what_the_symbols_become() -> None:
    cp866 = lines(check_page("CP866"))
    assert any(line.startswith('Кавычки: " "') and line.endswith("замена") for line in cp866)
    assert any(line.startswith("Номер: №") and line.endswith("как есть") for line in cp866)
    assert any(line.startswith("Евро: EUR") and line.endswith("замена") for line in cp866)
    assert any(line.startswith("Рубль: руб.") and line.endswith("замена") for line in cp866)
    assert any(line.startswith("Белорусские: Ў ў I i") for line in cp866)
    cp1251 = lines(check_page("CP1251"))
    assert any(line.startswith("Кавычки: « »") and line.endswith("как есть") for line in cp1251)
    assert any(line.startswith("Тире: —") and line.endswith("как есть") for line in cp1251)
    assert any(line.startswith("Белорусские: Ў ў І і") for line in cp1251)


def test_test_page_has_bold_and_tall_lines_and_both_codes() -> None:
    items = check_page()
    assert Text("Жирная строка", bold=True) in items
    assert Text("Двойная высота", tall=True) in items
    assert Barcode("0123456789012") in items
    assert QrCode("0123456789012") in items


def test_test_page_prints_code128_and_native_qr() -> None:
    output = printed(check_page())
    data = b"{C" + bytes([1, 23, 45, 67, 89, 1]) + b"{B2"  # code set C, the last digit in B
    assert b"\x1dk\x49" + bytes([len(data)]) + data in output  # GS k: CODE128, function B
    assert b"\x1d(k" in output  # GS ( k: native QR
    assert "ПРОВЕРКА ПРИНТЕРА".encode("cp866") in output
    assert "абвгд".encode() not in output  # no UTF-8
    assert output.endswith(CUT)


def test_receipt_and_report_carry_the_unp_and_the_registration_number() -> None:
    settings = dataclasses.replace(SETTINGS, unp="190123456")
    receipt = dataclasses.replace(RECEIPT, register_number="00012345-РБ")
    report = dataclasses.replace(REPORT, register_number="00012345-РБ")
    for items in (receipt_layout(receipt, settings), report_layout(report, settings)):
        text = lines(items)
        assert "УНП 190123456" in text
        assert "Заводской № ККМ ККМ-00012345" in text and "Рег. № ККМ 00012345-РБ" in text
    assert not any("УНП" in line for line in lines(receipt_layout(RECEIPT, SETTINGS)))


def test_a_z_report_counts_spoiled_receipts_and_shows_the_grand_total() -> None:
    totals = dataclasses.replace(TOTALS, spoiled_count=2, spoiled=Decimal("31.00"))
    grand = GrandTotals(Decimal("98765.00"), Decimal("120.00"), Decimal("50000.50"))
    report = dataclasses.replace(REPORT, closing=True, totals=totals, grand=grand)
    text = lines(report_layout(report, SETTINGS))
    assert any(line.startswith("Аннулировано чеков") and line.endswith(" 2") for line in text)
    assert any("на сумму" in line and line.endswith(" 31,00 руб.") for line in text)
    at = text.index("Нарастающий итог с первого чека")
    grand_lines = text[at + 1 : at + 5]
    assert grand_lines[0].strip().startswith("Приход") and grand_lines[0].endswith("98 765,00 руб.")
    assert grand_lines[2].strip().startswith("Расход") and grand_lines[2].endswith("50 000,50 руб.")
    assert grand_lines[3].strip().startswith("Итого") and grand_lines[3].endswith("48 644,50 руб.")
    # The day's cash leaves the spoiled receipts out.
    cash = next(line for line in text if line.startswith("Наличные за смену"))
    assert cash.endswith(" 929,50 руб.")


@pytest.mark.parametrize("width", [48, 32])
def test_a_return_receipt_names_the_stake_receipt_it_reverses(width: int) -> None:
    stake_at = datetime(2026, 11, 30, 8, 58, 40, tzinfo=UTC)  # 11:58:40 in Minsk
    refund = dataclasses.replace(
        RECEIPT, kind=ReceiptKind.RETURN, number=18, reverses=ReceiptRef(17, stake_at)
    )
    text = lines(receipt_layout(refund, SETTINGS, width=width))
    assert all(len(line) <= width for line in text)
    assert "по чеку прихода № 17 от 30.11.2026" in " ".join(line.strip() for line in text)
    assert not any(line.rstrip().endswith(("№", "от")) for line in text)  # kept whole
    output = printed(receipt_layout(refund, SETTINGS, width=width))
    for words in ("по чеку прихода № 17", "от 30.11.2026"):
        assert words.encode("cp866") in output


def test_a_stake_receipt_reverses_nothing() -> None:
    assert not any("по чеку прихода" in line for line in lines(receipt_layout(RECEIPT, SETTINGS)))


@pytest.mark.parametrize("width", [48, 32])
def test_a_32_character_login_keeps_its_start_on_a_receipt(width: int) -> None:
    login = "night.shift.supervisor.minsk.001"  # 32 characters, the longest a login may be
    text = lines(receipt_layout(dataclasses.replace(RECEIPT, cashier=login), SETTINGS, width=width))
    assert all(len(line) <= width for line in text)
    assert f"Кассир {login}" in " ".join(line.strip() for line in text)
