"""Taking bets at the counter (p.4, p.5, p.8, p.10, p.18–p.22), on a fake database: the slip,
its legs, kinds and stake, and the line's limits.
"""

from datetime import timedelta
from decimal import Decimal

import pytest

from pos.betting.errors import (
    EventAlreadyOnSlip,
    EventHasResult,
    EventStarted,
    EventSuspended,
    ExpressOddsTooHigh,
    MarketMissing,
    OddsChanged,
    PayoutTooHigh,
    RequestReused,
    SameEventTwice,
    StakeAboveEventLimit,
    StakeNotSplittable,
    StakeTooLow,
    WrongLegCount,
)
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.core.input_errors import InvalidAmount
from pos.line.errors import InvalidMarket, UnknownEvent
from pos.line.events import Sport
from pos.poker.errors import MarketNotOffered
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.shifts import CashKind
from tests.fakes import FakeStorage
from tests.shifts import reopen_shift

D = Decimal


@pytest.fixture
def anna(demo_shop: Shop) -> Desk:
    return demo_shop.login("anna", "4821")


def test_a_single_pays_stake_times_odds_and_keeps_the_odds_version(anna: Desk) -> None:
    slip = anna.accept_bet([(101, "1")], stake=D("10"))
    assert (slip.stake, slip.possible_payout, slip.status) == (
        D("10.00"),
        D("21.00"),
        SlipStatus.OPEN,
    )
    assert [(leg.market, leg.odds, leg.odds_version) for leg in slip.legs] == [("1", D("2.10"), 1)]
    assert slip.payout is None


def test_a_bet_keeps_its_odds_after_they_change(demo_shop: Shop, anna: Desk) -> None:
    slip = anna.accept_bet([(101, "1")], stake=D("10"))
    demo_shop.login("boss", "9911").set_odds(101, "1", "1.50")
    kept = demo_shop.slip(slip.number)
    assert (kept.legs[0].odds, kept.legs[0].odds_version, kept.possible_payout) == (
        D("2.10"),
        1,
        D("21.00"),
    )
    later = anna.accept_bet([(101, "1")], stake=D("10"))
    assert (later.legs[0].odds, later.legs[0].odds_version) == (D("1.50"), 2)


def test_market_codes_typed_on_a_russian_layout_are_understood(anna: Desk) -> None:
    slip = anna.accept_bet([(101, "х"), (102, "б2,5")], stake="10", kind="express")
    assert [leg.market for leg in slip.legs] == ["X", "O2.5"]


def test_express_needs_two_different_events(anna: Desk) -> None:
    with pytest.raises(WrongLegCount):
        anna.accept_bet([(101, "1")], stake="10", kind="express")
    with pytest.raises(SameEventTwice, match="101"):
        anna.accept_bet([(101, "1"), (101, "O2.5")], stake="10", kind="express")


def test_the_same_event_is_refused_when_it_is_added_to_the_slip_not_at_issue(
    storage: FakeStorage, anna: Desk
) -> None:
    """Issue 16: a second leg on 101 was taken on the slip and refused only at issue."""
    on_slip = [(101, "1"), [(102, "1"), (103, "2")]]

    with pytest.raises(EventAlreadyOnSlip) as refused:
        anna.price_pick((101, "X"), on_slip, D("1"))
    with pytest.raises(EventAlreadyOnSlip):
        anna.price_pick((103, "1"), on_slip, D("1"))  # an event inside a block counts too
    added = anna.price_pick((201, "х"), on_slip, D("1"))

    assert isinstance(refused.value, SameEventTwice)  # the rule of p.18, said as it is added
    assert str(refused.value) == (
        "Событие 101 уже есть в купоне: в экспресс и систему входят только разные события. "
        "Чтобы сменить исход, уберите прежний (↓ к списку, Del)."
    )
    assert [(leg.event_code, leg.market) for (leg,) in added.members] == [(201, "X")]
    assert storage.data.slips == {}


@pytest.mark.parametrize("market", ["", "  "])
def test_an_event_code_without_an_outcome_asks_for_the_outcome(anna: Desk, market: str) -> None:
    with pytest.raises(MarketMissing) as refused:
        anna.price_pick((101, market), [], D("1"))
    with pytest.raises(InvalidMarket):  # a missing market is an invalid one, named as such
        anna.accept_bet([(101, market)], stake="10")

    assert (
        str(refused.value) == "Введите исход после кода события: например «101 1» или «101 Б2,5»."
    )


def test_a_single_has_exactly_one_leg(anna: Desk) -> None:
    with pytest.raises(WrongLegCount):
        anna.accept_bet([(101, "1"), (102, "1")], stake="10")


def test_a_system_needs_exactly_n_legs_and_a_stake_that_splits(anna: Desk) -> None:
    legs = [(101, "1"), (102, "O2.5"), (201, "X")]
    with pytest.raises(WrongLegCount):
        anna.accept_bet(legs[:2], stake="9", kind="system 2/3")
    with pytest.raises(StakeNotSplittable, match=r"9,99 руб\. или 10,02 руб\."):
        anna.accept_bet(legs, stake="10", kind="system 2/3")
    slip = anna.accept_bet(legs, stake="9", kind="system 2/3")
    assert slip.possible_payout == D("62.10")  # 3 × (4.2 + 8.61 + 7.89... exact) rounded once


def test_a_complex_system_takes_an_express_block_as_one_member(anna: Desk) -> None:
    slip = anna.accept_bet(
        [(101, "1"), [(102, "1"), (103, "2")], (201, "X")], stake="9,99", kind="system 2/3"
    )
    assert [len(member) for member in slip.members] == [1, 2, 1]
    # blocks: 2.10, 1.85 × 2.90 = 5.365, 4.10 → 3.33 × (11.2665 + 8.61 + 21.9965)
    assert slip.possible_payout == D("139.43")


def test_the_same_event_in_a_block_and_outside_is_refused(anna: Desk) -> None:
    with pytest.raises(SameEventTwice):
        anna.accept_bet(
            [(101, "1"), [(101, "O2.5"), (103, "2")], (201, "X")], stake="9", kind="system 2/3"
        )


@pytest.mark.parametrize(
    ("stake", "error"),
    [
        ("0", InvalidAmount),
        ("-5", InvalidAmount),
        ("0,50", StakeTooLow),
        ("1,005", InvalidAmount),
        (1.5, InvalidAmount),
        ("NaN", InvalidAmount),
        ("бесконечность", InvalidAmount),
    ],
)
def test_the_stake_is_positive_whole_kopecks_a_real_number_and_at_least_the_minimum(
    anna: Desk, stake: object, error: type[Exception]
) -> None:
    with pytest.raises(error):
        anna.accept_bet([(101, "1")], stake=stake)


def test_the_maximum_stake_per_event_comes_from_the_event_then_the_sport_then_the_shop(
    demo_shop: Shop, storage: FakeStorage, anna: Desk
) -> None:
    with pytest.raises(StakeAboveEventLimit, match="5\u00a0000,00"):
        anna.accept_bet([(101, "1")], stake="5000,01")
    storage.data.sport_limits[Sport.FOOTBALL] = D("300")
    with pytest.raises(StakeAboveEventLimit, match="событие 101 \\(300,00"):
        anna.accept_bet([(101, "1"), (201, "1")], stake="301", kind="express")
    anna.accept_bet([(201, "1")], stake="301")  # hockey keeps the shop's limit


def test_maximum_express_odds_apply_to_each_express_of_a_system(
    demo_shop: Shop, anna: Desk
) -> None:
    demo_shop.update_settings(max_express_odds="5")
    with pytest.raises(ExpressOddsTooHigh, match="8,61"):
        anna.accept_bet([(101, "1"), (102, "O2.5"), (201, "X")], stake="9", kind="system 2/3")
    anna.accept_bet([(101, "1"), (102, "O2.5")], stake="9", kind="express")  # 4.095


def test_the_possible_payout_may_not_pass_the_maximum(demo_shop: Shop, anna: Desk) -> None:
    demo_shop.update_settings(max_payout="1000", max_stake_per_event="500")
    with pytest.raises(PayoutTooHigh, match="1\u00a0050,00"):
        anna.accept_bet([(101, "1")], stake="500")


def test_a_suspended_event_takes_no_bets(storage: FakeStorage, anna: Desk) -> None:
    import dataclasses

    storage.data.events[101] = dataclasses.replace(storage.data.events[101], suspended=True)
    with pytest.raises(EventSuspended):
        anna.accept_bet([(101, "1")], stake="10")


def test_unknown_events_and_markets_without_odds_are_refused(anna: Desk) -> None:
    with pytest.raises(UnknownEvent):
        anna.accept_bet([(999, "1")], stake="10")
    with pytest.raises(MarketNotOffered, match="исход Б9,5"):  # as the cashier types it
        anna.accept_bet([(101, "O9.5")], stake="10")
    with pytest.raises(InvalidMarket):
        anna.accept_bet([(101, "П1")], stake="10")


def test_after_the_published_start_only_a_bet_a_manager_agreed_is_taken(
    demo_shop: Shop, clock: FixedClock, anna: Desk
) -> None:
    clock.advance(timedelta(days=1, hours=7, minutes=1))  # 101 starts on 1 Dec at 19:00 Minsk
    reopen_shift(anna)
    with pytest.raises(EventStarted, match=r"01\.12\.2026 в 19:00"):
        anna.accept_bet([(101, "1")], stake="10")
    with pytest.raises(NotPermitted, match="согласование"):
        anna.accept_bet([(101, "1")], stake="10", agreed_in_play=True)
    slip = demo_shop.login("boss", "9911").accept_bet([(101, "1")], stake="10", agreed_in_play=True)
    assert slip.agreed_in_play


def test_an_event_whose_result_is_recorded_takes_no_bet_even_agreed_in_play(
    demo_shop: Shop, clock: FixedClock, anna: Desk
) -> None:
    clock.advance(timedelta(days=1, hours=9))  # 101 started at 19:00 and has ended
    reopen_shift(anna)
    boss = demo_shop.login("boss", "9911")
    boss.record_result(101, 2, 1, source="АБФФ")
    for desk in (anna, boss):
        with pytest.raises(EventHasResult, match=r"101.*результат"):
            desk.accept_bet([(101, "1")], stake="10", agreed_in_play=desk is boss)
    with pytest.raises(EventHasResult):
        boss.price_bet([(102, "1"), (101, "X")], "10", kind="express", agreed_in_play=True)


def test_a_repeated_request_never_issues_twice(storage: FakeStorage, anna: Desk) -> None:
    first = anna.accept_bet([(101, "1")], stake="10", request_key="k-1")
    again = anna.accept_bet([(101, "1")], stake="10", request_key="k-1")
    assert again == first
    assert len(storage.data.slips) == 1
    assert [m.kind for m in storage.data.cash] == [CashKind.STAKE]
    with pytest.raises(RequestReused):
        anna.accept_bet([(101, "2")], stake="10", request_key="k-1")


def test_the_price_is_shown_before_issuing_and_nothing_is_stored(
    storage: FakeStorage, anna: Desk
) -> None:
    priced = anna.price_bet([(101, "1"), (102, "O2.5")], stake="10", kind="express")
    assert (priced.total_odds, priced.possible_payout) == (D("4.0950"), D("40.95"))
    assert storage.data.slips == {}
    with pytest.raises(StakeTooLow):
        anna.price_bet([(101, "1")], stake="0,5")


def test_odds_that_moved_after_the_player_confirmed_issue_nothing(
    demo_shop: Shop, storage: FakeStorage, anna: Desk
) -> None:
    shown = anna.price_bet([(101, "1")], stake="10").possible_payout
    demo_shop.login("boss", "9911").set_odds(101, "1", "1.90")
    with pytest.raises(OddsChanged, match=r"19,00 руб\. вместо 21,00 руб\."):
        anna.accept_bet([(101, "1")], stake="10", expected_payout=shown)
    assert storage.data.slips == {}
    assert anna.accept_bet([(101, "1")], stake="10", expected_payout=D("19.00")).stake == D("10.00")


def test_with_blocks_only_systems_are_offered() -> None:
    from pos.betting.bets import kinds_for

    assert [str(k) for k in kinds_for(3, blocks=True)] == ["system 2/3"]
    assert kinds_for(2, blocks=True) == []


@pytest.mark.parametrize(
    "legs",
    [[], [[]], [(101, "1"), []], [(103, "1"), (101, "1"), []], None, ["101 1"], [(101, "1", "x")]],
)
def test_a_slip_without_real_legs_is_refused_and_takes_no_money(
    storage: FakeStorage, anna: Desk, legs: object
) -> None:
    with pytest.raises(WrongLegCount):
        anna.accept_bet(legs, stake="9", kind="system 2/3" if legs and len(legs) == 3 else "single")  # type: ignore[arg-type]
    assert storage.data.slips == {}
    assert storage.data.cash == []


def test_picks_as_json_lists_are_understood_and_a_missing_market_is_named(anna: Desk) -> None:
    slip = anna.accept_bet([[101, "1"], [102, "O2.5"]], stake="10", kind="express")  # type: ignore[list-item]
    assert [leg.market for leg in slip.legs] == ["1", "O2.5"]
    with pytest.raises(InvalidMarket):
        anna.accept_bet([(101, None)], stake="10")  # type: ignore[list-item]


def test_an_absurdly_long_express_is_refused_with_a_sentence(demo_shop: Shop, anna: Desk) -> None:
    boss = demo_shop.login("boss", "9911")
    for code in (101, 102, 103, 104, 105, 201, 202, 203, 301):
        boss.set_odds(code, "1", "1000")
    legs = [(code, "1") for code in (101, 102, 103, 104, 105, 201, 202, 203, 301)]
    with pytest.raises(ExpressOddsTooHigh, match="больше 1 000 000 000"):
        anna.accept_bet(legs, stake="1", kind="express")


def test_the_nearest_stakes_offered_are_never_below_the_minimum(anna: Desk) -> None:
    with pytest.raises(StakeNotSplittable) as refused:
        anna.accept_bet([(101, "1"), (102, "O2.5"), (201, "X")], stake="1", kind="system 2/3")
    assert refused.value.lower is None
    assert refused.value.upper == D("1.02")


def test_a_long_request_key_and_a_text_payout_are_taken(anna: Desk) -> None:
    key = "k" * 200
    first = anna.accept_bet([(101, "1")], stake="10", request_key=key, expected_payout="21,00")
    assert anna.accept_bet([(101, "1")], stake="10", request_key=key) == first
