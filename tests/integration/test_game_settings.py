"""A game's settings on a real database, SQLite and PostgreSQL (issue 36): a manager sets
Bet-on-Poker's through the settings use case, stored under the names the settings table always
had (no migration), audited, and taken by the next draws."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pos.core.audit import AuditAction
from pos.core.input_errors import InvalidSetting
from pos.poker.ports import DRAWS
from pos.poker.settings import MARGIN, PAY_AT_ONCE
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.integration.sql import sql

pytestmark = pytest.mark.integration
POKER_ROWS = "SELECT name, value FROM settings WHERE name LIKE 'poker%' ORDER BY name"


@pytest.fixture
def boss(db_shop: Shop) -> Desk:
    return db_shop.login("boss", "9911")


def test_a_manager_sets_the_margin_and_the_payout_day_and_the_next_draws_take_them(
    db_shop: Shop, boss: Desk
) -> None:
    boss.update_settings(poker_margin="0,12", poker_pay_at_once=True)

    assert sql(db_shop, POKER_ROWS) == [("poker_margin", "0.12"), ("poker_pay_at_once", "True")]
    settings = db_shop.settings()
    assert (settings.value(MARGIN), settings.value(PAY_AT_ONCE)) == (Decimal("0.12"), True)
    with db_shop.unit_of_work() as uow:
        change = next(r for r in uow.audit.recent(10) if r.action is AuditAction.SETTINGS_CHANGED)
    assert "poker_margin: 0.10 → 0.12" in change.detail
    assert "poker_pay_at_once: False → True" in change.detail
    number = boss.draw_board().next.number
    with db_shop.unit_of_work() as uow:
        draw = uow.store(DRAWS).get(number)
    assert draw is not None
    assert draw.margin == Decimal("0.12")


def test_a_bad_margin_is_refused_in_its_sentence_and_nothing_is_stored(
    db_shop: Shop, boss: Desk
) -> None:
    before = sql(db_shop, "SELECT name, value FROM settings ORDER BY name")

    with pytest.raises(InvalidSetting) as caught:
        boss.update_settings(min_stake="2", poker_margin="0,5")

    assert str(caught.value) == (
        "Настройка «Маржа Bet-on-Poker (доля)» не сохранена: "
        "нужна доля от 0 до 0,5 (не включая 0,5), например 0,10."
    )
    assert sql(db_shop, "SELECT name, value FROM settings ORDER BY name") == before
