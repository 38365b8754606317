"""The demo's «Спрэдбет» (issue 34): two assets, quoted when the demo is seeded and quoted afresh
while the demo runs, so that a newcomer can open and close a bet at once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from pos.core.context import Context
from pos.people.actor import Actor
from pos.shop.demo_manager import is_demo
from pos.spread import use_cases as spread_cases


@dataclass(frozen=True)
class DemoAsset:
    """A demo asset: its terms (pos.spread.use_cases.add_asset), where its bid starts, its
    spread and how many points one step of its walk moves it, all in its points."""

    code: str
    terms: dict[str, object]
    bid: Decimal
    spread_points: int
    step_points: int


DEMO_ASSETS: tuple[DemoAsset, ...] = (
    DemoAsset(
        "BRENT",
        {
            "name": "Нефть Brent, фьючерс",
            "kind": "future",
            "point": Decimal("0.01"),
            "margin_points": 100,
            "maintenance": Decimal("0.5"),
            "min_stake": Decimal("0.10"),
            "max_stake": Decimal("50"),
        },
        Decimal("74.10"),
        4,
        1,
    ),
    DemoAsset(
        "GOLD",
        {
            "name": "Золото, фьючерс",
            "kind": "future",
            "point": Decimal("0.1"),
            "margin_points": 50,
            "maintenance": Decimal("0.5"),
            "min_stake": Decimal("0.10"),
            "max_stake": Decimal("20"),
        },
        Decimal("2010.1"),
        4,
        2,
    ),
)
# Steps from the starting bid, one a minute, round and round: the quotes move a few points
# either way (well inside the maintenance margin, so the walk alone calls no bet).
_WALK = (0, 2, 5, 3, 6, 9, 7, 4, 8, 11, 9, 6, 3, 5, 2, -1, -3, 0, -2, -5, -3, -1, 1, -2)
_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


def demo_quote(asset: DemoAsset, now: datetime) -> tuple[Decimal, Decimal]:
    """The demo asset's bid and ask at `now`: its walk's step for that minute.

    Args:
        asset: one of DEMO_ASSETS.
        now: an aware moment; the same minute gives the same quote.
    """
    minute = int((now - _EPOCH).total_seconds() // 60)
    point = Decimal(str(asset.terms["point"]))
    bid = asset.bid + _WALK[minute % len(_WALK)] * asset.step_points * point
    return bid, bid + asset.spread_points * point


def add_assets(ctx: Context, actor: Actor) -> None:
    """Add the demo's assets that are missing and quote them now, through the manager's own
    use cases."""
    with ctx.unit_of_work() as uow:
        there = {asset.code for asset in uow.spread.assets()}
    now = ctx.clock.now()
    for asset in DEMO_ASSETS:
        if asset.code not in there:
            spread_cases.add_asset(ctx, actor, asset.code, **asset.terms)
            bid, ask = demo_quote(asset, now)
            spread_cases.set_quote(ctx, actor, asset.code, bid=bid, ask=ask)


def refresh_quotes(ctx: Context, actor: Actor) -> int:
    """Quote the demo's assets afresh at the clock's minute, as a manager does
    (pos.spread.use_cases.set_quote), on a demo database only; the window calls it every
    minute and at start, so a newcomer always finds fresh quotes that move.

    Returns:
        How many quotes were set: 0 on a real shop's database, which is never touched.
    """
    with ctx.unit_of_work() as uow:
        if not is_demo(uow):
            return 0
        quoted = {asset.code for asset in uow.spread.assets()}
    now = ctx.clock.now()
    done = 0
    for asset in DEMO_ASSETS:
        if asset.code in quoted:
            bid, ask = demo_quote(asset, now)
            spread_cases.set_quote(ctx, actor, asset.code, bid=bid, ask=ask)
            done += 1
    return done
