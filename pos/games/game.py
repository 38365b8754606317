"""The interface a draw game implements (issue 36, docs/games_plan.md): the rooms of betting,
settlement, payouts and the line call it and never name a game.

The shape is pluggy's: a short list of typed hooks every game implements, called the same way
for each registered game (`pos.games.registry.Games` plays the plugin manager); a game also
declares what it is, as an Odoo addon's manifest does. It grows a hook at a time as the
house's rooms move onto it; today: the price of a bet, the claim window, the payout day and
its markets (read, kept in a slip's terms, worded, judged).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol
from zoneinfo import ZoneInfo

if TYPE_CHECKING:  # the rooms' types the hooks carry; the room imports only core
    from pos.betting.slips import Leg
    from pos.core.ports import UnitOfWork
    from pos.core.settings import ShopSettings
    from pos.games.settings import SettingSpec
    from pos.line.events import Event
    from pos.line.markets import LegVerdict


# The market kinds of a slip's terms below this one are the line's (pos.line.markets); a game
# takes one of its own from here up to 255 (the terms keep it in a byte), for ever (issue 36).
FIRST_GAME_KIND = 10
LAST_GAME_KIND = 255


# A game's use case as the desk binds it (pos.core.context.use_case): a function of its room
# taking the context and the actor, then its command (issue 36, step 9).
UseCase = Callable[..., Any]


@dataclass(frozen=True)
class LegWords:
    """A leg on a game's draw as the slip prints it (printing.slips), line by line.

    Attributes:
        title: the game and the draw, as its board names them: "<title>. Тираж № 96013".
        when: what the draw's start is called, the slip adding the local time: "Раздача".
        detail: a line under it ("" for none): say, the round it was sold in.
        pick: the bet in words with the code typed, beside the odds: "Рука 3 (P3)".
    """

    title: str
    when: str
    detail: str
    pick: str


class FinalScore(Protocol):
    """A finished draw's result as its game reads it (pos.settlement.results.Result is one):
    a game keeps its outcome in these numbers (the winning hands as bits, the number spun)."""

    @property
    def home(self) -> int | None: ...

    @property
    def away(self) -> int | None: ...


class Game(Protocol):
    """A live-dealer game the shop sells at the counter, as draws of event codes of its own."""

    # --- the manifest ---------------------------------------------------------------------
    key: str  # the registry's key, in Latin letters
    title: str  # as the board, the slip and the refusals name it
    # Its draws' sport as the slip's competition line names it; the reports lower-case it.
    sport_words: str
    codes: range  # the event codes of its draws: above the line's, apart from other games'
    # Its room: the paths of its modules in every layer, the only ones that may name it, and
    # the words that name it (tests/game_names.py checks the rest of the house).
    room: tuple[str, ...]
    names: tuple[str, ...]

    # --- its settings (issue 36, step 4) --------------------------------------------------
    # Kept with the shop's settings and shown on the settings page (pos.games.settings), each
    # named apart from the shop's own and other games' (the settings table's keys).
    settings: tuple[SettingSpec[Any], ...]

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

    # --- its bets' own rules at the counter (issue 36) ------------------------------------
    # A slip with a leg on its draws holds that one leg only (its bets return part stakes).
    singles_only: bool
    # Whether what a cashier types is tried as its market where no event says whose it is
    # (pos.line.markets.Market.parse): not for a game whose codes look like the line's typos
    # ("3", "H1"), read on its own draws only (pos.betting.pricing, Market.from_code).
    read_anywhere: bool

    def sale_market(self, market: str, settings: ShopSettings) -> str:
        """A canonical market as sold now: with what the settings in force make part of the
        bet (p.10: a bet keeps the rules it was accepted under, as a zero rule), the
        market itself for a game whose settings change none of its bets."""
        ...

    def best_return(self, market: str) -> Fraction | None:
        """The most one unit on `market` returns, exactly, where the odds it is sold at are
        rounded up to hundredths (an announced bet's 8/3 sold at 2,67): a single's possible
        payout is counted from it. None: its odds are exact."""
        ...

    def check_stake(self, market: str, stake: Decimal) -> None:
        """Refuse a stake its bet cannot take (an announced bet's chips each a whole
        number of kopecks).

        Raises:
            the game's refusal, a DomainError naming the stakes it would take.
        """
        ...

    # --- its markets: read, kept in a slip's terms, worded, judged (issue 36, step 6) -------
    # Its markets' kind in a slip's terms (pos.settlement.terms): FIRST_GAME_KIND or above,
    # one per game, and never another (every slip sold keeps it).
    batch_kind: int

    def parse_market(self, typed: str) -> str:
        """The canonical code of a market of its draws, as a cashier types it ("р3" → "P3");
        a canonical code reads as itself.

        Raises:
            InvalidMarket (pos.line.errors): not a market of the game. A refusal of its own
                for what is the game's but wrong is a subclass of it, so the house still
                takes it for an unknown market.
        """
        ...

    def batch_line(self, market: str) -> int:
        """A canonical market as the line of a slip's terms (a signed 16-bit number)."""
        ...

    def market_of_batch(self, line: int) -> str:
        """The canonical market whose `batch_line` is `line`."""
        ...

    def market_words(self, market: str) -> str:
        """A canonical market in words, for the screen and the slip ("Рука 3")."""
        ...

    def judge(self, market: str, result: FinalScore) -> LegVerdict:
        """A canonical market against its draw's result, FINISHED (a result that refunds the
        bets never reaches the game): won or lost, and why in words ("выиграла рука 3")."""
        ...

    # --- its desk and its paper (issue 36, step 9) ----------------------------------------
    @property
    def use_cases(self) -> Mapping[str, UseCase]:
        """Its use cases, by the name the signed-in desk (pos.shop.desk.Desk) gives them: each
        `function(ctx, actor, *command)`, bound to the desk's context and actor as the desk's
        own are, so `desk.deal_cards(number, cards)` calls the game's `deal_cards`.

        Two names the desk calls for every game: "draw_board" `(ctx, actor)` →
        `desk.draw_board(game=key)`, the board of its draws; "cancel_draw"
        `(ctx, actor, draw, reason)` → `desk.cancel_draw(draw, reason, game=key)`, `draw` an
        event code of its `codes` or a number of its draws as its board shows them (the game
        reads which). Any other name is the desk's attribute of that name; a name the desk
        has itself is never reached here.
        """
        ...

    def leg_words(self, leg: Leg) -> LegWords:
        """A leg on one of its draws as the slip prints it."""
        ...
