"""Bet-on-Poker draws as events of the line: their codes, and a bet's price from the cards
(a bet's window on a draw is pos.betting.counter's cancel_deadline).

A draw is an event of a game's sport (Sport.GAME, its game KEY) with the code DRAW_CODE_BASE +
its number, kept off the line's lists; a bet on hand k is a leg on market "Pk" at the odds of
the round on sale (pos.poker.draws), its odds version the round (pos.betting.pricing calls
`draw_odds`).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.core.ports import UnitOfWork
from pos.line.events import Event, Sport
from pos.poker.codes import DRAW_CODE_BASE, KEY, LAST_DRAW_CODE, MAX_DRAW_NUMBER, STUDIO
from pos.poker.draws import Draw, DrawSchedule, Round, check_bet, round_prices
from pos.poker.errors import DrawNotFound, MarketNotOffered
from pos.poker.outcome import HAND
from pos.poker.ports import DRAWS

SCHEDULE = DrawSchedule()


def draw_code(number: int) -> int:
    """The event code of draw `number`."""
    return DRAW_CODE_BASE + number


def draw_event(number: int) -> Event:
    """The event of draw `number`: of a game's sport, stored under the game's key ("poker", as
    before the seam: issue 36), its studio the tournament and the match."""
    return Event(
        draw_code(number),
        Sport.GAME,
        STUDIO,
        f"тираж № {number}",
        SCHEDULE.starts_at(number),
        tournament=STUDIO,
        game=KEY,
    )


def draw_number(code: int) -> int | None:
    """The draw an event code is, or None for an event of the line."""
    # Codes above the last draw's are another game's (pos.poker.codes.LAST_DRAW_CODE).
    return code - DRAW_CODE_BASE if DRAW_CODE_BASE < code <= LAST_DRAW_CODE else None


def is_draw(event: Event) -> bool:
    """True for the event of a Bet-on-Poker draw."""
    return event.sport is Sport.GAME and draw_number(event.code) is not None


def draw_odds(
    uow: UnitOfWork, event: Event, market: str, now: datetime, zone: ZoneInfo
) -> tuple[int, Decimal]:
    """The round a bet on `market` of a draw's event is in, and its odds now (pos.betting.pricing).

    Raises:
        DrawNotFound; MarketNotOffered: not a hand (P1–P6); the refusals of
        pos.poker.draws.check_bet (RoundClosed, RoundNotOpen, RoundOvertaken, CardsNotEntered,
        HandClosed).
    """
    number = draw_number(event.code)
    assert number is not None  # only a draw's event is priced here
    draw = get_draw(uow, number)
    cards = draw.cards()
    match = HAND.fullmatch(market)
    if match is None:  # a draw sells its hands only
        raise MarketNotOffered(event.code, market)
    seat = int(match[1])
    current = cards.round or Round.AFTER_TURN
    prices = round_prices(cards, draw.margin)
    odds = check_bet(SCHEDULE, number, current, seat, cards, prices, now, zone)
    return int(current), odds


def get_draw(uow: UnitOfWork, number: int, *, for_update: bool = False) -> Draw:
    """The draw `number` (locked for the transaction with `for_update`).

    Raises:
        DrawNotFound: the schedule has not opened it.
    """
    found = uow.store(DRAWS).get(number, for_update=for_update)
    if found is None:
        raise DrawNotFound(number)
    return found


__all__ = ["DRAW_CODE_BASE", "MAX_DRAW_NUMBER", "SCHEDULE", "STUDIO"]
