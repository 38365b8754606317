"""Settlement by the rules of the house: one test per rule, each naming its paragraph.

Markets (p.19), bet kinds (p.18), bets after the start (p.22) and void events (second p.24).
p.21 (the first recorded result stands) is kept where results are recorded, not here.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from pos.betting.bets import elementary_symmetric, parse_kind
from pos.betting.slips import Leg, Slip, SlipStatus
from pos.line.events import Sport
from pos.line.markets import LegOutcome, LegVerdict
from pos.settlement.results import Result, ResultStatus
from pos.settlement.rules import Settlement, judge_leg, market_outcome, settle_slip

D = Decimal
KICKOFF = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)  # the actual start of every match here
BEFORE = KICKOFF - timedelta(hours=1)
WON, LOST, VOID, OPEN = LegOutcome.WON, LegOutcome.LOST, LegOutcome.VOID, LegOutcome.OPEN


def leg(code: int, market: str = "1", odds: str = "2.00", starts_at: datetime = KICKOFF) -> Leg:
    return Leg(code, market, D(odds), 1, f"Хозяева {code}", f"Гости {code}", starts_at)


def slip(
    kind: str,
    *members: Leg | tuple[Leg, ...],
    stake: str = "10",
    at: datetime = BEFORE,
    agreed_in_play: bool = False,
) -> Slip:
    """A slip of `members`: a leg, or a block of legs (a complex system)."""
    blocks = tuple(m if isinstance(m, tuple) else (m,) for m in members)
    return Slip(
        "1000001",
        parse_kind(kind),
        blocks,
        D(stake),
        D("1.00"),  # shown on the slip, never used to settle
        D("1.00"),
        "К1",
        "anna",
        at,
        agreed_in_play=agreed_in_play,
    )


def score(
    code: int,
    home: int,
    away: int,
    *,
    first_score_at: datetime | None = None,
    venue_swapped: bool = False,
) -> Result:
    return Result(
        code,
        ResultStatus.FINISHED,
        home,
        away,
        KICKOFF,
        KICKOFF + timedelta(hours=2),
        "belarus-football.by",
        first_score_at=first_score_at,
        venue_swapped=venue_swapped,
    )


def void(code: int, status: ResultStatus = ResultStatus.CANCELLED) -> Result:
    return Result(code, status, None, None, KICKOFF, KICKOFF, "belarus-football.by")


def won(code: int) -> Result:
    """A 1:0 home win: a leg on "1" wins."""
    return score(code, 1, 0)


def lost(code: int) -> Result:
    """A 0:1 away win: a leg on "1" loses."""
    return score(code, 0, 1)


def settle(s: Slip, *results: Result, cap: Decimal | None = None) -> Settlement:
    settled = settle_slip(s, {r.event_code: r for r in results}, cap=cap)
    assert settled is not None, "the slip should be certain"
    return settled


def outcome(market: str, home: int, away: int) -> LegOutcome:
    return market_outcome(market, home, away)[0]


# --- markets (p.19) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("market", "home_win", "draw", "away_win"),
    [
        ("1", WON, LOST, LOST),
        ("X", LOST, WON, LOST),
        ("2", LOST, LOST, WON),
        ("1X", WON, WON, LOST),
        ("X2", LOST, WON, WON),
        ("12", WON, LOST, WON),
    ],
)
def test_p19_results_and_double_chances_win_on_the_results_they_name(
    market: str, home_win: LegOutcome, draw: LegOutcome, away_win: LegOutcome
) -> None:
    assert (outcome(market, 2, 1), outcome(market, 1, 1), outcome(market, 0, 2)) == (
        home_win,
        draw,
        away_win,
    )
    assert market_outcome(market, 2, 1)[1] == "счёт 2:1"


@pytest.mark.parametrize(
    ("market", "home", "away", "expected"),
    [
        ("O2.5", 2, 1, WON),
        ("O2.5", 1, 1, LOST),
        ("U2.5", 1, 1, WON),
        ("U2.5", 3, 0, LOST),
        ("O165.5", 90, 80, WON),
        ("U0.5", 0, 0, WON),
    ],
)
def test_p19_total_over_or_under_wins_by_the_side_of_the_line(
    market: str, home: int, away: int, expected: LegOutcome
) -> None:
    assert outcome(market, home, away) is expected


@pytest.mark.parametrize(("market", "home", "away"), [("O3", 2, 1), ("U3", 3, 0), ("O0", 0, 0)])
def test_p19_total_exactly_on_an_integer_line_is_void(market: str, home: int, away: int) -> None:
    verdict, reason = market_outcome(market, home, away)
    assert verdict is VOID
    assert reason == f"счёт {home}:{away}, тотал {home + away} — ровно на линии (п.19)"


@pytest.mark.parametrize(
    ("market", "home", "away", "expected"),
    [
        ("H1-1.5", 2, 0, WON),
        ("H1-1.5", 1, 0, LOST),
        ("H2+1.5", 1, 0, WON),
        ("H2+1.5", 3, 1, LOST),
        ("H1+1", 0, 0, WON),
        ("H2-2", 0, 3, WON),
    ],
)
def test_p19_handicap_wins_or_loses_after_adding_it_to_the_team_picked(
    market: str, home: int, away: int, expected: LegOutcome
) -> None:
    assert outcome(market, home, away) is expected


@pytest.mark.parametrize(
    ("market", "home", "away"), [("H1-1", 2, 1), ("H2+1", 2, 1), ("H1+0", 1, 1), ("H2-2", 0, 2)]
)
def test_p19_handicap_level_after_the_handicap_is_void(market: str, home: int, away: int) -> None:
    verdict, reason = market_outcome(market, home, away)
    assert verdict is VOID
    assert reason == f"счёт {home}:{away}, с форой ничья (п.19)"


@pytest.mark.parametrize("market", ["H1-0.25", "H1+0.75", "H2-1.25", "H2+0.5", "H1-2.75"])
def test_p19_quarter_and_half_handicaps_are_never_void(market: str) -> None:
    outcomes = {outcome(market, home, away) for home in range(6) for away in range(6)}
    assert outcomes == {WON, LOST}


def test_p19_a_code_that_is_not_a_market_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="not a market code"):
        market_outcome("П1", 1, 0)


def test_p18_a_leg_without_a_result_is_open() -> None:
    """Open legs keep a slip unsettled until they cannot change it (p.18, DESIGN: settle)."""
    verdict = judge_leg(leg(1), None, accepted_at=BEFORE, agreed_in_play=False)
    assert (verdict.outcome, verdict.reason) == (OPEN, "результата ещё нет")


# --- bet kinds (p.18) ----------------------------------------------------------------------


def test_p18_single_pays_stake_times_odds_rounded_down_to_the_kopeck() -> None:
    settled = settle(slip("single", leg(1, odds="1.77"), stake="3.33"), won(1))
    assert (settled.status, settled.payout) == (SlipStatus.WON, D("5.89"))  # 5.8941
    assert settled.lines == (
        "1-е событие выигрыш: 1 Хозяева 1 — Гости 1, Победа хозяев (1) (1,77) — счёт 1:0",
        "Выплата: 3,33 руб. × 1,77 = 5,89 руб.",
    )


def test_p18_single_that_loses_pays_nothing() -> None:
    settled = settle(slip("single", leg(1)), lost(1))
    assert (settled.status, settled.payout) == (SlipStatus.LOST, D("0.00"))
    assert settled.lines[-1] == "Ординар проигран: выплаты нет."


def test_p18_express_wins_only_if_every_leg_wins() -> None:
    legs = leg(1, odds="2.10"), leg(2, "O2.5", "1.85"), leg(3, "X", "1.50")
    all_won = settle(slip("express", *legs), won(1), score(2, 2, 1), score(3, 1, 1))
    assert (all_won.status, all_won.payout) == (SlipStatus.WON, D("58.27"))  # 58.275
    assert all_won.lines[-1] == "Выплата: 10,00 руб. × (2,10 × 1,85 × 1,50 = 5,8275) = 58,27 руб."
    one_lost = settle(slip("express", *legs), won(1), score(2, 2, 1), score(3, 2, 1))
    assert (one_lost.status, one_lost.payout) == (SlipStatus.LOST, D("0.00"))
    assert one_lost.lines[-1] == "Экспресс проигран: выплаты нет."


def test_p18_express_with_a_void_leg_is_recalculated_without_it() -> None:
    legs = leg(1, odds="2.10"), leg(2, "O2.5", "1.85"), leg(3, "X", "3.00")
    settled = settle(slip("express", *legs), won(1), score(2, 2, 1), void(3))
    assert (settled.status, settled.payout) == (SlipStatus.WON, D("38.85"))
    assert [v.outcome for v in settled.verdicts] == [WON, WON, VOID]
    assert settled.lines[2] == (
        "3-е событие возврат: 3 Хозяева 3 — Гости 3, Ничья (X) (3,00) — матч не состоялся (п.24)"
    )
    assert settled.lines[3] == (
        "Экспресс пересчитан без возвратных событий (коэффициент 1,00): 2,10 × 1,85 = 3,885; "
        "выплата 10,00 руб. × 3,885 = 38,85 руб."
    )


def test_a_hockey_draw_is_explained_as_the_regular_times() -> None:
    hockey = dataclasses.replace(leg(3, "X", "3.00"), sport=Sport.HOCKEY)
    settled = settle(slip("single", hockey), score(3, 2, 2))
    assert settled.lines[0] == (
        "1-е событие выигрыш: 3 Хозяева 3 — Гости 3, Ничья в основное время (X) (3,00) — счёт 2:2"
    )


def test_p18_express_with_a_lost_leg_is_lost_before_its_other_results() -> None:
    settled = settle_slip(slip("express", leg(1), leg(2), leg(3)), {2: lost(2)})
    assert settled is not None
    assert (settled.status, settled.payout) == (SlipStatus.LOST, D("0.00"))
    assert [v.outcome for v in settled.verdicts] == [OPEN, LOST, OPEN]
    assert settled.lines[0].startswith("1-е событие не рассчитано: 1 Хозяева 1")
    assert settled.lines[0].endswith("— результата ещё нет")


def test_p18_express_without_a_lost_leg_waits_for_its_open_legs() -> None:
    express = slip("express", leg(1), leg(2), leg(3))
    assert settle_slip(express, {1: won(1), 2: void(2)}) is None
    assert settle_slip(slip("single", leg(1)), {}) is None


def test_p18_system_pays_the_sum_of_its_winning_expresses() -> None:
    legs = leg(1, odds="2.10"), leg(2, odds="1.95"), leg(3, odds="3.30")
    every_won = settle(slip("system 2/3", *legs, stake="9"), won(1), won(2), won(3))
    # 3,00 per express × (4.095 + 6.93 + 6.435 = 17.46) = 52.38
    assert (every_won.status, every_won.payout) == (SlipStatus.WON, D("52.38"))
    one_lost = settle(slip("system 2/3", *legs, stake="9"), won(1), won(2), lost(3))
    assert (one_lost.status, one_lost.payout) == (SlipStatus.WON, D("12.28"))  # 3 × 4.095
    assert one_lost.lines[3:] == (
        "Система 2/3: 3 экспресса по 3,00 руб.; не проиграли 2 из 3, выиграли 1 экспресс.",
        "Экспресс 1+2: 2,10 × 1,95 = 4,095",
        "Выплата: 3,00 руб. × 4,095 (сумма коэффициентов выигравших экспрессов) = 12,28 руб., "
        "округлено вниз до копейки.",
    )


def test_p18_system_counts_a_void_member_at_1_00() -> None:
    legs = leg(1, odds="2.10"), leg(2, odds="1.95"), leg(3, odds="3.30")
    settled = settle(slip("system 2/3", *legs, stake="9"), won(1), won(2), void(3))
    # 3 × (2.10 × 1.95 + 2.10 × 1.00 + 1.95 × 1.00 = 8.145) = 24.435
    assert (settled.status, settled.payout) == (SlipStatus.WON, D("24.43"))
    assert "Экспресс 1+3: 2,10 × 1,00 = 2,10" in settled.lines


def test_p18_system_is_lost_once_more_than_n_minus_k_members_lost() -> None:
    system = slip("system 2/3", leg(1), leg(2), leg(3), stake="9")
    settled = settle_slip(system, {1: lost(1), 3: lost(3)})
    assert settled is not None
    assert (settled.status, settled.payout) == (SlipStatus.LOST, D("0.00"))
    assert settled.lines[-1] == "Система 2/3 проиграна: выплаты нет."
    assert settle_slip(system, {1: lost(1)}) is None  # 2 and 3 may still win
    bigger = slip("system 3/5", *(leg(c) for c in range(1, 6)), stake="10")
    assert settle_slip(bigger, {1: lost(1), 2: lost(2)}) is None
    assert settle(bigger, lost(1), lost(2), lost(3)).status is SlipStatus.LOST


def test_p18_complex_system_block_with_a_lost_leg_is_lost() -> None:
    block = (leg(1, odds="2.10"), leg(4, odds="1.50"))
    system = slip("system 2/3", block, leg(2, odds="1.95"), leg(3, odds="3.30"), stake="9")
    settled = settle(system, won(1), lost(4), won(2), won(3))
    assert (settled.status, settled.payout) == (SlipStatus.WON, D("19.30"))  # 3 × 6.435
    assert settled.lines[4] == (
        "Сложная система 2/3: 3 экспресса по 3,00 руб.; не проиграли 2 из 3, выиграли 1 экспресс."
    )
    every_won = settle(system, won(1), won(4), won(2), won(3))
    # 3 × (3.15 × 1.95 + 3.15 × 3.30 + 1.95 × 3.30 = 22.9725) = 68.9175
    assert every_won.payout == D("68.91")
    assert "Экспресс (1,2)+3: 3,15 × 1,95 = 6,1425" in every_won.lines


def test_p18_complex_system_block_of_void_legs_counts_1_00() -> None:
    block = (leg(1, odds="2.10"), leg(4, odds="1.50"))
    system = slip("system 2/3", block, leg(2, odds="1.95"), leg(3, odds="3.30"), stake="9")
    settled = settle(system, void(1), void(4), won(2), won(3))
    # 3 × (1.00 × 1.95 + 1.00 × 3.30 + 1.95 × 3.30 = 11.685) = 35.055
    assert (settled.status, settled.payout) == (SlipStatus.WON, D("35.05"))
    half_void = settle(system, void(1), won(4), won(2), won(3))
    # the block is 1.50 alone: 3 × (1.50 × 1.95 + 1.50 × 3.30 + 6.435 = 14.31) = 42.93
    assert half_void.payout == D("42.93")


def test_p18_a_slip_whose_legs_are_all_void_is_a_refund_of_the_stake() -> None:
    """DESIGN: "A slip whose legs are all void is refund": its stake is paid back."""
    express = settle(slip("express", leg(1), leg(2, "H1-1")), void(1), score(2, 2, 1))
    assert (express.status, express.payout) == (SlipStatus.REFUND, D("10.00"))
    assert express.lines[-1] == "Все события — возврат: ставка возвращается, 10,00 руб."
    system = slip("system 2/3", (leg(1), leg(4)), leg(2), leg(3), stake="9")
    refund = settle(system, void(1), void(4), void(2), void(3))
    assert (refund.status, refund.payout) == (SlipStatus.REFUND, D("9.00"))


def test_p18_some_void_legs_and_a_positive_payout_is_won() -> None:
    """DESIGN: "a slip with some void legs and a positive payout is won"."""
    settled = settle(slip("express", leg(1, odds="1.20"), leg(2)), won(1), void(2))
    assert (settled.status, settled.payout) == (SlipStatus.WON, D("12.00"))
    system = slip("system 2/3", leg(1, odds="1.20"), leg(2), leg(3), stake="9")
    # only 1+2 stands: 3 × 1.20 = 3.60, less than the stake and still a win
    below_stake = settle(system, won(1), void(2), lost(3))
    assert (below_stake.status, below_stake.payout) == (SlipStatus.WON, D("3.60"))


def test_p18_payout_is_rounded_down_once_per_slip_not_per_express() -> None:
    legs = leg(1, odds="1.33"), leg(2, odds="1.77"), leg(3, odds="2.91")
    settled = settle(slip("system 2/3", *legs, stake="0.99"), won(1), won(2), won(3))
    # 0.33 × (2.3541 + 3.8703 + 5.1507) = 3.753783; per express 0.77 + 1.27 + 1.69 = 3.73
    assert settled.payout == D("3.75")
    express = slip("express", leg(1, odds="1.33"), leg(2, odds="1.77"), stake="1.11")
    # 1.11 × 2.3541 = 2.613051; rounding after each leg would give 1.47 × 1.77 = 2.60
    assert settle(express, won(1), won(2)).payout == D("2.61")


def test_p18_the_maximum_payout_caps_the_payout_and_says_so() -> None:
    """The shop's maximum payout (p.18, DESIGN: limits all set by the shop)."""
    express = slip("express", leg(1, odds="5.00"), leg(2, odds="4.00"), stake="100")
    capped = settle(express, won(1), won(2), cap=D("1500"))
    assert (capped.status, capped.payout) == (SlipStatus.WON, D("1500"))
    assert capped.lines[-1] == "Выплата ограничена максимальной выплатой 1\u00a0500,00 руб."
    under = settle(express, won(1), won(2), cap=D("2000"))
    assert under.payout == D("2000.00")
    assert not under.lines[-1].startswith("Выплата ограничена")


def test_p18_elementary_symmetric_is_the_sum_of_the_products_of_k_values() -> None:
    """A system's returns are e_k of its members' odds (p.18)."""
    assert elementary_symmetric([2, 3, 5], 2) == 2 * 3 + 2 * 5 + 3 * 5
    assert elementary_symmetric([2, 3, 5], 3) == 30
    assert elementary_symmetric([2, 0, 5], 2) == 10
    assert elementary_symmetric([2, 3], 0) == 1


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
