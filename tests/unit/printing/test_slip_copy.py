"""A reprinted slip (issue 34): «КОПИЯ N» says who printed the copy and when, on the bytes sent."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from escpos.printer import Dummy

from main import assemble_shop
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.fakes import FakeStorage, PlainPinHasher
from tests.unit.printing.escpos_reader import read_job

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # 12:00 in Minsk
PROFILE = "TM-T20II"


def _shop(clock: FixedClock, printer: Dummy) -> Shop:
    shop = assemble_shop(
        FakeStorage(), clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    shop.seed_demo()
    return shop


def _words(output: bytes) -> str:
    return " ".join(read_job(output, PROFILE).text().split())


def test_a_copy_says_who_printed_it_and_when() -> None:
    clock, printer = FixedClock(NOW), Dummy(profile=PROFILE)
    shop = _shop(clock, printer)
    slip = shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")
    clock.advance(timedelta(minutes=42, seconds=7))  # 12:42:07, past the window: a manager
    printer.clear()
    shop.login("boss", "9911").reprint(slip.number)
    words = _words(printer.output)
    assert "КОПИЯ 1" in words
    assert "Копия напечатана 30.11.2026 12:42:07" in words
    # By the names they sign the journal with (issue 34): the demo's boss and anna.
    assert "Копию напечатал Климович Д. П." in words
    assert "Кассир Соколова А. С." in words  # who took the bet stays on it
    assert words.index("КОПИЯ 1") < words.index("Копия напечатана") < words.index("Купон №")


def test_the_slip_handed_over_at_issue_says_nothing_of_a_copy() -> None:
    clock, printer = FixedClock(NOW), Dummy(profile=PROFILE)
    _shop(clock, printer).login("anna", "4821").accept_bet([(101, "1")], stake="10")
    words = _words(printer.output)
    assert "КОПИЯ" not in words and "Копи" not in words
