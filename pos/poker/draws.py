"""Bet-on-Poker draws: the schedule, the cards dealt so far, each round's odds, sales and results.

The studio's rules are shared/seeds/004. A draw starts every five minutes, and each draw has four
betting rounds. Round 1 is before the deal. It runs from the previous draw's start to this
draw's start, so the next draw's round 1 is always open. Rounds 2, 3 and 4 come after the deal,
the flop and the turn, one `round_length` each. Then the river is dealt and the result follows.

The odds of a round come from each hand's exact chance to be among the winners
(pos.poker.chances). A
hand sells at (1 − margin) / chance, rounded down to the hundredth. A hand that has already won
or lost takes no bets (p.3.6.1–3.6.3), and neither does one whose odds would fall below 1.01.
Every tied hand wins, and a board that plays wins for all six (p.2.3). A cancelled draw refunds
every bet at odds 1.00 (p.5.1.4).

This module is pure: no storage, no clock of its own, no Qt. Its refusals live with every
other sentence a user reads, in pos.errors.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo
from decimal import Decimal
from fractions import Fraction

from pos.poker.chances import HANDS, PRE_DEAL_CHANCE, win_chances
from pos.poker.errors import (
    CardsNotEntered,
    HandClosed,
    InvalidDeal,
    InvalidMargin,
    NoSuchHand,
    RoundClosed,
    RoundNotOpen,
    RoundOvertaken,
)

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)  # draw n starts at EPOCH + n × INTERVAL
INTERVAL = timedelta(minutes=5)  # "тиражи проходят каждые 5 минут"
ROUND_LENGTH = timedelta(seconds=60)  # each of rounds 2, 3 and 4
MIN_ODDS = Decimal("1.01")  # below this a hand takes no bets
MAX_MARGIN = Decimal("0.5")  # exclusive: the house keeps less than half of every price
SEATS = range(1, HANDS + 1)  # the studio numbers the hands 1 to 6 (p.1.2)


class Round(enum.IntEnum):
    """The four betting rounds of a draw (p.3.2–3.6), in order."""

    BEFORE_DEAL = 1
    AFTER_DEAL = 2
    AFTER_FLOP = 3
    AFTER_TURN = 4

    @property
    def words(self) -> str:
        """ "до раздачи", "после раздачи", "после флопа" or "после тёрна"."""
        return _ROUND_WORDS[self]


_ROUND_WORDS = {
    Round.BEFORE_DEAL: "до раздачи",
    Round.AFTER_DEAL: "после раздачи",
    Round.AFTER_FLOP: "после флопа",
    Round.AFTER_TURN: "после тёрна",
}
# The round in play once the hands are dealt, by the number of board cards. With 5 the draw is
# finished and no round is in play.
_ROUND_BY_BOARD = {0: Round.AFTER_DEAL, 3: Round.AFTER_FLOP, 4: Round.AFTER_TURN}


class HandStatus(enum.StrEnum):
    """What the screen shows for a hand in a round: its odds, or why it takes no bets."""

    OPEN = "open"
    WON = "won"  # chance 1: wins whatever comes (p.3.6.2)
    LOST = "lost"  # chance 0: no card can save it (p.3.6.1)
    NO_BETS = "no_bets"  # still in play, but its odds would fall below MIN_ODDS

    @property
    def words(self) -> str:
        """ "приём ставок", "выигрыш", "проигрыш" or "нет ставок"."""
        return _HAND_STATUS_WORDS[self]


_HAND_STATUS_WORDS = {
    HandStatus.OPEN: "приём ставок",
    HandStatus.WON: "выигрыш",
    HandStatus.LOST: "проигрыш",
    HandStatus.NO_BETS: "нет ставок",
}


# --- the schedule ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DrawSchedule:
    """When each draw starts, and when each of its rounds opens and closes, by server time.

    Draw n (1, 2, 3 …) starts at `epoch + n × interval`. Round 1 runs from the previous draw's
    start to this draw's start. Rounds 2, 3 and 4 each last `round_length` from the start, and
    the river comes at the start + 3 × `round_length`. A round is open on [opens_at, closes_at):
    it is already closed at the instant of its cut-off.
    """

    epoch: datetime = EPOCH
    interval: timedelta = INTERVAL
    round_length: timedelta = ROUND_LENGTH

    def __post_init__(self) -> None:
        """Refuse a schedule the studio cannot keep.

        Raises:
            ValueError: a naive epoch, a non-positive interval or round, or rounds 2–4 that
                outlast the interval (a table deals one draw at a time).
        """
        _aware(self.epoch)
        if self.interval <= timedelta(0) or self.round_length <= timedelta(0):
            raise ValueError("the interval and the round length must be positive")
        if 3 * self.round_length > self.interval:
            raise ValueError("rounds 2–4 must end before the next draw starts")

    def number_at(self, now: datetime) -> int:
        """The draw whose round 1 is open at `now`, that is, the next draw to start.

        Raises:
            ValueError: `now` is naive or before the epoch, when no draw is open yet.
        """
        elapsed = _aware(now) - self.epoch
        if elapsed < timedelta(0):
            raise ValueError(f"no draw before the epoch {self.epoch.isoformat()}")
        return elapsed // self.interval + 1

    def starts_at(self, draw: int) -> datetime:
        """When draw `draw` starts: the cards are dealt and round 1 closes."""
        return self.epoch + _number(draw) * self.interval

    def opens_at(self, draw: int, round: Round) -> datetime:
        """When bets on `round` of `draw` open."""
        if round is Round.BEFORE_DEAL:
            return self.starts_at(draw) - self.interval
        return self.starts_at(draw) + (round - Round.AFTER_DEAL) * self.round_length

    def closes_at(self, draw: int, round: Round) -> datetime:
        """The cut-off of `round` of `draw`. A bet at this instant or later is refused."""
        return self.starts_at(draw) + (round - Round.BEFORE_DEAL) * self.round_length

    def round_open(self, draw: int, round: Round, now: datetime) -> bool:
        """Whether the schedule takes bets on `round` of `draw` at `now` (cards aside)."""
        return self.opens_at(draw, round) <= _aware(now) < self.closes_at(draw, round)


def _aware(when: datetime) -> datetime:
    if when.tzinfo is None:
        raise ValueError("draw times need a timezone-aware datetime")
    return when


def _number(draw: int) -> int:
    if isinstance(draw, bool) or not isinstance(draw, int) or draw < 1:
        raise ValueError(f"draws are numbered from 1, not {draw!r}")
    return draw


# --- the cards and the odds -----------------------------------------------------------------


@dataclass(frozen=True)
class DrawCards:
    """What has been dealt in a draw so far, and each hand's chance to win from here.

    There are no hands before the deal (round 1). Then come the six hands with 0, 3 or 4 board
    cards (rounds 2, 3 and 4), and at the end the hands with all 5 (finished). Building one
    checks the cards with pos.poker.chances and computes the chances: about 10 ms right after the
    deal,
    much less later on.

    Raises:
        InvalidDeal: a bad card, a card twice, not six hands of two, 1, 2 or 6+ board cards,
            or board cards without hands.
    """

    hands: tuple[str, ...] | None = None
    board: str = ""
    chances: tuple[Fraction, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.hands is None:
            if self.board:
                raise InvalidDeal("hands", "ничего")
            chances = (PRE_DEAL_CHANCE,) * HANDS
        else:
            chances = win_chances(self.hands, self.board)  # checks every card, raises InvalidDeal
            object.__setattr__(self, "hands", tuple(self.hands))
        object.__setattr__(self, "chances", chances)

    @property
    def round(self) -> Round | None:
        """The round these cards open, or None once the river is in (the draw is finished)."""
        if self.hands is None:
            return Round.BEFORE_DEAL
        return _ROUND_BY_BOARD.get(len(self.board) // 2)

    @property
    def finished(self) -> bool:
        return self.round is None


@dataclass(frozen=True)
class Draw:
    """A draw as the shop keeps it: the cards dealt so far, and the margin its current round
    was priced at (the odds of a round stay as they opened, whatever the setting later)."""

    number: int
    hands: tuple[str, ...] | None
    board: str
    margin: Decimal
    updated_at: datetime
    updated_by: str

    def cards(self) -> DrawCards:
        """The cards, checked, with each hand's chance (about 10 ms right after the deal)."""
        return DrawCards(self.hands, self.board)


@dataclass(frozen=True)
class HandPrice:
    """One hand in one round: its status, its odds when it is OPEN (None otherwise), its chance.

    `seat` is 1–6, as the studio numbers the hands.
    """

    seat: int
    status: HandStatus
    odds: Decimal | None
    chance: Fraction

    def __post_init__(self) -> None:
        if (self.odds is None) != (self.status is not HandStatus.OPEN):
            raise ValueError("a hand has odds exactly when it is open to bets")


def check_margin(margin: Decimal) -> Decimal:
    """The house margin, if it is an exact Decimal in [0, 0.5).

    Raises:
        InvalidMargin: a float, a non-number, a negative margin, or 0.5 and above.
    """
    if not isinstance(margin, Decimal) or not margin.is_finite() or not 0 <= margin < MAX_MARGIN:
        raise InvalidMargin(margin)
    return margin


def hand_price(seat: int, chance: Fraction, margin: Decimal) -> HandPrice:
    """Price one hand at (1 − margin) / chance, rounded down to the hundredth.

    Exact throughout: the chance is a Fraction and the margin a Decimal, never a float. Rounding
    down means the house never sells above its price. A chance of 1 is WON and 0 is LOST. Odds
    below 1.01 are NO_BETS.

    Raises:
        InvalidMargin: see check_margin.
    """
    margin = check_margin(margin)
    if chance <= 0:
        return HandPrice(seat, HandStatus.LOST, None, chance)
    if chance >= 1:
        return HandPrice(seat, HandStatus.WON, None, chance)
    odds = Decimal(math.floor((1 - Fraction(margin)) / chance * 100)).scaleb(-2)
    if odds < MIN_ODDS:
        return HandPrice(seat, HandStatus.NO_BETS, None, chance)
    return HandPrice(seat, HandStatus.OPEN, odds, chance)


def round_prices(cards: DrawCards, margin: Decimal) -> tuple[HandPrice, ...]:
    """The six hands' prices for the round that `cards` open. Round 1 uses PRE_DEAL_CHANCE.

    Raises:
        InvalidMargin: see check_margin.
    """
    check_margin(margin)
    pairs = zip(SEATS, cards.chances, strict=True)
    return tuple(hand_price(seat, chance, margin) for seat, chance in pairs)


# --- selling --------------------------------------------------------------------------------


def check_bet(
    schedule: DrawSchedule,
    draw: int,
    round: Round,
    seat: int,
    cards: DrawCards,
    prices: Sequence[HandPrice],
    now: datetime,
    zone: tzinfo,
) -> Decimal:
    """The odds a bet on hand `seat` in `round` of `draw` sells at now, or the reason it cannot.

    `cards` are what has been dealt in `draw`, and `prices` are round_prices of those cards.
    `zone` is the shop's time zone, used for the times in the refusals.

    Raises:
        NoSuchHand: `seat` is not 1–6.
        RoundClosed: `now` is at or after the round's cut-off.
        RoundNotOpen: the round has not opened yet (e.g. round 1 of a draw two ahead).
        RoundOvertaken: the cards of a later round, or the river, are already in.
        CardsNotEntered: the round's cards (hands, flop or turn) are not in yet.
        HandClosed: the hand is WON, LOST or NO_BETS in this round.
        ValueError: `prices` were not computed from `cards` (a stale price list: a bug).
    """
    if isinstance(seat, bool) or seat not in SEATS:
        raise NoSuchHand(seat)
    if tuple(price.chance for price in prices) != cards.chances:
        raise ValueError("the prices were not computed from these cards")
    if _aware(now) >= schedule.closes_at(draw, round):
        raise RoundClosed(draw, round, schedule.closes_at(draw, round).astimezone(zone))
    if now < schedule.opens_at(draw, round):
        raise RoundNotOpen(draw, round, schedule.opens_at(draw, round).astimezone(zone))
    if cards.round is None or cards.round > round:
        raise RoundOvertaken(draw, round, cards.round)
    if cards.round < round:
        raise CardsNotEntered(draw, round)
    price = prices[seat - 1]
    if price.odds is None:
        raise HandClosed(seat, price.status)
    return price.odds


# --- results and settlement -----------------------------------------------------------------
