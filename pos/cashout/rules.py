"""What the shop offers to buy an open slip back for, and when it offers nothing (issue 38).

DESIGN.md, "Cash-out": `stake × (odds of the slip) ÷ (current odds of its open legs) ×
(1 − cashout_margin)`, legs already won counted at their odds and void legs at 1,00, rounded
down to the kopeck (pos.core.money.round_payout) and never above the slip's possible payout.
A single of 10,00 at 2,10 whose odds are now 1,80: 10 × 2,10 ÷ 1,80 × 0,95 = 11,083… → 11,08.
Not offered while an open leg's event has started (there are no live odds) or is suspended,
nor for a lost or settled slip, systems, draws, and slips whose money is not the till's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from fractions import Fraction

from pos.betting.bets import BetType
from pos.betting.slips import Leg, Slip, SlipStatus
from pos.cashout.errors import LegNotQuoted, LegStarted, LegSuspended, NotOffered
from pos.core.money import KOPECK, round_payout
from pos.core.settings import ShopSettings
from pos.games.registry import installed
from pos.line.events import Event, OddsQuote
from pos.line.verdicts import LegOutcome
from pos.settlement.results import Result
from pos.settlement.rules import judge_leg

# Why a slip in each status other than open is not bought back (NotOffered's keys).
_NOT_OPEN = {
    SlipStatus.LOST: "lost",
    SlipStatus.WON: "settled",
    SlipStatus.REFUND: "settled",
    SlipStatus.PAID: "paid",
    SlipStatus.CANCELLED: "cancelled",
    SlipStatus.PENDING: "not_issued",
    SlipStatus.VOID: "not_issued",
    SlipStatus.CASHED_OUT: "cashed_out",
}


@dataclass(frozen=True)
class CashoutOffer:
    """An offer to buy a slip back, recorded so that `cash_out_slip` can check it."""

    slip_number: str
    amount: Decimal
    made_at: datetime
    valid_until: datetime
    terminal: str
    cashier: str

    def holds(self, now: datetime) -> bool:
        """True until `valid_until`, that moment included."""
        return self.made_at <= now <= self.valid_until


@dataclass(frozen=True)
class LegPrice:
    """One leg as the offer counts it: its odds accepted, what it came to, and for an open
    leg its odds now."""

    odds: Decimal
    outcome: LegOutcome
    current: Decimal | None = None


def offer_amount(
    stake: Decimal, legs: Sequence[LegPrice], margin: Decimal, ceiling: Decimal
) -> Decimal:
    """The buy-back price (DESIGN.md's formula), exact until rounded down to the kopeck.

    Args:
        stake: the slip's stake; legs: every leg, won, void or open (a lost one is refused
            before); margin: `cashout_margin`; ceiling: the slip's possible payout.

    Returns:
        The amount, 0,00 ≤ amount ≤ ceiling.
    """
    value = Fraction(stake) * (1 - Fraction(margin))
    for leg in legs:
        if leg.outcome is LegOutcome.WON:
            value *= Fraction(leg.odds)
        elif leg.outcome is LegOutcome.OPEN and leg.current is not None:
            value *= Fraction(leg.odds) / Fraction(leg.current)
        # a void leg counts at 1,00
    kopecks = Decimal(value.numerator * 100 // value.denominator) * KOPECK
    return max(Decimal("0.00"), min(round_payout(kopecks), ceiling))


def offered_slip(slip: Slip) -> None:
    """The slip as a whole may be bought back: open, no system, no draw's leg, the till's money.

    Raises:
        NotOffered: with why not.
    """
    if slip.coupon is not None:
        raise NotOffered(slip.number, "coupon")
    if slip.account is not None:
        raise NotOffered(slip.number, "account")
    if slip.status is not SlipStatus.OPEN:
        raise NotOffered(slip.number, _NOT_OPEN[slip.status])
    if slip.kind.type is BetType.SYSTEM:
        raise NotOffered(slip.number, "system")
    games = installed()
    if any(games.of_leg(leg) is not None for leg in slip.legs):
        raise NotOffered(slip.number, "draw")


@dataclass(frozen=True)
class LineNow:
    """What the line says now of the slip's events: the events, the current quotes, the
    results recorded, and the moment."""

    events: Mapping[int, Event]
    quotes: Mapping[tuple[int, str], OddsQuote]
    results: Mapping[int, Result]
    now: datetime


def price_legs(slip: Slip, line: LineNow, settings: ShopSettings) -> list[LegPrice]:
    """Each leg of an offered slip as the offer counts it.

    Raises:
        NotOffered: a leg lost (the slip is lost), or no leg is open any more (it waits for
            settlement); LegStarted, LegSuspended, LegNotQuoted: an open leg has no price now.
    """
    priced = [_leg_price(slip, leg, line, settings) for leg in slip.legs]
    if not any(p.outcome is LegOutcome.OPEN for p in priced):
        raise NotOffered(slip.number, "decided")
    return priced


def _leg_price(slip: Slip, leg: Leg, line: LineNow, settings: ShopSettings) -> LegPrice:
    verdict = judge_leg(
        leg,
        line.results.get(leg.event_code),
        accepted_at=slip.issued_at,
        agreed_in_play=slip.agreed_in_play,
    )
    if verdict.outcome in (LegOutcome.LOST, LegOutcome.PART):
        raise NotOffered(slip.number, "lost")
    if verdict.outcome is not LegOutcome.OPEN:
        return LegPrice(leg.odds, verdict.outcome)
    code, event = leg.event_code, line.events.get(leg.event_code)
    quote = line.quotes.get((code, leg.market))
    # The event's suspension (the line editor), or its outcome's (the liability board).
    if event is None or event.suspended or (quote is not None and quote.suspended):
        raise LegSuspended(slip.number, code, leg.market)
    if line.now >= event.starts_at:
        raise LegStarted(slip.number, code, event.starts_at.astimezone(settings.zone))
    if quote is None:
        raise LegNotQuoted(slip.number, code, leg.market)
    return LegPrice(leg.odds, LegOutcome.OPEN, quote.odds)


def ceiling(slip: Slip) -> Decimal:
    """The most a buy-back pays: the slip's possible payout, under its payout cap."""
    cap = slip.payout_cap
    return slip.possible_payout if cap is None else min(slip.possible_payout, cap)


def new_offer(
    slip: Slip, amount: Decimal, now: datetime, settings: ShopSettings, terminal: str, cashier: str
) -> CashoutOffer:
    """The offer made now, holding for `cashout_offer_seconds`."""
    until = now + timedelta(seconds=settings.cashout_offer_seconds)
    return CashoutOffer(slip.number, amount, now, until, terminal, cashier)
