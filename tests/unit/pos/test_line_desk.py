"""Keeping the line: suspension, the header's limits, editing permissions and line files."""

from datetime import datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from pos.betting.errors import EventSuspended, StakeAboveEventLimit
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.line.errors import LineFileRejected, UnknownEvent
from pos.line.events import Sport
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import FakeStorage

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


@pytest.fixture
def boss(demo_shop: Shop) -> Desk:
    return demo_shop.login("boss", "9911")


def test_a_suspended_event_takes_bets_again_once_resumed(demo_shop: Shop, boss: Desk) -> None:
    anna = demo_shop.login("anna", "4821")
    boss.suspend_event(101)
    with pytest.raises(EventSuspended):
        anna.accept_bet([(101, "1")], stake="10")
    assert next(r for r in anna.line() if r.event.code == 101).event.suspended
    boss.resume_event(101)
    assert anna.accept_bet([(101, "1")], stake="10").stake == Decimal("10.00")
    with pytest.raises(UnknownEvent):
        boss.suspend_event(999)


def test_only_a_manager_keeps_the_line(demo_shop: Shop) -> None:
    anna = demo_shop.login("anna", "4821")
    for attempt in (
        lambda: anna.suspend_event(101),
        lambda: anna.set_sport_limit("hockey", "100"),
        lambda: anna.import_line("line.csv", b""),
    ):
        with pytest.raises(NotPermitted):
            attempt()


def test_the_sport_header_limits_and_an_event_overrides_it(demo_shop: Shop, boss: Desk) -> None:
    boss.set_sport_limit("hockey", "200")
    assert boss.sport_limits() == {Sport.HOCKEY: Decimal("200.00")}
    with pytest.raises(StakeAboveEventLimit, match="200,00"):
        boss.accept_bet([(201, "1")], stake="250")
    boss.add_event(
        250,
        "hockey",
        "Лида",
        "Химик Новополоцк",
        demo_shop.clock.now().replace(year=2027),
        max_stake="1000",
    )
    boss.set_odds(250, "1", "1.90")
    assert boss.accept_bet([(250, "1")], stake="250").stake == Decimal("250.00")
    boss.set_sport_limit("hockey", "")
    assert boss.sport_limits() == {}


def test_a_line_file_adds_events_and_new_odds_versions(boss: Desk, storage: FakeStorage) -> None:
    data = (EXAMPLES / "line.csv").read_bytes()
    first = boss.import_line("line.csv", data)
    assert first.events_added == 6
    assert first.odds_set > 20
    again = boss.import_line("line.json", (EXAMPLES / "line.json").read_bytes())
    assert (again.events_added, again.odds_set) == (0, 0)  # the same line twice changes nothing
    assert storage.data.audit[-1].action is AuditAction.LINE_IMPORTED


def test_a_line_file_whose_code_is_another_match_changes_nothing(
    boss: Desk, storage: FakeStorage
) -> None:
    clash = (
        "code;sport;home;away;starts_at;1;2\n"
        "101;football;Нафтан;Витебск;05.12.2026 15:00;2,00;3,00\n"
        "501;football;Белшина;Арсенал;05.12.2026 17:00;2,00;3,00\n"
    ).encode()
    before = dict(storage.data.events)
    with pytest.raises(LineFileRejected, match="код 101 уже занят"):
        boss.import_line("clash.csv", clash)
    assert storage.data.events == before


def test_a_manager_corrects_an_event_and_its_suspension_stays(boss: Desk) -> None:
    boss.suspend_event(101)
    event = next(r.event for r in boss.line() if r.event.code == 101)
    boss.update_event(
        101,
        "football",
        "Динамо Минск",
        "БАТЭ Борисов",
        event.starts_at,
        tournament="Высшая лига",
        max_stake="700",
    )
    edited = next(r.event for r in boss.line() if r.event.code == 101)
    assert (edited.tournament, edited.max_stake, edited.suspended) == (
        "Высшая лига",
        Decimal("700.00"),
        True,
    )
    with pytest.raises(UnknownEvent):
        boss.update_event(999, "football", "A", "B", event.starts_at)


def test_the_events_on_offer_are_those_not_started_nor_suspended_in_start_order(
    demo_shop: Shop, boss: Desk, clock: FixedClock
) -> None:
    """The betting page lists them as the cashier types a pick (issue 16)."""
    anna = demo_shop.login("anna", "4821")
    boss.suspend_event(103)
    clock.set(datetime(2026, 12, 1, 16, 30, tzinfo=ZoneInfo("Europe/Minsk")))  # 102 kicks off

    offered = anna.events_on_offer()

    codes = [event.code for event in offered]
    assert codes[:2] == [201, 101]  # 18:30 and 19:00 today
    assert 102 not in codes
    assert 103 not in codes
    assert codes == [e.code for e in sorted(offered, key=lambda e: (e.starts_at, e.code))]
    assert len(codes) == 8
