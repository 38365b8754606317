"""The link as the status bar and the manager's «СККС» page read it (issue 35), from the outbox on
SQLite and PostgreSQL: what waits and since when, the refusals after the fact in Russian."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from pos.core.clock import FixedClock
from pos.shop.services import Shop
from pos.skks.link_words import link_words
from pos.skks.wording import kind_words, moment_words, refusal_words, sent_words
from tests.skks_simulator import SimulatedController

pytestmark = pytest.mark.integration


@pytest.fixture
def controller() -> Iterator[SimulatedController]:
    with SimulatedController() as simulated:
        yield simulated


def test_the_status_bar_words_follow_the_outbox(
    db_shop: Shop, clock: FixedClock, controller: SimulatedController
) -> None:
    assert link_words(db_shop.skks_status(), clock.now()) == "СККС не подключена"
    db_shop.update_settings(skks_url=controller.url, skks_mode="deferred", skks_timeout=1)
    assert link_words(db_shop.skks_status(), clock.now()) == "СККС: на связи"
    controller.down = True
    anna = db_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="5")
    clock.advance(timedelta(minutes=4, seconds=30))
    anna.accept_bet([(101, "1")], stake="6")

    words = link_words(db_shop.skks_status(), clock.now())

    assert words == "СККС: 2 в очереди (4 мин.)"
    controller.down = False
    assert sent_words(db_shop.skks_send()) == (
        "Очередь СККС отправлена: зарегистрировано 2 сообщения."
    )
    assert link_words(db_shop.skks_status(), clock.now()) == "СККС: на связи"


def test_a_refusal_after_the_fact_reads_in_russian(
    db_shop: Shop, clock: FixedClock, controller: SimulatedController
) -> None:
    db_shop.update_settings(skks_url=controller.url, skks_mode="deferred", skks_timeout=1)
    controller.refuse_kinds = {"cash_in": "причина"}
    db_shop.login("anna", "4821").cash_in("50", reason="размен")

    db_shop.skks_send()

    (refusal,) = db_shop.skks_status().refused
    zone = db_shop.settings().zone
    assert refusal.id == "К1-0000000001"
    assert kind_words(refusal.kind) == "внесение"
    assert refusal_words(refusal.error, refusal.text) == "refused: причина"
    assert moment_words(refusal.written_at, zone) == "30.11.2026 12:00:00"
