"""The register of bank transfers in memory (pos.core.transfer_ports; issue 37, p.7)."""

from __future__ import annotations

from datetime import date, datetime

from pos.accounts.transfer_rules import Direction, Transfer
from pos.till.cashless import ZERO, CashlessTotals

try:  # tests.fakes
    from tests.fake_repositories import FakeData
except ImportError:  # fakes, with tests/ on sys.path (python tests/screenshots.py)
    from fake_repositories import FakeData  # type: ignore[no-redef]


class FakeTransfers:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def add(self, transfer: Transfer) -> None:
        key = _key(transfer)
        if any(_key(other) == key for other in self._data.bank_transfers):
            raise AssertionError("the unique order key would refuse it")
        self._data.bank_transfers.append(transfer)

    def by_order(self, number: str, on: date | None = None) -> list[Transfer]:
        return [
            t
            for t in self._data.bank_transfers
            if t.order.number == number and (on is None or t.order.on == on)
        ]

    def senders(self, account_number: str) -> list[str]:
        return list(
            dict.fromkeys(
                t.bank_account
                for t in self.of_account(account_number)
                if t.direction is Direction.IN and t.bank_account
            )
        )

    def of_account(self, account_number: str) -> list[Transfer]:
        return [t for t in self._data.bank_transfers if t.account_number == account_number]

    def between(
        self,
        since: datetime,
        until: datetime,
        *,
        terminal: str | None = None,
        office: str | None = None,
    ) -> list[Transfer]:
        return [
            t
            for t in self._data.bank_transfers
            if since <= t.at <= until
            and terminal in (None, t.terminal)
            and office in (None, t.office)
        ]

    def totals(
        self,
        since: datetime,
        until: datetime,
        *,
        terminal: str | None = None,
        office: str | None = None,
    ) -> CashlessTotals:
        found = self.between(since, until, terminal=terminal, office=office)
        ins = [t.amount for t in found if t.direction is Direction.IN]
        outs = [t.amount for t in found if t.direction is Direction.OUT]
        return CashlessTotals(len(ins), sum(ins, ZERO), len(outs), sum(outs, ZERO))


def _key(transfer: Transfer) -> tuple[str, str, str, date]:
    issuer = transfer.order.bank_account if transfer.direction is Direction.IN else ""
    return (transfer.direction.value, issuer, transfer.order.number, transfer.order.on)
