"""The ports of the player-account games (accounts, «Спрэдбет»): what pos/ needs stored.

Apart from pos.core.ports, which holds the first slice's, so that neither grows past a page.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the rooms' types the ports carry; core imports no room (README)
    from pos.accounts.accounts import Account, StatementLine
    from pos.accounts.ledger import Balance


class AccountRepository(Protocol):
    """Player accounts, their balances, statements and the self-exclusion register."""

    def next_serial(self) -> int:
        """The next account serial, taken in this transaction."""
        ...

    def add(self, account: Account) -> None: ...

    def get(self, number: str, *, for_update: bool = False) -> Account | None:
        """The account; `for_update` locks its row until the transaction ends (its balance
        changes only under that lock)."""
        ...

    def by_document(self, key: str) -> Account | None: ...

    def move(self, number: str, balance: Balance, line: StatementLine) -> None:
        """Store the account's new balance and the statement line that made it."""
        ...

    def set_blocked(self, number: str, reason: str | None) -> None: ...
    def statement(self, number: str) -> list[StatementLine]: ...
    def all_numbers(self) -> list[str]: ...
    def excluded(self, key: str) -> bool: ...

    def replace_exclusions(self, keys: Collection[str]) -> None:
        """The self-exclusion register becomes exactly these document keys."""
        ...

    def exclusion_count(self) -> int: ...
