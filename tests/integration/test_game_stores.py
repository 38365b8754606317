"""A game's own store in a real database, SQLite and PostgreSQL (issue 36, step 9): the stores
`main.game_stores()` registers are built by key in each unit of work, any other key is refused,
and a draw is cancelled through the desk by its event code."""

from __future__ import annotations

import pytest

from db.bootstrap import SqlStorage
from pos.games.stores import StoreKey, UnknownStore
from pos.poker.events import draw_code
from pos.poker.ports import DRAWS
from pos.settlement.results import ResultStatus
from pos.shop.services import Shop
from tests.integration.sql import sql

pytestmark = pytest.mark.integration


def test_a_storage_opened_without_the_games_stores_refuses_every_key(
    sql_storage: SqlStorage,
) -> None:
    with sql_storage.unit_of_work() as uow:
        with pytest.raises(UnknownStore, match=r"poker\.draws"):
            uow.store(DRAWS)
        with pytest.raises(UnknownStore, match=r"dice\.cups"):
            uow.store(StoreKey[object]("dice.cups"))


def test_the_shop_s_draws_store_keeps_the_draws_the_board_opens(db_shop: Shop) -> None:
    boss = db_shop.login("boss", "9911")
    number = boss.draw_board().next.number

    with db_shop.unit_of_work() as uow:
        draws = uow.store(DRAWS)
        draw = draws.get(number)
        assert draws is uow.store(DRAWS)
        with pytest.raises(UnknownStore):
            uow.store(StoreKey[object]("dice.cups"))
    assert draw is not None
    assert (draw.number, draw.hands, draw.board) == (number, None, "")
    assert sql(db_shop, "SELECT number, hands FROM draws ORDER BY number") == [
        (number - 1, None),
        (number, None),
    ]


def test_a_draw_is_cancelled_through_the_desk_by_its_event_code(db_shop: Shop) -> None:
    boss = db_shop.login("boss", "9911")
    number = boss.draw_board().next.number

    view = boss.cancel_draw(draw_code(number), "сканер не считал карту (п. 5.1.1)")

    assert view.number == number
    with db_shop.unit_of_work() as uow:
        result = uow.results.get(draw_code(number))
    assert result is not None
    assert (result.status, result.source) == (
        ResultStatus.CANCELLED,
        "сканер не считал карту (п. 5.1.1)",
    )
