"""The message set the controller hears (DESIGN.md "СККС"): one message per operation, its id
fixed by the terminal and a per-terminal sequence. What each kind carries is built here; how
it is written on the wire is the adapter's (db.skks_wire), so that the centre's official
format replaces that adapter alone."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum

from pos.people.identity import IdDocument

# What a field of a message may hold: the adapter writes each as its wire type (amounts in
# integer kopecks, dates and times in ISO 8601).
Value = str | int | Decimal | date | datetime | None | Sequence["Value"] | Mapping[str, "Value"]


class Kind(StrEnum):
    TERMINAL_OPENED = "terminal_opened"
    TERMINAL_CLOSED = "terminal_closed"
    SHIFT_OPENED = "shift_opened"
    SHIFT_TOTALS = "shift_totals"
    CASH_IN = "cash_in"
    CASH_OUT = "cash_out"
    INCASSATION = "incassation"
    BET_ACCEPTED = "bet_accepted"
    STAKE_RETURNED = "stake_returned"
    WIN_PAID = "win_paid"
    ACCOUNT_DEPOSIT = "account_deposit"
    ACCOUNT_WITHDRAWAL = "account_withdrawal"
    SPREAD_OPENED = "spread_opened"
    SPREAD_CLOSED = "spread_closed"
    PARI_CONCLUDED = "pari_concluded"
    PARI_SETTLED = "pari_settled"
    ANNUL = "annul"
    # Bank transfers onto and off a player's account (issue 37, p.7): no cash, no receipt.
    TRANSFER_IN = "transfer_in"
    TRANSFER_OUT = "transfer_out"
    # A remote coupon's win or return sent by the shop's order (issue 37, p.17).
    COUPON_PAID = "coupon_paid"


# What a payout's first step writes: annulled together when its receipt did not come out.
PAID_KINDS = (Kind.WIN_PAID, Kind.STAKE_RETURNED, Kind.ACCOUNT_WITHDRAWAL)


@dataclasses.dataclass(frozen=True)
class Message:
    """One operation as the controller hears it. `sequence` is 0 until the outbox numbers it."""

    terminal: str
    office: str
    kind: Kind
    at: datetime
    fields: Mapping[str, Value]
    subject: str = ""  # what the operation moved: a slip's, an account's or a shift's number
    sequence: int = 0

    @property
    def id(self) -> str:
        """The id the controller registers once however often it arrives."""
        return message_id(self.terminal, self.sequence)


def message_id(terminal: str, sequence: int) -> str:
    """A message's id: its terminal and its place in the terminal's order."""
    return f"{terminal}-{sequence:010d}"


def participant(document: IdDocument) -> dict[str, Value]:
    """Who a win is paid to or whose account moved (protocol 6.5.5): the names, the document
    and its date and authority, the personal number."""
    return {
        "surname": document.surname,
        "name": document.name,
        "patronymic": document.patronymic,
        "document_kind": document.kind,
        "document_number": document.number,
        "issued_on": document.issued_on,
        "issued_by": document.issued_by,
        "personal_number": document.personal_number,
    }


def paid_fields(what: str, number: str, amount: Decimal, document: IdDocument) -> dict[str, Value]:
    """A win paid or a stake paid back (`what` "slip"), money onto or off an account
    ("account"): its number, the amount and who took or brought it."""
    return {what: number, "amount": amount, "participant": participant(document)}


@dataclasses.dataclass(frozen=True)
class Queued:
    """A message in the outbox as it was written: its wire text never changes (DESIGN.md)."""

    id: str
    terminal: str
    sequence: int
    kind: Kind
    written_at: datetime
    body: str


@dataclasses.dataclass(frozen=True)
class Refusal:
    """A message the controller refused after the fact («Расхождения СККС»)."""

    id: str
    terminal: str
    kind: Kind
    written_at: datetime
    error: str
    text: str
    answered_at: datetime


@dataclasses.dataclass(frozen=True)
class OutboxState:
    """A terminal's outbox: how many messages wait and since when."""

    unsent: int
    oldest: datetime | None
