"""Bet-on-Poker on the games' seam (issue 36): what the house asks of it through
`pos.games.game.Game`. Listed at start-up, it loads its rules (and their numpy) only when a
hook is first called."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from pos.core.inputs import MAX_INTEGER
from pos.poker.codes import DRAW_CODE_BASE, KEY, STUDIO
from pos.poker.outcome import hand_line, hand_of_line, hand_words, judge_hand, parse_hand
from pos.poker.settings import PAY_AT_ONCE, SETTINGS

if TYPE_CHECKING:
    from pos.betting.slips import Leg
    from pos.core.ports import UnitOfWork
    from pos.core.settings import ShopSettings
    from pos.games.game import FinalScore
    from pos.games.settings import SettingSpec
    from pos.line.events import Event
    from pos.line.markets import LegVerdict


class BetOnPoker:
    """The game of seed 004: a draw every few minutes, six hands, bets by round."""

    key = KEY
    title = STUDIO
    sport_words = "Покер"
    codes = range(DRAW_CODE_BASE + 1, MAX_INTEGER + 1)
    room: tuple[str, ...] = (
        "pos/poker/",
        "pos/draws/",
        "db/draws.py",
        "ui/games/poker/",
        "ui/pages/draws.py",  # the board's old name (issue 36)
    )
    names: tuple[str, ...] = ("poker", "покер", "bet-on-poker")
    settings: tuple[SettingSpec[Any], ...] = SETTINGS  # its margin and payout day (issue 36)

    def claim_closes(self, leg: Leg) -> datetime:
        """The close of the round the bet was sold in: the next cards are dealt then, and a
        bet is not taken back once they are known."""
        from pos.poker.draws import Round  # noqa: PLC0415 - the chances' numpy, when first asked
        from pos.poker.events import SCHEDULE  # noqa: PLC0415

        number = leg.event_code - DRAW_CODE_BASE
        return SCHEDULE.closes_at(number, Round(leg.odds_version))

    def price(
        self, uow: UnitOfWork, event: Event, market: str, now: datetime, zone: ZoneInfo
    ) -> tuple[int, Decimal]:
        """The round on sale and a hand's odds from the cards dealt (pos.poker.draws)."""
        from pos.poker.events import draw_odds  # noqa: PLC0415 - numpy, when first asked

        return draw_odds(uow, event, market, now, zone)

    def pays_at_once(self, settings: ShopSettings) -> bool:
        return settings.value(PAY_AT_ONCE)

    # --- its markets, the hands P1 … P6 (pos.poker.outcome; issue 36, step 6) --------------
    batch_kind = 10  # in every slip's terms sold since the draws began: never another

    def parse_market(self, typed: str) -> str:
        return parse_hand(typed)

    def batch_line(self, market: str) -> int:
        return hand_line(market)

    def market_of_batch(self, line: int) -> str:
        return hand_of_line(line)

    def market_words(self, market: str) -> str:
        return hand_words(market)

    def judge(self, market: str, result: FinalScore) -> LegVerdict:
        return judge_hand(market, result)


POKER = BetOnPoker()
