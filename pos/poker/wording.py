"""How a bet on a Bet-on-Poker draw is worded on its slip: the draw as the board names it, the
hand with the market code the cashier typed, and the round it was sold in (issue 34)."""

from __future__ import annotations

from dataclasses import dataclass

from pos.poker.draws import Round
from pos.poker.events import STUDIO, draw_number
from pos.poker.outcome import HAND


@dataclass(frozen=True)
class DrawLegWords:
    """A draw's leg as its slip prints it.

    Attributes:
        draw: the studio and the draw, as the board shows it: "Bet-on-Poker. Тираж № 96013".
        hand: the hand and its market code: "Рука 3 (P3)".
        round: the round the bet was sold in, whose close ends its claims: "Ставка до раздачи".
    """

    draw: str
    hand: str
    round: str


def draw_leg_words(event_code: int, market: str, odds_version: int) -> DrawLegWords | None:
    """The words of a leg on a draw, or None for a leg on an event of the line.

    Args:
        event_code: the leg's event code (a draw's is pos.poker.events.draw_code).
        market: the hand's market code, "P1" … "P6".
        odds_version: the round the odds were of (pos.poker.events.draw_odds).

    Returns:
        The draw, the hand and the round in words; None when the code is not a draw's.
    """
    number = draw_number(event_code)
    if number is None:
        return None
    match = HAND.fullmatch(market)
    hand = f"Рука {match[1]} ({market})" if match else market
    try:
        round_words = f"Ставка {Round(odds_version).words}"
    except ValueError:  # not a round: a version the draw never had
        round_words = ""
    return DrawLegWords(f"{STUDIO}. Тираж №\u00a0{number}", hand, round_words)
