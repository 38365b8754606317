"""Bet-on-Poker on the games' seam (issue 36): what the house asks of it through
`pos.games.game.Game`. Listed at start-up, it loads its rules (and their numpy) only when a
hook is first called."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from pos.poker.codes import DRAW_CODE_BASE, KEY, LAST_DRAW_CODE, STUDIO
from pos.poker.outcome import hand_line, hand_of_line, hand_words, judge_hand, parse_hand
from pos.poker.settings import PAY_AT_ONCE, SETTINGS

if TYPE_CHECKING:
    from pos.betting.slips import Leg
    from pos.core.ports import UnitOfWork
    from pos.core.settings import ShopSettings
    from pos.games.game import FinalScore, LegWords, UseCase
    from pos.games.settings import SettingSpec
    from pos.line.events import Event
    from pos.line.markets import LegVerdict


class BetOnPoker:
    """The game of seed 004: a draw every few minutes, six hands, bets by round."""

    key = KEY
    title = STUDIO
    sport_words = "Покер"
    codes = range(DRAW_CODE_BASE + 1, LAST_DRAW_CODE + 1)  # another game's above (issue 36)
    room: tuple[str, ...] = (
        "pos/poker/",
        "pos/draws/",
        "db/games/poker.py",
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

    # --- its bets at the counter: any slip, any stake (issue 36) --------------------------
    singles_only = False
    read_anywhere = True  # "P3", "р3": no code of the line looks like a hand

    def sale_market(self, market: str, settings: ShopSettings) -> str:
        return market  # a hand is the same bet under any setting

    def check_stake(self, market: str, stake: Decimal) -> None:
        return None  # one hand, one stake

    def best_return(self, market: str) -> Fraction | None:
        return None  # its odds are its price, in hundredths

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

    # --- its desk and its paper (issue 36, step 9) ----------------------------------------
    @property
    def use_cases(self) -> Mapping[str, UseCase]:
        """The board, the cards dealt, a file of results, a cancellation (pos.poker.desk)."""
        from pos.poker.desk import CASES  # noqa: PLC0415 - settlement and numpy, when first asked

        return CASES

    def leg_words(self, leg: Leg) -> LegWords:
        """The draw as its board names it, the hand with its code, the round it was sold in."""
        from pos.games.game import LegWords  # noqa: PLC0415 - the house's type, for its slip
        from pos.poker.wording import draw_leg_words  # noqa: PLC0415 - numpy, when first asked

        words = draw_leg_words(leg.event_code, leg.market, leg.odds_version)
        assert words is not None, leg.event_code  # the registry found the leg's code ours
        return LegWords(words.draw, "Раздача", words.round, words.hand)


POKER = BetOnPoker()
