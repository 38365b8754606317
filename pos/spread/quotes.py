"""The manager's «Спрэдбет»: assets and their terms, quotes entered by hand or loaded from a
file, and the margin calls each new quote makes (p.25–p.28, p.36), in the caller's unit of
work.

Every quote is a new version with its time and author. A quote and its margin calls are one
transaction under the asset's row lock: each open bet the quote takes below its maintenance
level is closed by the bookmaker at that quote, its loss charged no further than the account
holds (the rest is the bookmaker's, reported).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime

from pos.accounts.accounts import StatementLine
from pos.accounts.counter import teller_lines
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.ports import UnitOfWork
from pos.skks import outbox
from pos.skks.messages import Kind, Value
from pos.spread.asset_errors import QuoteFileRejected
from pos.spread.assets import Asset, Quote, make_asset, make_quote, parse_asset_code
from pos.spread.counter import SpreadDone, closing_moves
from pos.spread.errors import AssetTermsLocked, UnknownAsset
from pos.spread.numbers import display_spread_number
from pos.spread.quote_files import QuoteRow, check_against


@dataclass(frozen=True)
class QuoteSet:
    """A new quote and the bets it closed below their maintenance level (p.36)."""

    quote: Quote
    calls: tuple[SpreadDone, ...] = ()


def save_asset(uow: UnitOfWork, teller: Teller, now: datetime, typed: dict[str, object]) -> Asset:
    """Add an asset, or change its name and stake limits; its point, margin points and
    maintenance level only while no bet on it is open (an open bet keeps its terms).

    Raises:
        InvalidAssetCode, …, StakeLimitsInverted (pos.spread.assets.make_asset);
        AssetTermsLocked: the terms of an asset with open bets.
    """
    asset = make_asset(**typed)
    old = uow.spread.asset(asset.code, lock="update")
    terms = ("point", "margin_points", "maintenance")
    changed = old is not None and any(getattr(old, t) != getattr(asset, t) for t in terms)
    if changed and uow.spread.open_bets(asset.code):
        raise AssetTermsLocked(asset.code)
    uow.spread.save_asset(asset)
    teller.audit(
        uow,
        now,
        AuditAction.ASSET_SAVED,
        f"{asset.code} «{asset.name}» пункт {asset.point}, маржа {asset.margin_points} п., "
        f"поддержание {asset.maintenance}, ставка {asset.min_stake}–{asset.max_stake}",
    )
    return asset


def set_quote(
    uow: UnitOfWork, teller: Teller, now: datetime, code: str, bid: object, ask: object
) -> QuoteSet:
    """A new version of the asset's quote, and its margin calls.

    Raises:
        UnknownAsset; InvalidPrice, AskNotAboveBid, PriceNotInPoints (p.25).
    """
    checked = parse_asset_code(code)
    asset = uow.spread.asset(checked, lock="update")
    if asset is None:
        raise UnknownAsset(checked)
    latest = uow.spread.latest_quote(asset.code)
    quote = make_quote(
        asset, bid, ask, now, teller.login, 1 if latest is None else latest.version + 1
    )
    uow.spread.add_quote(quote)
    teller.audit(
        uow, now, AuditAction.QUOTE_SET, f"{asset.code} v{quote.version}: {quote.bid} / {quote.ask}"
    )
    return QuoteSet(quote, tuple(_margin_calls(uow, teller, now, asset, quote)))


def load_quotes(
    uow: UnitOfWork, teller: Teller, now: datetime, name: str, rows: list[QuoteRow]
) -> list[QuoteSet]:
    """Every quote of a file checked against the assets first: all of them or none.

    Raises:
        QuoteFileRejected: an unknown asset, a price not in its points; nothing loaded.
    """
    assets = {asset.code: asset for asset in uow.spread.assets()}
    problems = check_against(rows, assets)
    if problems:
        raise QuoteFileRejected(name, problems)
    ordered = sorted(rows, key=lambda row: row.code)  # the assets' locks in one order
    return [set_quote(uow, teller, now, row.code, row.bid, row.ask) for row in ordered]


def _margin_calls(
    uow: UnitOfWork, teller: Teller, now: datetime, asset: Asset, quote: Quote
) -> list[SpreadDone]:
    """Close by the bookmaker each open bet the quote takes below its maintenance level
    (p.36): found by their call prices, checked again by the rule itself; their accounts
    locked in one statement, in the order of their numbers; the movements, bets and closes
    written in batches (tests/bench/margin_call.py: thousands of bets may be open)."""
    called = [
        b
        for b in uow.spread.below(asset.code, quote.bid, quote.ask)
        if b.below_maintenance(asset, quote)
    ]
    if not called:
        return []
    accounts = uow.accounts.lock_many(sorted({bet.account for bet in called}))
    lines: dict[str, list[StatementLine]] = {}
    done: list[SpreadDone] = []
    for bet in called:
        account = accounts[bet.account]
        after, closing = bet.close(bet.stake_open, quote, now, by_bookmaker=True)
        moves, uncovered = closing_moves(account.balance, closing)
        shown = display_spread_number(bet.number)
        lines.setdefault(account.number, []).extend(teller_lines(teller, now, shown, moves))
        account = accounts[bet.account] = dataclasses.replace(account, balance=moves[-1][2])
        done.append(SpreadDone(after, account, quote, closing, uncovered, asset))
        beyond = f", сверх счёта {uncovered}" if uncovered else ""
        teller.audit(
            uow,
            now,
            AuditAction.MARGIN_CALL,
            f"{shown} закрыта букмекером по {closing.close_price}: {closing.result}{beyond}",
        )
    uow.accounts.move_many(lines, accounts)
    _report_calls(uow, teller, now, done)
    uow.spread.save_bets([d.bet for d in done])
    uow.spread.add_closings(
        [(d.closing, d.uncovered) for d in done if d.closing is not None],
        teller.terminal,
        teller.login,
    )
    return done


def _report_calls(uow: UnitOfWork, teller: Teller, now: datetime, done: list[SpreadDone]) -> None:
    """Each bet the bookmaker closed, as the controller hears a close (issue 35)."""
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    for closed in done:
        closing = closed.closing
        assert closing is not None
        fields: dict[str, Value] = {
            "spread": closed.bet.number,
            "account": closed.account.number,
            "stake": closing.stake,
            "price": str(closing.close_price),
            "result": closing.result,
            "closed_by": "margin_call",
        }
        number = closed.bet.number
        outbox.write(uow, settings, teller.where, Kind.SPREAD_CLOSED, now, number, fields)
