"""«Спрэдбет» for the window, the command line and the tests (DESIGN.md «Спрэдбет»): each use
case one transaction (pos.spread.counter at the counter, pos.spread.quotes for the manager).

    boss.add_asset("BRENT", name="Нефть Brent, фьючерс", point=Decimal("0.01"),
                   margin_points=100, maintenance=Decimal("0.5"),
                   min_stake=Decimal("0.10"), max_stake=Decimal("50"))
    boss.set_quote("BRENT", bid=Decimal("74.10"), ask=Decimal("74.14"))
    bet = desk.open_spread(acct.number, "BRENT", "up", stake=Decimal("1.00"))
    done = desk.close_spread(bet.number, stake=Decimal("0.40"))    # the closed part
    shop.spread(bet.number)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from pos.accounts.counter import find_account
from pos.accounts.use_cases import AccountView
from pos.betting.teller import Teller
from pos.core.context import Context
from pos.core.inputs import shown
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.skks.use_cases import flush
from pos.spread import counter, papers, quotes
from pos.spread.assets import Asset, Quote
from pos.spread.bets import Closing, Direction, SpreadBet, SpreadStatus
from pos.spread.quote_files import parse_quote_file
from pos.spread.undoing import registered_or_undone
from pos.till.papers import print_paper

_FILE_NAME = 200
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class AssetQuote:
    """An asset with its quote in force (None before the first)."""

    asset: Asset
    quote: Quote | None


@dataclass(frozen=True)
class Position:
    """An account's bet with its open result at the current quote (None: no quote)."""

    bet: SpreadBet
    open_result: Decimal | None


@dataclass(frozen=True)
class AccountSpreads:
    """What the counter shows for a player: the account, its bets, and the bookmaker's
    closes of its bets not shown before (p.36: shown when the player comes)."""

    account: AccountView
    positions: tuple[Position, ...]
    calls: tuple[tuple[SpreadBet, Closing], ...]


@dataclass(frozen=True)
class Exposure:
    """One asset's open bets and what they would cost the bookmaker at the current quote."""

    asset: Asset
    quote: Quote | None
    bets: int
    up_stake: Decimal  # per point, open
    down_stake: Decimal
    margin: Decimal  # blocked for them
    players_result: Decimal  # the open bets' results at the quote: the bookmaker's loss if > 0
    uncovered: Decimal  # the bookmaker's losses beyond accounts so far (p.36)


def add_asset(
    ctx: Context,
    actor: Actor,
    code: str,
    *,
    name: object,
    point: object,
    margin_points: object,
    maintenance: object,
    min_stake: object,
    max_stake: object,
    kind: object = "future",
) -> Asset:
    """Add an asset or change its terms (p.25–p.27).

    Raises:
        NotPermitted; the asset's refusals (pos.spread.assets.make_asset); AssetTermsLocked.
    """
    actor.require(Permission.QUOTES)
    typed: dict[str, object] = {
        "code": code,
        "name": name,
        "kind": kind,
        "point": point,
        "margin_points": margin_points,
        "maintenance": maintenance,
        "min_stake": min_stake,
        "max_stake": max_stake,
    }
    with ctx.unit_of_work() as uow:
        asset = quotes.save_asset(uow, _teller(ctx, actor), ctx.clock.now(), typed)
        uow.commit()
    return asset


def assets(ctx: Context, actor: Actor) -> list[AssetQuote]:
    """Every asset with its quote in force, by code."""
    with ctx.unit_of_work() as uow:
        latest = uow.spread.latest_quotes()
        return [AssetQuote(asset, latest.get(asset.code)) for asset in uow.spread.assets()]


def set_quote(
    ctx: Context, actor: Actor, code: str, *, bid: object, ask: object
) -> quotes.QuoteSet:
    """A new quote of the asset (ask above bid, whole points) and its margin calls (p.36).

    Raises:
        NotPermitted; UnknownAsset; InvalidPrice, AskNotAboveBid, PriceNotInPoints.
    """
    actor.require(Permission.QUOTES)
    with ctx.unit_of_work() as uow:
        done = quotes.set_quote(uow, _teller(ctx, actor), ctx.clock.now(), code, bid, ask)
        uow.commit()
    if done.calls:
        flush(ctx)  # the bets the bookmaker closed, to the СККС (issue 35)
    return done


def import_quotes(ctx: Context, actor: Actor, name: str, data: bytes) -> list[quotes.QuoteSet]:
    """Load a CSV or JSON file of quotes, every row checked: all of them or none.

    Raises:
        NotPermitted; QuoteFileRejected: each bad row with its line; nothing was loaded.
    """
    actor.require(Permission.QUOTES)
    name = shown(name, _FILE_NAME)
    rows = parse_quote_file(name, data)
    with ctx.unit_of_work() as uow:
        done = quotes.load_quotes(uow, _teller(ctx, actor), ctx.clock.now(), name, rows)
        uow.commit()
    if any(each.calls for each in done):
        flush(ctx)
    return done


def open_spread(
    ctx: Context, actor: Actor, account: str, code: str, direction: object, *, stake: object
) -> SpreadBet:
    """Open a bet for the player: up at the ask, down at the bid, the margin blocked.

    Raises:
        see pos.spread.counter.open_spread; SkksNoAnswer, SkksRefused: online, the
        controller did not register it and the bet is cancelled, its margin free again.
    """
    actor.require(Permission.SPREAD_BETS)
    teller = _teller(ctx, actor)
    with ctx.unit_of_work() as uow:
        done = counter.open_spread(uow, teller, ctx.clock.now(), account, code, direction, stake)
        uow.commit()
    registered_or_undone(ctx, teller, done)  # online: made once registered (issue 35)
    assert done.asset is not None and done.quote is not None
    paper = papers.opened(done.bet, done.asset, done.quote, ctx.settings().zone, teller)
    print_paper(ctx, actor, paper, "Ставка открыта", "подтверждение не напечатано")
    return done.bet


def close_spread(ctx: Context, actor: Actor, number: str, *, stake: object) -> Closing:
    """Close all or part of a bet at the current quote; its result settled at once.

    Raises:
        see pos.spread.counter.close_spread.
    """
    actor.require(Permission.SPREAD_BETS)
    teller = _teller(ctx, actor)
    with ctx.unit_of_work() as uow:
        done = counter.close_spread(uow, teller, ctx.clock.now(), number, stake)
        uow.commit()
    flush(ctx)
    assert done.closing is not None and done.asset is not None
    paper = papers.closed(done.bet, done.asset, done.closing, done.account, teller)
    print_paper(ctx, actor, paper, "Ставка закрыта, итог на счёте", "подтверждение не напечатано")
    return done.closing


def cancel_spread(ctx: Context, actor: Actor, number: str) -> SpreadBet:
    """A claim within 5 minutes of the confirmation (p.8): the bet void, its margin free."""
    actor.require(Permission.SPREAD_BETS)
    with ctx.unit_of_work() as uow:
        done = counter.cancel_spread(uow, _teller(ctx, actor), ctx.clock.now(), number)
        uow.commit()
    flush(ctx)
    return done.bet


def spread(ctx: Context, actor: Actor, number: str) -> SpreadBet:
    """The bet with this number as typed or scanned.

    Raises:
        InvalidSpreadNumber, UnknownSpreadBet.
    """
    with ctx.unit_of_work() as uow:
        return counter.find_spread(uow, number)


def account_spreads(ctx: Context, actor: Actor, account: str) -> AccountSpreads:
    """The player's account, bets and open results; the bookmaker's closes not shown to a
    cashier yet are returned once and marked shown."""
    with ctx.unit_of_work() as uow:
        found = find_account(uow, account)
        latest = uow.spread.latest_quotes()
        positions = tuple(
            Position(bet, _open_result(bet, latest.get(bet.asset)))
            for bet in uow.spread.account_bets(found.number)
        )
        calls = tuple(uow.spread.unshown_calls(found.number))
        if calls:
            uow.spread.mark_shown(found.number, ctx.clock.now())
        view = AccountView(found, tuple(uow.accounts.statement(found.number)))
        uow.commit()
    return AccountSpreads(view, positions, calls)


def exposure(ctx: Context, actor: Actor) -> list[Exposure]:
    """Open positions and the bookmaker's exposure per asset at the current quotes."""
    actor.require(Permission.REPORTS)
    with ctx.unit_of_work() as uow:
        latest = uow.spread.latest_quotes()
        uncovered = uow.spread.uncovered()
        open_bets = uow.spread.open_bets()
        found = []
        for asset in uow.spread.assets():
            bets = [bet for bet in open_bets if bet.asset == asset.code]
            quote = latest.get(asset.code)
            results = [_open_result(bet, quote) or ZERO for bet in bets]
            found.append(
                Exposure(
                    asset,
                    quote,
                    len(bets),
                    sum((b.stake_open for b in bets if b.direction is Direction.UP), ZERO),
                    sum((b.stake_open for b in bets if b.direction is Direction.DOWN), ZERO),
                    sum((b.margin_blocked for b in bets), ZERO),
                    sum(results, ZERO),
                    uncovered.get(asset.code, ZERO),
                )
            )
        return found


def _open_result(bet: SpreadBet, quote: Quote | None) -> Decimal | None:
    if quote is None or bet.status is not SpreadStatus.OPEN:
        return None
    return bet.open_result(quote)


def _teller(ctx: Context, actor: Actor) -> Teller:
    return Teller(ctx.terminal, actor.login, ctx.office)
