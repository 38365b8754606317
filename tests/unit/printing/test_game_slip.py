"""A game's leg on the slip is worded by its game (issue 36, step 9: `Game.leg_words`): the
printer lays out what the game says, in Bet-on-Poker's order, and names no game itself."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from pos.betting.bets import BetKind, BetType
from pos.betting.slips import Leg
from pos.games.game import LegWords
from pos.games.registry import Games, installing
from pos.line.events import Sport
from pos.poker.game import POKER
from printing.layout import WIDTH_58MM, WIDTH_80MM
from printing.render import render_job
from printing.slips import slip_layout
from tests.unit.printing.escpos_reader import read_job
from tests.unit.printing.test_slips import SETTINGS, SLIP

COIN = 1_600_000_005


class CoinToss:
    """A stand-in game: one toss a draw, its leg worded as its board would name it."""

    key, title, sport_words = "coin", "Монетка", "Монетка"
    codes = range(COIN - 4, COIN + 1000)
    batch_kind = 201
    settings = ()

    def leg_words(self, leg: Leg) -> LegWords:
        return LegWords("Монетка. Тираж № 5", "Бросок", "", f"Орёл ({leg.market})")

    def claim_closes(self, leg: Leg) -> datetime:
        return leg.starts_at


@pytest.mark.parametrize("width", [WIDTH_80MM, WIDTH_58MM])
def test_a_game_s_leg_is_printed_in_its_game_s_words(width: int) -> None:
    starts = SLIP.issued_at + timedelta(minutes=2)
    leg = Leg(COIN, "H", Decimal("1.95"), 1, "Монетка", "тираж № 5", starts, sport=Sport.GAME)
    slip = dataclasses.replace(
        SLIP,
        kind=BetKind(BetType.SINGLE),
        members=((leg,),),
        total_odds=Decimal("1.95"),
        possible_payout=Decimal("19.50"),
    )

    with installing(Games([POKER, CoinToss()])):
        layout = slip_layout(slip, SETTINGS, width=width)
    lines = read_job(render_job("TM-T20II", [layout], code_page="CP866"), "TM-T20II").lines

    at = next(i for i, line in enumerate(lines) if "Монетка. Тираж № 5" in line)
    local = starts.astimezone(SETTINGS.zone)
    assert lines[at + 1].strip() == f"Бросок {local:%d.%m %H:%M}"
    assert lines[at + 2].strip().startswith("Орёл (H)")
    assert lines[at + 2].rstrip().endswith("1,95")
    assert str(COIN) not in " ".join(lines)
