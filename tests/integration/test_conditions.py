"""The published conditions on a real database, both backends (issue 37, p.6, p.10): one document
made from the settings and rules, a version kept for every change, the one in force at a slip's
moment found, and the paper a player takes."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.conditions.errors import ConditionsNotKept
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.money import format_roubles
from pos.games.registry import installed
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
D = Decimal

# The items p.6 names, in its order: each a heading of the document.
P6_ITEMS = (
    "1. Сумма возможного выигрыша",
    "2. Срок окончания приёма ставок на каждое событие",
    "3. Срок (период) совершения события",
    "4. Порядок и сроки выплаты выигрышей",
    "5. Обстоятельства, при которых ставки возвращаются",
    "6. Момент приёма ставки",
    "7. Особенности приёма ставок по видам спорта",
    "8. Другие условия и ограничения",
)


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile="TM-T20II")


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    yield shop
    shop.close()


@pytest.fixture
def boss(db_shop: Shop) -> Desk:
    return db_shop.login("boss", "9911")


def _items(text: str) -> dict[str, str]:
    """Each heading of the text with the sentences under it, joined."""
    items: dict[str, list[str]] = {}
    heading = ""
    for line in text.split("\n"):
        if line[:1].isdigit() and ". " in line[:4]:
            heading = line
            items[heading] = []
        elif heading:
            items[heading].append(line)
    return {name: " ".join(lines) for name, lines in items.items()}


def test_p6_the_document_names_each_item_with_the_shops_values(db_shop: Shop, boss: Desk) -> None:
    boss.update_settings(
        max_payout="75000",
        max_express_odds="500",
        min_stake="2",
        min_age="18",
        working_hours="09:00–23:00",
        payout_anywhere=True,
    )
    boss.set_sport_limit("hockey", "3000")

    items = _items(db_shop.conditions().text)

    assert tuple(items) == P6_ITEMS
    win, end, period, payouts, returns, moment, sports, others = items.values()
    assert f"Наибольший выигрыш по одной карточке — {format_roubles(D(75000))}" in win
    assert "коэффициент экспресса — 500,00" in win
    assert "до его начала" in end and "с 09:00 до 23:00" in end and "«согласовано»" in end
    assert "Хоккей: исходы матча определяются по основному времени" in period
    assert "Футбол, Баскетбол: по итоговому результату матча" in period
    assert "начиная со следующего дня после окончания последнего события" in payouts
    assert "в течение одного месяца" in payouts and "в любом пункте" in payouts
    assert "документа, удостоверяющего личность" in payouts
    assert "перенесено более чем на три дня" in returns and "отменено" in returns
    assert "с коэффициентом 1,00" in returns and "отменённый розыгрыш" in returns
    assert "в момент выдачи игроку карточки с кассовым чеком" in moment
    assert "в течение 5 минут после её выдачи" in moment
    assert f"Хоккей — {format_roubles(D(3000))}" in sports
    assert f"Футбол — {format_roubles(D(5000))}" in sports  # the shop's maximum per event
    assert f"Наименьшая ставка — {format_roubles(D(2))}" in others
    assert "моложе 18 лет" in others and "документ, удостоверяющий личность" in others
    for game in installed():  # each game named by its own title, never by the house
        assert f"«{game.title}»" in others
    assert "выкуп" not in db_shop.conditions().text.lower()  # no cash-out: no setting says so


def test_p6_a_changed_setting_makes_a_new_version_and_keeps_the_old(
    db_shop: Shop, boss: Desk, clock: FixedClock
) -> None:
    before = db_shop.conditions()
    changed_at = clock.advance(timedelta(hours=2))

    boss.update_settings(max_payout="80000")

    after = db_shop.conditions()
    assert after.number == before.number + 1
    assert after.in_force_from == changed_at and after.version.made_by == "boss"
    assert format_roubles(D(80000)) in after.text
    assert format_roubles(D(80000)) not in before.text
    assert after.history()[:-1] == before.history()  # every earlier version kept as it was
    assert after.history()[-2].text == before.text
    with db_shop.unit_of_work() as uow:
        trail = [r for r in uow.audit.recent(5) if r.action is AuditAction.CONDITIONS_PUBLISHED]
    assert trail and trail[0].actor == "boss" and f"№ {after.number}" in trail[0].detail


def test_p10_the_version_in_force_at_a_slips_moment_is_found(
    db_shop: Shop, boss: Desk, clock: FixedClock
) -> None:
    first = db_shop.conditions().version
    slip = db_shop.login("anna", "4821").accept_bet([(101, "1")], "10")
    clock.advance(timedelta(days=1))
    boss.update_settings(min_stake="3")

    at_slip = boss.conditions(at=slip.issued_at)
    now = boss.conditions()

    assert at_slip.version == first and not at_slip.current
    assert now.number == first.number + 1 and now.current
    assert format_roubles(D(3)) in now.text and format_roubles(D(3)) not in at_slip.text
    with pytest.raises(ConditionsNotKept) as refused:
        boss.conditions(at=db_shop.conditions().history()[0].in_force_from - timedelta(days=1))
    assert "первая сохранённая редакция действует с" in str(refused.value)


def test_p6_no_new_version_when_nothing_the_document_reads_changed(
    db_url: str, db_shop: Shop, boss: Desk, clock: FixedClock
) -> None:
    kept = db_shop.conditions().history()

    boss.update_settings(idle_lock_minutes=20, register_serial="KSA-7")
    boss.update_settings(max_payout=db_shop.settings().max_payout)  # the same value again
    boss.set_sport_limit("football", "")  # had none
    clock.advance(timedelta(days=3))
    again = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    try:
        assert again.conditions().history() == kept  # a start finds the document as it was
    finally:
        again.close()
    assert db_shop.conditions().history() == kept


def test_p6_an_offices_own_setting_and_a_sports_limit_make_versions(
    db_shop: Shop, boss: Desk
) -> None:
    number = db_shop.conditions().number

    boss.update_office(min_stake="4")
    boss.set_sport_limit("basketball", "2500")

    current = db_shop.conditions()
    assert current.number == number + 2
    assert f"Наименьшая ставка — {format_roubles(D(4))}" in current.text
    assert f"Баскетбол — {format_roubles(D('2500'))}" in current.text


def test_p6_the_printed_paper_has_the_versions_text(db_shop: Shop, printer: Dummy) -> None:
    anna = db_shop.login("anna", "4821")  # a cashier prints them for a player
    printer.clear()

    shown = anna.print_conditions()

    lines = [line.strip() for line in read_job(printer.output, "TM-T20II").lines]
    text = " ".join(lines)
    assert "УСЛОВИЯ ПРИЁМА СТАВОК" in lines
    assert f"Редакция № {shown.number} от 30.11.2026 12:00" in text
    for item in P6_ITEMS:  # wrapped at 48 characters
        assert item in text
    assert "5 минут" in text and "одного месяца" in text
    assert "Кассир" in text and "Терминал К1" in text


def test_p6_a_new_office_publishes_its_own_and_an_organisers_change_every_offices(
    db_shop: Shop, boss: Desk
) -> None:
    boss.add_office("M2", name="Пункт № 2", address="г. Гродно, ул. Советская, 1")
    with db_shop.unit_of_work() as uow:
        first = uow.conditions.current("M2")
    assert first is not None and first.number == 1 and "г. Гродно" in first.text

    boss.update_settings(max_payout="60000")  # the organiser's: both offices' conditions

    with db_shop.unit_of_work() as uow:
        second, here = uow.conditions.current("M2"), uow.conditions.current("M1")
    assert second is not None and second.number == 2
    assert here is not None and here == db_shop.conditions().version
    assert format_roubles(D(60000)) in second.text and format_roubles(D(60000)) in here.text


def test_p6_without_a_printer_the_paper_is_shown_as_it_would_print(
    db_url: str, clock: FixedClock, tmp_path: Path
) -> None:
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), jobs_dir=tmp_path
    )
    try:
        shop.seed_demo()
        anna = shop.login("anna", "4821")
        shown = anna.print_conditions()
        papers = anna.filed_papers()
    finally:
        shop.close()

    assert [paper.heading for paper in papers] == ["Условия приёма ставок"]
    text = " ".join(line.text for line in papers[0].lines)
    assert f"Редакция № {shown.number} от 30.11.2026 12:00" in text
    assert "1. Сумма возможного выигрыша" in text and "8. Другие условия" in text
