"""The interface a draw game implements (issue 36, docs/games_plan.md): the rooms of betting,
settlement, payouts and the line call it and never name a game.

The shape is pluggy's: a short list of typed hooks every game implements, called the same way
for each registered game (`pos.games.registry.Games` plays the plugin manager); a game also
declares what it is, as an Odoo addon's manifest does. It grows a hook at a time as the
house's rooms move onto it; today: the price of a bet, the claim window and the payout day.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol
from zoneinfo import ZoneInfo

if TYPE_CHECKING:  # the rooms' types the hooks carry; the room imports only core
    from pos.betting.slips import Leg
    from pos.core.ports import UnitOfWork
    from pos.core.settings import ShopSettings
    from pos.line.events import Event


class Game(Protocol):
    """A live-dealer game the shop sells at the counter, as draws of event codes of its own."""

    # --- the manifest ---------------------------------------------------------------------
    key: str  # the registry's key, in Latin letters
    title: str  # as the board, the slip and the refusals name it
    codes: range  # the event codes of its draws: above the line's, apart from other games'
    # Its room: the paths of its modules in every layer, the only ones that may name it, and
    # the words that name it (tests/game_names.py checks the rest of the house).
    room: tuple[str, ...]
    names: tuple[str, ...]

    # --- the hooks ------------------------------------------------------------------------
    def claim_closes(self, leg: Leg) -> datetime:
        """When a bet on this leg can no longer be cancelled (p.8): its draw's moment after
        which the outcome is no longer unknown (the 5 minutes of the window end it earlier),
        never after the draw's result (settlement takes a slip only on draws as closed)."""
        ...

    def price(
        self, uow: UnitOfWork, event: Event, market: str, now: datetime, zone: ZoneInfo
    ) -> tuple[int, Decimal]:
        """A bet on `market` of the draw `event` now: its odds version (for a game whose odds
        change as the draw is dealt, the stage on sale) and its odds.

        Raises:
            the game's refusals (a market it does not sell, a round closed…), each a PosError.
        """
        ...

    def pays_at_once(self, settings: ShopSettings) -> bool:
        """True when the shop's licence pays this game's wins on the day of the draw (first
        p.24 otherwise: from the next day)."""
        ...
