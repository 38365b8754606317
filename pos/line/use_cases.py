"""The line as a manager keeps it: events, odds versions, suspension, the header, line files."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.input_errors import InvalidAmount
from pos.core.inputs import FILE_NAME, parse_code, shown
from pos.core.money import to_money
from pos.core.ports import UnitOfWork
from pos.line.errors import EventExists, LineFileRejected, UnknownEvent, line_file_problem
from pos.line.events import (
    Event,
    OddsQuote,
    Sport,
    line_sport,
    new_event,
    parse_market,
    parse_odds,
    upcoming_first,
)
from pos.line.imports import LineEntry, parse_line_file
from pos.people.actor import Actor
from pos.people.permissions import Permission


@dataclass(frozen=True)
class LineRow:
    """An event of the line with its current odds, and their versions, by market code."""

    event: Event
    odds: dict[str, Decimal]
    versions: dict[str, int] = field(default_factory=dict)
    suspended: frozenset[str] = frozenset()  # markets stopped from the liability board


@dataclass(frozen=True)
class LineImported:
    """What a line file changed."""

    events_added: int
    odds_set: int


def add_event(
    ctx: Context,
    actor: Actor,
    code: int,
    sport: str,
    home: str,
    away: str,
    starts_at: datetime,
    *,
    tournament: str = "",
    max_stake: object = None,
) -> Event:
    """Put an event into the line (managers only).

    Raises:
        InvalidEvent: the code, sport, teams or start time are not acceptable.
        EventExists: the code is taken.
    """
    actor.require(Permission.EDIT_LINE)
    event = new_event(
        code, sport, home, away, starts_at, tournament=tournament, max_stake=max_stake
    )
    with ctx.unit_of_work() as uow:
        record_event(ctx, actor, uow, event)
        uow.commit()
    return event


def set_odds(ctx: Context, actor: Actor, code: int, market: str, odds: object) -> OddsQuote:
    """Set the odds of a market as a new version (managers only; p.10, p.20).

    Raises:
        InvalidMarket, InvalidOdds, UnknownEvent: as named; InvalidNumber: not a code.
    """
    actor.require(Permission.EDIT_LINE)
    code = parse_code(code, "event_code")
    with ctx.unit_of_work() as uow:
        quote = record_odds(ctx, actor, uow, code, market, odds)
        uow.commit()
    return quote


def line(ctx: Context, actor: Actor) -> list[LineRow]:
    """Every event of the line in start order, with its current odds."""
    with ctx.unit_of_work() as uow:
        events = uow.line.events()
        quotes = uow.line.current_quotes([e.code for e in events])
    odds: dict[int, dict[str, Decimal]] = {}
    versions: dict[int, dict[str, int]] = {}
    stopped: dict[int, set[str]] = {}
    for quote in quotes:
        odds.setdefault(quote.event_code, {})[quote.market] = quote.odds
        versions.setdefault(quote.event_code, {})[quote.market] = quote.version
        if quote.suspended:  # issue 38
            stopped.setdefault(quote.event_code, set()).add(quote.market)
    ordered = sorted(events, key=lambda e: (e.starts_at, e.code))
    return [
        LineRow(
            event,
            odds.get(event.code, {}),
            versions.get(event.code, {}),
            frozenset(stopped.get(event.code, ())),
        )
        for event in ordered
    ]


def line_board(ctx: Context, actor: Actor) -> list[LineRow]:
    """The line as the «Линия» page shows it: the events still to start first, by start, then
    the started ones, the latest first (pos.line.events.upcoming_first, issue 34)."""
    rows = {row.event.code: row for row in line(ctx, actor)}
    ordered = upcoming_first([row.event for row in rows.values()], ctx.clock.now())
    return [rows[event.code] for event in ordered]


def events_on_offer(ctx: Context, actor: Actor) -> list[Event]:
    """The events that take bets now, in start order: not suspended, not started (p.22).

    The betting page offers their codes as the cashier types a pick (issue 16); a bet
    agreed in play is still typed by its code.
    """
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        events = uow.line.events()
    offered = [event for event in events if event.takes_bets(now)]
    return sorted(offered, key=lambda e: (e.starts_at, e.code))


def update_event(
    ctx: Context,
    actor: Actor,
    code: int,
    sport: str,
    home: str,
    away: str,
    starts_at: datetime,
    *,
    tournament: str = "",
    max_stake: object = None,
) -> Event:
    """Correct an event's sport, teams, start, tournament or own maximum stake (managers).

    Bets already accepted keep what they were accepted on; a wrong published start is
    no ground for cancelling them (p.22).

    Raises:
        InvalidEvent, InvalidAmount, UnknownEvent: as named.
    """
    actor.require(Permission.EDIT_LINE)
    event = new_event(
        code, sport, home, away, starts_at, tournament=tournament, max_stake=max_stake
    )
    with ctx.unit_of_work() as uow:
        if uow.line.get_event(code) is None:
            raise UnknownEvent(code)
        uow.line.update_event(event)
        actor.audit(
            ctx, uow, AuditAction.EVENT_EDITED, f"{code} {event.home} — {event.away} {starts_at}"
        )
        uow.commit()
    return event


def suspend_event(ctx: Context, actor: Actor, code: int) -> None:
    """Stop taking bets on an event (managers only)."""
    _set_suspended(ctx, actor, code, suspended=True)


def resume_event(ctx: Context, actor: Actor, code: int) -> None:
    """Take bets on a suspended event again (managers only)."""
    _set_suspended(ctx, actor, code, suspended=False)


def sport_limits(ctx: Context, actor: Actor) -> dict[Sport, Decimal]:
    """The line header (p.18): the maximum stake per event of each sport that has one."""
    with ctx.unit_of_work() as uow:
        return uow.line.sport_limits()


def set_sport_limit(ctx: Context, actor: Actor, sport: str, limit: object) -> None:
    """Set a sport's maximum stake per event; an empty limit falls back to the shop's.

    Raises:
        NotPermitted, InvalidAmount: as named; InvalidEvent: not a sport of the line.
    """
    actor.require(Permission.EDIT_LINE)
    kind = line_sport(sport)
    amount = None if limit in (None, "") else to_money(limit)
    if amount is not None and amount <= 0:
        raise InvalidAmount(shown(limit), "not_positive")
    with ctx.unit_of_work() as uow:
        uow.line.set_sport_limit(kind, amount)
        ctx.settings_written(uow, actor.login)  # the conditions name it (issue 37, p.6)
        actor.audit(ctx, uow, AuditAction.SPORT_LIMIT_SET, f"{kind}: {amount}")
        uow.commit()


def import_line(ctx: Context, actor: Actor, name: str, data: bytes) -> LineImported:
    """Load a whole line from a CSV or JSON file: every row checked, all or nothing.

    New codes become events; for codes already in the line the odds that differ become
    new versions. A code that belongs to another match is refused.

    Raises:
        LineFileRejected: every bad row with its line number; nothing was changed.
    """
    actor.require(Permission.EDIT_LINE)
    name = shown(name, FILE_NAME)  # a file name as the system gave it: only recorded
    zone = ctx.settings().zone
    entries = parse_line_file(name, data, zone)
    with ctx.unit_of_work() as uow:
        result = _apply_line(ctx, actor, uow, name, entries)
        actor.audit(
            ctx,
            uow,
            AuditAction.LINE_IMPORTED,
            f"{name}: событий {result.events_added}, коэф. {result.odds_set}",
        )
        uow.commit()
    return result


def _apply_line(
    ctx: Context, actor: Actor, uow: UnitOfWork, name: str, entries: list[LineEntry]
) -> LineImported:
    existing = {event.code: event for event in uow.line.events()}
    clashes = [
        (0, line_file_problem("differs", entry.event.code))
        for entry in entries
        if (old := existing.get(entry.event.code)) is not None
        and (old.sport, old.home, old.away)
        != (entry.event.sport, entry.event.home, entry.event.away)
    ]
    if clashes:
        raise LineFileRejected(name, clashes)
    current = {(q.event_code, q.market): q.odds for q in uow.line.current_quotes(list(existing))}
    added = changed = 0
    for entry in entries:
        if entry.event.code not in existing:
            record_event(ctx, actor, uow, entry.event)
            added += 1
        for market, odds in entry.odds.items():
            if current.get((entry.event.code, market)) != odds:
                record_odds(ctx, actor, uow, entry.event.code, market, odds)
                changed += 1
    return LineImported(added, changed)


def _set_suspended(ctx: Context, actor: Actor, code: int, *, suspended: bool) -> None:
    actor.require(Permission.EDIT_LINE)
    code = parse_code(code, "event_code")
    with ctx.unit_of_work() as uow:
        if uow.line.get_event(code) is None:
            raise UnknownEvent(code)
        uow.line.set_suspended(code, suspended)
        action = AuditAction.EVENT_SUSPENDED if suspended else AuditAction.EVENT_RESUMED
        actor.audit(ctx, uow, action, str(code))
        uow.commit()


def record_event(ctx: Context, actor: Actor, uow: UnitOfWork, event: Event) -> None:
    """Add an event to the line in `uow`, audited (also the demo's and a line file's).

    Raises:
        EventExists: the code is taken.
    """
    if uow.line.get_event(event.code) is not None:
        raise EventExists(event.code)
    uow.line.add_event(event)
    actor.audit(ctx, uow, AuditAction.EVENT_ADDED, f"{event.code} {event.home} — {event.away}")


def record_odds(
    ctx: Context, actor: Actor, uow: UnitOfWork, code: int, market: str, odds: object
) -> OddsQuote:
    """Set a market's odds as its next version in `uow`, audited.

    Raises:
        InvalidMarket, InvalidOdds, UnknownEvent: as named.
    """
    canonical, value = parse_market(market), parse_odds(odds)
    if uow.line.get_event(code) is None:
        raise UnknownEvent(code)
    current = {q.market: q for q in uow.line.current_quotes([code])}.get(canonical)
    version = (current.version + 1) if current else 1
    held = current is not None and current.suspended  # suspended until resumed (issue 38)
    quote = OddsQuote(code, canonical, value, version, ctx.clock.now(), actor.login, held)
    uow.line.add_quote(quote)
    was = f"{current.odds}" if current else "—"
    actor.audit(ctx, uow, AuditAction.ODDS_SET, f"{code} {canonical}: {was} → {value}")
    return quote
