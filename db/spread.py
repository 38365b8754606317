"""«Спрэдбет» in the database: the pos.core.account_ports SpreadRepository.

An asset's row is the lock its quotes and bets take in turn (FOR SHARE for a bet, FOR NO KEY
UPDATE for a quote and its margin calls, on PostgreSQL; SQLite runs each writer alone). A bet
keeps the price at which a quote calls it (pos.spread.margins.call_price), indexed with its
asset, status and direction, so a new quote reads only the bets it calls.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import Row, Table, and_, bindparam, func, insert, or_, select, update
from sqlalchemy.orm import Session

from db.shifts import kopecks, roubles
from db.statements import next_in_counter, read, run
from db.tables import SpreadAssetRow, SpreadBetRow, SpreadClosingRow, SpreadQuoteRow
from pos.spread.assets import Asset, AssetKind, Quote
from pos.spread.bets import Closing, Direction, SpreadBet, SpreadStatus

ZERO = Decimal("0.00")
_ASSETS = cast(Table, SpreadAssetRow.__table__)
_QUOTES = cast(Table, SpreadQuoteRow.__table__)
_BETS = cast(Table, SpreadBetRow.__table__)
_CLOSINGS = cast(Table, SpreadClosingRow.__table__)
_ASSET = select(_ASSETS).where(_ASSETS.c.code == bindparam("code"))
_ASSET_LOCKS = {
    None: _ASSET,
    "share": _ASSET.with_for_update(read=True),
    "update": _ASSET.with_for_update(key_share=True),
}
_LATEST = (
    select(_QUOTES)
    .where(_QUOTES.c.asset == bindparam("code"))
    .order_by(_QUOTES.c.version.desc())
    .limit(1)
)
_BET = select(_BETS).where(_BETS.c.number == bindparam("number"))
_BET_FOR_UPDATE = _BET.with_for_update(key_share=True)
_OPEN = _BETS.c.status == SpreadStatus.OPEN.value
_SAVE_BET = (
    update(_BETS)
    .where(_BETS.c.number == bindparam("at_number"))
    .values(
        stake_open=bindparam("new_stake_open"),
        margin_blocked=bindparam("new_margin"),
        result=bindparam("new_result"),
        status=bindparam("new_status"),
        closed_at=bindparam("new_closed_at"),
    )
)
_BET_ID = select(_BETS.c.id).where(_BETS.c.number == bindparam("number")).scalar_subquery()
_INSERT_CLOSING = insert(_CLOSINGS).values(bet_id=_BET_ID)


class SqlSpreadRepository:
    """Assets, quotes, spread bets and their closes."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def save_asset(self, asset: Asset) -> None:
        """Insert the asset, or store its new terms."""
        values = {
            "name": asset.name,
            "kind": asset.kind.value,
            "point": asset.point,
            "margin_points": asset.margin_points,
            "maintenance": asset.maintenance,
            "min_stake": asset.min_stake,
            "max_stake": asset.max_stake,
        }
        changed = run(self._session, update(_ASSETS).where(_ASSETS.c.code == asset.code), values)
        if changed.rowcount == 0:
            run(self._session, insert(_ASSETS), {"code": asset.code, **values})

    def asset(self, code: str, *, lock: str | None = None) -> Asset | None:
        """The asset, its row locked as `lock` says (None, "share" or "update")."""
        row = read(self._session, _ASSET_LOCKS[lock], {"code": code}).first()
        return None if row is None else _asset(row)

    def assets(self) -> list[Asset]:
        """Every asset, by code."""
        rows = run(self._session, select(_ASSETS).order_by(_ASSETS.c.code))
        return [_asset(row) for row in rows]

    def latest_quote(self, code: str) -> Quote | None:
        """The asset's quote in force: its newest version."""
        row = read(self._session, _LATEST, {"code": code}).first()
        return None if row is None else _quote(row)

    def latest_quotes(self) -> dict[str, Quote]:
        """Each asset's quote in force."""
        newest = (
            select(_QUOTES.c.asset, func.max(_QUOTES.c.version).label("version"))
            .group_by(_QUOTES.c.asset)
            .subquery()
        )
        rows = run(
            self._session,
            select(_QUOTES).join(
                newest,
                and_(_QUOTES.c.asset == newest.c.asset, _QUOTES.c.version == newest.c.version),
            ),
        )
        return {row.asset: _quote(row) for row in rows}

    def add_quote(self, quote: Quote) -> None:
        """Store a new version (the unique version per asset refuses a second at once)."""
        run(
            self._session,
            insert(_QUOTES),
            {
                "asset": quote.asset,
                "version": quote.version,
                "bid": quote.bid,
                "ask": quote.ask,
                "at": quote.at,
                "author": quote.author,
            },
        )

    def next_serial(self) -> int:
        """The next spread bet serial, in this transaction."""
        return next_in_counter(self._session, "spread_serial")

    def add_bet(self, bet: SpreadBet, call_price: Decimal) -> None:
        """Store a newly opened bet with the price a quote calls it at."""
        run(self._session, insert(_BETS), {**_bet_values(bet), "call_price": call_price})

    def bet(self, number: str, *, for_update: bool = False) -> SpreadBet | None:
        """The bet; `for_update` locks its row for the transaction."""
        query = _BET_FOR_UPDATE if for_update else _BET
        row = read(self._session, query, {"number": number}).first()
        return None if row is None else _bet(row)

    def save_bet(self, bet: SpreadBet) -> None:
        """Store what a close changed."""
        self.save_bets([bet])

    def save_bets(self, bets: list[SpreadBet]) -> None:
        """Store what closes changed, in one statement."""
        run(self._session, _SAVE_BET, [_saved(bet) for bet in bets])

    def add_closing(
        self, closing: Closing, uncovered: Decimal, terminal: str, cashier: str
    ) -> None:
        """Record a close of a bet and what of its loss the account could not cover."""
        self.add_closings([(closing, uncovered)], terminal, cashier)

    def add_closings(
        self, closings: list[tuple[Closing, Decimal]], terminal: str, cashier: str
    ) -> None:
        """Record closes of bets, in one statement."""
        run(
            self._session,
            _INSERT_CLOSING,
            [
                {
                    "number": closing.bet,
                    "stake": closing.stake,
                    "close_price": closing.close_price,
                    "result": closing.result,
                    "margin_released": closing.margin_released,
                    "uncovered": uncovered,
                    "at": closing.at,
                    "by_bookmaker": closing.by_bookmaker,
                    "terminal": terminal,
                    "cashier": cashier,
                    "shown_at": None,
                }
                for closing, uncovered in closings
            ],
        )

    def closings(self, number: str) -> list[Closing]:
        """The bet's closes, in order."""
        rows = run(
            self._session,
            select(_CLOSINGS, _BETS.c.number)
            .join(_BETS, _BETS.c.id == _CLOSINGS.c.bet_id)
            .where(_BETS.c.number == number)
            .order_by(_CLOSINGS.c.id),
        )
        return [_closing(row) for row in rows]

    def below(self, code: str, bid: Decimal, ask: Decimal) -> list[SpreadBet]:
        """The asset's open bets this bid and ask call: up bets whose call price is above the
        bid, down bets whose call price is below the ask (two index ranges)."""
        rows = run(
            self._session,
            select(_BETS)
            .where(
                _BETS.c.asset == code,
                _OPEN,
                or_(
                    and_(_BETS.c.direction == Direction.UP.value, _BETS.c.call_price > bid),
                    and_(_BETS.c.direction == Direction.DOWN.value, _BETS.c.call_price < ask),
                ),
            )
            .order_by(_BETS.c.account_number, _BETS.c.id),
        )
        return [_bet(row) for row in rows]

    def open_bets(self, code: str | None = None) -> list[SpreadBet]:
        """Every open bet (on one asset), oldest first."""
        query = select(_BETS).where(_OPEN).order_by(_BETS.c.id)
        if code is not None:
            query = query.where(_BETS.c.asset == code)
        return [_bet(row) for row in run(self._session, query)]

    def account_bets(self, account: str) -> list[SpreadBet]:
        """The account's bets, newest first."""
        rows = run(
            self._session,
            select(_BETS).where(_BETS.c.account_number == account).order_by(_BETS.c.id.desc()),
        )
        return [_bet(row) for row in rows]

    def unshown_calls(self, account: str) -> list[tuple[SpreadBet, Closing]]:
        """The bookmaker's closes of the account's bets not shown to a cashier yet."""
        rows = run(
            self._session,
            select(_BETS, *_closing_columns())
            .join(_CLOSINGS, _BETS.c.id == _CLOSINGS.c.bet_id)
            .where(
                _BETS.c.account_number == account,
                _CLOSINGS.c.by_bookmaker.is_(True),
                _CLOSINGS.c.shown_at.is_(None),
            )
            .order_by(_CLOSINGS.c.id),
        )
        return [(_bet(row), _closing_of(row)) for row in rows]

    def mark_shown(self, account: str, at: datetime) -> None:
        """The bookmaker's closes of the account's bets, shown to a cashier at `at`."""
        bets = select(_BETS.c.id).where(_BETS.c.account_number == account)
        run(
            self._session,
            update(_CLOSINGS)
            .where(
                _CLOSINGS.c.bet_id.in_(bets),
                _CLOSINGS.c.by_bookmaker.is_(True),
                _CLOSINGS.c.shown_at.is_(None),
            )
            .values(shown_at=at),
        )

    def held(self) -> dict[str, Decimal]:
        """The margin the open bets hold, by account."""
        rows = run(
            self._session,
            select(_BETS.c.account_number, kopecks(_BETS.c.margin_blocked).label("total"))
            .where(_OPEN)
            .group_by(_BETS.c.account_number),
        )
        return {str(row.account_number): roubles(row.total) for row in rows}

    def uncovered(self) -> dict[str, Decimal]:
        """The bookmaker's losses beyond the accounts (p.36), by asset."""
        rows = run(
            self._session,
            select(_BETS.c.asset, kopecks(_CLOSINGS.c.uncovered).label("total"))
            .join(_BETS, _BETS.c.id == _CLOSINGS.c.bet_id)
            .where(_CLOSINGS.c.uncovered > ZERO)
            .group_by(_BETS.c.asset),
        )
        return {str(row.asset): roubles(row.total) for row in rows}


def _saved(bet: SpreadBet) -> dict[str, object]:
    return {
        "at_number": bet.number,
        "new_stake_open": bet.stake_open,
        "new_margin": bet.margin_blocked,
        "new_result": bet.result,
        "new_status": bet.status.value,
        "new_closed_at": bet.closed_at,
    }


def _asset(row: Row[Any]) -> Asset:
    return Asset(
        code=row.code,
        name=row.name,
        kind=AssetKind(row.kind),
        point=row.point,
        margin_points=row.margin_points,
        maintenance=row.maintenance,
        min_stake=row.min_stake,
        max_stake=row.max_stake,
    )


def _quote(row: Row[Any]) -> Quote:
    return Quote(row.asset, row.bid, row.ask, row.at, row.author, row.version)


def _bet_values(bet: SpreadBet) -> dict[str, object]:
    return {
        "number": bet.number,
        "account_number": bet.account,
        "asset": bet.asset,
        "direction": bet.direction.value,
        "open_price": bet.open_price,
        "point": bet.point,
        "stake": bet.stake,
        "stake_open": bet.stake_open,
        "margin_blocked": bet.margin_blocked,
        "opened_at": bet.opened_at,
        "terminal": bet.terminal,
        "cashier": bet.cashier,
        "office": bet.office,
        "status": bet.status.value,
        "result": bet.result,
        "closed_at": bet.closed_at,
    }


def _bet(row: Row[Any]) -> SpreadBet:
    return SpreadBet(
        number=row.number,
        account=row.account_number,
        asset=row.asset,
        direction=Direction(row.direction),
        open_price=row.open_price,
        point=row.point,
        stake=row.stake,
        stake_open=row.stake_open,
        margin_blocked=row.margin_blocked,
        opened_at=row.opened_at,
        terminal=row.terminal,
        cashier=row.cashier,
        office=row.office,
        status=SpreadStatus(row.status),
        result=row.result,
        closed_at=row.closed_at,
    )


def _closing_columns() -> list[Any]:
    names = ("stake", "close_price", "result", "margin_released", "at", "by_bookmaker")
    return [_CLOSINGS.c[name].label(f"closing_{name}") for name in names]


def _closing_of(row: Row[Any]) -> Closing:
    return _closing(row, "closing_")


def _closing(row: Row[Any], prefix: str = "") -> Closing:
    found = row._mapping
    return Closing(
        bet=found["number"],
        stake=found[f"{prefix}stake"],
        close_price=found[f"{prefix}close_price"],
        result=found[f"{prefix}result"],
        margin_released=found[f"{prefix}margin_released"],
        at=found[f"{prefix}at"],
        by_bookmaker=found[f"{prefix}by_bookmaker"],
    )
