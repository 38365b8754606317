"""A game's draws in the events table on both databases (issue 36, docs/games_plan.md §2 step 8):
stored under the game's key, "poker" as before the seam, read back as the sport of a game."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from pos.line.events import Sport
from pos.poker.events import draw_code
from pos.reports.tables import ReportKind
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.integration.sql import sql

pytestmark = pytest.mark.integration
TODAY = date(2026, 11, 30)  # the clock fixture's day in Minsk


@pytest.fixture
def anna(db_shop: Shop) -> Desk:
    return db_shop.login("anna", "4821")


def test_a_draws_event_is_stored_as_its_games_key_and_read_back_as_that_game(
    db_shop: Shop, anna: Desk
) -> None:
    code = draw_code(anna.draw_board().next.number)

    stored = sql(db_shop, f"SELECT sport FROM events WHERE code = {code}")
    with db_shop.unit_of_work() as uow:
        event = uow.line.get_event(code)
        by_code = uow.line.events_by_code([code, 101])
        line = uow.line.events()

    assert stored == [("poker",)]  # the value a database made before the seam holds
    assert event is not None and (event.sport, event.game) == (Sport.GAME, "poker")
    assert (by_code[code].sport, by_code[code].game) == (Sport.GAME, "poker")
    assert (by_code[101].sport, by_code[101].game) == (Sport.FOOTBALL, "")
    assert line and all(e.sport is not Sport.GAME and e.code != code for e in line)


def test_a_slip_on_a_draw_reads_its_leg_and_report_rows_as_the_games(
    db_shop: Shop, anna: Desk
) -> None:
    code = draw_code(anna.draw_board().next.number)
    sold = anna.accept_bet([(code, "P3")], stake="5")
    boss = db_shop.login("boss", "9911")

    (leg,) = anna.slip(sold.number).legs
    turnover = boss.report(ReportKind.TURNOVER, TODAY, TODAY)
    owed = boss.report(ReportKind.LIABILITIES, TODAY, TODAY)

    assert leg.sport is Sport.GAME
    assert [row[1:4] for row in turnover.rows] == [("покер", 1, Decimal("5.00"))]
    assert [(row[0], row[2]) for row in owed.rows] == [(code, "покер")]
