"""A Bet-on-Poker draw run from its first round to settlement on a real database, SQLite and
PostgreSQL: bets on the same slips as sports bets, at each round's exact odds (issue #8)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from pos.betting.errors import SameEventTwice
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.draws.errors import DrawSettled, InvalidDrawCards, RoundStillOpen
from pos.line.errors import UnknownEvent
from pos.payouts.errors import PayoutTooEarly
from pos.poker.chances import PRE_DEAL_CHANCE, win_chances
from pos.poker.draws import HandStatus, Round, hand_price
from pos.poker.errors import DrawFileRejected, HandClosed, RoundClosed
from pos.poker.events import SCHEDULE, draw_code
from pos.settlement.errors import ResultNotRecorded
from pos.settlement.results import ResultEntry
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.shifts import reopen_shift

pytestmark = pytest.mark.integration
D = Decimal
# The research deal (notes/performance.md §2), then a flop and a turn; AsKs wins on 5d.
HANDS = "As Ks  Qh Qd  7c 8c  2d 2h  Js Td  9h 9c"
FLOP, TURN, RIVER = "Ac 7h 3s", "Kd", "5d"


def _play(boss: Desk, clock: FixedClock, number: int, *streets: str) -> None:
    """Deal `streets` (the hands, the flop, the turn, the river), each as its round closes."""
    for index, cards in enumerate(streets):
        clock.set(max(clock.now(), SCHEDULE.closes_at(number, Round(index + 1))))
        boss.deal_cards(number, cards)


@pytest.fixture
def boss(db_shop: Shop) -> Desk:
    return db_shop.login("boss", "9911")


@pytest.fixture
def anna(db_shop: Shop) -> Desk:
    return db_shop.login("anna", "4821")


def test_a_draw_from_its_first_round_to_settlement(
    db_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    board = anna.draw_board()
    number = board.next.number
    assert board.next.round is Round.BEFORE_DEAL
    assert board.next.closes_at == SCHEDULE.starts_at(number)
    code = draw_code(number)
    first_odds = hand_price(1, PRE_DEAL_CHANCE, D("0.10")).odds
    assert [p.odds for p in board.next.prices] == [first_odds] * 6 == [D("4.96")] * 6

    # Round 1: before the deal, every hand at the same odds.
    early = anna.accept_bet([(code, "P1")], stake="10")
    assert (early.legs[0].odds, early.legs[0].odds_version) == (D("4.96"), 1)
    with pytest.raises(SameEventTwice):
        anna.accept_bet([(code, "P2"), (code, "P3")], stake="10", kind="express")

    # The draw starts: the deal is entered; round 2 sells at the new odds.
    with pytest.raises(RoundStillOpen):  # round 1 takes bets until the draw starts
        boss.deal_cards(number, HANDS)
    clock.set(SCHEDULE.starts_at(number) + timedelta(seconds=5))
    with pytest.raises(NotPermitted):
        anna.deal_cards(number, HANDS)
    view = boss.deal_cards(number, HANDS)
    assert view.round is Round.AFTER_DEAL
    chances = win_chances(view.hands or (), "")
    assert [p.chance for p in view.prices] == list(chances)
    second = anna.accept_bet([(code, "p2")], stake="5")  # a cashier may type p2 or р2
    assert second.legs[0].odds == view.prices[1].odds and second.legs[0].odds_version == 2

    # Bets close with the round, by the server's clock.
    clock.set(SCHEDULE.closes_at(number, Round.AFTER_DEAL))
    with pytest.raises(RoundClosed):
        anna.accept_bet([(code, "P3")], stake="5")
    with pytest.raises(InvalidDrawCards, match="флопа нужны 3 карты"):
        boss.deal_cards(number, "Ac 7h")
    view = boss.deal_cards(number, FLOP)
    assert view.round is Round.AFTER_FLOP
    clock.advance(timedelta(seconds=61))
    view = boss.deal_cards(number, TURN)
    # After the turn AsKs (aces and kings) leads; QhQd cannot win any more (a queen would
    # give JsTd the straight).
    statuses = [p.status for p in view.prices]
    assert statuses[1] is HandStatus.LOST
    with pytest.raises(HandClosed):
        anna.accept_bet([(code, "P2")], stake="2")
    late = anna.accept_bet([(code, "P5")], stake="2")
    assert late.legs[0].odds_version == 4

    # The river: the result, and every slip on the draw settled.
    clock.advance(timedelta(seconds=61))
    view = boss.deal_cards(number, RIVER)
    assert view.result is not None and view.result.home == 0b000001  # hand 1 alone
    assert anna.slip(early.number).status is SlipStatus.WON
    assert anna.slip(early.number).payout == D("49.60")
    assert anna.slip(second.number).status is SlipStatus.LOST
    assert anna.slip(late.number).status is SlipStatus.LOST
    with pytest.raises(DrawSettled):
        boss.deal_cards(number, "2c")
    assert db_shop.verify().ok


def test_a_winning_draw_slip_is_paid_from_the_next_day(
    db_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    number = anna.draw_board().next.number
    slip = anna.accept_bet([(draw_code(number), "P1")], stake="10")
    _play(boss, clock, number, HANDS, FLOP, TURN, RIVER)

    with pytest.raises(PayoutTooEarly):  # as any slip (first p.24)
        anna.pay_out(slip.number, PASSPORT)
    clock.advance(timedelta(days=1))
    reopen_shift(anna)
    assert anna.pay_out(slip.number, PASSPORT).amount == D("49.60")


def test_with_the_shops_licence_a_draw_slip_is_paid_the_same_day(
    db_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    boss.update_settings(poker_pay_at_once=True)
    number = anna.draw_board().next.number
    slip = anna.accept_bet([(draw_code(number), "P1")], stake="10")
    _play(boss, clock, number, HANDS, FLOP, TURN, RIVER)

    assert anna.pay_out(slip.number, PASSPORT).amount == D("49.60")


def test_a_tie_pays_every_tied_hand_and_a_cancelled_draw_refunds(
    db_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    number = anna.draw_board().next.number
    code = draw_code(number)
    on_one = anna.accept_bet([(code, "P1")], stake="10")
    on_two = anna.accept_bet([(code, "P2")], stake="10")
    on_three = anna.accept_bet([(code, "P3")], stake="10")
    # Hands 1 and 2 both make kings full of twos and split (p.2.3).
    hands = "Ah Kh  Ad Kd  2c 3c  4s 5s  6c 7d  8s 9h"
    _play(boss, clock, number, hands, "2d 2h 3d", "Kc", "Ks")

    assert anna.slip(on_one.number).status is SlipStatus.WON
    assert anna.slip(on_two.number).status is SlipStatus.WON
    assert anna.slip(on_three.number).status is SlipStatus.LOST

    following = number + 1
    clock.set(SCHEDULE.starts_at(following) - timedelta(seconds=30))
    assert anna.draw_board().next.number == following  # the board opens the next draw
    refunded = anna.accept_bet([(draw_code(following), "P4")], stake="7")
    boss.cancel_draw(following, "сканер не считал карту (п. 5.1.1)")
    assert anna.slip(refunded.number).status is SlipStatus.REFUND
    assert anna.slip(refunded.number).payout == D("7.00")


def test_the_board_keeps_draws_off_the_line_and_lists_the_results(
    db_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    number = anna.draw_board().next.number
    _play(boss, clock, number, HANDS, FLOP, TURN, RIVER)
    clock.set(SCHEDULE.starts_at(number + 1) + timedelta(seconds=1))

    board = anna.draw_board()

    assert board.playing.number == number + 1 and board.next.number == number + 2
    assert [view.number for view in board.history] == [number]
    assert all(row.event.code < draw_code(0) for row in anna.line())


def test_results_from_a_file_settle_the_draws_this_shop_opened(
    db_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    number = anna.draw_board().next.number
    won = anna.accept_bet([(draw_code(number), "P1")], stake="10")
    clock.set(SCHEDULE.starts_at(number + 1) - timedelta(seconds=10))
    anna.draw_board()  # opens the next draw too
    refunded = anna.accept_bet([(draw_code(number + 1), "P6")], stake="3")
    feed = (
        "тираж;руки;стол\n"
        f"{number - 5};AsKs QhQd 7c8c 2d2h JsTd 9h9c;Ac 7h 3s Kd 5d\n"
        f"{number};AsKs QhQd 7c8c 2d2h JsTd 9h9c;Ac 7h 3s Kd 5d\n"
        f"{number + 1};отменён;карта упала со стола\n"
    ).encode()
    with pytest.raises(DrawFileRejected, match=f"Тираж № {number + 1}: раунд"):
        boss.import_draw_results("feed.csv", feed)  # the next draw still takes bets

    clock.set(SCHEDULE.closes_at(number + 1, Round.AFTER_TURN))
    done = boss.import_draw_results("feed.csv", feed)

    assert done.recorded == (number, number + 1)
    assert done.skipped == ((number - 5, "не открывался — ставок не было"),)
    assert anna.slip(won.number).status is SlipStatus.WON
    assert anna.slip(refunded.number).status is SlipStatus.REFUND
    again = boss.import_draw_results("feed.csv", feed)
    assert again.recorded == () and len(again.skipped) == 3


def test_a_file_whose_hands_differ_from_the_deal_records_nothing(
    db_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    number = anna.draw_board().next.number
    _play(boss, clock, number, HANDS, FLOP)
    clock.set(SCHEDULE.closes_at(number, Round.AFTER_TURN))
    feed = f"{number};AsKs QhQd 7c9c 2d2h JsTd 9h9c;Ac 7h 3s Kd 5d\n".encode()

    with pytest.raises(DrawFileRejected, match="рука 3 была 7c8c, введено 7c9c"):
        boss.import_draw_results("feed.csv", feed)
    assert anna.draw_board().playing.result is None


def test_a_board_that_plays_pays_every_hand_and_a_draw_has_no_score_to_record(
    db_shop: Shop, boss: Desk, anna: Desk, clock: FixedClock
) -> None:
    number = anna.draw_board().next.number
    code = draw_code(number)
    slips = [anna.accept_bet([(code, f"P{seat}")], stake="2") for seat in (1, 4, 6)]
    # A royal flush on the table: every hand plays the board (p.2.3).
    hands = "2c 3d  4c 5d  6c 7d  8c 9d  2h 3h  4h 5h"
    _play(boss, clock, number, hands, "As Ks Qs", "Js", "Ts")

    assert {anna.slip(s.number).status for s in slips} == {SlipStatus.WON}
    with pytest.raises(UnknownEvent):
        boss.record_result(code, 1, 0, source="АБФФ")
    with pytest.raises(ResultNotRecorded):
        boss.correct_result(code, ResultEntry(code, 0, 1), "опечатка")
