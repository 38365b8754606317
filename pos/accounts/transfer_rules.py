"""Bank transfers onto and off players' accounts (p.7, issue 37): the register's entries and the
checks of what a manager types or a bank statement gives (pure).

A payment order is known by its number, its date and whose it is: the payer's bank account
for money in (banks number each client's orders apart, so two payers may both send an order
№ 124 on one day), the shop itself for money out. An order typed without the payer's account
collides with every order of its number and date: the same order twice is refused
(DESIGN.md, "Cashless stakes") even when one of them was typed without its account.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum

from pos.accounts.errors import InvalidBankAccount, InvalidOrder, ThirdPartyAccount
from pos.core.inputs import clean_text, shown

ORDER = 20  # account_transfers.order_no (db.tables.transfers)
PAYER = 200  # account_transfers.payer
PURPOSE = 210  # account_transfers.purpose: 1C's НазначениеПлатежа holds at most 210
BANK_ACCOUNT = 28  # a Belarusian IBAN: BY, 2 check digits, 4 of the bank, 20 of the account
_IBAN = re.compile(r"BY[0-9]{2}[A-Z0-9]{4}[0-9]{4}[A-Z0-9]{16}")
_ORDER = re.compile(r"[0-9A-Za-zА-Яа-яЁё/\-]{1,20}")
_DATE = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})|([0-9]{4})-([0-9]{2})-([0-9]{2})")


class Direction(StrEnum):
    """Which way the money went."""

    IN = "in"  # onto an account (or a remote coupon's stake) from the payer's bank account
    OUT = "out"  # off an account to a bank account that sent money in


@dataclass(frozen=True)
class PaymentOrder:
    """A payment order as a bank statement names it: number, date, whose (the payer's bank
    account for money in, "" when not known; "" for the shop's own orders out)."""

    number: str
    on: date
    bank_account: str = ""

    def same_as(self, other: PaymentOrder) -> bool:
        """Whether the two are one order (an unknown payer's account matches every one)."""
        if (self.number, self.on) != (other.number, other.on):
            return False
        return (
            not self.bank_account
            or not other.bank_account
            or self.bank_account == (other.bank_account)
        )


@dataclass(frozen=True)
class Transfer:
    """One entry of the register of transfers: the order, who paid (or was paid), the amount
    and what it was for: a player's account, or (later) a remote coupon's stake (p.17)."""

    direction: Direction
    order: PaymentOrder
    amount: Decimal
    payer: str  # the payer's name (in); for out, the holder the money is sent back to
    bank_account: str  # the player's side: the payer's account in, the recipient's out
    account_number: str | None  # the player's account; None: a coupon's stake
    at: datetime
    terminal: str
    cashier: str
    office: str
    purpose: str = ""  # the statement's НазначениеПлатежа, or a note
    source: str = ""  # the bank statement file it was loaded from ("" typed)
    reference: str = ""  # what else it paid (a coupon's number, p.17)

    @property
    def signed(self) -> Decimal:
        """The amount as the account's money moved: in positive, out negative."""
        return self.amount if self.direction is Direction.IN else -self.amount


def parse_order_number(value: object) -> str:
    """A payment order's number as typed or read: letters, digits, «/» and «-», leading zeros
    of an all-digit number dropped («000124» is order 124 in every bank's statement).

    Raises:
        InvalidOrder: empty, too long, or other characters.
    """
    text = value.strip() if isinstance(value, str) else str(value) if _whole(value) else ""
    if not _ORDER.fullmatch(text):
        raise InvalidOrder("number", shown(value))
    if text.isdigit():
        return text.lstrip("0") or "0"
    return text


def parse_order_date(value: object) -> date:
    """A payment order's date: a date, or its text «ДД.ММ.ГГГГ» or «ГГГГ-ММ-ДД».

    Raises:
        InvalidOrder: not a date.
    """
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = value.strip() if isinstance(value, str) else ""
    found = _DATE.fullmatch(text) if len(text) <= 10 else None
    if found is None:
        raise InvalidOrder("date", shown(value))
    day, month, year = found.group(1, 2, 3) if found.group(1) else (found[6], found[5], found[4])
    try:
        return date(int(year), int(month), int(day))
    except ValueError:
        raise InvalidOrder("date", shown(value)) from None


def parse_bank_account(value: object) -> str:
    """A Belarusian bank account (IBAN) as typed or read: spaces ignored, letters upper-cased,
    its ISO 13616 check digits verified.

    Raises:
        InvalidBankAccount: not 28 characters «BY…», or the check digits do not match.
    """
    text = value if isinstance(value, str) else ""
    compact = "".join(text.split()).upper()
    if not compact.isascii() or not _IBAN.fullmatch(compact) or not _iban_checks(compact):
        raise InvalidBankAccount(shown(value))
    return compact


def optional_bank_account(value: object) -> str:
    """`parse_bank_account`, or "" for None or nothing typed."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return ""
    return parse_bank_account(value)


def clean_payer(value: object) -> str:
    """The payer's name as typed or read (not empty).

    Raises:
        InvalidText: not text, a control character, or too long; empty.
    """
    text = clean_text(value, "payer", PAYER)
    if not text:
        raise InvalidOrder("payer", "")
    return text


def payee(account_number: str, senders: list[str], chosen: str) -> str:
    """The bank account money off `account_number` may go to (p.7): one that sent money onto
    it; with none `chosen`, the only one there is.

    Args:
        senders: the payers' bank accounts of the account's transfers in, first first.
        chosen: the bank account typed ("" none).

    Raises:
        ThirdPartyAccount: `chosen` never sent money in, or none is chosen and the account
            received from none or from several.
    """
    known = list(dict.fromkeys(senders))
    if chosen:
        if chosen not in known:
            raise ThirdPartyAccount(account_number, chosen, tuple(known))
        return chosen
    if len(known) != 1:
        raise ThirdPartyAccount(account_number, "", tuple(known))
    return known[0]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**ORDER


def _iban_checks(iban: str) -> bool:
    """ISO 13616: the country and check digits moved to the end, letters as 10..35, mod 97."""
    moved = iban[4:] + iban[:4]
    digits = "".join(str(string.ascii_uppercase.index(c) + 10) if c.isalpha() else c for c in moved)
    return int(digits) % 97 == 1


def iban_with_checks(body: str) -> str:
    """A Belarusian IBAN with its check digits, of the 24 characters after them (tests, demo)."""
    moved = body + "BY00"
    digits = "".join(str(string.ascii_uppercase.index(c) + 10) if c.isalpha() else c for c in moved)
    return f"BY{98 - int(digits) % 97:02d}{body}"
