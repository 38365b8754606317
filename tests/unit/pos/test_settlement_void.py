"""Settlement by the rules of the house: void events (second p.24) and bets after the start
(p.22).
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from pos.betting.slips import SlipStatus
from pos.line.markets import LegVerdict
from pos.settlement.results import Result, ResultStatus
from tests.unit.pos.settlement_helpers import (
    KICKOFF,
    VOID,
    WON,
    D,
    leg,
    score,
    settle,
    slip,
    void,
    won,
)

# --- void events (second p.24) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "reason"),
    [
        (ResultStatus.POSTPONED, "матч перенесён более чем на три дня (п.24)"),
        (ResultStatus.INTERRUPTED, "матч прерван и не доигран в тот же день (п.24)"),
        (ResultStatus.CANCELLED, "матч не состоялся (п.24)"),
        (ResultStatus.SHARED_FIRST, "первое место поделено (п.24)"),
    ],
)
def test_second_p24_an_event_that_did_not_take_place_voids_every_leg(
    status: ResultStatus, reason: str
) -> None:
    express = slip("express", leg(1), leg(2, "X"), leg(3, "O2.5"))
    settled = settle(express, void(1, status), void(2, status), void(3, status))
    assert [(v.outcome, v.reason) for v in settled.verdicts] == [(VOID, reason)] * 3
    assert (settled.status, settled.payout) == (SlipStatus.REFUND, D("10.00"))


def test_second_p24_a_match_on_the_ground_of_the_team_listed_second_is_void() -> None:
    settled = settle(slip("single", leg(1, "1")), score(1, 3, 0, venue_swapped=True))
    assert (settled.status, settled.payout) == (SlipStatus.REFUND, D("10.00"))
    assert settled.verdicts[0].reason == "матч сыгран на поле команды, указанной второй (п.24)"
    losing = settle(slip("single", leg(1, "2")), score(1, 3, 0, venue_swapped=True))
    assert losing.status is SlipStatus.REFUND


# --- bets after the start (p.22) -----------------------------------------------------------


def test_p22_a_bet_from_the_actual_start_that_would_win_is_void() -> None:
    settled = settle(slip("single", leg(1), at=KICKOFF), score(1, 2, 0))
    assert (settled.status, settled.payout) == (SlipStatus.REFUND, D("10.00"))
    assert settled.verdicts[0] == LegVerdict(
        VOID, "счёт 2:0; ставка сделана после начала матча (п.22)"
    )


def test_p22_a_late_bet_that_loses_stays_lost() -> None:
    settled = settle(slip("single", leg(1), at=KICKOFF + timedelta(minutes=30)), score(1, 0, 2))
    assert (settled.status, settled.payout) == (SlipStatus.LOST, D("0.00"))
    assert settled.verdicts[0].reason == (
        "счёт 0:2; ставка после начала, проигранные возврату не подлежат (п.22)"
    )


def test_p22_a_bet_agreed_in_play_stands() -> None:
    late = slip("single", leg(1), at=KICKOFF + timedelta(minutes=30), agreed_in_play=True)
    settled = settle(late, score(1, 2, 0, first_score_at=KICKOFF + timedelta(minutes=10)))
    assert (settled.status, settled.payout) == (SlipStatus.WON, D("20.00"))


def test_p22_a_bet_before_the_score_was_opened_stands() -> None:
    opened = KICKOFF + timedelta(minutes=40)
    result = score(1, 2, 0, first_score_at=opened)
    before = settle(slip("single", leg(1), at=opened - timedelta(minutes=1)), result)
    assert (before.status, before.payout) == (SlipStatus.WON, D("20.00"))
    at_goal = settle(slip("single", leg(1), at=opened), result)
    assert at_goal.status is SlipStatus.REFUND


def test_p22_a_bet_after_the_start_of_a_0_0_match_stands() -> None:
    late = KICKOFF + timedelta(minutes=80)
    draw = settle(slip("single", leg(1, "X"), at=late), score(1, 0, 0))
    under = settle(slip("single", leg(1, "U0.5", "3.00"), at=late), score(1, 0, 0))
    assert (draw.payout, under.payout) == (D("20.00"), D("30.00"))


def test_second_p24_a_bet_made_after_the_match_ended_would_win_and_is_void() -> None:
    """A match that "took place before the bet was made": even 0:0, even agreed in play."""
    after = KICKOFF + timedelta(hours=3)
    nil = settle(slip("single", leg(1, "X"), at=after), score(1, 0, 0))
    agreed = settle(slip("single", leg(1), at=after, agreed_in_play=True), score(1, 2, 0))
    assert (nil.status, agreed.status) == (SlipStatus.REFUND, SlipStatus.REFUND)
    lost = settle(slip("single", leg(1, "2"), at=after, agreed_in_play=True), score(1, 2, 0))
    assert lost.status is SlipStatus.LOST


def test_p22_a_wrongly_published_start_is_no_ground_to_void() -> None:
    published_late = leg(1, starts_at=KICKOFF + timedelta(hours=1))  # kicked off an hour early
    settled = settle(slip("single", published_late, at=KICKOFF - timedelta(minutes=1)), won(1))
    assert (settled.status, settled.payout) == (SlipStatus.WON, D("20.00"))
    published_early = leg(1, starts_at=KICKOFF - timedelta(hours=1))  # kicked off late
    delayed = settle(slip("single", published_early, at=KICKOFF - timedelta(minutes=1)), won(1))
    assert delayed.status is SlipStatus.WON


def test_p22_a_late_winning_leg_is_dropped_from_an_express() -> None:
    at = KICKOFF + timedelta(minutes=30)
    express = slip("express", leg(1, odds="2.50"), leg(2, odds="1.60"), at=at)
    later = Result(2, ResultStatus.FINISHED, 1, 0, at, at + timedelta(hours=2), "abff.by")
    settled = settle(express, score(1, 1, 0), later)  # 1 kicked off before the bet, 2 with it
    assert [v.outcome for v in settled.verdicts] == [VOID, VOID]
    kickoff = at + timedelta(seconds=1)
    later = Result(2, ResultStatus.FINISHED, 1, 0, kickoff, kickoff + timedelta(hours=2), "by")
    settled = settle(express, score(1, 1, 0), later)
    assert [v.outcome for v in settled.verdicts] == [VOID, WON]
    assert (settled.status, settled.payout) == (SlipStatus.WON, D("16.00"))
