"""Roulette bets sold, settled and paid through the shop's own use cases on SQLite and
PostgreSQL (issue 36): every bet of the table typed in Russian, one bet per slip, an announced
bet's chips in whole kopecks, no bets after the start, part returns paid exactly, the zero rule
kept from the sale, the payout day, and the slip's paper."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.betting.errors import OnlyBetOnSlip
from pos.betting.slips import Slip, SlipStatus
from pos.core.clock import FixedClock
from pos.line.events import Event, Sport
from pos.payouts.errors import PayoutTooEarly
from pos.roulette.draws import spin_code
from pos.roulette.errors import BetsClosed, NotANumber, StakeNotChips
from pos.settlement.results import Result, ResultStatus
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.shifts import reopen_shift
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
D = Decimal
PROFILE = "TM-T20II"
CUT = b"\x1dV\x00"
DRAW = 900  # a draw number the board of these tests never reaches
CODE = spin_code(DRAW)
STARTS = NOW + timedelta(minutes=3)
# Every bet of the table as a cashier types it, and the canonical code its leg keeps.
TYPED = {
    "17": "17",
    "17/20": "17/20",
    "15/13/14": "13/14/15",
    "25/26/28/29": "25/26/28/29",
    "13/14/15/16/17/18": "13-18",  # a six-line kept in 16 characters
    "Д1": "D1",
    "К2": "C2",
    "КР": "RED",
    "ЧЁ": "BLACK",
    "ЧТ": "EVEN",
    "НЧ": "ODD",
    "М": "LOW",
    "Б": "HIGH",
    "ВЗ": "VOISINS",
    "ТЬ": "TIERS",
    "ОР": "ORPHELINS",
    "ЗШ": "ZERO",
    "Н17": "N17",
}


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile=PROFILE)


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    _open_draw(shop.login("boss", "9911"), DRAW)
    yield shop
    shop.close()


@pytest.fixture
def boss(db_shop: Shop) -> Desk:
    return db_shop.login("boss", "9911")


@pytest.fixture
def anna(db_shop: Shop, printer: Dummy) -> Desk:
    desk = db_shop.login("anna", "4821")
    printer.clear()
    return desk


def _open_draw(desk: Desk, number: int) -> None:
    # As pos.poker.events.draw_event opens poker's: the roulette schedule is not under test.
    event = Event(
        spin_code(number),
        Sport.GAME,
        "Рулетка",
        f"тираж № {number}",
        STARTS,
        tournament="Рулетка",
        game="roulette",
    )
    with desk.context.unit_of_work() as uow:
        uow.line.add_event(event)
        uow.commit()


def _spin(boss: Desk, clock: FixedClock, number: int) -> None:
    """The ball stops on `number` after the start; the shop settles."""
    clock.set(STARTS + timedelta(seconds=40))
    now = clock.now()
    came = Result(
        CODE,
        ResultStatus.FINISHED,
        number,
        0,
        STARTS,
        now,
        "студия",
        recorded_at=now,
        recorded_by="boss",
    )
    with boss.context.unit_of_work() as uow:
        uow.results.add(came)
        uow.commit()
    boss.settle()


def _settled(desk: Desk, slip: Slip) -> tuple[SlipStatus, Decimal | None]:
    found = desk.slip(slip.number)
    return found.status, found.payout


def test_every_bet_of_the_table_is_sold_as_typed_and_keeps_its_code(anna: Desk) -> None:
    # 180 splits over 4, 5, 6 and 9 chips alike.
    sold = {typed: anna.accept_bet([(CODE, typed)], stake="180") for typed in TYPED}
    assert {typed: slip.legs[0].market for typed, slip in sold.items()} == TYPED
    odds = {typed: slip.legs[0].odds for typed, slip in sold.items()}
    assert (odds["17"], odds["17/20"], odds["Д1"], odds["КР"]) == (D(36), D(18), D(3), D(2))
    # An announced bet is sold at its best case (Вуазен: 24 for 9 on zero, 8/3 rounded up).
    assert (odds["ВЗ"], odds["ОР"], odds["ЗШ"]) == (D("2.67"), D("7.2"), D(9))
    # Its possible payout is the exact best case (180 × 8/3), not 180 × 2,67 = 480,60.
    assert sold["ВЗ"].possible_payout == D("480.00")
    assert sold["ОР"].possible_payout == D("1296.00")
    assert all(slip.legs[0].odds_version == 1 for slip in sold.values())


def test_one_bet_per_slip_chips_in_whole_kopecks_and_no_bets_after_the_start(
    anna: Desk, clock: FixedClock
) -> None:
    with pytest.raises(OnlyBetOnSlip) as second:
        anna.accept_bet([(CODE, "17"), (101, "1")], stake="10", kind="express")
    assert str(second.value) == (
        "Ставка на игру «Рулетка» принимается только одна в купоне: оформите её отдельным "
        "купоном, а остальные исходы — другим."
    )
    with pytest.raises(StakeNotChips) as split:
        anna.accept_bet([(CODE, "ВЗ")], stake="10")
    assert str(split.value) == (
        "Ставка «Вуазен де зеро (ВЗ)» делится поровну на 9 фишек: примите 9,99 или 10,08."
    )
    with pytest.raises(NotANumber, match=r"^37 — числа 37 нет на колесе"):
        anna.accept_bet([(CODE, "37")], stake="10")  # the game's sentence, not the line's
    clock.set(STARTS)
    with pytest.raises(BetsClosed, match=r"^Ставок больше нет: тираж рулетки № 900 начался"):
        anna.accept_bet([(CODE, "17")], stake="10")


def test_a_straight_pays_36_times_and_its_number_is_not_the_line_s_result(
    boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    # "2" on the line is «Победа гостей», which a 2:0 would lose; on the wheel it is number 2.
    two = anna.accept_bet([(CODE, "2")], stake="10")
    seventeen = anna.accept_bet([(CODE, "17")], stake="10")
    _spin(boss, clock, 2)
    assert _settled(anna, two) == (SlipStatus.WON, D("360.00"))
    assert _settled(anna, seventeen) == (SlipStatus.LOST, D("0.00"))
    lines = anna.settlement(two.number)
    assert lines is not None and "Номер 2" in lines.lines[0]


def test_on_zero_an_even_chance_returns_half_and_voisins_pays_its_chips(
    boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    red = anna.accept_bet([(CODE, "кр")], stake="3.33")
    voisins = anna.accept_bet([(CODE, "вз")], stake="9")
    dozen = anna.accept_bet([(CODE, "д1")], stake="10")
    _spin(boss, clock, 0)

    assert _settled(anna, red) == (SlipStatus.WON, D("1.66"))  # half, rounded down
    assert _settled(anna, voisins) == (SlipStatus.WON, D("24.00"))  # 2 chips × 12
    assert _settled(anna, dozen) == (SlipStatus.LOST, D("0.00"))
    explained = anna.settlement(voisins.number)
    assert explained is not None
    assert explained.lines[-1] == (
        "Выплата: 9,00 руб. × 8/3 (выигравшие фишки на рубль ставки) = 24,00 руб., "
        "округлено вниз до копейки."
    )
    half = anna.settlement(red.number)
    assert half is not None and "половина ставки возвращается" in half.lines[0]
    assert half.lines[-1] == (
        "Возврат части ставки: 3,33 руб. × 1/2 = 1,66 руб., округлено вниз до копейки."
    )


def test_a_chance_sold_under_the_rule_all_loses_whole_after_the_rule_changed_back(
    boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    boss.update_settings(roulette_zero_rule="all")
    whole = anna.accept_bet([(CODE, "КР")], stake="10")
    boss.update_settings(roulette_zero_rule="half")
    half = anna.accept_bet([(CODE, "КР")], stake="10")
    assert (whole.legs[0].market, half.legs[0].market) == ("RED!", "RED")
    _spin(boss, clock, 0)

    assert _settled(anna, whole) == (SlipStatus.LOST, D("0.00"))
    assert _settled(anna, half) == (SlipStatus.WON, D("5.00"))


def test_a_win_is_paid_from_the_next_day_unless_the_licence_pays_at_once(
    boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    later = anna.accept_bet([(CODE, "17")], stake="10")
    _spin(boss, clock, 17)
    with pytest.raises(PayoutTooEarly):
        anna.pay_out(later.number, PASSPORT)
    boss.update_settings(roulette_pay_at_once=True)
    assert anna.pay_out(later.number, PASSPORT).amount == D("360.00")


def test_a_half_back_is_paid_like_a_win_the_next_day(
    boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    red = anna.accept_bet([(CODE, "КР")], stake="10")
    _spin(boss, clock, 0)
    clock.advance(timedelta(days=1))
    reopen_shift(anna)
    assert anna.pay_out(red.number, PASSPORT).amount == D("5.00")


def test_the_slip_names_the_game_the_draw_and_the_bet(anna: Desk, printer: Dummy) -> None:
    anna.accept_bet([(CODE, "ВЗ")], stake="9")
    paper = " ".join(read_job(printer.output.split(CUT)[0] + CUT, PROFILE).text().split())
    assert "Рулетка. Тираж № 900 Спин 30.11 12:03" in paper
    # Each chip of the announced bet (cp866 has no «×»), the bet at its best case.
    assert "0/2/3 x2, 4/7, 12/15, 18/21, 19/22, 25/26/28/29 x2, 32/35" in paper
    assert "Вуазен де зеро (ВЗ) 2,67" in paper
    assert "Возможный выигрыш 24,00 руб." in paper  # 24 for 9 on zero, exactly
    assert "Претензии принимаются до 12:03:00" in paper  # the claim window ends at the spin


def test_a_cancelled_spin_refunds_every_bet_at_1_00(
    boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    voisins = anna.accept_bet([(CODE, "ВЗ")], stake="9")
    red = anna.accept_bet([(CODE, "КР")], stake="10")
    clock.set(STARTS + timedelta(seconds=40))
    now = clock.now()
    cancelled = Result(
        CODE, ResultStatus.CANCELLED, None, None, STARTS, now, "шарик вылетел", recorded_at=now
    )
    with boss.context.unit_of_work() as uow:
        uow.results.add(cancelled)
        uow.commit()
    boss.settle()
    assert _settled(anna, voisins) == (SlipStatus.REFUND, D("9.00"))
    assert _settled(anna, red) == (SlipStatus.REFUND, D("10.00"))
