"""The ports of the player-account games (accounts, «Спрэдбет»): what pos/ needs stored.

Apart from pos.core.ports, which holds the first slice's, so that neither grows past a page.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the rooms' types the ports carry; core imports no room (README)
    from datetime import datetime
    from decimal import Decimal

    from pos.accounts.accounts import Account, StatementLine
    from pos.accounts.exclusions import RegisterLoad
    from pos.accounts.ledger import Balance
    from pos.exchange.batch import ConcludedParis, SettledParis
    from pos.exchange.facts import LapsedFact, PariFact
    from pos.exchange.paris import Offer, Pari
    from pos.spread.assets import Asset, Quote
    from pos.spread.bets import Closing, SpreadBet


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

    def lock_many(self, numbers: list[str]) -> dict[str, Account]:
        """These accounts, their rows locked in one statement in the order given."""
        ...

    def move_many(
        self, lines: Mapping[str, list[StatementLine]], accounts: Mapping[str, Account]
    ) -> None:
        """Store several accounts' movements (by number), each with its balance in
        `accounts`: the one its last movement left."""
        ...

    def move(self, number: str, balance: Balance, line: StatementLine) -> None:
        """Store the account's new balance and the statement line that made it."""
        ...

    def take_back_cash(self, terminal: str, number: str, amount: Decimal) -> None:
        """Remove the drawer's cash of the account's latest deposit of `amount` at `terminal`
        and move the drawer back: a deposit the СККС did not register (issue 35)."""
        ...

    def set_blocked(self, number: str, reason: str | None) -> None: ...
    def statement(self, number: str) -> list[StatementLine]: ...
    def all_numbers(self) -> list[str]: ...
    def excluded(self, key: str) -> bool: ...

    def replace_exclusions(self, keys: Collection[str]) -> None:
        """The self-exclusion register becomes exactly these document keys."""
        ...

    def exclusion_count(self) -> int: ...

    def record_register_load(self, load: RegisterLoad) -> None:
        """Record a load of the register of restricted persons (issue 35)."""
        ...

    def last_register_load(self) -> RegisterLoad | None:
        """The newest load of the register; None: it was never loaded."""
        ...


class SpreadRepository(Protocol):
    """«Спрэдбет»: assets, their quotes (every version), bets and their closes."""

    def save_asset(self, asset: Asset) -> None:
        """Store a new asset or its new terms (bets already open keep theirs)."""
        ...

    def asset(self, code: str, *, lock: str | None = None) -> Asset | None:
        """The asset; `lock` "share" (a bet opened or closed on it) or "update" (a new
        quote) holds its row until the transaction ends: a quote and its margin calls never
        interleave with a bet on the asset."""
        ...

    def assets(self) -> list[Asset]: ...
    def latest_quote(self, code: str) -> Quote | None: ...
    def latest_quotes(self) -> dict[str, Quote]: ...
    def add_quote(self, quote: Quote) -> None: ...
    def next_serial(self) -> int: ...
    def add_bet(self, bet: SpreadBet, call_price: Decimal) -> None:
        """Store a newly opened bet with the price a quote calls it at."""
        ...

    def bet(self, number: str, *, for_update: bool = False) -> SpreadBet | None: ...

    def save_bet(self, bet: SpreadBet) -> None:
        """Store what a close changed: the open stake, its margin, the result, the status."""
        ...

    def save_bets(self, bets: list[SpreadBet]) -> None: ...
    def add_closings(
        self, closings: list[tuple[Closing, Decimal]], terminal: str, cashier: str
    ) -> None: ...

    def add_closing(
        self, closing: Closing, uncovered: Decimal, terminal: str, cashier: str
    ) -> None: ...
    def closings(self, number: str) -> list[Closing]: ...

    def below(self, code: str, bid: Decimal, ask: Decimal) -> list[SpreadBet]:
        """The asset's open bets a quote of this bid and ask calls: up bets whose call price
        (pos.spread.margins.call_price) is above the bid, down bets whose is below the ask."""
        ...

    def open_bets(self, code: str | None = None) -> list[SpreadBet]: ...
    def account_bets(self, account: str) -> list[SpreadBet]: ...

    def unshown_calls(self, account: str) -> list[tuple[SpreadBet, Closing]]:
        """The bookmaker's closes of the account's bets not shown to a cashier yet."""
        ...

    def mark_shown(self, account: str, at: datetime) -> None: ...
    def uncovered(self) -> dict[str, Decimal]:
        """The bookmaker's losses beyond the accounts, by asset (p.36)."""
        ...

    def held(self) -> dict[str, Decimal]:
        """The margin the open bets hold, by account (for `verify`)."""
        ...


class ExchangeRepository(Protocol):
    """«Спрэдбетэкс»: offers of paris between players and the paris concluded on them."""

    def next_serial(self) -> int:
        """The next number's serial, offers and paris alike."""
        ...

    def add_offer(self, offer: Offer) -> None: ...
    def offer(self, number: str, *, for_update: bool = False) -> Offer | None: ...
    def save_offer(self, offer: Offer) -> None: ...
    def add_pari(
        self, pari: Pari, offer: str, terminal: str, cashier: str, office: str
    ) -> None: ...
    def pari(self, number: str) -> Pari | None: ...
    def remove_pari(self, number: str) -> bool:
        """Delete a concluded pari the СККС did not register (issue 35); False when it is not
        concluded any more (settled meanwhile, or gone)."""
        ...

    def board(self, event: int | None, now: datetime) -> list[Offer]:
        """The open offers (of one event) whose event has not started by `now`, by event,
        outcome and side, the best coefficient for the acceptor first."""
        ...

    def started_offers(self, now: datetime) -> list[Offer]:
        """The open offers whose event has started by `now` (p.46), their rows locked in one
        statement in the order they were made."""
        ...

    def save_offers(self, offers: list[Offer]) -> None: ...

    def account_offers(self, account: str) -> list[Offer]: ...
    def account_paris(self, account: str) -> list[Pari]: ...

    def events_to_settle(self) -> list[int]:
        """The codes of the events that have a result and concluded paris, in order."""
        ...

    def concluded_terms(self, event: int) -> ConcludedParis:
        """The event's concluded paris: their ids and terms (pos.exchange.batch.pari_terms)."""
        ...

    def record_settled(self, event: int, settled: SettledParis, at: datetime) -> int:
        """Store the results and commission of the event's paris still concluded, as settled
        or void; returns how many were."""
        ...

    def facts(
        self, since: datetime, until: datetime, office: str | None
    ) -> tuple[list[PariFact], list[LapsedFact]]:
        """The paris concluded or settled and the offers lapsed in [since, until) (of an
        office; None: the chain), for the report."""
        ...

    def held(self) -> dict[str, Decimal]:
        """What the open offers and the concluded paris hold, by account (for `verify`)."""
        ...
