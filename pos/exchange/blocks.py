"""How an account's blocked money changes when an offer does (DESIGN.md, «Спрэдбетэкс»: an offer
blocks its side's risk while it stands)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from pos.accounts.ledger import Balance
from pos.exchange.terms import ZERO


@dataclass(frozen=True)
class BlockChange:
    """How an account's blocked money changes: `block` more of its free money, or `release`
    some; at most one of them is not zero."""

    account: str
    block: Decimal = ZERO
    release: Decimal = ZERO

    @classmethod
    def between(cls, account: str, before: Decimal, after: Decimal) -> BlockChange:
        """The change from `before` blocked to `after`."""
        if after >= before:
            return cls(account, block=after - before)
        return cls(account, release=before - after)

    def apply(self, balance: Balance) -> Balance:
        """The account's balance after the change.

        Raises:
            FreeBalanceShort: more to block than the free money.
        """
        if self.block:
            return balance.block(self.block)
        if self.release:
            return balance.release(self.release)
        return balance
