"""A bank statement file read into payment orders onto players' accounts (p.7, issue 37; pure).

Two formats, told apart by the first line:

- the 1C client-bank exchange text (`1CClientBankExchange`, version 1.02/1.03, which banks in
  Belarus export for accounting programs): `Ключ=Значение` lines, each document between
  `СекцияДокумент=…` and `КонецДокумента`; read are `Номер`, `Дата`, `Сумма`,
  `ПлательщикСчет`, `Плательщик1` (else `Плательщик`) and `НазначениеПлатежа`. A document
  whose payer is the shop (its `ПлательщикСчет` is one of the file's `РасчСчет`, or it was
  written off, `ДатаСписано`, and never received, `ДатаПоступило`) is the shop's own payment
  and is skipped. Windows-1251 as the format's `Кодировка=Windows` says, `DOS` as CP866,
  and UTF-8 (with or without its mark) taken as well.
- a plain CSV in UTF-8 or Windows-1251, `;` between the fields, a header line first, the
  columns `дата;поручение;сумма;плательщик;счёт_плательщика;счёт_игрока` (date ДД.ММ.ГГГГ,
  the order's number, the amount in roubles with a comma or a point, the payer's name, the
  payer's IBAN — may be empty —, the player's account number).

The player's account is the one 11-digit number in the document's purpose (printed as on the
card, 000123-456-78, or as digits). Every problem is collected with its line (a 1C document's
by its `СекцияДокумент` line) so that the manager sees them all at once; nothing is loaded
while one remains.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from pos.accounts.errors import BankFileRejected
from pos.accounts.transfer_rules import (
    PURPOSE,
    clean_payer,
    optional_bank_account,
    parse_order_date,
    parse_order_number,
)
from pos.core.errors import DomainError
from pos.core.input_errors import InvalidAmount
from pos.core.inputs import clean_text, shown
from pos.core.money import to_money
from pos.core.wording import ACCOUNT_NUMBER_LENGTH

MAGIC = "1CClientBankExchange"
CSV_HEADER = ("дата", "поручение", "сумма", "плательщик", "счёт_плательщика", "счёт_игрока")
MAX_BYTES = 5_000_000  # a day's statement is kilobytes; more is not a statement
# An account number as the card prints it (000123-456-78) or as typed with spaces or none.
_NUMBERS = (
    re.compile(r"(?<![0-9])[0-9](?:[0-9\-]{0,20}[0-9])?(?![0-9])"),
    re.compile(r"(?<![0-9])[0-9](?:[0-9 \-]{0,20}[0-9])?(?![0-9])"),
)
_ENCODINGS = {"windows": "cp1251", "dos": "cp866"}


@dataclass(frozen=True)
class BankOrder:
    """One payment onto a player's account as the statement gives it, with its line."""

    line: int
    number: str
    on: date
    amount: Decimal
    payer: str
    bank_account: str  # the payer's IBAN, "" when the file has none
    account_text: str  # the player's account number as the purpose has it (checked later)
    purpose: str


def parse_bank_file(name: str, data: bytes) -> list[BankOrder]:
    """The payments onto players' accounts in a bank statement file, all or nothing.

    Args:
        name: the file's name, for the refusal.
        data: its bytes.

    Returns:
        The incoming payments, in the file's order (outgoing ones skipped).

    Raises:
        BankFileRejected: each bad document or line with its line; or no payment at all.
    """
    orders, problems = read_bank_file(name, data)
    if problems or not orders:
        raise BankFileRejected(name, problems)
    return orders


def read_bank_file(name: str, data: bytes) -> tuple[list[BankOrder], list[tuple[int, str]]]:
    """`parse_bank_file` without the refusal: the good payments and each bad line's problem,
    for a caller that checks the good ones against the register too and names every problem
    at once.

    Raises:
        BankFileRejected: not a statement at all (not bytes, or too large).
    """
    lines = _decoded(name, data).splitlines()
    first = lines[0].strip() if lines else ""
    return (_read_1c if first == MAGIC else _read_csv)(lines)


def _decoded(name: str, data: bytes) -> str:
    if not isinstance(data, bytes) or len(data) > MAX_BYTES:
        raise BankFileRejected(name, [(0, "это не файл выписки банка")])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    # The file names its encoding in a line written in that encoding: look for it in each.
    for encoding in ("cp1251", "cp866"):
        found = re.search(r"Кодировка=(\w+)", data[:400].decode(encoding, errors="replace"))
        if found:
            return data.decode(_ENCODINGS.get(found.group(1).lower(), encoding), errors="replace")
    return data.decode("cp1251", errors="replace")


# --- 1CClientBankExchange -----------------------------------------------------------------


def _read_1c(lines: list[str]) -> tuple[list[BankOrder], list[tuple[int, str]]]:
    own: set[str] = set()
    orders: list[BankOrder] = []
    problems: list[tuple[int, str]] = []
    for start, fields in _documents(lines, own):
        if fields is None:
            problems.append((start, "документ без строки КонецДокумента"))
            continue
        if _outgoing(fields, own):
            continue
        _take(problems, orders, start, _order_of_1c, start, fields)
    return orders, problems


def _documents(lines: list[str], own: set[str]) -> Iterator[tuple[int, dict[str, str] | None]]:
    """Each document's first line and its fields (None: not closed); the file's own accounts
    (`РасчСчет`) are gathered into `own` as they come."""
    start = 0
    fields: dict[str, str] | None = None
    for number, raw in enumerate(lines, start=1):
        key, _, value = raw.strip().partition("=")
        if key == "СекцияДокумент":
            if fields is not None:
                yield start, None
            start, fields = number, {}
        elif key == "КонецДокумента" and fields is not None:
            yield start, fields
            fields = None
        elif fields is not None:
            fields.setdefault(key, value.strip())
        elif key == "РасчСчет":
            own.add("".join(value.split()).upper())
    if fields is not None:
        yield start, None


def _outgoing(fields: dict[str, str], own: set[str]) -> bool:
    payer = "".join(fields.get("ПлательщикСчет", "").split()).upper()
    if payer and payer in own:
        return True
    return bool(fields.get("ДатаСписано")) and not fields.get("ДатаПоступило")


def _order_of_1c(line: int, fields: dict[str, str]) -> BankOrder:
    payer = fields.get("Плательщик1") or fields.get("Плательщик", "")
    return _order(
        line,
        fields.get("Номер", ""),
        fields.get("Дата", ""),
        fields.get("Сумма", ""),
        payer,
        fields.get("ПлательщикСчет", ""),
        fields.get("НазначениеПлатежа", ""),
    )


# --- CSV ----------------------------------------------------------------------------------


def _read_csv(lines: list[str]) -> tuple[list[BankOrder], list[tuple[int, str]]]:
    orders: list[BankOrder] = []
    problems: list[tuple[int, str]] = []
    header = tuple(cell.strip().lower().replace("ё", "е") for cell in (lines or [""])[0].split(";"))
    if header != tuple(column.replace("ё", "е") for column in CSV_HEADER):
        return [], [(1, f"первая строка — не заголовок «{';'.join(CSV_HEADER)}»")]
    for number, raw in enumerate(lines[1:], start=2):
        if not raw.strip():
            continue
        cells = raw.split(";")
        if len(cells) != len(CSV_HEADER):
            problems.append((number, f"нужно {len(CSV_HEADER)} полей через «;», а их {len(cells)}"))
            continue
        on, order, amount, payer, bank_account, account = cells
        fields = (number, order, on, amount, payer, bank_account, account)
        _take(problems, orders, number, _order, *fields)
    return orders, problems


# --- shared ------------------------------------------------------------------------------


def _take(
    problems: list[tuple[int, str]],
    orders: list[BankOrder],
    line: int,
    read: Callable[..., BankOrder],
    *fields: object,
) -> None:
    try:
        orders.append(read(*fields))
    except DomainError as refused:
        problems.append((line, str(refused)))


def _order(
    line: int,
    number: str,
    on: str,
    amount: str,
    payer: str,
    bank_account: str,
    purpose: str,
) -> BankOrder:
    """One payment's fields checked.

    Raises:
        InvalidOrder, InvalidAmount, InvalidBankAccount, InvalidText: the field's sentence.
    """
    money = to_money(amount.strip())
    if money <= 0:
        raise InvalidAmount(shown(amount), "not_positive")
    text = clean_text(purpose, "transfer_purpose", PURPOSE)
    return BankOrder(
        line,
        parse_order_number(number),
        parse_order_date(on),
        money,
        clean_payer(payer),
        optional_bank_account(bank_account),
        account_in(text),
        text,
    )


def account_in(purpose: str) -> str:
    """The one player's account number a payment's purpose names, as its digits ("" when it
    names none, or several different ones: the use case refuses both)."""
    found = {
        digits
        for pattern in _NUMBERS
        for match in pattern.finditer(purpose)
        if len(digits := re.sub(r"[ \-]", "", match.group())) == ACCOUNT_NUMBER_LENGTH
    }
    return found.pop() if len(found) == 1 else ""
