"""Assets, quotes and bets the pos.spread tests share."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from pos.spread.assets import (
    Asset,
    Quote,
    make_asset,
    make_quote,
)
from pos.spread.bets import (
    SpreadBet,
    open_bet,
)

D = Decimal
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
BRENT_TYPED = ("BRENT", "Нефть Brent, фьючерс", "фьючерс", "0,01", "100", "0,5", "0,10", "50")
BRENT = make_asset(*BRENT_TYPED)
GOLD = make_asset("GOLD", "Золото", "future", "0.1", 10, D("1"), D("1"), D("10"))


def _quote(bid: str, ask: str, asset: Asset = BRENT, version: int = 1) -> Quote:
    return make_quote(asset, bid, ask, T0 + timedelta(minutes=version), "boss", version)


def _bet(direction: str, stake: str = "1.00", bid: str = "74.10", ask: str = "74.14") -> SpreadBet:
    return open_bet(
        number="000001",
        account="00012345678",
        asset=BRENT,
        direction=direction,
        stake=stake,
        quote=_quote(bid, ask),
        at=T0,
        terminal="К1",
        cashier="kassir",
        office="M1",
    )
