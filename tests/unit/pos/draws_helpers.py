"""The schedule, deal and boards the Bet-on-Poker draw tests share."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.poker.draws import DrawCards, DrawSchedule

SCHEDULE = DrawSchedule()
MINSK = ZoneInfo("Europe/Minsk")  # UTC+3 all year
TICK = timedelta(microseconds=1)
MARGIN = Decimal("0.10")

DRAW = 1000
START = datetime(2026, 1, 4, 11, 20, tzinfo=UTC)  # EPOCH + 1000 × 5 min; 14:20 in Minsk

# The research deal of tests/unit/pos/test_poker.py: its chances are known exactly.
DEAL = ("AsKs", "QhQd", "7c8c", "2d2h", "JsTd", "9h9c")
FLOP, TURN, RIVER = "Ac7h3s", "Ac7h3sKd", "Ac7h3sKd2c"  # on the river 2d2h makes three deuces
# On this turn AsAc holds four aces: hand 1 has won and the other five have lost.
DECIDED = ("AsAc", "KdKs", "QcJc", "3c4c", "8h9h", "TdTh")
DECIDED_TURN = "AhAd2c7d"

PRE_DEAL = DrawCards()
DEALT = DrawCards(DEAL)
FLOPPED = DrawCards(DEAL, FLOP)
TURNED = DrawCards(DEAL, TURN)
