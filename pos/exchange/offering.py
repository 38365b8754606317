"""Making an offer (p.41): an outcome of the line (p.47), before the event's start (p.46), its
stake and coefficient within the organiser's limits (p.38); its risk is then blocked."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from pos.exchange.errors import EventStarted, NotOnLine
from pos.exchange.paris import Offer
from pos.exchange.terms import ExchangeLimits, check_terms, parse_side, risk
from pos.games.registry import installed
from pos.line.events import Event, Sport
from pos.line.markets import Market


@dataclass(frozen=True)
class OfferTerms:
    """What a player offers (p.41) as typed: an outcome of the line, back or lay, a
    coefficient and a stake; `new_offer` checks them."""

    market: object
    side: object
    coefficient: object
    stake: object


def new_offer(
    *,
    number: str,
    account: str,
    event: Event,
    terms: OfferTerms,
    line_markets: Collection[str],
    limits: ExchangeLimits,
    at: datetime,
    terminal: str,
    cashier: str,
    office: str,
) -> Offer:
    """A player's offer on an outcome of the line (p.41), its risk to be blocked.

    Args:
        event: the event, as the line has it.
        terms: the market, side, coefficient and stake as typed.
        line_markets: the canonical codes of the markets the line offers on the event (p.47).
        limits: the organiser's stake and coefficient limits (p.38).
        at: the moment of the offer, before the event's published start (p.46).

    Raises:
        UnknownSide; InvalidMarket; NotOnLine (p.47); EventStarted (p.46); InvalidAmount,
        StakeOutsideLimits, InvalidCoefficient, CoefficientOutsideLimits (p.38);
        RiskBelowKopeck.
    """
    side = parse_side(terms.side)
    market = Market.parse(terms.market).code
    if event.sport is Sport.GAME:  # a game's draw is no event of the line (issue 36)
        raise NotOnLine(event.code, market, "draw", _game_title(event))
    if event.suspended:
        raise NotOnLine(event.code, market, "suspended")
    if market not in line_markets:
        raise NotOnLine(event.code, market, "market")
    if at >= event.starts_at:
        raise EventStarted(event.code, event.starts_at.astimezone(at.tzinfo))
    stake, coefficient = check_terms(limits, terms.stake, terms.coefficient)
    return Offer(
        number=number,
        account=account,
        event=event.code,
        market=market,
        side=side,
        coefficient=coefficient,
        stake=stake,
        stake_open=stake,
        blocked=risk(side, stake, coefficient),
        made_at=at,
        terminal=terminal,
        cashier=cashier,
        office=office,
        event_starts_at=event.starts_at,
    )


def _game_title(event: Event) -> str:
    # As the game's board names it; for a game no longer installed, the studio (tournament).
    game = installed().by_key(event.game)
    return event.tournament if game is None else game.title
