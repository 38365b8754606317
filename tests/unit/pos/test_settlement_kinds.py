"""Settlement by the rules of the house: singles, expresses and systems (p.18)."""

from __future__ import annotations

import dataclasses

from pos.betting.bets import elementary_symmetric
from pos.betting.slips import SlipStatus
from pos.line.events import Sport
from pos.settlement.rules import settle_slip
from tests.unit.pos.settlement_helpers import (
    LOST,
    OPEN,
    VOID,
    WON,
    D,
    leg,
    lost,
    score,
    settle,
    slip,
    void,
    won,
)

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
