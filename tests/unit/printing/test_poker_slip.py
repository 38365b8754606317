"""A Bet-on-Poker slip as printed (issue 34): the claim deadline its round allows, the draw named
as the board names it, the hand with its market code; and a slip's codes printed last."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from decimal import Decimal

import pytest

from pos.betting.bets import BetKind, BetType
from pos.betting.slips import Leg, Slip
from pos.betting.window import can_cancel
from pos.line.events import Sport
from pos.poker.draws import Round
from pos.poker.events import SCHEDULE, STUDIO, draw_code
from printing.layout import WIDTH_58MM, WIDTH_80MM
from printing.render import render_job
from printing.slips import slip_layout
from tests.unit.printing.escpos_reader import Job, read_job
from tests.unit.printing.test_slips import NUMBER, SETTINGS, SLIP

PROFILE = "TM-T20II"
DRAW = 96013
STARTS = SCHEDULE.starts_at(DRAW)  # the deal: round 1 («до раздачи») closes then
HAND = Leg(
    draw_code(DRAW),
    "P3",
    Decimal("4.96"),
    int(Round.BEFORE_DEAL),
    STUDIO,
    f"тираж № {DRAW}",
    STARTS,
    sport=Sport.GAME,
    tournament=STUDIO,
)
POKER = dataclasses.replace(
    SLIP,
    kind=BetKind(BetType.SINGLE),
    members=((HAND,),),
    total_odds=Decimal("4.96"),
    possible_payout=Decimal("49.60"),
    issued_at=STARTS - timedelta(minutes=4),  # 5 minutes later the cards are long dealt
)


def _job(slip: Slip, width: int) -> Job:
    output = render_job(PROFILE, [slip_layout(slip, SETTINGS, width=width)], code_page="CP866")
    return read_job(output, PROFILE)


def _words(job: Job) -> str:
    return " ".join(job.text().split())


@pytest.mark.parametrize("width", [WIDTH_80MM, WIDTH_58MM])
def test_a_draw_slip_promises_claims_no_later_than_its_round_closes(width: int) -> None:
    words = _words(_job(POKER, width))
    starts = STARTS.astimezone(SETTINGS.zone)
    assert f"Претензии принимаются до {starts:%H:%M:%S}" in words
    promised = POKER.issued_at + timedelta(minutes=5)
    assert f"{promised.astimezone(SETTINGS.zone):%H:%M:%S}" not in words
    # What the paper says is what the window allows: open a second before, closed at it.
    assert can_cancel(POKER, STARTS - timedelta(seconds=1))
    assert not can_cancel(POKER, STARTS)


@pytest.mark.parametrize("width", [WIDTH_80MM, WIDTH_58MM])
def test_a_draw_is_named_as_the_board_names_it_and_its_hand_with_its_code(width: int) -> None:
    job = _job(POKER, width)
    words = _words(job)
    assert f"Тираж № {DRAW}" in words
    assert str(draw_code(DRAW)) not in words  # the internal event code means nothing to anyone
    assert "Рука 3 (P3)" in words and "4,96" in words
    assert "Ставка до раздачи" in words  # the round it was sold in, whose close ends claims
    assert all(len(line) <= width for line in job.lines)


def test_a_line_event_still_carries_its_code() -> None:
    words = _words(_job(SLIP, WIDTH_80MM))
    assert "201 Юность-Минск - Металлург Жлобин" in words


@pytest.mark.parametrize("slip", [SLIP, POKER], ids=["line", "draw"])
def test_the_codes_come_after_the_stake_and_the_conditions(slip: Slip) -> None:
    # A job that breaks midway leaves the number, the stake and «Возможный выигрыш» on paper:
    # without a code to scan it cannot pass for a slip at the payout desk (issue 34).
    job = _job(slip, WIDTH_80MM)
    text_lines = [i for i, event in enumerate(job.events) if event == "text"]
    last_words = text_lines[[line.strip() for line in job.lines].index("оплачивается.")]
    payout = text_lines[next(i for i, x in enumerate(job.lines) if "Возможный выигрыш" in x)]
    codes = [i for i, event in enumerate(job.events) if event in ("barcode", "qr")]
    assert len(codes) == 2 and min(codes) > max(payout, last_words)
    assert job.events[-1] == "cut"
    assert any(f"Купон № {NUMBER[:8]}" in line for line in job.lines[:12])  # still on top
