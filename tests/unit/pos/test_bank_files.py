"""The bank statement file and the checks of a transfer's fields, pure (issue 37, p.7): the 1C
client-bank exchange format in its encodings, the CSV, the shop's own payments skipped, the
player's account found in the purpose, a Belarusian IBAN's check digits, the same order."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from pos.accounts.bank_files import account_in, parse_bank_file
from pos.accounts.errors import (
    BankFileRejected,
    InvalidBankAccount,
    InvalidOrder,
    ThirdPartyAccount,
)
from pos.accounts.transfer_rules import (
    PaymentOrder,
    iban_with_checks,
    parse_bank_account,
    parse_order_date,
    parse_order_number,
    payee,
)

BANK = iban_with_checks("ALFA30120000012345678901")
SHOP = iban_with_checks("AKBB30120000055555555501")


def one_c(*documents: list[str], encoding: str = "Windows") -> str:
    head = ["1CClientBankExchange", "ВерсияФормата=1.03", f"Кодировка={encoding}"]
    body = [line for document in documents for line in document]
    return "\r\n".join([*head, f"РасчСчет={SHOP}", *body, "КонецФайла"])


def document(number: str, purpose: str, payer: str = BANK, **more: str) -> list[str]:
    return [
        "СекцияДокумент=Платежное поручение",
        f"Номер={number}",
        "Дата=27.11.2026",
        "Сумма=12.50",
        f"ПлательщикСчет={payer}",
        "Плательщик=ИВАНОВ",
        *(f"{key}={value}" for key, value in more.items()),
        f"НазначениеПлатежа={purpose}",
        "КонецДокумента",
    ]


@pytest.mark.parametrize("encoding", ["cp1251", "utf-8", "utf-8-sig"])
def test_p7_a_1c_statement_is_read_in_its_encodings(encoding: str) -> None:
    text = one_c(document("000124", "Пополнение счёта игрока 000001-234-56"))
    (order,) = parse_bank_file("kl_to_1c.txt", text.encode(encoding))
    assert (order.line, order.number, order.on, order.amount) == (
        5,
        "124",
        date(2026, 11, 27),
        Decimal("12.50"),
    )
    assert (order.payer, order.bank_account, order.account_text) == (
        "ИВАНОВ",
        BANK,
        "00000123456",
    )


def test_p7_a_dos_statement_and_the_fuller_payers_name() -> None:
    text = one_c(document("7", "счет 00000123456", Плательщик1="Иванов Пётр"), encoding="DOS")
    (order,) = parse_bank_file("dos.txt", text.encode("cp866"))
    assert order.payer == "Иванов Пётр"


def test_p7_the_shops_own_payments_are_skipped() -> None:
    ours = document("9", "Аренда за ноябрь", payer=SHOP)
    paid = document("10", "Возврат", payer="", ДатаСписано="27.11.2026")
    text = one_c(ours, paid, document("11", "счет 000001-234-56"))
    assert [order.number for order in parse_bank_file("v.txt", text.encode("cp1251"))] == ["11"]
    with pytest.raises(BankFileRejected, match="нет ни одного поступления"):
        parse_bank_file("v.txt", one_c(ours).encode("cp1251"))


def test_p7_every_bad_document_is_named_by_its_line() -> None:
    unclosed = document("12", "счет 00000123456")[:-1]
    text = one_c(document("", "счет 00000123456"), unclosed)
    with pytest.raises(BankFileRejected) as refused:
        parse_bank_file("v.txt", text.encode("cp1251"))
    assert [line for line, _ in refused.value.problems] == [5, 13]
    assert "документ без строки КонецДокумента" in str(refused.value)


def test_p7_a_csv_statement_needs_its_header_and_six_fields() -> None:
    header = "дата;поручение;сумма;плательщик;счёт_плательщика;счёт_игрока"
    good = f"{header}\n27.11.2026;31;1 000,00;Иванов;;000001-234-56\n"
    (order,) = parse_bank_file("v.csv", good.encode("cp1251"))
    assert (order.amount, order.bank_account, order.account_text) == (
        Decimal("1000.00"),
        "",
        "00000123456",
    )
    with pytest.raises(BankFileRejected, match="строка 1: первая строка — не заголовок"):
        parse_bank_file("v.csv", b"27.11.2026;31;1;2;3;4\n")
    with pytest.raises(BankFileRejected, match="строка 2: нужно 6 полей через «;», а их 2"):
        parse_bank_file("v.csv", f"{header}\n27.11.2026;31\n".encode())


def test_p7_the_account_is_the_one_number_of_eleven_digits_in_the_purpose() -> None:
    assert account_in("Пополнение 000001-234-56 по договору 12 от 01.11.2026") == "00000123456"
    assert account_in("счёт 000001 234 56, сумма 200 00") == "00000123456"
    assert account_in("счета 00000123456 и 00000765432") == ""  # two: which one?
    assert account_in("телефон +375291234567") == ""


def test_p7_a_belarusian_bank_account_has_its_check_digits() -> None:
    assert parse_bank_account(f" {BANK[:4].lower()} {BANK[4:]} ") == BANK
    for bad in (BANK[:-1] + "0", BANK[:-1], "DE89370400440532013000", "", None, "ВY" + BANK[2:]):
        with pytest.raises(InvalidBankAccount):
            parse_bank_account(bad)


def test_p7_a_payment_orders_number_and_date() -> None:
    assert parse_order_number(" 000124 ") == parse_order_number(124) == "124"
    assert parse_order_number("А-1/2") == "А-1/2"
    assert parse_order_date("2026-11-27") == parse_order_date("27.11.2026") == date(2026, 11, 27)
    for bad in ("", "1 2", "1" * 21, None, True, -1):
        with pytest.raises(InvalidOrder):
            parse_order_number(bad)
    for bad_date in ("31.02.2026", "27/11/2026", "", 20261127):
        with pytest.raises(InvalidOrder):
            parse_order_date(bad_date)


def test_p7_the_same_order_and_where_money_may_go_back() -> None:
    on = date(2026, 11, 27)
    assert PaymentOrder("124", on, BANK).same_as(PaymentOrder("124", on, ""))
    assert not PaymentOrder("124", on, BANK).same_as(PaymentOrder("124", on, SHOP))
    assert not PaymentOrder("124", on, BANK).same_as(PaymentOrder("125", on, BANK))
    assert payee("00000123456", [BANK, BANK], "") == BANK
    with pytest.raises(ThirdPartyAccount, match="не поступало переводов с известного"):
        payee("00000123456", [], "")
    with pytest.raises(ThirdPartyAccount, match="укажите, на какой"):
        payee("00000123456", [BANK, SHOP], "")
    with pytest.raises(ThirdPartyAccount, match="только на банковский счёт"):
        payee("00000123456", [BANK], SHOP)
