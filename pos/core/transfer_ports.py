"""The port of the register of bank transfers (p.7, p.17; issue 37): what pos/ needs stored."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the room's types the port carries; core imports no room (README)
    from datetime import date, datetime

    from pos.accounts.transfer_rules import Transfer
    from pos.till.cashless import CashlessTotals


class TransferRepository(Protocol):
    """Every payment order onto and off players' accounts (and, later, remote coupons' stakes):
    a payment order is recorded once (pos.accounts.transfer_rules.PaymentOrder)."""

    def add(self, transfer: Transfer) -> None:
        """Record a transfer (the register's unique order is the last guard of "once")."""
        ...

    def by_order(self, number: str, on: date | None = None) -> list[Transfer]:
        """The transfers of the payment order with this number (of that date), in and out,
        in the order they were recorded: what a new order or a coupon's payment is checked
        against."""
        ...

    def senders(self, account_number: str) -> list[str]:
        """The payers' bank accounts of the account's transfers in, first first (no empty)."""
        ...

    def of_account(self, account_number: str) -> list[Transfer]:
        """The account's transfers, in and out, in the order they were recorded."""
        ...

    def between(
        self,
        since: datetime,
        until: datetime,
        *,
        terminal: str | None = None,
        office: str | None = None,
    ) -> list[Transfer]:
        """The transfers recorded from `since` to `until`, both included (at `terminal`, in
        `office`; None: anywhere), in the order they were recorded."""
        ...

    def totals(
        self,
        since: datetime,
        until: datetime,
        *,
        terminal: str | None = None,
        office: str | None = None,
    ) -> CashlessTotals:
        """`between`'s counts and sums in and out: the reports' cashless lines."""
        ...
