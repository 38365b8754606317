"""The games' registry (issue 36): a game found by its draws' event codes, ranges kept apart,
Bet-on-Poker answering the house's hooks as its rules did before the seam."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from main import games
from pos.betting.slips import Leg
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings, apply_changes
from pos.games.registry import Games, install, installed, installing
from pos.games.settings import SettingSpec
from pos.line.events import Event
from pos.poker.draws import Round
from pos.poker.events import SCHEDULE, draw_code
from pos.poker.game import POKER


@dataclasses.dataclass(frozen=True)
class Toss:
    """A stand-in game of a test: a coin tossed at each draw's start."""

    key: str = "toss"
    title: str = "Орёл или решка"
    codes: range = range(500_000, 600_000)
    batch_kind: int = 250
    room: tuple[str, ...] = ("tests/unit/pos/test_games_registry.py",)
    names: tuple[str, ...] = ("toss", "орёл")
    settings: tuple[SettingSpec[Any], ...] = ()

    def claim_closes(self, leg: Leg) -> datetime:
        return datetime(2026, 12, 1, 12, 0).astimezone()

    def price(
        self, uow: UnitOfWork, event: Event, market: str, now: datetime, zone: ZoneInfo
    ) -> tuple[int, Decimal]:
        return 1, Decimal("1.95")

    def pays_at_once(self, settings: ShopSettings) -> bool:
        return True


def _leg(code: int, version: int = 1) -> Leg:
    starts = datetime(2026, 12, 1, 12, 0).astimezone()
    return Leg(code, "P1", Decimal("2.00"), version, "Рука 1", "", starts)


def test_a_game_is_found_by_the_codes_of_its_draws_and_the_line_by_none() -> None:
    found = Games([POKER, Toss()])
    assert found.by_code(draw_code(96013)) is POKER
    assert found.by_code(500_000).key == "toss"  # type: ignore[union-attr]
    assert found.by_code(599_999).key == "toss"  # type: ignore[union-attr]
    for line_code in (1, 101, 499_999, 600_000, 999_999, 1_000_000):
        assert found.by_code(line_code) is None, line_code
    assert found.by_key("poker") is POKER and found.by_key("roulette") is None


def test_two_games_sharing_a_key_or_codes_are_refused() -> None:
    with pytest.raises(ValueError, match="overlap"):
        Games([Toss(), Toss(key="dice", codes=range(550_000, 560_000))])
    with pytest.raises(ValueError, match="one key"):
        Games([Toss(), Toss(codes=range(1, 10))])


def test_the_installed_games_are_main_s_and_a_test_may_install_its_own() -> None:
    keys = ["poker", "roulette"]
    assert [game.key for game in installed()] == [game.key for game in games()] == keys
    with installing(Games([POKER, Toss()])):
        assert installed().by_code(500_001) is not None
    assert installed().by_code(500_001) is None
    before = install(Games())
    try:
        assert len(installed()) == 0
    finally:
        install(before)


def test_bet_on_poker_closes_a_bet_s_claim_with_its_round_and_pays_as_its_licence() -> None:
    number = 96013
    leg = _leg(draw_code(number), int(Round.AFTER_FLOP))
    assert POKER.claim_closes(leg) == SCHEDULE.closes_at(number, Round.AFTER_FLOP)
    assert POKER.claim_closes(leg) - SCHEDULE.starts_at(number) > timedelta(0)
    assert not POKER.pays_at_once(ShopSettings())
    assert POKER.pays_at_once(apply_changes(ShopSettings(), {"poker_pay_at_once": True}))


def test_a_game_is_found_by_the_market_kind_of_its_legs_in_a_slip_s_terms() -> None:
    found = Games([POKER, Toss()])
    assert found.by_kind(10) is POKER  # Bet-on-Poker's hands, in every slip's terms for ever
    assert found.by_kind(250).key == "toss"  # type: ignore[union-attr]
    for line_kind in (0, 6, 9, 11, 255):
        assert found.by_kind(line_kind) is None, line_kind


def test_a_market_kind_reused_or_one_of_the_line_s_is_refused() -> None:
    with pytest.raises(ValueError, match="kind 10"):
        Games([POKER, Toss(batch_kind=10)])
    for kind in (9, 256):  # the line's own kinds; beyond the terms' byte
        with pytest.raises(ValueError, match=f"kind {kind}"):
            Games([Toss(batch_kind=kind)])
