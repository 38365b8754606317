"""Taking a bet: the rules of the house checked in order, then the slip priced (p.5, p.18–p.22)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction

from pos.betting.bets import (
    BetKind,
    BetType,
    highest_express_odds,
    parse_kind,
    prices,
)
from pos.betting.bets import split_stake as split_system_stake
from pos.betting.errors import (
    EventAlreadyOnSlip,
    EventHasResult,
    EventStarted,
    EventSuspended,
    ExpressOddsTooHigh,
    MarketMissing,
    OnlyBetOnSlip,
    PayoutTooHigh,
    SameEventTwice,
    StakeAboveEventLimit,
    StakeTooLow,
    WrongLegCount,
)
from pos.betting.liability_cap import check_liability_cap
from pos.betting.slips import Leg
from pos.core.input_errors import InvalidAmount
from pos.core.inputs import parse_code
from pos.core.money import from_kopecks, to_kopecks, to_money
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.games.registry import installed
from pos.line.errors import InvalidMarket, UnknownEvent
from pos.line.events import Event, parse_market
from pos.line.quote_errors import MarketNotOffered, OutcomeSuspended

Pick = tuple[int, str]
# A member is one pick, or for a complex system a block of picks (an express inside it).
PickOrBlock = Pick | Sequence[Pick]


@dataclass(frozen=True)
class PricedBet:
    """A bet that passed every rule: its legs at their current odds versions, and its prices."""

    kind: BetKind
    members: tuple[tuple[Leg, ...], ...]
    stake: Decimal
    total_odds: Decimal
    possible_payout: Decimal
    payout_cap: Decimal


def normalise_picks(legs: Sequence[PickOrBlock]) -> list[list[Pick]]:
    """Members as lists of (event code, canonical market) picks.

    Raises:
        InvalidMarket: a market code that is not one of the line (MarketMissing: none).
        InvalidNumber: an event code that is not a whole number an event can have (a slip
            number scanned into the field, other scripts' digits).
    """
    if not isinstance(legs, list | tuple) or not legs:
        raise WrongLegCount("купон", "1 и больше", 0)
    members: list[list[Pick]] = []
    for item in legs:
        block = [item] if _is_pick(item) else item
        if not isinstance(block, list | tuple) or not block or not all(map(_is_pick, block)):
            # An empty block, or something that is not (event code, market): no leg at all.
            raise WrongLegCount("купон", "1 и больше", 0)
        members.append([_pick(code, market) for code, market in block])
    return members


def check_new_pick(on_slip: list[list[Pick]], pick: Pick) -> None:
    """Refuse a leg whose event the slip being built already has (p.18: an express or a
    system takes different events only), as it is added rather than at issue.

    Raises:
        EventAlreadyOnSlip: the event is on the slip, alone or in a block.
        InvalidMarket, InvalidNumber: as normalise_picks.
    """
    taken = {code for member in on_slip for code, _market in member}
    for code, _market in (leg for member in normalise_picks([pick]) for leg in member):
        if code in taken:
            raise EventAlreadyOnSlip(code)


def _pick(code: object, market: object) -> Pick:
    event = _code(code)
    if market is None or (isinstance(market, str) and not market.strip()):
        raise MarketMissing(event)  # "101" alone: the outcome is what is missing
    return event, _market(market, event)


def _market(market: object, event: int) -> str:
    if not isinstance(market, str):
        raise InvalidMarket(str(market))
    game = installed().by_code(event)
    if game is None:
        return parse_market(market)
    try:  # its draw's codes first: a "12" may be its own, not the line's (issue 36)
        return game.parse_market(market)
    except InvalidMarket as refused:
        with suppress(InvalidMarket):  # read as the line reads it: its price refuses it
            return parse_market(market)
        raise refused from None  # the game's sentence


def _code(code: object) -> int:
    # Typed or scanned: a slip number in the event field is refused here, not by the database.
    return parse_code(code, "event_code")


def price_bet(
    uow: UnitOfWork,
    settings: ShopSettings,
    now: datetime,
    *,
    picks: list[list[Pick]],
    stake: object,
    kind: object,
    agreed_in_play: bool,
    stake_final: bool = True,
    limits_waived: bool = False,
) -> PricedBet:
    """Check a bet against the rules of the house and price it at the current odds;
    `stake_final=False` for a leg priced as it is added to the slip, at a stake not yet the
    bet's: a game's check of the stake (an announced bet's chips) waits for the bet.
    `limits_waived` for a stake a manager accepted on referral (issue 38): the limits a
    referral may pass (pos.betting.errors.Referable) are not checked, the others are.

    Raises:
        InvalidBetKind, WrongLegCount, SameEventTwice, UnknownEvent, EventSuspended,
        EventStarted, MarketNotOffered, InvalidAmount, StakeTooLow, StakeNotSplittable,
        StakeAboveEventLimit, ExpressOddsTooHigh, PayoutTooHigh, OutcomeSuspended,
        LiabilityCapExceeded: one sentence each.
    """
    bet_kind = parse_kind(kind)
    _check_shape(bet_kind, picks)
    events = _events(uow, picks)
    members = _legs(uow, events, picks, now, settings, agreed_in_play=agreed_in_play)
    amount = _stake(stake, settings)
    best = _check_game_stakes(members, amount, stake_final)
    member_odds = [_product(leg.odds for leg in member) for member in members]
    if bet_kind.type is BetType.SYSTEM:
        split_system_stake(bet_kind, amount, settings.min_stake)
    if not limits_waived:
        _check_event_limits(uow, settings, events.values(), amount)
    _check_express_odds(settings, bet_kind, member_odds)
    odds, payout = prices(bet_kind, amount, member_odds)  # priced once (issue 34)
    if best is not None:  # paid at its exact best, not its odds rounded up (issue 36)
        payout = from_kopecks(math.floor(to_kopecks(amount) * best))
    if not limits_waived:
        if payout > settings.max_payout:
            raise PayoutTooHigh(payout, settings.max_payout)
        check_liability_cap(uow, settings, events, members, payout)
    return PricedBet(bet_kind, members, amount, odds, payout, settings.max_payout)


def _is_pick(item: object) -> bool:
    # (code, market) as a tuple or, from JSON, a 2-item list whose first item is not a pick.
    return (
        isinstance(item, tuple | list)
        and len(item) == 2
        and not isinstance(item[0], tuple | list)
        and not isinstance(item[1], tuple | list)
    )


def _check_shape(kind: BetKind, picks: list[list[Pick]]) -> None:
    count = len(picks)
    blocks = any(len(member) > 1 for member in picks)
    if kind.type is BetType.SINGLE and (count != 1 or blocks):
        raise WrongLegCount("ординар", "1", sum(len(m) for m in picks))
    if kind.type is BetType.EXPRESS and (count < 2 or blocks):
        raise WrongLegCount("экспресс", "2 и больше", sum(len(m) for m in picks))
    if kind.type is BetType.SYSTEM and count != kind.of:
        raise WrongLegCount(f"система {kind.size}/{kind.of}", str(kind.of), count)
    seen: set[int] = set()
    for code, _market in (pick for member in picks for pick in member):
        if code in seen:
            raise SameEventTwice(code)
        seen.add(code)
    games = installed()
    alone = next((g for code in seen if (g := games.by_code(code)) and g.singles_only), None)
    if alone is not None and len(seen) > 1:  # its bet stands alone on a slip (issue 36)
        raise OnlyBetOnSlip(alone.title)


def _events(uow: UnitOfWork, picks: list[list[Pick]]) -> dict[int, Event]:
    codes = [code for member in picks for code, _market in member]
    events = uow.line.events_by_code(codes)
    missing = next((code for code in codes if code not in events), None)
    if missing is not None:
        raise UnknownEvent(missing)
    return events


def _legs(
    uow: UnitOfWork,
    events: dict[int, Event],
    picks: list[list[Pick]],
    now: datetime,
    settings: ShopSettings,
    *,
    agreed_in_play: bool,
) -> tuple[tuple[Leg, ...], ...]:
    zone = settings.zone
    quotes = uow.line.quotes_for([pick for member in picks for pick in member])
    # A result can be recorded once the match has actually started, which may be before
    # its published start: every sports leg is checked, not only the late ones.
    games = installed()
    played = uow.results.for_events(
        [code for member in picks for code, _ in member if games.by_code(code) is None]
    )
    members = []
    for member in picks:
        legs = []
        for code, market in member:
            event = events[code]
            game = games.by_code(code)
            if game is not None:  # sold as its game says, at its price (pos.games.game.Game)
                sold = game.sale_market(market, settings)
                version, odds = game.price(uow, event, sold, now, zone)
                legs.append(_leg(event, sold, odds, version))
                continue
            if event.suspended:
                raise EventSuspended(code)
            if code in played:
                raise EventHasResult(code)
            if now >= event.starts_at and not agreed_in_play:
                raise EventStarted(code, event.starts_at.astimezone(zone))
            quote = quotes.get((code, market))
            if quote is None:
                raise MarketNotOffered(code, market)
            if quote.suspended:  # from the liability board, read with the odds (issue 38)
                raise OutcomeSuspended(code, market)
            legs.append(_leg(event, market, quote.odds, quote.version))
        members.append(tuple(legs))
    return tuple(members)


def _check_game_stakes(
    members: tuple[tuple[Leg, ...], ...], stake: Decimal, final: bool
) -> Fraction | None:
    # A game's refusal of the stake; and a single's exact best return where its game has one.
    games, best = installed(), None
    for leg in (leg for member in members for leg in member):
        if (game := games.of_leg(leg)) is not None:
            if final:
                game.check_stake(leg.market, stake)
            best = game.best_return(leg.market) if len(members) == 1 else None
    return best


def _leg(event: Event, market: str, odds: Decimal, version: int) -> Leg:
    # The slip names each event's sport and tournament (issue 16).
    return Leg(
        event.code,
        market,
        odds,
        version,
        event.home,
        event.away,
        event.starts_at,
        sport=event.sport,
        tournament=event.tournament,
    )


def _stake(stake: object, settings: ShopSettings) -> Decimal:
    amount = to_money(stake)
    if amount <= 0:
        raise InvalidAmount(str(stake), "not_positive")
    if amount < settings.min_stake:
        raise StakeTooLow(amount, settings.min_stake)
    return amount


def _check_event_limits(
    uow: UnitOfWork, settings: ShopSettings, events: Iterable[Event], stake: Decimal
) -> None:
    # p.18: the maximum stake per event is compared with the slip's whole stake.
    headers = uow.line.sport_limits()
    for event in events:
        limit = event.max_stake or headers.get(event.sport) or settings.max_stake_per_event
        if stake > limit:
            raise StakeAboveEventLimit(event.code, stake, limit)


def _check_express_odds(settings: ShopSettings, kind: BetKind, member_odds: list[Decimal]) -> None:
    if kind.type is BetType.SINGLE:
        return
    highest = highest_express_odds(kind, member_odds)
    if highest > settings.max_express_odds:
        raise ExpressOddsTooHigh(highest, settings.max_express_odds)


def _product(values: Iterable[Decimal]) -> Decimal:
    result = Decimal(1)
    for value in values:
        result *= value
    return result
