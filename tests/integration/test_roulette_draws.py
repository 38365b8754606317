"""Roulette's draws at the shop on a real database, SQLite and PostgreSQL (issue 36): the
schedule the board opens, a spin recorded (by hand or from the studio's file) and its slips
settled at once, a draw cancelled."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from main import open_shop
from pos.betting.slips import SlipStatus
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.core.input_errors import InvalidNumber
from pos.roulette.board import RouletteBoard
from pos.roulette.desk import RouletteDesk
from pos.roulette.draw_errors import (
    NotOnWheel,
    SpinBeforeStart,
    SpinCancelReasonRequired,
    SpinNotOpened,
    SpinRecorded,
)
from pos.roulette.draws import CODES, spin_code
from pos.roulette.errors import BetsClosed, SpinsFileRejected
from pos.settlement.errors import ResultNotRecorded
from pos.settlement.results import ResultEntry, ResultStatus
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration
D = Decimal
MINSK = ZoneInfo("Europe/Minsk")
# The clock stands at 12:00:00 in Minsk: the first draw starts at the next whole 3 minutes.
FIRST = NOW + timedelta(minutes=3)


@pytest.fixture
def boss(db_shop: Shop) -> Desk:
    return db_shop.login("boss", "9911")


@pytest.fixture
def anna(db_shop: Shop) -> Desk:
    return db_shop.login("anna", "4821")


def _local(moment: datetime) -> datetime:
    return moment.astimezone(MINSK)


# --- the schedule ---------------------------------------------------------------------------


def test_the_board_opens_the_draw_on_sale_and_the_next_one(anna: Desk) -> None:
    board = anna.draw_board(game="roulette")
    assert (board.current.number, board.current.code) == (1, spin_code(1))
    assert board.current.starts_at == _local(FIRST)
    assert board.current.words == "Ставки до 12:03"
    assert board.next is not None
    assert (board.next.number, board.next.starts_at) == (2, _local(FIRST + timedelta(minutes=3)))
    assert (board.current.came_up, board.current.cancelled, board.history) == (None, None, ())
    again = anna.draw_board(game="roulette")  # read again: nothing more is opened
    assert again == board


def test_a_changed_interval_applies_from_the_next_draw(
    db_shop: Shop, boss: Desk, clock: FixedClock
) -> None:
    boss.draw_board(game="roulette")  # draws 1 (12:03) and 2 (12:06)
    db_shop.update_settings(roulette_interval=5)
    clock.set(FIRST + timedelta(seconds=30))
    board = boss.draw_board(game="roulette")
    # Draw 1 is spinning and its number awaited: it stays in play, draw 2 is on sale.
    assert (board.current.number, board.current.words) == (1, "Ставок больше нет")
    assert board.next is not None and board.next.number == 2
    assert board.next.starts_at == _local(FIRST + timedelta(minutes=3))  # opened before
    boss.record_spin(board.current.code, 17)
    board = boss.draw_board(game="roulette")
    assert board.current.number == 2
    assert board.next is not None and board.next.number == 3
    assert board.next.starts_at == _local(FIRST + timedelta(minutes=3 + 5))
    assert [(view.number, view.came_up) for view in board.history] == [(1, 17)]


def test_after_a_pause_the_numbers_go_on_at_the_next_whole_interval(
    anna: Desk, clock: FixedClock
) -> None:
    anna.draw_board(game="roulette")  # draws 1 and 2; the shop then closes for the night
    clock.set(NOW + timedelta(hours=20, seconds=50))
    board = anna.draw_board(game="roulette")
    # Draw 2 started last and has no number: in play until the next draw starts.
    assert (board.current.number, board.current.words) == (2, "Ставок больше нет")
    assert board.next is not None and board.next.number == 3
    assert board.next.starts_at == _local(NOW + timedelta(hours=20, minutes=3))
    assert [view.number for view in board.history] == [1]
    clock.set(NOW + timedelta(hours=20, minutes=3))  # draw 3 starts: it is in play
    board = anna.draw_board(game="roulette")
    assert (board.current.number, board.current.words) == (3, "Ставок больше нет")
    assert board.next is not None and board.next.number == 4
    assert board.next.words == "Ставки до 08:06"
    assert [(view.number, view.words) for view in board.history] == [
        (2, "Ставок больше нет"),
        (1, "Ставок больше нет"),
    ]


def test_the_board_shows_the_last_ten_spins(boss: Desk, clock: FixedClock) -> None:
    for _ in range(12):
        number = boss.draw_board(game="roulette").current.number
        clock.set(FIRST + timedelta(minutes=3 * (number - 1)))
        boss.record_spin(spin_code(number), number)
    board = boss.draw_board(game="roulette")
    assert board.current.number == 13
    assert [view.came_up for view in board.history] == list(range(12, 2, -1))
    assert board.history[0].words == "Выпало 12 — красное, чёт, 1–18"


# --- a spin recorded ------------------------------------------------------------------------


def test_a_straight_bet_on_the_number_spun_wins_36_times_the_stake(
    db_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    code = anna.draw_board(game="roulette").current.code
    slip = anna.accept_bet([(code, "17")], stake="10")
    lost = anna.accept_bet([(code, "18")], stake="5")
    with pytest.raises(SpinBeforeStart, match="принимает ставки до 12:03:00"):
        boss.record_spin(code, 17)
    clock.set(FIRST + timedelta(seconds=20))
    with pytest.raises(BetsClosed, match="Ставок больше нет"):
        anna.accept_bet([(code, "17")], stake="10")
    assert anna.draw_board(game="roulette").current.words == "Ставок больше нет"
    with pytest.raises(NotPermitted):
        anna.record_spin(code, 17)
    assert boss.check_spin(code, "17") == "Записать: тираж № 1, выпало 17 — чёрное, нечет, 1–18?"
    view = boss.record_spin(code, 17)
    assert (view.came_up, view.words) == (17, "Выпало 17 — чёрное, нечет, 1–18")
    assert anna.slip(slip.number).status is SlipStatus.WON
    assert anna.slip(slip.number).payout == D("360.00")
    assert anna.slip(lost.number).status is SlipStatus.LOST
    with db_shop.context.storage.unit_of_work() as uow:
        recorded = uow.results.get(code)
        trail = [record.action for record in uow.audit.recent(5)]
    assert recorded is not None and recorded.status is ResultStatus.FINISHED
    assert (recorded.home, recorded.away, recorded.actual_start) == (17, 0, FIRST)
    assert AuditAction.DRAW_DEALT in trail
    assert db_shop.verify().ok


def test_a_spin_is_recorded_once(boss: Desk, clock: FixedClock) -> None:
    code = boss.draw_board(game="roulette").current.code
    clock.set(FIRST)
    boss.record_spin(code, 0)
    with pytest.raises(SpinRecorded, match=r"уже записан \(выпало 0 — зеро\)"):
        boss.record_spin(code, 5)
    with pytest.raises(SpinRecorded):
        boss.cancel_draw(code, "шарик вылетел")
    # The house's correction of a result refuses a game's draw: its result stands.
    with pytest.raises(ResultNotRecorded):
        boss.correct_result(code, ResultEntry(code, 5, 0), "опечатка")


@pytest.mark.parametrize("typed", [37, -1, "40", "17a", "", None, "²"])
def test_a_number_off_the_wheel_is_refused(boss: Desk, clock: FixedClock, typed: object) -> None:
    code = boss.draw_board(game="roulette").current.code
    clock.set(FIRST)
    with pytest.raises(NotOnWheel) as refused:
        boss.record_spin(code, typed)
    assert str(refused.value).endswith("не число колеса, на колесе числа от 0 до 36.")
    assert boss.draw_board(game="roulette").current.came_up is None


def test_a_draw_is_named_by_its_code_or_its_number(boss: Desk, clock: FixedClock) -> None:
    boss.draw_board(game="roulette")
    clock.set(FIRST)
    assert boss.record_spin("1", 32).number == 1  # the number the board shows
    with pytest.raises(SpinNotOpened, match="Тиража рулетки № 7 нет"):
        boss.record_spin(spin_code(7), 3)
    with pytest.raises(InvalidNumber):
        boss.record_spin("тираж", 3)


# --- cancelled ------------------------------------------------------------------------------


def test_a_cancelled_spin_refunds_every_bet_at_one(
    db_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    code = anna.draw_board(game="roulette").current.code
    slip = anna.accept_bet([(code, "КР")], stake="10")
    clock.set(FIRST + timedelta(seconds=40))
    with pytest.raises(SpinCancelReasonRequired):
        boss.cancel_draw(code, "  ")
    with pytest.raises(NotPermitted):
        anna.cancel_draw(code, "шарик вылетел")
    view = boss.cancel_draw(code, "шарик вылетел")
    assert (view.came_up, view.cancelled, view.words) == (
        None,
        "шарик вылетел",
        "Отменён: шарик вылетел",
    )
    assert anna.slip(slip.number).status is SlipStatus.REFUND
    assert anna.slip(slip.number).payout == D("10.00")
    with db_shop.context.storage.unit_of_work() as uow:
        recorded = uow.results.get(code)
        trail = [record.action for record in uow.audit.recent(5)]
    assert recorded is not None and recorded.status is ResultStatus.CANCELLED
    assert AuditAction.DRAW_CANCELLED in trail
    board = anna.draw_board(game="roulette")
    assert board.history[0].words == "Отменён: шарик вылетел"


# --- the studio's file ----------------------------------------------------------------------


def test_a_file_with_a_bad_line_records_nothing(boss: Desk, clock: FixedClock) -> None:
    boss.draw_board(game="roulette")
    clock.set(FIRST + timedelta(minutes=3))  # both draws have started
    bad = "тираж;число\n1;17\n2;40\n".encode()
    with pytest.raises(SpinsFileRejected) as refused:
        boss.import_spins("spins.csv", bad)
    assert refused.value.problems == [(3, "«40» — не число колеса: числа от 0 до 36")]
    board = boss.draw_board(game="roulette")
    assert [view.came_up for view in (board.current, *board.history)] == [None, None]


def test_a_file_names_a_draw_still_on_sale(boss: Desk, clock: FixedClock) -> None:
    boss.draw_board(game="roulette")
    clock.set(FIRST)  # draw 2 still takes bets
    with pytest.raises(SpinsFileRejected) as refused:
        boss.import_spins("spins.csv", b"1;17\n2;5\n")
    assert refused.value.problems == [
        (2, "Тираж № 2 принимает ставки до 12:06:00: выпавшее число записывают после старта.")
    ]
    assert boss.draw_board(game="roulette").current.came_up is None  # draw 1's line neither


def test_a_file_records_its_draws_and_settles_them(
    boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    code = anna.draw_board(game="roulette").current.code
    slip = anna.accept_bet([(code, "0")], stake="2")
    clock.set(FIRST + timedelta(minutes=3))
    done = boss.import_spins("spins.csv", "1;0\n2;отменён;стол закрыт\n99;4\n".encode())
    assert done.recorded == (1, 2)
    assert done.skipped == ((99, "не открывался — ставок не было"),)
    assert anna.slip(slip.number).payout == D("72.00")
    board = boss.draw_board(game="roulette")
    assert [(view.came_up, view.cancelled) for view in board.history[:2]] == [
        (None, "стол закрыт"),
        (0, None),
    ]
    again = boss.import_spins("spins.csv", b"1;5\n")
    assert (again.recorded, again.skipped) == ((), ((1, "результат уже записан"),))


def test_the_window_reaches_the_same_cases_typed(boss: Desk, clock: FixedClock) -> None:
    typed = RouletteDesk(boss)
    board = typed.draw_board()
    assert board == boss.draw_board(game="roulette")
    clock.set(FIRST)
    assert typed.check_spin(board.current.code, 5).endswith("выпало 5 — красное, нечет, 1–18?")
    assert typed.record_spin(board.current.code, 5).came_up == 5


def _read_at_once(desks: list[Desk]) -> list[RouletteBoard]:
    """The board read by every desk at the same moment, each in its own thread."""
    barrier = threading.Barrier(len(desks))
    boards: list[RouletteBoard] = []
    errors: list[Exception] = []

    def read(desk: Desk) -> None:
        barrier.wait(timeout=30)
        try:
            boards.append(desk.draw_board(game="roulette"))
        except Exception as failed:  # noqa: BLE001 - the test says which, not the thread
            errors.append(failed)

    threads = [threading.Thread(target=read, args=(desk,)) for desk in desks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    return boards


def test_two_terminals_reading_the_board_at_once_open_each_draw_once(
    db_url: str, db_shop: Shop, clock: FixedClock
) -> None:
    other = open_shop(db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher())
    try:
        desks = [db_shop.login("anna", "4821"), other.login("boss", "9911")]
        for _ in range(5):
            clock.advance(timedelta(minutes=3))
            first, second = _read_at_once(desks)
            assert first == second
        with db_shop.context.storage.unit_of_work() as uow:
            opened = uow.line.latest_events(CODES, 100)
        # 12:03 opens 1 and 2; then, no number recorded, one more draw a read: up to 5.
        assert [event.code for event in opened] == [spin_code(n) for n in range(5, 0, -1)]
    finally:
        other.close()
