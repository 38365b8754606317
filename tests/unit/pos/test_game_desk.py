"""A game's use cases at the signed-in desk (issue 36, step 9): declared on the game, reached by
name and bound to the desk's context and actor; the board and a cancellation routed by the
game's key or its event codes; a game's own store in the unit of work."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from pos.core.context import Context
from pos.games.cases import NoSuchGame
from pos.games.registry import Games, installing
from pos.games.stores import StoreKey, UnknownStore
from pos.people.actor import Actor
from pos.poker.board import DrawBoard
from pos.poker.events import draw_code
from pos.poker.game import POKER
from pos.poker.ports import DRAWS
from pos.settlement.results import ResultStatus
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import FakeStorage

COIN = 1_600_000_001  # an event code of the stand-in game's draws (above Bet-on-Poker's)
calls: list[tuple[str, Context, str, tuple[object, ...]]] = []  # the coin's, in order


def _case(name: str) -> Any:
    def case(ctx: Context, actor: Actor, *command: object) -> str:
        """A use case of the coin toss."""
        calls.append((name, ctx, actor.login, command))
        return f"{name}: {command}"

    return case


class CoinToss:
    """A stand-in game that declares its use cases: a toss of its own, a board, a cancel."""

    key, title, sport_words = "coin", "Монетка", "Монетка"
    codes = range(COIN, COIN + 1000)
    batch_kind = 201
    settings = ()
    room, names = ("tests/",), ("coin",)
    use_cases: ClassVar = {name: _case(name) for name in ("toss", "draw_board", "cancel_draw")}


@pytest.fixture
def boss(demo_shop: Shop) -> Iterator[Desk]:
    calls.clear()
    with installing(Games([POKER, CoinToss()])):
        yield demo_shop.login("boss", "9911")


def test_a_game_s_own_use_case_is_a_desk_s_bound_to_its_context_and_actor(boss: Desk) -> None:
    done = boss.toss(COIN, "О")

    assert done == "toss: (1600000001, 'О')"
    assert calls == [("toss", boss.context, "boss", (COIN, "О"))]
    assert boss.toss.__doc__ == "A use case of the coin toss."


def test_the_board_is_the_named_game_s_and_else_the_first_game_s(boss: Desk) -> None:
    assert boss.draw_board(game="coin") == "draw_board: ()"
    assert isinstance(boss.draw_board(), DrawBoard)
    assert isinstance(boss.draw_board(game="poker"), DrawBoard)


def test_a_draw_is_cancelled_by_the_game_whose_code_it_is_or_that_is_named(boss: Desk) -> None:
    boss.cancel_draw(COIN + 5, "монета упала со стола")
    boss.cancel_draw(7, "монета упала со стола", game="coin")

    assert calls == [
        ("cancel_draw", boss.context, "boss", (COIN + 5, "монета упала со стола")),
        ("cancel_draw", boss.context, "boss", (7, "монета упала со стола")),
    ]


def test_a_poker_draw_is_cancelled_by_its_event_code_as_by_its_number(
    boss: Desk, storage: FakeStorage
) -> None:
    board = boss.draw_board()
    by_code = boss.cancel_draw(draw_code(board.next.number), "сканер не считал карту")
    by_number = boss.cancel_draw(board.playing.number, "сканер не считал карту")

    assert (by_code.number, by_number.number) == (board.next.number, board.playing.number)
    for number in (board.next.number, board.playing.number):
        result = storage.data.results[draw_code(number)]
        assert (result.status, result.source) == (
            ResultStatus.CANCELLED,
            "сканер не считал карту",
        )
    assert calls == []


def test_a_name_no_game_declares_is_no_attribute_and_an_unknown_game_is_refused(
    boss: Desk,
) -> None:
    with pytest.raises(AttributeError, match="shuffle"):
        boss.shuffle  # noqa: B018 - the attribute is what is tested
    with pytest.raises(NoSuchGame):
        boss.draw_board(game="dice")
    with pytest.raises(NoSuchGame):
        boss.cancel_draw(7, "нет такой игры", game="dice")


def test_a_store_no_game_registered_is_refused_and_a_game_s_is_one_per_transaction(
    storage: FakeStorage,
) -> None:
    with storage.unit_of_work() as uow:
        with pytest.raises(UnknownStore, match=r"dice\.cups"):
            uow.store(StoreKey[object]("dice.cups"))
        assert uow.store(DRAWS) is uow.store(DRAWS)
    with FakeStorage(stores={}).unit_of_work() as uow, pytest.raises(UnknownStore):
        uow.store(DRAWS)
