"""A draw's result (p.2): the winning hands from the cards, checked against what was dealt, and
what a bet on a hand came to."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from pos.poker.chances import HANDS, winners
from pos.poker.draws import SEATS, DrawCards
from pos.poker.errors import (
    BoardMismatch,
    CancelReasonRequired,
    HandsMismatch,
    NoSuchHand,
)


class Outcome(enum.StrEnum):
    """How one bet on a hand settles."""

    WON = "won"
    LOST = "lost"
    REFUND = "refund"  # the draw was cancelled (p.5.1.4)

    @property
    def words(self) -> str:
        """ "выигрыш", "проигрыш" or "возврат"."""
        return _OUTCOME_WORDS[self]

    def paid_at(self, odds: Decimal) -> Decimal:
        """The odds the bet pays at: the odds it was sold at, 0, or 1.00 for a refund."""
        if self is Outcome.WON:
            return odds
        return Decimal("1.00") if self is Outcome.REFUND else Decimal("0.00")


_OUTCOME_WORDS = {Outcome.WON: "выигрыш", Outcome.LOST: "проигрыш", Outcome.REFUND: "возврат"}


@dataclass(frozen=True)
class DrawResult:
    """How a draw ended: the winning seats (1–6), the hands and the board, or a cancellation.

    Every tied hand is among the winners, and a board that plays makes all six win (p.2.3). A
    cancelled draw has no winners and keeps its reason (p.5.1).
    """

    winners: frozenset[int]
    hands: tuple[str, ...] = ()
    board: str = ""
    cancel_reason: str | None = None

    @classmethod
    def cancelled(cls, reason: str) -> DrawResult:
        """A cancelled draw: every bet on it is refunded at odds 1.00 (p.5.1.4).

        Raises:
            CancelReasonRequired: the reason is blank.
        """
        if not reason.strip():
            raise CancelReasonRequired
        return cls(frozenset(), cancel_reason=reason.strip())

    @property
    def is_cancelled(self) -> bool:
        return self.cancel_reason is not None


def check_result(cards_so_far: DrawCards, hands: Sequence[str], board: str) -> DrawResult:
    """The result of a draw from its six hands and five board cards, checked against the draw.

    The hands must be the ones dealt, if they were entered during the draw. The order of the two
    cards within a hand does not matter. The board must go on from the board entered so far.
    The flop's three cards may come in any order, but the turn (and a river already entered)
    must be in their places.

    Raises:
        HandsMismatch: a hand differs from the one dealt (the first such seat is named).
        InvalidDeal: a bad card, a card twice, not six hands of two, not five board cards.
        BoardMismatch: the board contradicts the flop, turn or river entered during the draw.
    """
    dealt = cards_so_far.hands
    if dealt is not None and not isinstance(hands, str) and len(hands) == HANDS:
        for seat, was, entered in zip(SEATS, dealt, hands, strict=True):
            if _cards(was) != _cards(entered):
                raise HandsMismatch(seat, was, entered)
    won = winners(hands, board)  # checks every card and count, raises InvalidDeal
    _check_board_goes_on(cards_so_far.board, board)
    return DrawResult(frozenset(seat + 1 for seat in won), tuple(hands), board)


def bet_outcome(result: DrawResult, seat: int) -> Outcome:
    """How a bet on hand `seat` settles: won if the seat is among the winners, else lost.

    A cancelled draw refunds (Outcome.paid_at gives 1.00).

    Raises:
        NoSuchHand: `seat` is not 1–6.
    """
    if isinstance(seat, bool) or seat not in SEATS:
        raise NoSuchHand(seat)
    if result.is_cancelled:
        return Outcome.REFUND
    return Outcome.WON if seat in result.winners else Outcome.LOST


def _check_board_goes_on(so_far: str, board: str) -> None:
    """Both boards hold whole, valid cards here: the final one has five, the other 0, 3, 4 or 5."""
    if not so_far:
        return
    if set(_cards(so_far[:6])) != set(_cards(board[:6])):
        raise BoardMismatch("flop", so_far[:6], board[:6])
    for street, at in (("turn", 6), ("river", 8)):
        if so_far[at : at + 2] and so_far[at : at + 2] != board[at : at + 2]:
            raise BoardMismatch(street, so_far[at : at + 2], board[at : at + 2])


def _cards(text: str) -> list[str]:
    return sorted(text[at : at + 2] for at in range(0, len(text), 2))
