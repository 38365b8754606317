"""In-memory fake of the accounts port (pos.core.account_ports), for unit and GUI tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from datetime import datetime
from decimal import Decimal

from pos.accounts.accounts import Account, StatementLine
from pos.accounts.exclusions import RegisterLoad
from pos.accounts.ledger import Balance
from pos.core.money import from_kopecks
from pos.exchange.batch import ConcludedParis, SettledParis, pari_terms
from pos.exchange.facts import LapsedFact, PariFact
from pos.exchange.paris import Offer, OfferStatus, Pari, PariStatus

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

    def take_back_cash(self, terminal: str, number: str, amount: Decimal) -> None:
        cash = self._data.cash
        found = [
            i
            for i, m in enumerate(cash)
            if (m.terminal, m.account_number, m.kind, m.amount)
            == (terminal, number, "deposit", amount)
        ]
        del cash[found[-1]]

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

    def record_register_load(self, load: RegisterLoad) -> None:
        self._data.register_loads.append(load)

    def last_register_load(self) -> RegisterLoad | None:
        return self._data.register_loads[-1] if self._data.register_loads else None

    def lock_many(self, numbers: list[str]) -> dict[str, Account]:
        return {n: self._data.accounts[n] for n in numbers if n in self._data.accounts}

    def move_many(
        self, lines: Mapping[str, list[StatementLine]], accounts: Mapping[str, Account]
    ) -> None:
        for number, account_lines in lines.items():
            for line in account_lines:
                self.move(number, accounts[number].balance, line)


class FakeExchange:
    """Offers and paris in memory (pos.core.account_ports.ExchangeRepository)."""

    def __init__(self, data: FakeData) -> None:
        self._data = data

    def next_serial(self) -> int:
        self._data.account_serial += 1  # one counter is enough for the fakes' numbers
        return self._data.account_serial

    def add_offer(self, offer: Offer) -> None:
        self._data.offers[offer.number] = offer

    def offer(self, number: str, *, for_update: bool = False) -> Offer | None:
        return self._data.offers.get(number)

    def save_offer(self, offer: Offer) -> None:
        self._data.offers[offer.number] = offer

    def add_pari(self, pari: Pari, offer: str, terminal: str, cashier: str, office: str) -> None:
        self._data.paris[pari.number] = pari

    def pari(self, number: str) -> Pari | None:
        return self._data.paris.get(number)

    def remove_pari(self, number: str) -> bool:
        found = self._data.paris.get(number)
        if found is None or found.status is not PariStatus.CONCLUDED:
            return False
        del self._data.paris[number]
        return True

    def board(self, event: int | None, now: datetime) -> list[Offer]:
        return [
            o
            for o in self._data.offers.values()
            if o.status is OfferStatus.OPEN and event in (None, o.event) and o.event_starts_at > now
        ]

    def started_offers(self, now: datetime) -> list[Offer]:
        return [
            o
            for o in self._data.offers.values()
            if o.status is OfferStatus.OPEN and o.event_starts_at <= now
        ]

    def save_offers(self, offers: list[Offer]) -> None:
        for offer in offers:
            self._data.offers[offer.number] = offer

    def account_offers(self, account: str) -> list[Offer]:
        return [o for o in reversed(self._data.offers.values()) if o.account == account]

    def account_paris(self, account: str) -> list[Pari]:
        return [
            p
            for p in reversed(self._data.paris.values())
            if account in (p.back_account, p.lay_account)
        ]

    def events_to_settle(self) -> list[int]:
        concluded = (p for p in self._data.paris.values() if p.status is PariStatus.CONCLUDED)
        return sorted({p.event for p in concluded if p.event in self._data.results})

    def concluded_terms(self, event: int) -> ConcludedParis:
        paris = [
            (index, p)
            for index, p in enumerate(self._data.paris.values())
            if p.event == event and p.status is PariStatus.CONCLUDED
        ]
        return ConcludedParis([index for index, _ in paris], [pari_terms(p) for _, p in paris])

    def record_settled(self, event: int, settled: SettledParis, at: datetime) -> int:
        paris = list(self._data.paris.values())
        for row, index in enumerate(settled.ids.tolist()):
            pari = paris[index]
            self._data.paris[pari.number] = dataclasses.replace(
                pari,
                status=PariStatus.VOID if settled.void[row] else PariStatus.SETTLED,
                back_result=from_kopecks(int(settled.back[row])),
                lay_result=from_kopecks(int(settled.lay[row])),
            )
        return len(settled)

    def facts(
        self, since: datetime, until: datetime, office: str | None
    ) -> tuple[list[PariFact], list[LapsedFact]]:
        paris = [
            PariFact(p.concluded_at, p.stake, None, Decimal("0.00"))
            for p in self._data.paris.values()
        ]
        lapsed = [
            LapsedFact(o.event_starts_at, o.stake - o.accepted)
            for o in self._data.offers.values()
            if o.status is OfferStatus.LAPSED
        ]
        return paris, lapsed

    def held(self) -> dict[str, Decimal]:
        held: dict[str, Decimal] = {}
        for offer in self._data.offers.values():
            if offer.status is OfferStatus.OPEN:
                held[offer.account] = held.get(offer.account, Decimal("0.00")) + offer.blocked
        for pari in self._data.paris.values():
            if pari.status is PariStatus.CONCLUDED:
                for account, amount in (
                    (pari.back_account, pari.back_risk),
                    (pari.lay_account, pari.lay_risk),
                ):
                    held[account] = held.get(account, Decimal("0.00")) + amount
        return held


class FakeSpread:
    """No «Спрэдбет» in memory: the fakes hold no spread bets (verify asks what they hold)."""

    def __init__(self, data: FakeData) -> None:
        self._data = data

    def held(self) -> dict[str, Decimal]:
        return {}
