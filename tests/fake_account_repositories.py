"""In-memory fake of the accounts port (pos.core.account_ports), for unit and GUI tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection

from pos.accounts.accounts import Account, StatementLine
from pos.accounts.ledger import Balance

try:  # tests.fake_account_repositories
    from tests.fake_repositories import FakeData
except ImportError:  # with tests/ on sys.path
    from fake_repositories import FakeData  # type: ignore[no-redef]


class FakeAccounts:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def next_serial(self) -> int:
        self._data.account_serial += 1
        return self._data.account_serial

    def add(self, account: Account) -> None:
        if any(a.document_key == account.document_key for a in self._data.accounts.values()):
            raise AssertionError("the unique document key would refuse it")
        self._data.accounts[account.number] = account

    def get(self, number: str, *, for_update: bool = False) -> Account | None:
        return self._data.accounts.get(number)

    def by_document(self, key: str) -> Account | None:
        return next((a for a in self._data.accounts.values() if a.document_key == key), None)

    def move(self, number: str, balance: Balance, line: StatementLine) -> None:
        account = self._data.accounts[number]
        self._data.accounts[number] = dataclasses.replace(account, balance=balance)
        self._data.account_lines[number] = (*self._data.account_lines.get(number, ()), line)

    def set_blocked(self, number: str, reason: str | None) -> None:
        account = self._data.accounts[number]
        self._data.accounts[number] = dataclasses.replace(account, blocked_reason=reason)

    def statement(self, number: str) -> list[StatementLine]:
        return list(self._data.account_lines.get(number, ()))

    def all_numbers(self) -> list[str]:
        return list(self._data.accounts)

    def excluded(self, key: str) -> bool:
        return key in self._data.exclusions

    def replace_exclusions(self, keys: Collection[str]) -> None:
        self._data.exclusions = set(keys)

    def exclusion_count(self) -> int:
        return len(self._data.exclusions)

    def lock_many(self, numbers: list[str]) -> dict[str, Account]:
        return {n: self._data.accounts[n] for n in numbers if n in self._data.accounts}

    def move_many(self, number: str, balance: Balance, lines: list[StatementLine]) -> None:
        for line in lines:
            self.move(number, balance, line)
