"""The betting slip as laid out and as printed: its events, its claim deadline, its barcode."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from pos.betting.bets import BetKind, BetType
from pos.betting.numbers import make_slip_number
from pos.betting.slips import Leg, Slip
from pos.core.settings import ShopSettings
from pos.line.events import Sport
from printing.layout import Text
from printing.render import render_job
from printing.slips import WIDTH_58MM, WIDTH_80MM, slip_layout
from tests.unit.printing.escpos_reader import code128_digits, code128_modules, read_job

ISSUED = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # 12:00 in Minsk
LATE = datetime(2026, 11, 30, 20, 59, 20, tzinfo=UTC)  # 23:59:20 in Minsk
NUMBER = make_slip_number(1234, b"test secret")
SETTINGS = ShopSettings(
    shop_name="ООО «Фортуна Бет»", address="г. Минск", licence_number="33000/0000123"
)
HOCKEY = Leg(
    201,
    "X",
    Decimal("4.20"),
    1,
    "Юность-Минск",
    "Металлург Жлобин",
    datetime(2026, 12, 1, 16, 0, tzinfo=UTC),
    sport=Sport.HOCKEY,
    tournament="Экстралига",
)
FOOTBALL = Leg(
    101,
    "X",
    Decimal("3.10"),
    1,
    "Динамо Минск",
    "БАТЭ Борисов",
    datetime(2026, 12, 1, 16, 0, tzinfo=UTC),
    sport=Sport.FOOTBALL,
    tournament="Высшая лига",
)
SLIP = Slip(
    number=NUMBER,
    kind=BetKind(BetType.EXPRESS),
    members=((HOCKEY,), (FOOTBALL,)),
    stake=Decimal("10.00"),
    total_odds=Decimal("13.02"),
    possible_payout=Decimal("130.20"),
    terminal="К1",
    cashier="anna",
    issued_at=ISSUED,
)
# The printable width in dots of 58 mm paper (48 mm at 203 dpi) and the quiet zone a
# CODE128 symbol needs on each side: ten modules (ISO/IEC 15417).
DOTS_58MM = 384
QUIET_MODULES = 10


def lines(slip: Slip = SLIP, width: int = WIDTH_80MM) -> list[str]:
    items = slip_layout(slip, SETTINGS, width=width)
    return [item.text for item in items if isinstance(item, Text)]


@pytest.mark.parametrize("width", [WIDTH_80MM, WIDTH_58MM])
def test_each_event_is_named_with_its_sport_and_tournament(width: int) -> None:
    text = [line.strip() for line in lines(width=width)]
    for team, competition in (
        ("Юность-Минск", "Хоккей. Экстралига"),
        ("Динамо Минск", "Футбол. Высшая лига"),
    ):
        event = next(i for i, line in enumerate(text) if team in line)
        starts = next(i for i, line in enumerate(text) if i > event and line.startswith("Начало"))
        assert competition in text[event + 1 : starts]
    output = render_job("TM-T20II", [slip_layout(SLIP, SETTINGS)], code_page="CP866")
    assert "Хоккей. Экстралига".encode("cp866") in output


def test_a_leg_of_an_unknown_sport_prints_no_empty_line() -> None:
    plain = dataclasses.replace(FOOTBALL, sport=None, tournament="")
    text = lines(dataclasses.replace(SLIP, members=((plain,),)))
    at = next(i for i, line in enumerate(text) if "Динамо Минск" in line)
    assert text[at + 1].strip().startswith("Начало ")


def test_a_hockey_draw_says_it_is_the_regular_time_and_a_football_draw_does_not() -> None:
    text = lines()
    assert any(line.strip().startswith("Ничья в основное время (X)") for line in text)
    assert any(line.strip().startswith("Ничья (X)") for line in text)


@pytest.mark.parametrize(
    ("issued", "deadline"),
    [
        (ISSUED, "Претензии принимаются до 12:05:00"),
        (LATE, "Претензии принимаются до 01.12 00:04:20"),
    ],
)
def test_the_claim_deadline_carries_its_date_when_it_falls_on_the_next_day(
    issued: datetime, deadline: str
) -> None:
    slip = dataclasses.replace(SLIP, issued_at=issued)
    assert deadline in lines(slip, WIDTH_80MM)
    narrow = [line.strip() for line in lines(slip, WIDTH_58MM)]
    assert deadline.replace("принимаются ", "принимаются\n") in "\n".join(narrow)


def test_a_32_character_login_keeps_its_start_on_58mm() -> None:
    login = "night.shift.supervisor.minsk.01"  # 31 characters
    text = lines(dataclasses.replace(SLIP, cashier=login), WIDTH_58MM)
    assert all(len(line) <= WIDTH_58MM for line in text)
    assert any(line.strip() == login for line in text), text[:8]
    assert any(line.strip() == "Кассир" or line.strip().endswith(" Кассир") for line in text)


@pytest.mark.parametrize("profile", ["RP-F10-58mm", "TM-T20II"])
def test_the_barcode_is_code_set_c_and_fits_58mm_with_its_quiet_zones(profile: str) -> None:
    output = render_job(profile, [slip_layout(SLIP, SETTINGS, width=WIDTH_58MM)], code_page="CP866")
    job = read_job(output, profile)
    [(module, data)] = job.barcodes
    pairs = bytes(int(NUMBER[i : i + 2]) for i in range(0, 12, 2))
    assert data == b"{C" + pairs + b"{B" + NUMBER[12:].encode()
    assert code128_digits(data) == NUMBER
    assert code128_modules(data) * module == 246
    assert (code128_modules(data) + 2 * QUIET_MODULES) * module <= DOTS_58MM
