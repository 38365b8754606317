"""A remote coupon and the checks of what a manager types for it (p.17, issue 37; pure).

A player who bets on what the bookmaker published sends a coupon of the bookmaker's form and
the stake by bank transfer (from a bank account or card) or by postal order. Where the win
goes follows where the stake came from: a stake from a bank account goes back only to that
account; a stake sent by postal order is paid by payment order, by postal order, or in cash
against a payment list («по ведомости»).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from pos.accounts.transfer_rules import PaymentOrder
from pos.core.inputs import shown
from pos.coupons.errors import InvalidCoupon, WrongBankAccount

NUMBER = 20  # coupons.number (db.tables.coupons)
PLAYER = 200  # coupons.player, as account_transfers.payer
MAX_LEGS = 40  # more than any express or system the line allows
_NUMBER = re.compile(r"[0-9A-Za-zА-Яа-яЁё№/\-]{1,20}")


class PaidBy(StrEnum):
    """How the coupon's stake reached the bookmaker's bank account (p.17)."""

    TRANSFER = "transfer"  # from the player's bank account or card: the win goes back there
    POSTAL = "postal"  # a postal order: a payment order, a postal order or the payment list


class PaidHow(StrEnum):
    """How a coupon's win or return went out."""

    ORDER = "transfer"  # the shop's payment order to the player's bank account
    POSTAL = "postal"  # the shop's postal order to the player's address
    LIST = "list"  # in cash at the till against the payment list («по ведомости»)


@dataclass(frozen=True)
class Coupon:
    """A registered coupon: its number, the slip it made, how its stake came, the player."""

    number: str
    slip_number: str
    paid_by: PaidBy
    order: PaymentOrder  # the stake's order; its `bank_account` the player's ("" postal)
    amount: Decimal
    player: str  # surname, name and patronymic as the coupon gives them
    document_key: str  # the keyed hash of the player's document number (pos.people.restricted)
    registered_at: datetime
    terminal: str
    cashier: str
    office: str

    @property
    def bank_account(self) -> str:
        """The player's bank account the stake came from ("" for a postal order)."""
        return self.order.bank_account


def parse_coupon_number(value: object) -> str:
    """A coupon's number as printed on the bookmaker's form: letters, digits, «№», «/», «-»;
    letters upper-cased so that «к-42» and «К-42» are one coupon.

    Raises:
        InvalidCoupon: empty, too long or other characters.
    """
    text = value.strip() if isinstance(value, str) else ""
    if not _NUMBER.fullmatch(text):
        raise InvalidCoupon("number", shown(value))
    return text.upper()


def legs_from_text(text: str) -> list[tuple[str, str]]:
    """The coupon's legs as the manager types them from the form: «код исход» pairs separated
    by «;» or new lines («101 1; 102 O2.5»); the codes and markets are checked by the pricing.

    Raises:
        InvalidCoupon: a part that is not two words, or none at all.
    """
    parts = [part.split() for part in text.replace("\n", ";").split(";") if part.strip()]
    if not parts or any(len(words) != 2 for words in parts) or len(parts) > MAX_LEGS:
        raise InvalidCoupon("legs", shown(text))
    return [(code, market) for code, market in parts]


def parse_paid_by(value: object) -> PaidBy:
    """`paid_by` as the API or the form gives it: "transfer" or "postal".

    Raises:
        InvalidCoupon: anything else.
    """
    if isinstance(value, PaidBy):
        return value
    text = value.strip().lower() if isinstance(value, str) else ""
    try:
        return PaidBy(text)
    except ValueError:
        raise InvalidCoupon("paid_by", shown(value)) from None


def parse_paid_how(value: object) -> PaidHow:
    """How the shop pays a coupon by order: "transfer" (a payment order) or "postal".

    Raises:
        InvalidCoupon: anything else.
    """
    text = value.strip().lower() if isinstance(value, str) else ""
    if text not in (PaidHow.ORDER, PaidHow.POSTAL):
        raise InvalidCoupon("paid_how", shown(value))
    return PaidHow(text)


def payee_of(coupon: Coupon, how: PaidHow, chosen: str) -> str:
    """The bank account a coupon's win goes to by the shop's order (p.17): the one its stake
    came from, never another; a postal coupon's, the one typed; by postal order, none.

    Args:
        chosen: the bank account typed ("" none).

    Raises:
        WrongBankAccount: another account than the stake's, or none where one is needed.
    """
    if coupon.paid_by is PaidBy.TRANSFER:
        if how is not PaidHow.ORDER or chosen not in ("", coupon.bank_account):
            raise WrongBankAccount(coupon.number, coupon.bank_account, chosen)
        return coupon.bank_account
    if how is PaidHow.POSTAL:
        return ""
    if not chosen:
        raise WrongBankAccount(coupon.number, "", "")
    return chosen
