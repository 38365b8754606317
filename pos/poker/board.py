"""Bet-on-Poker's board at the shop (issue #8): the draws as the schedule brings them, opened as
the board is read, each with the round on sale, its cards, its hands' prices and its result."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.core import settings as shop_settings
from pos.core.audit import SYSTEM_ACTOR
from pos.core.context import Context
from pos.core.ports import UnitOfWork
from pos.people.actor import Actor
from pos.poker.draws import Draw, HandPrice, Round, round_prices
from pos.poker.events import SCHEDULE, draw_code, draw_event, get_draw
from pos.poker.outcome import winning_seats
from pos.poker.ports import DRAWS
from pos.poker.settings import MARGIN
from pos.settlement.results import Result

HISTORY = 12  # finished draws on the board


@dataclass(frozen=True)
class DrawView:
    """A draw as the board shows it: the round on sale and its cut-off (None when none is),
    the cards, each hand's price, and the result once there is one."""

    number: int
    round: Round | None
    closes_at: datetime | None
    hands: tuple[str, ...] | None
    board: str
    prices: tuple[HandPrice, ...]
    result: Result | None

    @property
    def code(self) -> int:
        return draw_code(self.number)

    @property
    def winners(self) -> frozenset[int] | None:
        """The winning hands once the result is in; None before it, or for a cancelled draw."""
        if self.result is None or self.result.home is None:
            return None
        return winning_seats(self.result.home)


@dataclass(frozen=True)
class DrawBoard:
    """The draw being played, the next one (its round 1 on sale) and the latest results."""

    now: datetime
    playing: DrawView
    next: DrawView
    history: tuple[DrawView, ...]


def draw_board(ctx: Context, actor: Actor) -> DrawBoard:
    """The board now; the draws the schedule has reached are opened as it is read.

    Args:
        ctx: the terminal.
        actor: who reads it (anyone: a cashier sells from it).

    Returns:
        The draw being played, the next one and the latest results.
    """
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        settings = shop_settings.from_text(uow.settings.load())
        upcoming = SCHEDULE.number_at(now)
        if _open_draws(uow, (upcoming - 1, upcoming), settings.value(MARGIN), now):
            uow.commit()
        # The latest draws opened: the next one, the one being played, then the history;
        # each view computes its chances once.
        recent = uow.store(DRAWS).recent(HISTORY + 2)
        views = [view_of(uow, draw, now, settings.zone) for draw in recent]
        by_number = {view.number: view for view in views}
        for number in {max(1, upcoming - 1), upcoming} - by_number.keys():
            # only when later draws exist (the clock was put back)
            by_number[number] = view_of(uow, get_draw(uow, number), now, settings.zone)
        playing, coming = by_number[max(1, upcoming - 1)], by_number[upcoming]
        history = tuple(v for v in views if v.number < upcoming and v.result is not None)
    return DrawBoard(now, playing, coming, history[:HISTORY])


def view_of(uow: UnitOfWork, draw: Draw, now: datetime, zone: ZoneInfo) -> DrawView:
    """A draw as the board shows it now (its result read in `uow`)."""
    result = uow.results.get(draw_code(draw.number))
    cards = draw.cards()
    current = None if result is not None else cards.round
    if current is not None and now >= SCHEDULE.closes_at(draw.number, current):
        current = None  # the round closed; the next cards are awaited
    return DrawView(
        number=draw.number,
        round=current,
        closes_at=None
        if current is None
        else SCHEDULE.closes_at(draw.number, current).astimezone(zone),
        hands=draw.hands,
        board=draw.board,
        prices=round_prices(cards, draw.margin),
        result=result,
    )


def _open_draws(uow: UnitOfWork, numbers: tuple[int, ...], margin: Decimal, now: datetime) -> bool:
    """Open the draws not opened yet (an event and a draw each); True if any was."""
    draws = uow.store(DRAWS)
    missing = [n for n in numbers if n >= 1 and draws.get(n) is None]
    if not missing:
        return False
    uow.settlement.lock()  # two terminals reading the board at once open each draw once
    opened = False
    for number in missing:
        if draws.get(number) is not None:
            continue
        uow.line.add_event(draw_event(number))
        draws.add(Draw(number, None, "", margin, now, SYSTEM_ACTOR), draw_code(number))
        opened = True
    return opened
