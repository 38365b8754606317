"""Fiscal documents and the printer test page, laid out as lines (printing.layout).

A receipt records a stake taken, a stake returned or a payout (pos.till.fiscal); the X report
shows the open fiscal day's totals and the Z report closes the day. None of them carries a
player's personal data: the receipt knows the slip number and the amount only. The test page
shows a shop how its printer handles the code page, the width, styles and codes.
"""

from __future__ import annotations

from pos.accounts.numbers import display_account_number
from pos.core.money import NBSP
from pos.core.money import format_roubles as rub
from pos.core.settings import ShopSettings
from pos.core.wording import display_slip_number
from pos.skks.wording import TOTAL_WORDS, reconciliation_words, total_words
from pos.till.day_reports import OPERATION_WORDS, DayReport
from pos.till.fiscal import (
    ACCOUNT_ITEM_WORDS,
    ITEM_WORDS,
    RECEIPT_TITLES,
    FiscalReceipt,
    ReceiptKind,
)
from pos.till.shifts import CashTransfer, TransferKind
from printing.layout import (
    INDENT,
    WIDTH_80MM,
    Barcode,
    Item,
    Page,
    QrCode,
    Text,
    local,
    shop_header,
)
from printing.render import Capabilities
from printing.text import for_code_page

TEST_BARCODE = "0123456789012"  # 13 digits, as long as a slip number
TEST_QR = "0123456789012"  # the same, so one scan checks both codes
_UPPER = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
_RULER = "1234567890"
# What the test page shows of the characters a code page may lack (printing.text).
_SYMBOLS = (
    ("Кавычки", "« »"),
    ("Тире", "—"),
    ("Номер", "№"),
    ("Евро", "€"),
    ("Рубль", "₽"),
    ("Белорусские", "Ў ў І і"),
)


def receipt_layout(
    receipt: FiscalReceipt,
    settings: ShopSettings,
    *,
    code_page: str = "CP866",
    width: int = WIDTH_80MM,
) -> list[Item]:
    """The fiscal receipt as printed, top to bottom.

    Args:
        receipt: the numbered receipt (a stake, a returned stake or a payout).
        settings: the shop's name, address, licence number and time zone.
        code_page: the printer's code page; text it lacks is replaced (printing.text).
        width: characters per line: 48 on 80 mm paper, 32 on 58 mm.

    Returns:
        Text lines no longer than `width`.
    """
    page = Page(code_page, width)
    shop_header(page, settings)
    page.rule()
    page.wrap("КАССОВЫЙ ЧЕК", bold=True, center=True)
    page.wrap(receipt.title, bold=True, center=True)
    # «Смена ККМ» is the register's day, told apart from the cash shift (issue 34).
    page.pair(f"Чек № {receipt.number}", f"Смена ККМ № {receipt.day_no}")
    page.pair(
        local(receipt.at, settings.zone, "%d.%m.%Y"),
        local(receipt.at, settings.zone, "%H:%M:%S"),
    )
    page.pair(f"Терминал {receipt.terminal}", f"Кассир {receipt.cashier}")
    _register_lines(page, receipt.register_serial, receipt.register_number)
    page.rule()
    page.pair(_item_words(receipt), rub(receipt.amount))
    if receipt.reverses is not None:
        # A return names the stake receipt it reverses (issue 16).
        stake = receipt.reverses
        on = local(stake.at, settings.zone, "%d.%m.%Y")
        page.wrap(f"по чеку прихода №{NBSP}{stake.number} от{NBSP}{on}", indent=INDENT, first="")
    page.rule()
    page.pair("ИТОГО", rub(receipt.amount), bold=True, tall=True)
    page.pair("Наличными", rub(receipt.amount))
    page.rule()
    return page.items


def report_layout(
    report: DayReport,
    settings: ShopSettings,
    *,
    code_page: str = "CP866",
    width: int = WIDTH_80MM,
) -> list[Item]:
    """The X report (the day stays open) or the Z report (it closes the day), as printed.

    Args:
        report: the day's totals.
        settings: the shop's name, address, licence number and time zone.
        code_page: the printer's code page; text it lacks is replaced (printing.text).
        width: characters per line: 48 on 80 mm paper, 32 on 58 mm.

    Returns:
        Text lines no longer than `width`.
    """
    zone = settings.zone
    page = Page(code_page, width)
    page.wrap(report.title, bold=True, center=True, tall=True)
    if report.closing:  # the Z closes the register's day, not always the cash shift (issue 34)
        page.wrap(f"смена ККМ № {report.day_no} закрыта", bold=True, center=True)
    shop_header(page, settings)
    _register_lines(page, report.register_serial, report.register_number)
    page.rule()
    page.wrap(f"Смена ККМ № {report.day_no}", bold=True)
    opened = "-" if report.opened_at is None else local(report.opened_at, zone, "%d.%m.%Y %H:%M")
    page.pair("Открыта", opened)
    page.pair("Отчёт", local(report.at, zone, "%d.%m.%Y %H:%M"))
    page.pair(f"Терминал {report.terminal}", f"Кассир {report.cashier}")
    if report.cash_shift is not None:
        state = "закрыта" if report.cash_shift_closed else "открыта"
        page.wrap(f"Кассовая смена № {report.cash_shift} {state}")
    page.rule()
    totals = report.totals
    for kind, count, amount in (
        (ReceiptKind.INCOME, totals.income_count, totals.income),
        (ReceiptKind.RETURN, totals.return_count, totals.returns),
        (ReceiptKind.EXPENSE, totals.expense_count, totals.expenses),
    ):
        page.wrap(RECEIPT_TITLES[kind].capitalize(), bold=True)
        page.pair("Чеков", str(count), indent=INDENT)
        page.pair("Сумма", rub(amount), indent=INDENT)
    page.rule()
    _operation_lines(page, report)
    page.rule()
    _cashless_lines(page, report)
    _skks_lines(page, report)
    page.pair("Наличные за смену", rub(totals.cash), bold=True)
    if totals.first_no is None or totals.last_no is None:
        page.pair("Чеки за смену", "чеков нет")
    else:
        page.pair("Чеки за смену", f"№ {totals.first_no}–{totals.last_no}")
    # A spoiled receipt (its job broke) keeps its number and counts in no sum (pos.till.fiscal).
    page.pair("Аннулировано чеков", str(totals.spoiled_count))
    if totals.spoiled_count:
        page.pair("на сумму", rub(totals.spoiled), indent=INDENT)
    page.rule()
    grand = report.grand
    page.wrap("Нарастающий итог с первого чека", bold=True)
    for kind, amount in (
        (ReceiptKind.INCOME, grand.income),
        (ReceiptKind.RETURN, grand.returns),
        (ReceiptKind.EXPENSE, grand.expenses),
    ):
        page.pair(RECEIPT_TITLES[kind].capitalize(), rub(amount), indent=INDENT)
    page.pair("Итого наличные", rub(grand.cash), indent=INDENT)
    page.rule()
    head = report.chain_head
    if head is not None:
        # Anchors the audit chain on paper: a recomputed chain would not end in this hash.
        page.pair("Журнал аудита, запись №", str(head.seq))
        for start in range(0, len(head.hash), width):
            page.wrap(head.hash[start : start + width])
        page.rule()
    if not report.closing:
        page.wrap(f"Смена ККМ № {report.day_no} не закрыта", bold=True, center=True)
    return page.items


def _operation_lines(page: Page, report: DayReport) -> None:
    """Each operation's sum and count (issue 34): the players' accounts' cash on lines of its
    own, so that an auditor tells betting turnover from account money."""
    page.wrap("По видам операций", bold=True)
    for total in report.totals.by_operation():
        page.pair(OPERATION_WORDS[total.operation], rub(total.amount))
        page.pair("чеков", str(total.count), indent=INDENT)


def _cashless_lines(page: Page, report: DayReport) -> None:
    """The day's cashless operations (issue 37, p.7): no cash, no receipt, so apart from the
    receipts' totals and the cash; printed only on a day that had some."""
    if not report.cashless.any:
        return
    page.wrap("Безналичные (без чека, не в кассе)", bold=True)
    for words, count, amount in report.cashless.lines():
        page.pair(words, rub(amount))
        page.pair("операций", str(count), indent=INDENT)
    page.rule()


def _skks_lines(page: Page, report: DayReport) -> None:
    """The closed shift's totals against the СККС controller's (issue 35), when it reports."""
    if report.skks is None:
        return
    verdict, notes = reconciliation_words(report.skks)
    page.wrap(verdict, bold=True)
    differences = report.skks.differences()
    for difference in differences:  # each kind, then the two counts under it
        page.wrap(TOTAL_WORDS.get(difference.name, difference.name).capitalize())
        page.pair("касса", total_words(difference.ours), indent=INDENT)
        page.pair("СККС", total_words(difference.theirs), indent=INDENT)
    if not differences:
        for note in notes:
            page.wrap(note, indent=INDENT, first="")
    page.rule()


def _register_lines(page: Page, serial: str, number: str) -> None:
    """The register's factory serial and, once set, its registration number."""
    page.wrap(f"Заводской № ККМ {serial}")
    if number:
        page.wrap(f"Рег. № ККМ {number}")


def transfer_layout(
    transfer: CashTransfer,
    settings: ShopSettings,
    *,
    terminal: str,
    code_page: str = "CP866",
    width: int = WIDTH_80MM,
) -> list[Item]:
    """The document of cash put into the drawer or taken out of it, with its reason.

    Args:
        transfer: the cash in or out.
        settings: the shop's name, address, licence number and time zone.
        terminal: the terminal whose drawer it is.
        code_page: the printer's code page.
        width: characters per line.

    Returns:
        Text lines no longer than `width`, with a line for the signature.
    """
    inward = transfer.kind is TransferKind.CASH_IN
    page = Page(code_page, width)
    shop_header(page, settings)
    page.rule()
    page.wrap("ВНЕСЕНИЕ НАЛИЧНЫХ" if inward else "ИЗЪЯТИЕ НАЛИЧНЫХ", bold=True, center=True)
    # The cash shift, by the name the X and Z reports give it too; receipts number the
    # register's days («Смена ККМ»), another count (issue 34).
    page.wrap(f"Кассовая смена № {transfer.shift_id}")
    page.pair(
        local(transfer.at, settings.zone, "%d.%m.%Y"),
        local(transfer.at, settings.zone, "%H:%M:%S"),
    )
    page.pair(f"Терминал {terminal}", f"Кассир {transfer.cashier}")
    page.rule()
    page.pair("СУММА", rub(transfer.amount), bold=True, tall=True)
    page.wrap(f"Причина: {transfer.reason}")
    page.rule()
    page.wrap("Подпись: ____________________")
    return page.items


def test_page_layout(
    settings: ShopSettings,
    *,
    code_page: str = "CP866",
    width: int = WIDTH_80MM,
    where: str,
    capabilities: Capabilities | None = None,
) -> list[Item]:
    """A page that shows what the printer makes of the code page, the width, styles and codes.

    Args:
        settings: the shop settings (the page starts with the shop's header).
        code_page: the code page the printer is set to.
        width: characters per line the printer is set to.
        where: which printer this is, as the shop knows it (e.g. "К1, купоны, 10.0.0.7:9100").
        capabilities: what the printer's model can do, as the jobs are rendered for it: the
            page says it (issue 16).

    Returns:
        Text lines no longer than `width`, a CODE128 barcode and a QR code.
    """
    page = Page(code_page, width)
    page.wrap("ПРОВЕРКА ПРИНТЕРА", bold=True, center=True, tall=True)
    shop_header(page, settings)
    page.rule()
    page.wrap(f"Принтер: {where}")
    page.pair("Кодовая страница", code_page.upper())
    page.pair("Ширина строки", f"{width} симв.")
    if capabilities is not None:
        _capability_lines(page, capabilities, code_page)
    page.rule()
    for alphabet in (_UPPER, _UPPER.lower()):
        # 33 letters do not fit 32 columns: split in halves rather than leave "Я" alone.
        half = len(alphabet) if len(alphabet) <= width else (len(alphabet) + 1) // 2
        page.wrap(alphabet[:half])
        page.wrap(alphabet[half:])
    for name, symbols in _SYMBOLS:
        fitted = for_code_page(symbols, code_page)
        page.pair(f"{name}: {symbols}", "как есть" if fitted == symbols else "замена")
    page.wrap("Цифры: 0123456789")
    page.add(Text((_RULER * (width // len(_RULER) + 1))[:width]))
    page.wrap("Жирная строка", bold=True)
    page.wrap("Двойная высота", tall=True)
    page.rule()
    page.wrap(f"Штрихкод CODE128: {TEST_BARCODE}", center=True)
    page.add(Barcode(TEST_BARCODE))
    page.wrap(f"QR-код: {TEST_QR}", center=True)
    page.add(QrCode(TEST_QR))
    return page.items


def _capability_lines(page: Page, can: Capabilities, code_page: str) -> None:
    """What the model does with the page: the table, the cut, the codes."""
    page.pair("Модель", can.model)
    page.pair("Таблица", f"ESC t {can.slots.get(code_page.upper(), '-')}")
    page.pair("Нож", "есть" if can.cuts else "нет, отрывать")
    page.pair("Штрихкод", "печатает принтер" if can.hardware_barcode else "картинкой")
    page.pair("QR-код", "печатает принтер" if can.native_qr else "картинкой")


def _item_words(receipt: FiscalReceipt) -> str:
    if receipt.account_number is not None and receipt.kind in ACCOUNT_ITEM_WORDS:
        words = ACCOUNT_ITEM_WORDS[receipt.kind]
        return f"{words} №{NBSP}{display_account_number(receipt.account_number)}"
    words = ITEM_WORDS[receipt.kind]
    if receipt.slip_number is None:
        return words
    return f"{words} №{NBSP}{display_slip_number(receipt.slip_number)}"  # never "№" alone
