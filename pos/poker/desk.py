"""Bet-on-Poker's use cases at the signed-in desk (issue 36, step 9): declared on the game
(`POKER.use_cases`, which `pos.shop.desk.Desk` reaches by name) and, typed, for the window."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pos.core.context import use_case
from pos.games.cases import Seat
from pos.poker.board import DrawView, draw_board
from pos.poker.codes import DRAW_CODE_BASE, LAST_DRAW_CODE
from pos.poker.use_cases import cancel_draw, deal_cards, import_draw_results

if TYPE_CHECKING:
    from pos.core.context import Context
    from pos.games.game import UseCase
    from pos.people.actor import Actor


class PokerDesk:
    """The game's use cases on a desk, typed: `PokerDesk(desk).deal_cards(number, cards)` is
    `desk.deal_cards(number, cards)`, which mypy cannot follow (the desk finds it by name)."""

    def __init__(self, desk: Seat) -> None:
        self._desk = desk

    @property
    def context(self) -> Context:
        return self._desk.context

    @property
    def actor(self) -> Actor:
        return self._desk.actor  # asked at each call: a manager's one-time grant is the desk's

    draw_board = use_case(draw_board)
    deal_cards = use_case(deal_cards)
    import_draw_results = use_case(import_draw_results)
    cancel_draw = use_case(cancel_draw)


def cancel_from_desk(ctx: Context, actor: Actor, draw: int, reason: str) -> DrawView:
    """`desk.cancel_draw(draw, reason)`: `draw` is a draw's event code or, as the board shows
    it, its number (the desk's calls before games had codes of their own).

    Raises:
        as pos.poker.use_cases.cancel_draw.
    """
    if isinstance(draw, int) and DRAW_CODE_BASE < draw <= LAST_DRAW_CODE:
        draw -= DRAW_CODE_BASE  # the desk routed an event code of ours (pos.games.cases)
    return cancel_draw(ctx, actor, draw, reason)


CASES: Mapping[str, UseCase] = {
    "draw_board": draw_board,
    "cancel_draw": cancel_from_desk,
    "deal_cards": deal_cards,
    "import_draw_results": import_draw_results,
}
