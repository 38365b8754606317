"""Bet-on-Poker on the games' seam (issue 36): what the house asks of it through
`pos.games.game.Game`. Listed at start-up, it loads its rules (and their numpy) only when a
hook is first called."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from pos.core.inputs import MAX_INTEGER
from pos.poker.codes import DRAW_CODE_BASE, STUDIO

if TYPE_CHECKING:
    from pos.betting.slips import Leg
    from pos.core.ports import UnitOfWork
    from pos.core.settings import ShopSettings
    from pos.line.events import Event


class BetOnPoker:
    """The game of seed 004: a draw every few minutes, six hands, bets by round."""

    key = "poker"
    title = STUDIO
    codes = range(DRAW_CODE_BASE + 1, MAX_INTEGER + 1)
    room: tuple[str, ...] = ("pos/poker/", "pos/draws/", "db/draws.py", "ui/pages/draws.py")
    names: tuple[str, ...] = ("poker", "покер", "bet-on-poker")

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
        return settings.poker_pay_at_once


POKER = BetOnPoker()
