"""Roulette's use cases on the signed-in desk, typed for the window (issue 36): the desk reaches
them by name (`ROULETTE.use_cases`), which mypy cannot follow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pos.core.context import use_case
from pos.games.cases import Seat
from pos.roulette.use_cases import (
    cancel_spin,
    check_spin,
    import_spins,
    record_spin,
    roulette_board,
)

if TYPE_CHECKING:
    from pos.core.context import Context
    from pos.people.actor import Actor


class RouletteDesk:
    """`RouletteDesk(desk).record_spin(code, 17)` is `desk.record_spin(code, 17)`, typed."""

    def __init__(self, desk: Seat) -> None:
        self._desk = desk

    @property
    def context(self) -> Context:
        return self._desk.context

    @property
    def actor(self) -> Actor:
        return self._desk.actor  # asked at each call: a manager's one-time grant is the desk's

    draw_board = use_case(roulette_board)
    check_spin = use_case(check_spin)
    record_spin = use_case(record_spin)
    import_spins = use_case(import_spins)
    cancel_draw = use_case(cancel_spin)
