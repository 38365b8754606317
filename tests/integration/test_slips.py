"""Slips on a real database, both backends: issue, read back, repeat, cancel, two terminals."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from sqlalchemy import text

from db.bootstrap import SqlStorage
from main import open_shop
from pos.betting.errors import SlipNotOpen, WindowClosed
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import UnknownSlip
from pos.line.events import Sport
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration
D = Decimal


def _open(url: str, clock: FixedClock, terminal: str = "К1") -> Shop:
    shop = open_shop(url, clock=clock, terminal=terminal, pin_hasher=PlainPinHasher())
    if terminal != "К1":  # К1 gets its demo register from seed_demo
        shop.update_settings(register_serial=f"KSA-{terminal}", register_number=f"RN-{terminal}")
    return shop


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock) -> Iterator[Shop]:
    shop = _open(demo_url, clock)
    yield shop
    shop.close()


def test_a_reprint_names_each_event_s_sport_and_tournament(db_url: str, clock: FixedClock) -> None:
    """Issue 16: the legs read back carry them, so a copy prints what the original did."""
    printer = Dummy(profile="TM-T20II")
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    try:
        shop.seed_demo()
        boss = shop.login("boss", "9911")
        tournaments = {101: "Высшая лига", 201: "Экстралига"}
        for row in boss.line():
            if (event := row.event).code in tournaments:
                boss.update_event(
                    event.code,
                    event.sport.value,
                    event.home,
                    event.away,
                    event.starts_at,
                    tournament=tournaments[event.code],
                )
        anna = shop.login("anna", "4821")
        issued = anna.accept_bet([(101, "1"), (201, "X")], stake="10", kind="express")
        printer.clear()

        copy = anna.reprint(issued.number)

        expected = [(Sport.FOOTBALL, "Высшая лига"), (Sport.HOCKEY, "Экстралига")]
        assert [(leg.sport, leg.tournament) for leg in copy.legs] == expected
        assert [(leg.sport, leg.tournament) for leg in shop.slip(issued.number).legs] == expected
        for words in ("КОПИЯ", "Футбол. Высшая лига", "Хоккей. Экстралига", "в основное время"):
            assert words.encode("cp866") in printer.output, words
    finally:
        shop.close()


def test_a_complex_system_reads_back_exactly(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    issued = anna.accept_bet(
        [(101, "1"), [(102, "1"), (103, "2")], (201, "X")], stake="9,99", kind="system 2/3"
    )
    stored = db_shop.slip(issued.number)
    assert stored == issued
    assert stored.possible_payout == D("139.43")
    assert [[leg.market for leg in m] for m in stored.members] == [["1"], ["1", "2"], ["X"]]
    assert stored.legs[1].home == "Шахтёр Солигорск"


def test_the_stake_and_its_refund_are_cash_movements(db_shop: Shop, clock: FixedClock) -> None:
    anna = db_shop.login("anna", "4821")
    slip = anna.accept_bet([(101, "1")], stake="10")
    clock.advance(timedelta(minutes=4))
    anna.cancel_in_window(slip.number, "не тот исход")
    storage = db_shop.storage
    assert isinstance(storage, SqlStorage)
    with storage.engine.connect() as connection:
        rows = connection.execute(text("SELECT kind, amount FROM cash_movements ORDER BY id"))
        assert [tuple(r) for r in rows] == [("stake", 1000), ("window_refund", -1000)]
    assert db_shop.slip(slip.number).status is SlipStatus.CANCELLED
    assert [s.cancellation.reason for s in anna.window_cancellations() if s.cancellation] == [
        "не тот исход"
    ]


def test_after_the_window_the_slip_stays_open(db_shop: Shop, clock: FixedClock) -> None:
    anna = db_shop.login("anna", "4821")
    slip = anna.accept_bet([(101, "1")], stake="10")
    clock.advance(timedelta(minutes=5, microseconds=1))
    with pytest.raises(WindowClosed):
        anna.cancel_in_window(slip.number, "поздно")
    assert db_shop.slip(slip.number).status is SlipStatus.OPEN


def test_a_repeated_request_returns_the_slip_already_issued(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    first = anna.accept_bet([(101, "1")], stake="10", request_key="press-1")
    assert anna.accept_bet([(101, "1")], stake="10", request_key="press-1") == first
    assert len(anna.recent_slips()) == 1


def test_an_unknown_number_is_not_found(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    slip = anna.accept_bet([(101, "1")], stake="10")
    from pos.betting.numbers import make_slip_number  # the shop's secret lives in its settings

    with db_shop.unit_of_work() as uow:
        secret = bytes.fromhex(uow.settings.load()["slip_secret"])
    assert slip.number == make_slip_number(1, secret)
    with pytest.raises(UnknownSlip):
        db_shop.slip(make_slip_number(2, secret))


def test_two_terminals_issuing_at_once_get_distinct_gapless_numbers(
    db_url: str, clock: FixedClock
) -> None:
    first, second = _open(db_url, clock, "К1"), _open(db_url, clock, "К2")
    try:
        first.seed_demo()
        desks = [first.login("anna", "4821"), second.login("boss", "9911")]
        desks[1].open_shift(cash="0")  # К1's shift opened with the demo line
        numbers: list[str] = []
        errors: list[BaseException] = []

        def issue(desk_index: int) -> None:
            try:
                for _ in range(10):
                    numbers.append(desks[desk_index].accept_bet([(101, "1")], stake="10").number)
            except BaseException as exc:  # noqa: BLE001 - collected and asserted below
                errors.append(exc)

        threads = [threading.Thread(target=issue, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert errors == []
        assert sorted(int(n[:8]) for n in numbers) == list(range(1, 21))
    finally:
        first.close()
        second.close()


def test_two_terminals_cancelling_the_same_slip_cancel_it_once(
    db_url: str, clock: FixedClock
) -> None:
    first, second = _open(db_url, clock, "К1"), _open(db_url, clock, "К2")
    try:
        first.seed_demo()
        slip = first.login("anna", "4821").accept_bet([(101, "1")], stake="10")
        desks = [first.login("anna", "4821"), second.login("boss", "9911")]
        desks[1].open_shift(cash="100")  # the stake would go back from К2's drawer
        outcomes: list[str] = []

        def cancel(desk_index: int) -> None:
            try:
                desks[desk_index].cancel_in_window(slip.number, f"терминал {desk_index}")
                outcomes.append("cancelled")
            except SlipNotOpen:
                outcomes.append("refused")

        threads = [threading.Thread(target=cancel, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sorted(outcomes) == ["cancelled", "refused"]
        storage = first.storage
        assert isinstance(storage, SqlStorage)
        with storage.engine.connect() as connection:
            refunds = connection.execute(
                text("SELECT count(*) FROM cash_movements WHERE kind = 'window_refund'")
            ).scalar()
        assert refunds == 1
    finally:
        first.close()
        second.close()


def test_the_line_header_suspension_and_edits_are_stored(db_shop: Shop) -> None:
    boss = db_shop.login("boss", "9911")
    boss.set_sport_limit("hockey", "200")
    boss.suspend_event(201)
    event = next(r.event for r in boss.line() if r.event.code == 201)
    boss.update_event(
        201,
        "hockey",
        event.home,
        event.away,
        event.starts_at,
        tournament="Экстралига",
        max_stake="150",
    )
    stored = next(r.event for r in boss.line() if r.event.code == 201)
    assert (stored.tournament, stored.max_stake, stored.suspended) == (
        "Экстралига",
        D("150.00"),
        True,
    )
    assert {str(k): v for k, v in boss.sport_limits().items()} == {"hockey": D("200.00")}
    boss.resume_event(201)
    assert boss.reprint(boss.accept_bet([(201, "1")], stake="100").number).reprints == 1


def test_one_request_sent_from_two_connections_at_once_issues_one_slip(
    db_url: str, clock: FixedClock
) -> None:
    """A retry that races the first attempt (e.g. after a timeout) gets the same slip."""
    first, second = _open(db_url, clock, "К1"), _open(db_url, clock, "К1")
    try:
        first.seed_demo()
        desks = [first.login("anna", "4821"), second.login("anna", "4821")]
        numbers: list[str] = []
        errors: list[BaseException] = []

        def press(desk_index: int) -> None:
            try:
                slip = desks[desk_index].accept_bet([(101, "1")], stake="10", request_key="same")
                numbers.append(slip.number)
            except BaseException as exc:  # noqa: BLE001 - collected and asserted below
                errors.append(exc)

        threads = [threading.Thread(target=press, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert errors == []
        assert len(numbers) == 2 and numbers[0] == numbers[1]
        assert len(desks[0].recent_slips()) == 1
    finally:
        first.close()
        second.close()
